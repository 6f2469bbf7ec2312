import { AndroidFilled, AppleFilled, DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { APP_DOWNLOAD_PLATFORMS, type AppDownloads } from '@quay/core';
import { useQuery } from '@tanstack/react-query';
import { Button, QRCode, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { platformConfigQuery } from '../../../platform/config/platform-config';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ButtonLink } from '../../../ui/button-link';
import './download.css';

type Platform = keyof AppDownloads;

const PLATFORM_ICON: Record<Platform, ReactNode> = {
  ios: <AppleFilled />,
  android: <AndroidFilled />,
  apk: <AndroidFilled />,
};

/** A QR code a phone scans: dark on white whatever the theme, so every camera reads it. */
function ScanCode({ value, label }: { value: string; label: string }) {
  return (
    <QRCode
      className="download-qr"
      value={value}
      size={132}
      bordered={false}
      color="#000000"
      bgColor="#ffffff"
      aria-label={label}
    />
  );
}

/**
 * `/download` (spec section 2): the operator's native apps, each with its
 * QR code and link (APP_DOWNLOAD_* on the server), and always the web app,
 * which a phone opens from its own QR code and keeps on its home screen.
 */
export function DownloadPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const config = useQuery(platformConfigQuery);
  const webLink = window.location.origin;
  const apps = config.data
    ? APP_DOWNLOAD_PLATFORMS.filter((platform) => config.data.appDownloads[platform] !== '')
    : [];
  return (
    <article className="download-page" data-testid="download-page">
      <header className="download-hero">
        <h1>{t('download.title')}</h1>
        <p className="page-lead">{t('download.lead')}</p>
      </header>
      <div className="download-grid">
        {config.isPending ? (
          <div className="download-card">
            <Skeleton active paragraph={{ rows: 4 }} />
          </div>
        ) : (
          apps.map((platform) => {
            const link = config.data?.appDownloads[platform] ?? '';
            return (
              <section
                className="download-card"
                key={platform}
                data-testid={`download-${platform}`}
              >
                <h2>
                  {PLATFORM_ICON[platform]} {t(`download.${platform}`)}
                </h2>
                <ScanCode value={link} label={t('download.scan')} />
                <p className="download-hint">{t('download.scan')}</p>
                <Button
                  type="primary"
                  className="download-link"
                  href={link}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {t('download.get')}
                </Button>
              </section>
            );
          })
        )}
        <section className="download-card" data-testid="download-web">
          <h2>
            <MobileOutlined /> {t('download.web')}
          </h2>
          <ScanCode value={webLink} label={t('download.scan')} />
          <bdi dir="ltr" className="download-origin">
            {webLink}
          </bdi>
          <p className="download-hint">{t('download.webText')}</p>
        </section>
        <section className="download-card" data-testid="download-desktop">
          <h2>
            <DesktopOutlined /> {t('download.desktop')}
          </h2>
          <p className="download-hint">{t('download.desktopText')}</p>
          <ButtonLink type="primary" className="download-link" to={localePath('/spot/BTCUSDT')}>
            {t('download.trade')}
          </ButtonLink>
        </section>
      </div>
      {config.data && apps.length === 0 ? (
        <p className="download-note" data-testid="download-no-apps">
          {t('download.noApps')}
        </p>
      ) : null}
    </article>
  );
}
