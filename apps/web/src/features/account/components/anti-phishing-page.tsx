import { SafetyOutlined } from '@ant-design/icons';
import { ANTI_PHISHING_MAX, ANTI_PHISHING_PATTERN, type FactorCodes } from '@quay/core';
import { Button, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { useSetAntiPhishingCode } from '../api/anti-phishing';
import { useSecurityOverview } from '../api/security-overview';
import { ChangeCodes } from './change-codes';
import { SecurityPageHead } from './security-page-head';
import './settings-page.css';
import './modify-verification.css';
import './account-security.css';
import { useApp } from '../../../platform/widgets/app-widgets';

const CODE_RULE = new RegExp(ANTI_PHISHING_PATTERN);

interface AntiPhishingForm extends FactorCodes {
  code: string;
}

/** /account/setting/antiphishing: the code every mail from Quay opens with. */
export function AntiPhishingPage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<AntiPhishingForm>();
  const { data: overview, isPending } = useSecurityOverview();
  const save = useSetAntiPhishingCode();

  async function submit(values: AntiPhishingForm) {
    try {
      await save.mutateAsync(values);
      void message.success(t('accountSecurity.antiPhishing.done'));
      form.resetFields();
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  return (
    <div className="settings-page security-subpage" data-testid="antiphishing-page">
      <SecurityPageHead title={t('accountSecurity.antiPhishing.title')} />
      <section className="settings-card security-form-card">
        <h2>
          <SafetyOutlined /> {t('accountSecurity.antiPhishing.title')}
        </h2>
        <p className="factor-intro">{t('accountSecurity.antiPhishing.intro')}</p>
        {isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <p className="security-current" data-testid="antiphishing-current">
            {t('accountSecurity.antiPhishing.current')}{' '}
            {overview?.antiPhishingCode ? (
              <bdi dir="ltr" className="security-code">
                {overview.antiPhishingCode}
              </bdi>
            ) : (
              t('accountSecurity.notSet')
            )}
          </p>
        )}
        <Form<AntiPhishingForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          size="large"
        >
          <Form.Item
            name="code"
            label={t('accountSecurity.antiPhishing.new')}
            extra={t('accountSecurity.antiPhishing.rule')}
            rules={[
              { required: true, message: t('accountSecurity.antiPhishing.rule') },
              { pattern: CODE_RULE, message: t('accountSecurity.antiPhishing.rule') },
            ]}
          >
            <Input data-testid="antiphishing-code" maxLength={ANTI_PHISHING_MAX} dir="ltr" />
          </Form.Item>
          <ChangeCodes testId="antiphishing-factor" />
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={save.isPending}
            data-testid="antiphishing-submit"
          >
            {t('accountSecurity.antiPhishing.submit')}
          </Button>
        </Form>
      </section>
    </div>
  );
}
