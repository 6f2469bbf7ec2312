/**
 * The web app's pages, once: the web router draws each of them (at its path
 * and under the optional language segment, spec section 2) and the server
 * answers 404 for any other path, with the same not-found page.
 */
import { localeOfPathSegment } from './locales';

/** Paths without the language segment and without a leading slash; '' is home, `:name` one segment. */
export const APP_ROUTES = [
  '',
  'login',
  'register',
  'agency',
  'agency/login',
  'account/setting',
  'account/setting/password',
  'account/setting/antiphishing',
  'account/setting/devices',
  'account/setting/freeze',
  'account/setting/passkeys',
  'account/setting/linked',
  'account/qr-login',
  'login/oauth/callback',
  'login/telegram/callback',
  'login/third',
  'forgot-password',
  'account/newapi',
  'account/sub-account',
  'subaccount/setting',
  'subaccount/setting/antiphishing',
  'subaccount/setting/devices',
  'subaccount/setting/history',
  'subaccount/setting/api',
  'modifyverification',
  'announcement',
  'announcement/:id',
  'markets',
  'spot',
  'spot/:symbol',
  'trade-spot',
  'trade-spot/:symbol',
  'futures',
  'futures/usdt',
  'futures/usdt/:symbol',
  'trade-swap',
  'trade-swap/:symbol',
  'margin',
  'margin/:symbol',
  'trade-margin',
  'trade-margin/:symbol',
  'trade-info',
  'trade-info/:coin',
  'coin/:coin',
  'asset',
  'trade-asset',
  'asset/spot',
  'asset/futures',
  'asset/margin',
  'record/exchange',
  'trade-asset-order',
  'order/mcp',
  'record/mcp',
  'record/margin',
  'order/marginOrderInfo/:orderId',
  'transac',
  'protection-fund',
  'p2p',
  'p2p/post-ad',
  'p2p/order/:id',
  'p2p/orders',
  'p2p/ads',
  'p2p/payment-methods',
  'p2p/merchant/:id',
  'earn',
  'earn/:product',
  'proof-of-reserves',
  'fee',
  'swap',
  'swap/withdraw',
  'red-packet',
  'red-packet/claim/:code',
  'copy-trading',
  'vip/detail',
  'vip/vipIntroduce',
  'download',
  'about',
  'terms',
  'privacy',
  'help',
  'help/:slug',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

const ROUTE_SEGMENTS = APP_ROUTES.map((route) => (route === '' ? [] : route.split('/')));

/** The route a path without its language segment shows, if any (a trailing slash is the same page). */
export function matchAppRoute(path: string): AppRoute | null {
  const trimmed = path.replace(/^\//, '').replace(/\/$/, '');
  const segments = trimmed === '' ? [] : trimmed.split('/');
  if (segments.some((s) => s === '')) return null;
  for (const [index, route] of ROUTE_SEGMENTS.entries()) {
    if (route.length !== segments.length) continue;
    if (route.every((part, i) => (part.startsWith(':') ? true : part === segments[i]))) {
      return APP_ROUTES[index] ?? null;
    }
  }
  return null;
}

/**
 * Whether the web app has a page at `pathname`: a route, alone or after a
 * language segment (or a spelling of one the app redirects to, zh-cn).
 */
export function isAppPath(pathname: string): boolean {
  if (matchAppRoute(pathname) !== null) return true;
  const [, first = '', ...rest] = pathname.split('/');
  return localeOfPathSegment(first) !== null && matchAppRoute(`/${rest.join('/')}`) !== null;
}
