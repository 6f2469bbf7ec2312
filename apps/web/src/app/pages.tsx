/**
 * The route table: each page once; the router adds the language-prefixed
 * twin of every path. A new page is first a route in `APP_ROUTES`
 * (packages/core), which the server reads to answer 404 for the rest.
 */
import type { AppRoute } from '@quay/core';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { coinsQuery } from '../entities/coins/coins';
import {
  perpMarketsQuery,
  perpTickersQuery,
  spotMarketsQuery,
  spotTickersQuery,
} from '../entities/markets/market-queries';
import { announcementsQuery, HOME_ANNOUNCEMENT_COUNT } from '../features/content/api/announcements';
import { bannersQuery } from '../features/content/api/banners';
import type { SubSettingsSection } from '../features/sub-accounts/components/sub-settings-page';
import { guestPage } from './guest-page';
import { AGENCY_PAGES } from './agency-pages';
import { ACCOUNT_SETTINGS_PAGES } from './account-pages';
import { P2P_PAGES } from './p2p-pages';
import { lazyPage, type PageRoute } from './page-route';
import { privatePage } from './private-page';

// The trading pages' transfer dialogs (antd's form, alert and inputs) load when first opened.
const TransferDialog = lazy(() =>
  import('../features/assets/components/transfer-dialog').then((m) => ({
    default: m.TransferDialog,
  })),
);
const MarginTransferDialog = lazy(() =>
  import('../features/assets/components/margin-transfer-dialog').then((m) => ({
    default: m.MarginTransferDialog,
  })),
);

/** A sub's settings page (/subaccount/setting and its sections): one component, one section each. */
function subSettingsPage(section: SubSettingsSection) {
  return lazyPage(() =>
    import('../features/sub-accounts/components/sub-settings-page').then((m) => ({
      default: privatePage(function SubSettings() {
        return <m.SubSettingsPage section={section} />;
      }),
    })),
  );
}

const SUB_SETTINGS: ReadonlyArray<[AppRoute, SubSettingsSection]> = [
  ['subaccount/setting', 'overview'],
  ['subaccount/setting/antiphishing', 'antiphishing'],
  ['subaccount/setting/devices', 'devices'],
  ['subaccount/setting/history', 'history'],
  ['subaccount/setting/api', 'api'],
];

export const PAGES: PageRoute[] = [
  {
    path: '',
    prefetch: (client) => {
      void client.prefetchQuery(bannersQuery);
      void client.prefetchQuery(announcementsQuery(1, HOME_ANNOUNCEMENT_COUNT));
      void client.prefetchQuery(coinsQuery);
    },
    Page: lazyPage(() =>
      Promise.all([
        import('../features/home/components/home-page'),
        import('../features/content/components/home-highlights'),
      ]).then(([home, content]) => ({
        default: function Home() {
          return <home.HomePage highlights={<content.HomeHighlights />} />;
        },
      })),
    ),
  },
  {
    path: 'login',
    Page: lazyPage(() =>
      import('../features/account/components/login-page').then((m) => ({
        default: guestPage(m.LoginPage),
      })),
    ),
  },
  {
    path: 'register',
    Page: lazyPage(() =>
      import('../features/account/components/register-page').then((m) => ({
        default: guestPage(m.RegisterPage),
      })),
    ),
  },
  ...AGENCY_PAGES,
  {
    path: 'account/sub-account',
    Page: lazyPage(() =>
      import('../features/sub-accounts/components/sub-accounts-page').then((m) => ({
        default: privatePage(m.SubAccountsPage),
      })),
    ),
  },
  ...SUB_SETTINGS.map(([path, section]) => ({ path, Page: subSettingsPage(section) })),
  {
    path: 'account/setting',
    Page: lazyPage(() =>
      import('../features/account/components/settings-page').then((m) => ({
        default: m.SettingsPage,
      })),
    ),
  },
  ...ACCOUNT_SETTINGS_PAGES,
  {
    path: 'login/oauth/callback',
    Page: lazyPage(() =>
      import('../features/account/components/third-party-callback-page').then((m) => ({
        default: m.OauthCallbackPage,
      })),
    ),
  },
  {
    path: 'login/telegram/callback',
    Page: lazyPage(() =>
      import('../features/account/components/third-party-callback-page').then((m) => ({
        default: m.TelegramCallbackPage,
      })),
    ),
  },
  {
    path: 'login/third',
    Page: lazyPage(() =>
      import('../features/account/components/third-party-bind-page').then((m) => ({
        default: guestPage(m.ThirdPartyBindPage),
      })),
    ),
  },
  {
    path: 'account/qr-login',
    Page: lazyPage(() =>
      import('../features/account/components/qr-approve-page').then((m) => ({
        default: privatePage(m.QrApprovePage),
      })),
    ),
  },
  {
    path: 'forgot-password',
    Page: lazyPage(() =>
      import('../features/account/components/forgot-password-page').then((m) => ({
        default: guestPage(m.ForgotPasswordPage),
      })),
    ),
  },
  {
    path: 'account/newapi',
    Page: lazyPage(() =>
      import('../features/api-keys/components/api-keys-page').then((m) => ({
        default: privatePage(m.ApiKeysPage),
      })),
    ),
  },
  {
    path: 'modifyverification',
    Page: lazyPage(() =>
      import('../features/account/components/modify-verification-page').then((m) => ({
        default: privatePage(m.ModifyVerificationPage),
      })),
    ),
  },
  {
    path: 'announcement',
    Page: lazyPage(() =>
      import('../features/content/components/announcements-page').then((m) => ({
        default: m.AnnouncementsPage,
      })),
    ),
  },
  {
    path: 'announcement/:id',
    Page: lazyPage(() =>
      import('../features/content/components/announcement-page').then((m) => ({
        default: m.AnnouncementPage,
      })),
    ),
  },
  ...(['markets', 'trade-info'] as const).map((path) => ({
    path,
    Page: lazyPage(() =>
      import('../features/markets/components/markets-page').then((m) => ({
        default: m.MarketsPage,
      })),
    ),
  })),
  {
    path: 'spot',
    Page: lazyPage(() =>
      import('../features/spot/components/spot-page').then((m) => ({ default: m.SpotRedirect })),
    ),
  },
  // The spot page, and its narrow entry (spec section 2's /trade-spot) on the same component.
  ...(['spot/:symbol', 'trade-spot', 'trade-spot/:symbol'] as const).map((path) => ({
    path,
    prefetch: (client: QueryClient) => {
      void client.prefetchQuery(spotMarketsQuery);
      void client.prefetchQuery(spotTickersQuery);
    },
    Page: lazyPage(() =>
      import('../features/spot/components/spot-page').then((m) => ({ default: m.SpotPage })),
    ),
  })),
  {
    path: 'futures',
    Page: lazyPage(() =>
      import('../features/futures/components/futures-page').then((m) => ({
        default: m.FuturesRedirect,
      })),
    ),
  },
  {
    path: 'futures/usdt',
    Page: lazyPage(() =>
      import('../features/futures/components/futures-page').then((m) => ({
        default: m.FuturesRedirect,
      })),
    ),
  },
  // Perpetuals, and their narrow entry /trade-swap ("swap" is the perpetual contract).
  ...(['futures/usdt/:symbol', 'trade-swap', 'trade-swap/:symbol'] as const).map((path) => ({
    path,
    prefetch: (client: QueryClient) => {
      void client.prefetchQuery(perpMarketsQuery);
      void client.prefetchQuery(perpTickersQuery);
    },
    Page: lazyPage(() =>
      import('../features/futures/components/futures-page').then((futures) => ({
        default: function Futures() {
          return (
            <futures.FuturesPage
              transferDialog={(onClose) => (
                <Suspense fallback={null}>
                  <TransferDialog direction="toFutures" onClose={onClose} />
                </Suspense>
              )}
            />
          );
        },
      })),
    ),
  })),
  ...P2P_PAGES,
  {
    path: 'margin',
    Page: lazyPage(() =>
      import('../features/margin/components/margin-page').then((m) => ({
        default: m.MarginRedirect,
      })),
    ),
  },
  ...(['margin/:symbol', 'trade-margin', 'trade-margin/:symbol'] as const).map((path) => ({
    path,
    Page: lazyPage(() =>
      import('../features/margin/components/margin-page').then((margin) => ({
        default: function Margin() {
          return (
            <margin.MarginPage
              transferDialog={(props) => (
                <Suspense fallback={null}>
                  <MarginTransferDialog {...props} />
                </Suspense>
              )}
            />
          );
        },
      })),
    ),
  })),
  ...(['coin/:coin', 'trade-info/:coin'] as const).map((path) => ({
    path,
    Page: lazyPage(() =>
      import('../features/content/components/coin-page').then((m) => ({ default: m.CoinPage })),
    ),
  })),
  ...(['asset', 'trade-asset'] as const).map((path) => ({
    path,
    Page: lazyPage(() =>
      import('../features/assets/components/asset-overview-page').then((m) => ({
        default: privatePage(m.AssetOverviewPage),
      })),
    ),
  })),
  {
    path: 'asset/spot',
    Page: lazyPage(() =>
      import('../features/assets/components/spot-assets-page').then((m) => ({
        default: privatePage(m.SpotAssetsPage),
      })),
    ),
  },
  {
    path: 'asset/futures',
    Page: lazyPage(() =>
      import('../features/assets/components/futures-assets-page').then((m) => ({
        default: privatePage(m.FuturesAssetsPage),
      })),
    ),
  },
  {
    path: 'asset/margin',
    Page: lazyPage(() =>
      import('../features/assets/components/margin-assets-page').then((m) => ({
        default: privatePage(m.MarginAssetsPage),
      })),
    ),
  },
  ...(['record/exchange', 'trade-asset-order'] as const).map((path) => ({
    path,
    Page: lazyPage(() =>
      import('../features/records/components/exchange-records-page').then((m) => ({
        default: privatePage(m.ExchangeRecordsPage),
      })),
    ),
  })),
  {
    path: 'order/mcp',
    Page: lazyPage(() =>
      import('../features/records/components/futures-orders-page').then((m) => ({
        default: privatePage(m.FuturesOrdersPage),
      })),
    ),
  },
  {
    path: 'record/mcp',
    Page: lazyPage(() =>
      import('../features/records/components/futures-records-page').then((m) => ({
        default: privatePage(m.FuturesRecordsPage),
      })),
    ),
  },
  {
    path: 'record/margin',
    Page: lazyPage(() =>
      import('../features/records/components/margin-records-page').then((m) => ({
        default: privatePage(m.MarginRecordsPage),
      })),
    ),
  },
  {
    path: 'order/marginOrderInfo/:orderId',
    Page: lazyPage(() =>
      import('../features/records/components/margin-order-page').then((m) => ({
        default: privatePage(m.MarginOrderPage),
      })),
    ),
  },
  {
    path: 'transac',
    Page: lazyPage(() =>
      import('../features/records/components/transaction-records-page').then((m) => ({
        default: privatePage(m.TransactionRecordsPage),
      })),
    ),
  },
  {
    path: 'protection-fund',
    Page: lazyPage(() =>
      import('../features/protection-fund/components/protection-fund-page').then((m) => ({
        default: m.ProtectionFundPage,
      })),
    ),
  },
  {
    path: 'earn',
    Page: lazyPage(() =>
      import('../features/earn/components/earn-page').then((m) => ({ default: m.EarnPage })),
    ),
  },
  {
    path: 'earn/:product',
    Page: lazyPage(() =>
      import('../features/earn/components/earn-page').then((m) => ({ default: m.EarnPage })),
    ),
  },
  {
    path: 'proof-of-reserves',
    Page: lazyPage(() =>
      import('../features/proof-of-reserves/components/reserves-page').then((m) => ({
        default: m.ReservesPage,
      })),
    ),
  },
  {
    path: 'fee',
    Page: lazyPage(() =>
      import('../features/vip/components/fee-page').then((m) => ({ default: m.FeePage })),
    ),
  },
  {
    path: 'swap',
    Page: lazyPage(() =>
      import('../features/swap/components/swap-page').then((m) => ({ default: m.SwapPage })),
    ),
  },
  {
    path: 'swap/withdraw',
    Page: lazyPage(() =>
      import('../features/swap/components/swap-withdraw-page').then((m) => ({
        default: privatePage(m.SwapWithdrawPage),
      })),
    ),
  },
  {
    path: 'red-packet',
    Page: lazyPage(() =>
      import('../features/red-packets/components/red-packet-page').then((m) => ({
        default: m.RedPacketPage,
      })),
    ),
  },
  {
    path: 'red-packet/claim/:code',
    Page: lazyPage(() =>
      import('../features/red-packets/components/claim-page').then((m) => ({
        default: m.ClaimPage,
      })),
    ),
  },
  {
    path: 'copy-trading',
    Page: lazyPage(() =>
      import('../features/copy-trading/components/copy-trading-page').then((m) => ({
        default: m.CopyTradingPage,
      })),
    ),
  },
  {
    path: 'vip/detail',
    Page: lazyPage(() =>
      import('../features/vip/components/vip-detail-page').then((m) => ({
        default: privatePage(m.VipDetailPage),
      })),
    ),
  },
  {
    path: 'vip/vipIntroduce',
    Page: lazyPage(() =>
      import('../features/vip/components/vip-introduce-page').then((m) => ({
        default: m.VipIntroducePage,
      })),
    ),
  },
  {
    path: 'download',
    Page: lazyPage(() =>
      import('../features/download/components/download-page').then((m) => ({
        default: m.DownloadPage,
      })),
    ),
  },
  {
    path: 'about',
    Page: lazyPage(() =>
      import('../features/content/components/about-page').then((m) => ({ default: m.AboutPage })),
    ),
  },
  {
    path: 'terms',
    Page: lazyPage(() =>
      import('../features/content/components/legal-page').then((m) => ({ default: m.TermsPage })),
    ),
  },
  {
    path: 'privacy',
    Page: lazyPage(() =>
      import('../features/content/components/legal-page').then((m) => ({
        default: m.PrivacyPage,
      })),
    ),
  },
  {
    path: 'help',
    Page: lazyPage(() =>
      import('../features/content/components/help-centre-page').then((m) => ({
        default: m.HelpCentrePage,
      })),
    ),
  },
  {
    path: 'help/:slug',
    Page: lazyPage(() =>
      import('../features/content/components/help-article-page').then((m) => ({
        default: m.HelpArticlePage,
      })),
    ),
  },
];
