import type { RedPacketSent } from '@quay/core/swap-api';
import { Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { plainAmount } from '../utils/amount';

/** After creating: the code, the claim page's link and its QR code. */
export function SharePanel({ packet }: { packet: RedPacketSent }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const path = localePath(`/red-packet/claim/${packet.code}`);
  const link = `${window.location.origin}${path}`;
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(link, { margin: 1, width: 176 }).then(
      (url) => live && setQr(url),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <section className="rp-card rp-share" data-testid="rp-share">
      <h2>{t('redPacket.shareTitle')}</h2>
      <p>
        {t('redPacket.sharedTotal', {
          amount: plainAmount(packet.amount),
          coin: packet.coin,
          count: packet.count,
        })}
      </p>
      <div className="rp-share-body">
        {qr && <img className="rp-qr" src={qr} alt={t('redPacket.qr')} data-testid="rp-qr" />}
        <div className="rp-share-text">
          <span className="rp-label">{t('redPacket.code')}</span>
          <Typography.Text copyable strong className="rp-code" data-testid="rp-code">
            {packet.code}
          </Typography.Text>
          <span className="rp-label">{t('redPacket.link')}</span>
          <Typography.Text copyable={{ text: link }} className="rp-link">
            <Link to={path} data-testid="rp-link">
              {link}
            </Link>
          </Typography.Text>
        </div>
      </div>
    </section>
  );
}
