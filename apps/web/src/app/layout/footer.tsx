import { GlobalOutlined } from '@ant-design/icons';
import { languageOf } from '@quay/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../platform/locale/use-locale-path';
import { useSettings } from '../../platform/settings/settings-store';
import { currencyOption } from '../../platform/settings/valuation-currency';
import { Logo } from '../../ui/logo';

const LocaleModal = lazy(() => import('./locale-modal').then((m) => ({ default: m.LocaleModal })));

interface FooterEntry {
  label: string;
  to: string;
  /** Served by the server itself (the API reference), not a page of the app. */
  server?: boolean;
}

/** Every entry is a page that exists (careers waits in the catalogues for its page). */
const COLUMNS: ReadonlyArray<{ title: string; items: readonly FooterEntry[] }> = [
  {
    title: 'footer.about',
    items: [
      { label: 'footer.aboutUs', to: '/about' },
      { label: 'footer.announcements', to: '/announcement' },
      { label: 'footer.terms', to: '/terms' },
      { label: 'footer.privacy', to: '/privacy' },
    ],
  },
  {
    title: 'footer.products',
    items: [
      { label: 'footer.spot', to: '/spot/BTCUSDT' },
      { label: 'footer.futures', to: '/futures/usdt/BTCUSDT' },
      { label: 'footer.copyTrading', to: '/copy-trading' },
      { label: 'footer.p2p', to: '/p2p' },
      { label: 'footer.earn', to: '/earn' },
      { label: 'footer.protectionFund', to: '/protection-fund' },
      { label: 'footer.proofOfReserves', to: '/proof-of-reserves' },
    ],
  },
  {
    title: 'footer.support',
    items: [
      { label: 'footer.helpCentre', to: '/help' },
      { label: 'footer.download', to: '/download' },
      { label: 'footer.fees', to: '/fee' },
      { label: 'footer.vip', to: '/vip/vipIntroduce' },
      { label: 'footer.apiDocs', to: '/docs', server: true },
    ],
  },
];

export function Footer() {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const unit = useSettings((s) => s.unit);
  const [modal, setModal] = useState(false);
  const localePath = useLocalePath();

  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <div className="footer-brand">
          <Logo />
          <button type="button" className="footer-locale" onClick={() => setModal(true)}>
            <GlobalOutlined /> {languageOf(language).languageName} · {unit}{' '}
            {currencyOption(unit).symbol}
          </button>
        </div>
        {COLUMNS.map((col) => (
          <div key={col.title} className="footer-col">
            <h4>{t(col.title)}</h4>
            <ul>
              {col.items.map((item) => (
                <li key={item.label}>
                  {item.server ? (
                    <a href={item.to}>{t(item.label)}</a>
                  ) : (
                    <Link to={localePath(item.to)}>{t(item.label)}</Link>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="risk">{t('footer.riskWarning')}</p>
      <p className="copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      {modal ? (
        <Suspense fallback={null}>
          <LocaleModal tab="language" onClose={() => setModal(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
