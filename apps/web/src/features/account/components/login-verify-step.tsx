import { ERRORS, type LoginVerification, type SecondFactor } from '@quay/core';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { useSendLoginCode } from '../api/login-send-code';
import { useVerifyLogin } from '../api/verify-login';
import { FactorCodeField, type CodeFieldName } from './factor-code-field';
import { useApp } from '../../../platform/widgets/app-widgets';

const FIELD: Record<SecondFactor, CodeFieldName> = {
  google: 'googleCode',
  email: 'emailCode',
  mobile: 'mobileCode',
};

type Codes = Partial<Record<CodeFieldName, string>>;

/**
 * The second step of a login: a code for each factor the account asked for,
 * sent with the ticket the password step answered. An expired or spent
 * ticket sends the user back to the password.
 */
export function LoginVerifyStep({
  verification,
  onDone,
  onRestart,
  verifyPath,
}: {
  verification: LoginVerification;
  onDone(): void;
  onRestart(): void;
  /** Another path of this step (third/securityVerify); verify-login when unset. */
  verifyPath?: string;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const verify = useVerifyLogin(verifyPath);
  const sendCode = useSendLoginCode();
  const { ticket } = verification;

  async function submit(codes: Codes) {
    try {
      await verify.mutateAsync({
        ticket,
        googleCode: codes.googleCode,
        emailCode: codes.emailCode,
        mobileCode: codes.mobileCode,
      });
      void message.success(t('auth.loginSuccess'));
      onDone();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      void message.error(err.msg);
      if (err.code === ERRORS.LOGIN_TICKET_INVALID.code) onRestart();
    }
  }

  return (
    <div data-testid="login-verify">
      <p className="auth-subtitle">{t('auth2fa.verifyHint')}</p>
      <Form<Codes> layout="vertical" requiredMark={false} onFinish={submit} size="large">
        {verification.factors.map((factor) => (
          <FactorCodeField
            key={factor}
            name={FIELD[factor]}
            testId={`login-verify-${factor}`}
            target={factor === 'email' ? verification.email : verification.mobile}
            send={
              factor === 'google'
                ? undefined
                : () => sendCode.mutateAsync({ ticket, channel: factor })
            }
          />
        ))}
        <Button
          data-testid="login-verify-submit"
          type="primary"
          htmlType="submit"
          block
          loading={verify.isPending}
        >
          {t('auth2fa.verifySubmit')}
        </Button>
      </Form>
      <p className="auth-switch">
        <Button type="link" onClick={onRestart} data-testid="login-verify-back">
          {t('auth2fa.backToPassword')}
        </Button>
      </p>
    </div>
  );
}
