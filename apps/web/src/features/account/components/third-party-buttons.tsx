import { LoginOutlined, SendOutlined, WalletOutlined } from '@ant-design/icons';
import { TELEGRAM_CALLBACK_PATH, THIRD_PARTY_PATHS, type LoginVerification } from '@quay/core';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { beginOidc, injectedWallet, useThirdProviders, walletSignIn } from '../api/third-party';
import { useThirdPartyAnswer } from '../hooks/use-third-party-answer';
import { LoginVerifyStep } from './login-verify-step';
import './logins.css';
import './third-party.css';
import { useApp } from '../../../platform/widgets/app-widgets';

/**
 * The sign-in buttons of the configured providers (none when the server
 * offers none): OpenID Connect providers, Telegram (its login page sends the
 * browser back to the Telegram callback route) and a browser wallet.
 */
export function ThirdPartyButtons({
  onDone,
  divider = false,
}: {
  onDone(): void;
  divider?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const localePath = useLocalePath();
  const { data: providers } = useThirdProviders();
  const [busy, setBusy] = useState<string | null>(null);
  // Set when a wallet sign-in reached an account with second factors.
  const [verification, setVerification] = useState<LoginVerification | null>(null);
  const answered = useThirdPartyAnswer(setVerification);
  if (!providers) return null;
  const wallet = providers.walletChainIds.length > 0 && injectedWallet() !== null;
  const telegramBotId = providers.telegramBotId;
  if (providers.oidc.length === 0 && !telegramBotId && !wallet) return null;

  async function run(key: string, action: () => Promise<void>) {
    setBusy(key);
    try {
      await action();
    } catch (err) {
      void message.error(err instanceof ApiError ? err.msg : t('thirdParty.failed'));
      setBusy(null);
    }
  }

  function telegram(botId: string) {
    const url = new URL('https://oauth.telegram.org/auth');
    url.searchParams.set('bot_id', botId);
    url.searchParams.set('origin', window.location.origin);
    url.searchParams.set('request_access', 'write');
    url.searchParams.set('return_to', window.location.origin + localePath(TELEGRAM_CALLBACK_PATH));
    window.location.assign(url.href);
  }

  return (
    <div className="third-party-buttons" data-testid="third-party-buttons">
      {divider ? <div className="auth-or">{t('logins.or')}</div> : null}
      {verification ? (
        <Modal
          open
          footer={null}
          title={t('auth2fa.verifyTitle')}
          onCancel={() => setVerification(null)}
          destroyOnHidden
        >
          <LoginVerifyStep
            verification={verification}
            verifyPath={THIRD_PARTY_PATHS.securityVerify}
            onDone={onDone}
            onRestart={() => setVerification(null)}
          />
        </Modal>
      ) : null}
      {providers.oidc.map((p) => (
        <Button
          key={p.id}
          block
          size="large"
          icon={<LoginOutlined />}
          loading={busy === p.id}
          onClick={() => void run(p.id, () => beginOidc(p.id))}
          data-testid={`third-party-${p.id}`}
        >
          {t('thirdParty.continueWith', { name: p.name })}
        </Button>
      ))}
      {telegramBotId ? (
        <Button
          block
          size="large"
          icon={<SendOutlined />}
          onClick={() => telegram(telegramBotId)}
          data-testid="third-party-telegram"
        >
          {t('thirdParty.continueWith', { name: 'Telegram' })}
        </Button>
      ) : null}
      {wallet ? (
        <Button
          block
          size="large"
          icon={<WalletOutlined />}
          loading={busy === 'wallet'}
          onClick={() =>
            void run('wallet', async () => {
              const { answer, signature } = await walletSignIn();
              setBusy(null);
              answered(answer, { signature });
            })
          }
          data-testid="third-party-wallet"
        >
          {t('thirdParty.wallet')}
        </Button>
      ) : null}
    </div>
  );
}
