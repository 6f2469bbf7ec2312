import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../platform/locale/use-locale-path';

const LINKS = [
  ['/p2p', 'p2p.market', 'p2p-nav-market'],
  ['/p2p/post-ad', 'p2p.postAd', 'p2p-nav-post'],
  ['/p2p/orders', 'p2p.myOrders', 'p2p-nav-orders'],
  ['/p2p/ads', 'p2p.myAds', 'p2p-nav-ads'],
  ['/p2p/payment-methods', 'p2p.paymentMethods', 'p2p-nav-methods'],
] as const;

/** The P2P pages, one row that scrolls sideways on a phone. */
export function P2pNav() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <nav className="p2p-nav" aria-label={t('p2p.title')}>
      {LINKS.map(([to, label, testId]) => (
        <NavLink key={to} to={localePath(to)} end data-testid={testId}>
          {t(label)}
        </NavLink>
      ))}
    </nav>
  );
}
