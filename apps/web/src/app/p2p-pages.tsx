/** The P2P pages of the route table (pages.tsx): the market, ads, orders, payment methods, merchants. */
import { lazyPage, type PageRoute } from './page-route';
import { privatePage } from './private-page';

export const P2P_PAGES: PageRoute[] = [
  {
    path: 'p2p',
    Page: lazyPage(() =>
      import('../features/p2p/components/p2p-page').then((m) => ({ default: m.P2pPage })),
    ),
  },
  {
    path: 'p2p/post-ad',
    Page: lazyPage(() =>
      import('../features/p2p/components/post-ad-page').then((m) => ({
        default: privatePage(m.PostAdPage),
      })),
    ),
  },
  {
    path: 'p2p/order/:id',
    Page: lazyPage(() =>
      import('../features/p2p/components/order-page').then((m) => ({
        default: privatePage(m.OrderPage),
      })),
    ),
  },
  {
    path: 'p2p/orders',
    Page: lazyPage(() =>
      import('../features/p2p/components/my-p2p-pages').then((m) => ({
        default: privatePage(m.MyOrdersPage),
      })),
    ),
  },
  {
    path: 'p2p/ads',
    Page: lazyPage(() =>
      import('../features/p2p/components/my-p2p-pages').then((m) => ({
        default: privatePage(m.MyAdsPage),
      })),
    ),
  },
  {
    path: 'p2p/payment-methods',
    Page: lazyPage(() =>
      import('../features/p2p/components/payment-methods-page').then((m) => ({
        default: privatePage(m.PaymentMethodsPage),
      })),
    ),
  },
  {
    path: 'p2p/merchant/:id',
    Page: lazyPage(() =>
      import('../features/p2p/components/merchant-page').then((m) => ({
        default: m.MerchantPage,
      })),
    ),
  },
];
