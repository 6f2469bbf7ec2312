import { EMAIL_PATTERN, VERIFY_CODE_PATTERN, type ResetRequirements } from '@quay/core';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { useCountdown } from '../hooks/use-countdown';
import { useCheckResetCode, useResetPassword, useSendResetMobileCode } from '../api/password-reset';
import { useSendCode } from '../api/send-code';
import { AuthCard } from './auth-card';
import { FactorCodeField } from './factor-code-field';
import { NewPasswordFields } from './new-password-fields';
import { useApp } from '../../../platform/widgets/app-widgets';

const EMAIL_RULE = new RegExp(EMAIL_PATTERN, 'u');
const CODE_RULE = new RegExp(VERIFY_CODE_PATTERN);

interface StartForm {
  email: string;
  verifyCode: string;
}

interface ResetForm {
  pwd: string;
  rePwd: string;
  googleCode?: string;
  mobileCode?: string;
}

/**
 * /forgot-password: a code to the account's email, then the new password
 * with the factors the account has bound. Withdrawals then wait 24 hours.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [form] = Form.useForm<StartForm>();
  const countdown = useCountdown();
  const sendCode = useSendCode();
  const check = useCheckResetCode();
  const sendMobile = useSendResetMobileCode();
  const reset = useResetPassword();
  const [start, setStart] = useState<(StartForm & ResetRequirements) | null>(null);

  async function onSend() {
    try {
      const email = await form.validateFields(['email']).then((v) => v.email);
      const sent = await sendCode.mutateAsync({ bizType: 'reset_password', email });
      countdown.start(sent.resendSeconds);
      void message.success(t('auth.codeSentEmail', { target: email }));
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  async function onCheck(values: StartForm) {
    try {
      setStart({ ...values, ...(await check.mutateAsync(values)) });
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  async function onReset(values: ResetForm) {
    if (!start) return;
    try {
      await reset.mutateAsync({ email: start.email, verifyCode: start.verifyCode, ...values });
      void message.success(t('accountSecurity.forgot.done'), 6);
      void navigate(localePath('/login'));
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  return (
    <AuthCard
      title={t('accountSecurity.forgot.title')}
      subtitle={t('accountSecurity.forgot.intro')}
    >
      {start ? (
        <Form<ResetForm> layout="vertical" requiredMark={false} onFinish={onReset} size="large">
          <Alert
            className="security-hold"
            type="info"
            showIcon
            message={t('accountSecurity.forgot.holdNote')}
          />
          <NewPasswordFields
            label={t('accountSecurity.password.new')}
            testIds={{ pwd: 'forgot-password', rePwd: 'forgot-repassword' }}
          />
          {start.factors.includes('google') ? (
            <FactorCodeField name="googleCode" testId="forgot-google" />
          ) : null}
          {start.factors.includes('mobile') ? (
            <FactorCodeField
              name="mobileCode"
              testId="forgot-mobile"
              target={start.mobile}
              send={() =>
                sendMobile.mutateAsync({ email: start.email, verifyCode: start.verifyCode })
              }
            />
          ) : null}
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={reset.isPending}
            data-testid="forgot-submit"
          >
            {t('accountSecurity.forgot.submit')}
          </Button>
        </Form>
      ) : (
        <Form<StartForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onCheck}
          size="large"
        >
          <Form.Item
            name="email"
            label={t('auth.emailLabel')}
            rules={[
              { required: true, message: t('auth.errors.emailRequired') },
              { pattern: EMAIL_RULE, message: t('auth.errors.emailInvalid') },
            ]}
          >
            <Input
              data-testid="forgot-email"
              autoComplete="username"
              dir="ltr"
              placeholder={t('auth.emailPlaceholder')}
            />
          </Form.Item>
          <Form.Item label={t('auth.code')} required>
            <Space.Compact block>
              <Form.Item
                name="verifyCode"
                noStyle
                rules={[
                  { required: true, message: t('auth.errors.codeRequired') },
                  { pattern: CODE_RULE, message: t('auth.errors.codeInvalid') },
                ]}
              >
                <Input
                  data-testid="forgot-code"
                  inputMode="numeric"
                  maxLength={6}
                  autoComplete="one-time-code"
                  placeholder={t('auth.codePlaceholder')}
                />
              </Form.Item>
              <Button
                className="send-code"
                data-testid="forgot-send"
                disabled={countdown.seconds > 0}
                loading={sendCode.isPending}
                onClick={() => void onSend()}
              >
                {countdown.seconds > 0
                  ? t('auth.resendIn', { seconds: countdown.seconds })
                  : t('auth.sendCode')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={check.isPending}
            data-testid="forgot-next"
          >
            {t('accountSecurity.forgot.next')}
          </Button>
        </Form>
      )}
      <p className="auth-switch">
        <Link to={localePath('/login')}>{t('auth.goLogin')}</Link>
      </p>
    </AuthCard>
  );
}
