import { Alert, Button, Input, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useUserInfo } from '../../../entities/user/user';
import { ButtonLink } from '../../../ui/button-link';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { useClaimPacket, useRedPacketInfo } from '../api/red-packets';
import { plainAmount } from '../utils/amount';
import './red-packets.css';

/** `/red-packet/claim/:code`: what the packet shows; log in or register to claim, or claim. */
export function ClaimPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const location = useLocation();
  const code = (useParams().code ?? '').toUpperCase();
  const { data: user } = useUserInfo();
  const info = useRedPacketInfo(code);
  const claim = useClaimPacket();
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const back = encodeURIComponent(location.pathname);

  const submit = async () => {
    setRefusal(null);
    try {
      await claim.mutateAsync({ code, ...(password ? { password } : {}) });
    } catch (error) {
      setRefusal(error instanceof ApiError && error.msg ? error.msg : t('redPacket.failed'));
    }
  };

  const packet = info.data;
  const left = packet ? packet.count - packet.claimedCount : 0;
  // `info` answers the caller's own share when a session is sent with it.
  const share = packet?.myShare ?? claim.data?.amount ?? null;
  return (
    <div className="rp-page" data-testid="rp-claim-page">
      <section className="rp-card rp-claim">
        {info.isPending && <Spin />}
        {info.isError && (
          <Alert
            type="error"
            showIcon
            data-testid="rp-not-found"
            message={info.error instanceof ApiError ? info.error.msg : t('redPacket.notFound')}
          />
        )}
        {packet && (
          <>
            <div className="rp-envelope" aria-hidden="true">
              {packet.coin}
            </div>
            <h1 className="rp-greeting" data-testid="rp-greeting-text">
              {packet.greeting || t('redPacket.defaultGreeting')}
            </h1>
            <p className="rp-meta" data-testid="rp-info">
              {t('redPacket.sharesLeft', { left, count: packet.count, coin: packet.coin })}
            </p>
            {packet.status !== 'open' && !share && (
              <Alert type="info" message={t(`redPacket.statuses.${packet.status}`)} />
            )}
            {share ? (
              <p className="rp-got" data-testid="rp-my-share">
                {t('redPacket.yourShare', { amount: plainAmount(share), coin: packet.coin })}
              </p>
            ) : !user ? (
              <div className="rp-actions" data-testid="rp-guest">
                <p>{t('redPacket.loginToClaim')}</p>
                <ButtonLink
                  type="primary"
                  to={`${localePath('/login')}?redirect=${back}`}
                  data-testid="rp-login"
                >
                  {t('header.login')}
                </ButtonLink>
                <ButtonLink
                  to={`${localePath('/register')}?redirect=${back}`}
                  data-testid="rp-register"
                >
                  {t('header.register')}
                </ButtonLink>
              </div>
            ) : packet.status === 'open' ? (
              <div className="rp-actions">
                {packet.hasPassword && (
                  <Input.Password
                    maxLength={32}
                    placeholder={t('redPacket.password')}
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    data-testid="rp-claim-password"
                  />
                )}
                <Button
                  type="primary"
                  block
                  loading={claim.isPending}
                  onClick={() => void submit()}
                  data-testid="rp-claim"
                >
                  {t('redPacket.claim')}
                </Button>
              </div>
            ) : null}
            {refusal && <Alert type="error" showIcon message={refusal} data-testid="rp-refusal" />}
          </>
        )}
      </section>
    </div>
  );
}
