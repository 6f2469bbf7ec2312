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

/** Footer entries that have a page; the others are plain text until their page exists. */
const FOOTER_LINKS: Partial<Record<string, string>> = {
  'footer.announcements': '/announcement',
  'footer.spot': '/spot/BTCUSDT',
  'footer.futures': '/futures/usdt/BTCUSDT',
  'footer.protectionFund': '/protection-fund',
};

const COLUMNS = [
  {
    title: 'footer.about',
    items: [
      'footer.aboutUs',
      'footer.careers',
      'footer.announcements',
      'footer.terms',
      'footer.privacy',
    ],
  },
  {
    title: 'footer.products',
    items: ['footer.spot', 'footer.futures', 'footer.copyTrading', 'footer.p2p', 'footer.earn'],
  },
  {
    title: 'footer.service',
    items: ['footer.fees', 'footer.vip', 'footer.proofOfReserves', 'footer.protectionFund'],
  },
  { title: 'footer.support', items: ['footer.helpCentre', 'footer.apiDocs', 'footer.download'] },
] as const;

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
                <li key={item}>
                  {FOOTER_LINKS[item] ? (
                    <Link to={localePath(FOOTER_LINKS[item])}>{t(item)}</Link>
                  ) : (
                    t(item)
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
