import { KeyOutlined } from '@ant-design/icons';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePasskeyLogin } from '../api/passkeys';
import { usePasskeyFailure } from '../hooks/use-passkey-failure';
import { useApp } from '../../../platform/widgets/app-widgets';

/** "Log in with a passkey": the browser picks one of this site's passkeys; no name or password. */
export function PasskeyLoginButton({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const login = usePasskeyLogin();
  const failed = usePasskeyFailure();
  if (!browserSupportsWebAuthn()) return null;

  async function go() {
    try {
      await login.mutateAsync();
      void message.success(t('auth.loginSuccess'));
      onDone();
    } catch (err) {
      failed(err);
    }
  }

  return (
    <Button
      block
      size="large"
      icon={<KeyOutlined />}
      loading={login.isPending}
      onClick={() => void go()}
      data-testid="login-passkey"
    >
      {t('logins.passkeyLogin')}
    </Button>
  );
}
