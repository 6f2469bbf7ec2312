import { LoadingOutlined } from '@ant-design/icons';
import type { LoginVerification } from '@quay/core';
import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../platform/request/client';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { oauthSign, telegramSign } from '../api/third-party';
import { useThirdPartyAnswer } from '../hooks/use-third-party-answer';
import { AuthCard } from './auth-card';
import { ThirdPartyVerifyCard } from './third-party-verify-card';
import './account-security.css';
import './third-party.css';

/** Telegram's login page answers `#tgAuthResult=<base64 JSON>`; tg/sign takes its fields as a query string. */
function telegramFields(hash: string): string {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get('tgAuthResult') ?? '';
  const json = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
  const data = JSON.parse(
    new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))),
  ) as Record<string, string | number>;
  return new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v)])).toString();
}

/**
 * Where a provider sends the browser back: /login/oauth/callback posts the
 * query to oauth/sign, /login/telegram/callback the Telegram data to tg/sign;
 * then in, the second factor, or bind-or-create.
 */
export function ThirdPartyCallbackPage({ source }: { source: 'oauth' | 'telegram' }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [failure, setFailure] = useState<string | null>(null);
  const [verification, setVerification] = useState<LoginVerification | null>(null);
  const answered = useThirdPartyAnswer(setVerification);
  const sent = useRef(false);

  useEffect(() => {
    // The code and the state are good once: a second render must not send them again.
    if (sent.current) return;
    sent.current = true;
    const call = Promise.resolve().then(() =>
      source === 'oauth'
        ? oauthSign(window.location.search)
        : telegramSign(telegramFields(window.location.hash)),
    );
    call.then(
      (answer) => answered(answer),
      (err: unknown) => setFailure(err instanceof ApiError ? err.msg : t('thirdParty.failed')),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (verification) return <ThirdPartyVerifyCard verification={verification} />;

  return (
    <AuthCard title={t('thirdParty.signingIn')}>
      <div data-testid="third-party-callback">
        {failure ? (
          <>
            <Alert type="error" showIcon message={failure} data-testid="third-party-failure" />
            <Button block size="large" className="third-party-back">
              <Link to={localePath('/login')}>{t('thirdParty.backToLogin')}</Link>
            </Button>
          </>
        ) : (
          <p className="auth-subtitle">
            <LoadingOutlined /> {t('thirdParty.signingIn')}
          </p>
        )}
      </div>
    </AuthCard>
  );
}

export function OauthCallbackPage() {
  return <ThirdPartyCallbackPage source="oauth" />;
}

export function TelegramCallbackPage() {
  return <ThirdPartyCallbackPage source="telegram" />;
}
