/**
 * Which screens stay reachable in simulation (demo trading) mode, spec
 * section 2, row by row. An exact rule matches the path alone; a prefix rule
 * matches any path that starts with it, as written (the spec's own reading:
 * `/trade-asset` also admits `/trade-asset-order`). The optional language
 * segment in front is not part of the path the rules see.
 */
import { isLocale } from '@quay/core';

export type SimulationMatch = 'exact' | 'prefix';

export interface SimulationRoute {
  path: string;
  match: SimulationMatch;
}

const rows = (match: SimulationMatch, ...paths: string[]): SimulationRoute[] =>
  paths.map((path) => ({ path, match }));

/**
 * The allow-list. The spec's row "/subaccount/setting/antiphishing, /devices,
 * /history, /api" names pages under /subaccount/setting, written short.
 */
export const SIMULATION_ROUTES: readonly SimulationRoute[] = [
  ...rows('exact', '/fee', '/vip/detail', '/vip/vipIntroduce'),
  ...rows('prefix', '/account/setting', '/account/newapi', '/account/sub-account'),
  ...rows('prefix', '/spot/', '/futures/', '/transac'),
  ...rows('prefix', '/order/marginOrderInfo', '/order/mcp'),
  ...rows('exact', '/asset', '/asset/spot', '/asset/margin', '/asset/futures'),
  ...rows('prefix', '/record/exchange', '/record/margin', '/record/mcp'),
  ...rows('exact', '/subaccount/setting'),
  ...rows(
    'prefix',
    '/subaccount/setting/antiphishing',
    '/subaccount/setting/devices',
    '/subaccount/setting/history',
    '/subaccount/setting/api',
  ),
  ...rows('exact', '/modifyverification', '/download', '/proof-of-reserves', '/protection-fund'),
  ...rows(
    'prefix',
    '/trade-spot',
    '/trade-margin',
    '/trade-swap',
    '/trade-info',
    '/trade-asset-order',
    '/trade-asset',
  ),
];

/** Where simulation mode lands: the demo spot and perpetual pages. */
export const SIMULATION_LANDING = {
  spot: '/spot/BTCUSDT',
  futures: '/futures/usdt/BTCUSDT',
} as const;

/** The path without its language segment, and the segment ('' when none). */
export function splitLanguage(pathname: string): { lang: string; path: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isLocale(first)) return { lang: first, path: match?.[2] ?? '/' };
  return { lang: '', path: pathname || '/' };
}

export function isAllowedInSimulation(pathname: string): boolean {
  const { path } = splitLanguage(pathname);
  return SIMULATION_ROUTES.some((r) =>
    r.match === 'exact' ? path === r.path : path.startsWith(r.path),
  );
}

/**
 * Where a visit goes while simulation mode is on: null when the path is
 * allowed, else the spot BTC/USDT page in the same language.
 */
export function simulationRedirect(pathname: string): string | null {
  if (isAllowedInSimulation(pathname)) return null;
  const { lang } = splitLanguage(pathname);
  return `${lang ? `/${lang}` : ''}${SIMULATION_LANDING.spot}`;
}
