import {
  COPY_LEVERAGE_MODES,
  COPY_SIZE_MODES,
  type CopyLeader,
  type CopyLeverageMode,
  type CopySizeMode,
  type FollowLead,
} from '@quay/core/copy-trading';
import { isPlainDecimal } from '@quay/core';
import { Alert, Form, Input, InputNumber, Modal, Select, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { useCopyTerms, useFollow } from '../api/copy-trading';

interface Values {
  investment: string;
  sizeMode: CopySizeMode;
  size: string;
  leverageMode: CopyLeverageMode;
  leverage: number | null;
  /** Symbols with a leverage of their own; empty ones follow the setting above. */
  symbolLeverage?: Record<string, number | null>;
  stopLoss?: string;
  takeProfit?: string;
}

/** The follow dialog: investment, sizing mode and size, leverage follow or fixed (and per symbol), the copy's stop-loss and take-profit. */
export function FollowDialog({
  open,
  leader,
  onClose,
  onDone,
}: {
  open: boolean;
  leader: CopyLeader;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const follow = useFollow();
  const terms = useCopyTerms();
  const [refusal, setRefusal] = useState<string | null>(null);
  const sizeMode = Form.useWatch('sizeMode', form) ?? 'margin';
  const leverageMode = Form.useWatch('leverageMode', form) ?? 'follow';
  const decimal = {
    validator: (_: unknown, v?: string) =>
      !v || (isPlainDecimal(v.trim()) && Number(v) > 0)
        ? Promise.resolve()
        : Promise.reject(new Error(t('copyTrading.amountInvalid'))),
  };

  const submit = async (values: Values) => {
    setRefusal(null);
    const ownLeverage = Object.entries(values.symbolLeverage ?? {}).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    );
    const body: FollowLead = {
      leadId: leader.leadId,
      investment: values.investment.trim(),
      sizeMode: values.sizeMode,
      size: values.size.trim(),
      leverageMode: values.leverageMode,
      ...(values.leverageMode === 'fixed' ? { leverage: values.leverage ?? 10 } : {}),
      ...(ownLeverage.length > 0 ? { symbolLeverage: Object.fromEntries(ownLeverage) } : {}),
      ...(values.stopLoss?.trim() ? { stopLoss: values.stopLoss.trim() } : {}),
      ...(values.takeProfit?.trim() ? { takeProfit: values.takeProfit.trim() } : {}),
    };
    try {
      await follow.mutateAsync(body);
      form.resetFields();
      onDone();
    } catch (error) {
      setRefusal(error instanceof ApiError && error.msg ? error.msg : t('copyTrading.failed'));
    }
  };

  return (
    <Modal
      open={open}
      title={t('copyTrading.followTitle', { name: leader.nickname })}
      okText={t('copyTrading.confirmFollow')}
      okButtonProps={
        { 'data-testid': 'ct-follow-submit', loading: follow.isPending } as ButtonProps
      }
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {refusal ? (
        <Alert type="error" className="ct-alert" message={refusal} data-testid="ct-follow-error" />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ sizeMode: 'margin', leverageMode: 'follow', leverage: 10 }}
      >
        <Form.Item
          name="investment"
          label={t('copyTrading.investment')}
          extra={t('copyTrading.minInvestment', { min: terms.data?.minInvestment ?? '' })}
          rules={[{ required: true, message: t('copyTrading.amountInvalid') }, decimal]}
        >
          <Input inputMode="decimal" data-testid="ct-investment" suffix="USDT" />
        </Form.Item>
        <Form.Item name="sizeMode" label={t('copyTrading.sizeMode')}>
          <Select
            data-testid="ct-size-mode"
            options={COPY_SIZE_MODES.map((m) => ({
              value: m,
              label: t(`copyTrading.sizeModes.${m}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="size"
          label={t(`copyTrading.sizeLabels.${sizeMode}`)}
          rules={[{ required: true, message: t('copyTrading.amountInvalid') }, decimal]}
        >
          <Input inputMode="decimal" data-testid="ct-size" />
        </Form.Item>
        <Form.Item name="leverageMode" label={t('copyTrading.leverageMode')}>
          <Select
            options={COPY_LEVERAGE_MODES.map((m) => ({
              value: m,
              label: t(`copyTrading.leverageModes.${m}`),
            }))}
          />
        </Form.Item>
        {leverageMode === 'fixed' ? (
          <Form.Item name="leverage" label={t('copyTrading.leverage')}>
            <InputNumber min={1} max={125} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ) : null}
        {leader.symbols.length > 1 ? (
          <div
            className="ct-symbol-leverage"
            role="group"
            aria-labelledby="ct-symbol-leverage-title"
            data-testid="ct-symbol-leverage"
          >
            <div className="ct-symbol-leverage-title" id="ct-symbol-leverage-title">
              {t('copyTrading.symbolLeverage')}
            </div>
            <p className="ct-hint">{t('copyTrading.symbolLeverageHint')}</p>
            {leader.symbols.map((symbol) => (
              <Form.Item
                key={symbol}
                name={['symbolLeverage', symbol]}
                label={symbol.replace('_PERP', '')}
                className="ct-symbol-leverage-row"
              >
                <InputNumber
                  min={1}
                  max={125}
                  precision={0}
                  addonAfter="x"
                  placeholder={t('copyTrading.optional')}
                  data-testid={`ct-leverage-${symbol}`}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            ))}
          </div>
        ) : null}
        <Form.Item name="stopLoss" label={t('copyTrading.stopLoss')} rules={[decimal]}>
          <Input inputMode="decimal" placeholder={t('copyTrading.optional')} suffix="USDT" />
        </Form.Item>
        <Form.Item name="takeProfit" label={t('copyTrading.takeProfit')} rules={[decimal]}>
          <Input inputMode="decimal" placeholder={t('copyTrading.optional')} suffix="USDT" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
