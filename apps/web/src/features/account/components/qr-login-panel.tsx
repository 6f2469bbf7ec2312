import { ReloadOutlined } from '@ant-design/icons';
import { ERRORS, QR_LOGIN_APPROVE_PATH, QR_LOGIN_TTL_S, type QrKeyStatus } from '@quay/core';
import { Button, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { useSessionStarted } from '../api/login';
import { createQrKey, qrKeyStatus } from '../api/qr-login';
import { useCountdown } from '../hooks/use-countdown';
import './logins.css';
import { useApp } from '../../../platform/widgets/app-widgets';

const QR_KEY_OVER: readonly string[] = [ERRORS.QR_KEY_INVALID.code, ERRORS.QR_KEY_EXPIRED.code];

/** How often the browser asks whether its key was approved. */
const POLL_MS = 1500;

/**
 * The QR login of the login page: a key for this browser shown as a QR code
 * (a link to the approval screen), polled until another session approves
 * it, which logs this browser in.
 */
export function QrLoginPanel({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const localePath = useLocalePath();
  const started = useSessionStarted();
  // Each refresh asks for a new key; the status belongs to the key it was polled for.
  const [round, setRound] = useState(0);
  const { data: issued, isError: failed } = useQuery({
    queryKey: ['account', 'qr-login-key', round],
    queryFn: createQrKey,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const [polled, setPolled] = useState<{ key: string; status: QrKeyStatus } | null>(null);
  const status: QrKeyStatus =
    issued && polled?.key === issued.qrcodeKey ? polled.status : 'waiting';
  const [qr, setQr] = useState<{ link: string; image: string } | null>(null);
  const refresh = () => setRound((n) => n + 1);

  const link = issued
    ? `${window.location.origin}${localePath(QR_LOGIN_APPROVE_PATH)}?qrcodeKey=${issued.qrcodeKey}`
    : null;
  useEffect(() => {
    if (!link) return;
    let live = true;
    QRCode.toDataURL(link, { margin: 1, width: 200 }).then(
      (image) => live && setQr({ link, image }),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [link]);

  // Poll one call at a time until the key is approved, refused or expired.
  useEffect(() => {
    if (!issued) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const answer = await qrKeyStatus(issued.qrcodeKey);
        if (!live) return;
        setPolled({ key: issued.qrcodeKey, status: answer.status });
        if (answer.status === 'confirmed' && answer.token && answer.userInfo) {
          started({
            token: answer.token,
            expiresAt: answer.expiresAt ?? 0,
            userInfo: answer.userInfo,
          });
          void message.success(t('auth.loginSuccess'));
          onDone();
          return;
        }
        if (answer.status === 'expired' || answer.status === 'canceled') return;
      } catch (err) {
        if (!live) return;
        // A key the server no longer knows for this browser is over; other failures retry.
        if (err instanceof ApiError && QR_KEY_OVER.includes(err.code)) {
          setPolled({ key: issued.qrcodeKey, status: 'expired' });
          return;
        }
      }
      timer = setTimeout(() => void tick(), POLL_MS);
    };
    timer = setTimeout(() => void tick(), POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // started, message and onDone change identity with each render; the key decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [issued]);

  const { seconds, start } = useCountdown();
  useEffect(() => {
    if (issued) start(QR_LOGIN_TTL_S);
  }, [issued, start]);
  const over = status === 'expired' || status === 'canceled' || failed;

  return (
    <div className="qr-login" data-testid="qr-login" data-status={status}>
      <h2 className="qr-login-title">{t('logins.qr.title')}</h2>
      <div className="qr-login-box">
        {qr && qr.link === link && !over ? (
          <img
            src={qr.image}
            alt={t('logins.qr.alt')}
            className="qr-login-image"
            data-testid="qr-login-image"
          />
        ) : over ? null : (
          <Spin />
        )}
        {over ? (
          <div className="qr-login-over" data-testid="qr-login-over">
            <p>{t(status === 'canceled' ? 'logins.qr.canceled' : 'logins.qr.expired')}</p>
            <Button icon={<ReloadOutlined />} onClick={refresh} data-testid="qr-login-refresh">
              {t('logins.qr.refresh')}
            </Button>
          </div>
        ) : null}
      </div>
      <p className="qr-login-state" data-testid="qr-login-state">
        {status === 'scanned' ? t('logins.qr.scanned') : over ? null : t('logins.qr.steps')}
      </p>
      {!over && issued && seconds > 0 ? (
        <p className="qr-login-expiry">{t('logins.qr.expiresIn', { seconds })}</p>
      ) : null}
      {link && !over ? (
        <p className="qr-login-link">
          {t('logins.qr.link')}{' '}
          <Typography.Text copyable={{ text: link }}>
            <a href={link} data-testid="qr-login-link">
              {t('logins.approve.title')}
            </a>
          </Typography.Text>
        </p>
      ) : null}
    </div>
  );
}
