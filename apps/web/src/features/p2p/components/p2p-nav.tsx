import { P2P_CHANNELS, type P2pOrderPush } from '@quay/core/p2p';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useChannel } from '../../../platform/realtime/realtime';
import { useSettings } from '../../../platform/settings/settings-store';
import { useApp } from '../../../platform/widgets/app-widgets';

const LINKS = [
  ['/p2p', 'p2p.market', 'p2p-nav-market'],
  ['/p2p/post-ad', 'p2p.postAd', 'p2p-nav-post'],
  ['/p2p/orders', 'p2p.myOrders', 'p2p-nav-orders'],
  ['/p2p/ads', 'p2p.myAds', 'p2p-nav-ads'],
  ['/p2p/payment-methods', 'p2p.paymentMethods', 'p2p-nav-methods'],
] as const;

/**
 * In-app notices while a P2P page is open: each change of state of one of
 * the user's orders (either side) pops up with a link to the order, except
 * on that order's own page, which shows it already.
 */
function useOrderNotices() {
  const { t } = useTranslation();
  const { notification } = useApp();
  const client = useQueryClient();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const loggedIn = useSettings((s) => s.loginFlag);
  useChannel<P2pOrderPush>(loggedIn ? P2P_CHANNELS.orders : null, (push) => {
    void client.invalidateQueries({ queryKey: ['p2p', 'orders'] });
    const step = push.messages.find((m) => m.from === 'system');
    if (!step || pathname.endsWith(`/p2p/order/${push.orderId}`)) return;
    const to = localePath(`/p2p/order/${push.orderId}`);
    notification.info({
      key: `p2p-${push.orderId}`,
      message: t('p2p.orderNotice'),
      description: t(`p2p.status.${push.status}`),
      onClick: () => navigate(to),
      props: { 'data-testid': 'p2p-notice' },
    });
  });
}

/** The P2P pages, one row that scrolls sideways on a phone; it also carries the order notices. */
export function P2pNav() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  useOrderNotices();
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
