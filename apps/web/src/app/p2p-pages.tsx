/** The P2P pages of the route table (pages.tsx): the market, ads, orders, payment methods, merchants. */
import { lazy } from 'react';
import type { PageRoute } from './page-route';
import { privatePage } from './private-page';

export const P2P_PAGES: PageRoute[] = [
  {
    path: 'p2p',
    Page: lazy(() =>
      import('../features/p2p/components/p2p-page').then((m) => ({ default: m.P2pPage })),
    ),
  },
  {
    path: 'p2p/post-ad',
    Page: lazy(() =>
      import('../features/p2p/components/post-ad-page').then((m) => ({
        default: privatePage(m.PostAdPage),
      })),
    ),
  },
  {
    path: 'p2p/order/:id',
    Page: lazy(() =>
      import('../features/p2p/components/order-page').then((m) => ({
        default: privatePage(m.OrderPage),
      })),
    ),
  },
  {
    path: 'p2p/orders',
    Page: lazy(() =>
      import('../features/p2p/components/my-p2p-pages').then((m) => ({
        default: privatePage(m.MyOrdersPage),
      })),
    ),
  },
  {
    path: 'p2p/ads',
    Page: lazy(() =>
      import('../features/p2p/components/my-p2p-pages').then((m) => ({
        default: privatePage(m.MyAdsPage),
      })),
    ),
  },
  {
    path: 'p2p/payment-methods',
    Page: lazy(() =>
      import('../features/p2p/components/payment-methods-page').then((m) => ({
        default: privatePage(m.PaymentMethodsPage),
      })),
    ),
  },
  {
    path: 'p2p/merchant/:id',
    Page: lazy(() =>
      import('../features/p2p/components/merchant-page').then((m) => ({
        default: m.MerchantPage,
      })),
    ),
  },
];
