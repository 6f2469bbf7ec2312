import { APP_ROUTES } from '@quay/core';
import { matchRoutes, type RouteObject } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Router from './router';

let router: typeof Router;
// The route table's first import transforms every page's module: done once, outside a case's time.
beforeAll(async () => {
  router = await import('./router');
}, 60_000);

/** The path of the route that draws `pathname`'s page (the last match), or null. */
function pageRoute(table: RouteObject[], pathname: string): string | null {
  const matches = matchRoutes(table, pathname);
  return matches?.at(-1)?.route.path ?? null;
}

const SAMPLES = APP_ROUTES.flatMap((route) => {
  const path = `/${route.replace(/:[a-z]+/gi, 'BTCUSDT')}`;
  return [path, `/ja${path === '/' ? '' : path}`, `/zz${path}`, path.toUpperCase(), `${path}/`];
});
const ODD = [
  '/',
  '//',
  '/no/such/page',
  '/spot/BTCUSDT/extra',
  '/ja/spot/BTCUSDT/extra',
  '/SPOT/btcusdt',
  '/sp%6Ft/BTCUSDT',
  '/spot/%E0%A4%A',
  '/ar',
  '/zh-cn/markets',
  '/account/setting/unknown',
];

describe('the routes a path is matched against', () => {
  it('draw the page the whole table would, for every page and odd paths', () => {
    for (const pathname of [...SAMPLES, ...ODD]) {
      expect(pageRoute(router.routesFor(pathname), pathname), pathname).toBe(
        pageRoute(router.ROUTES, pathname),
      );
    }
  });

  it('are a few for a page, not the whole table', () => {
    const children = (pathname: string) => router.routesFor(pathname)[0]?.children?.length ?? 0;
    const whole = router.ROUTES[0]?.children?.length ?? 0;
    expect(whole).toBeGreaterThan(100);
    expect(children('/spot/BTCUSDT')).toBeLessThanOrEqual(4);
    expect(children('/de/futures/usdt/BTCUSDT')).toBeLessThanOrEqual(4);
    expect(children('/')).toBe(2);
  });
});
