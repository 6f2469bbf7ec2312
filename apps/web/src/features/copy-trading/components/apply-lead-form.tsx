import type { ApplyLead } from '@quay/core/copy-trading';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { useApplyLead, useCopyTerms, useMyCopies } from '../api/copy-trading';

/** Applying to lead: a display name, the profit-share rate within the terms, the perpetuals copied. */
export function ApplyLeadForm() {
  const { t } = useTranslation();
  const terms = useCopyTerms();
  const mine = useMyCopies(true);
  const apply = useApplyLead();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [form] = Form.useForm<ApplyLead>();
  const data = terms.data;
  if (mine.data?.leading) {
    return (
      <section className="ct-card" data-testid="ct-leading">
        <Alert type="success" message={t('copyTrading.leading')} />
      </section>
    );
  }
  const rates: string[] = [];
  if (data) {
    for (let r = Number(data.minShareRate); r <= Number(data.maxShareRate) + 1e-9; r += 0.01) {
      rates.push(r.toFixed(2));
    }
  }
  const submit = async (values: ApplyLead) => {
    setRefusal(null);
    try {
      await apply.mutateAsync({ ...values, nickname: values.nickname.trim() });
    } catch (error) {
      setRefusal(error instanceof ApiError && error.msg ? error.msg : t('copyTrading.failed'));
    }
  };
  return (
    <section className="ct-card ct-apply" data-testid="ct-apply">
      <p className="ct-muted">
        {t('copyTrading.applyIntro', {
          min: data?.minLeadEquity ?? '',
          minRate: data ? Number(data.minShareRate) * 100 : '',
          maxRate: data ? Number(data.maxShareRate) * 100 : '',
        })}
      </p>
      {refusal ? <Alert type="error" className="ct-alert" message={refusal} /> : null}
      <Form<ApplyLead>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          shareRate: data?.minShareRate ? Number(data.minShareRate).toFixed(2) : '0.10',
        }}
      >
        <Form.Item
          name="nickname"
          label={t('copyTrading.nickname')}
          rules={[{ required: true, min: 2, max: 24, message: t('copyTrading.nicknameInvalid') }]}
        >
          <Input maxLength={24} data-testid="ct-nickname" />
        </Form.Item>
        <Form.Item name="shareRate" label={t('copyTrading.shareRate')}>
          <Select
            options={rates.map((r) => ({ value: r, label: `${Math.round(Number(r) * 100)}%` }))}
          />
        </Form.Item>
        <Form.Item
          name="symbols"
          label={t('copyTrading.symbols')}
          rules={[{ required: true, message: t('copyTrading.symbolsRequired') }]}
        >
          <Select
            mode="multiple"
            data-testid="ct-symbols"
            options={(data?.symbols ?? []).map((s) => ({ value: s, label: s }))}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={apply.isPending}
          data-testid="ct-apply-submit"
        >
          {t('copyTrading.apply')}
        </Button>
      </Form>
    </section>
  );
}
