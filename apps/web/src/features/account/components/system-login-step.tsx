import {
  ERRORS,
  VERIFY_CODE_PATTERN,
  type LoginVerification,
  type SystemLoginVerification,
} from '@quay/core';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { useVerifySystemLogin } from '../api/system-login';
import { useApp } from '../../../platform/widgets/app-widgets';

/**
 * A login from a device the account has not used: the code the server sent
 * to the owner's email (or phone) confirms it. Then the login goes on: to
 * the second factors when the account has them, else it is done. An
 * expired or spent ticket sends the user back to the password.
 */
export function SystemLoginStep({
  verification,
  onDone,
  onSecondFactor,
  onRestart,
}: {
  verification: SystemLoginVerification;
  onDone(): void;
  onSecondFactor(next: LoginVerification): void;
  onRestart(): void;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const verify = useVerifySystemLogin();

  async function submit(values: { verifyCode: string }) {
    try {
      const answer = await verify.mutateAsync({
        ticket: verification.ticket,
        verifyCode: values.verifyCode,
      });
      if ('verification' in answer) {
        onSecondFactor(answer.verification);
        return;
      }
      void message.success(t('auth.loginSuccess'));
      onDone();
    } catch (err) {
      if (err instanceof ApiError) {
        void message.error(err.msg);
        // Expired or spent: the password again, for a fresh ticket and code.
        if (err.code === ERRORS.SYSTEM_LOGIN_TICKET_INVALID.code) onRestart();
      }
    }
  }

  return (
    <div data-testid="system-login">
      <p className="auth-subtitle">
        {t('systemLogin.hint')} <bdi dir="ltr">{verification.target}</bdi>
      </p>
      <Form<{ verifyCode: string }>
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        size="large"
      >
        <Form.Item
          name="verifyCode"
          label={t('systemLogin.code')}
          rules={[
            { required: true, message: t('auth.errors.codeRequired') },
            { pattern: new RegExp(VERIFY_CODE_PATTERN), message: t('auth.errors.codeInvalid') },
          ]}
        >
          <Input
            data-testid="system-login-code"
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder={t('auth.codePlaceholder')}
          />
        </Form.Item>
        <Button
          data-testid="system-login-submit"
          type="primary"
          htmlType="submit"
          block
          loading={verify.isPending}
        >
          {t('systemLogin.submit')}
        </Button>
      </Form>
      <Button type="link" block onClick={onRestart} data-testid="system-login-back">
        {t('auth2fa.backToPassword')}
      </Button>
    </div>
  );
}
