import { describe, expect, it } from 'vitest';
import {
  isAllowedInSimulation,
  SIMULATION_LANDING,
  SIMULATION_ROUTES,
  simulationRedirect,
  splitLanguage,
} from './simulation-routes';

/** Every row of spec section 2's table, as written there. */
const EXACT = [
  '/fee',
  '/vip/detail',
  '/vip/vipIntroduce',
  '/asset',
  '/asset/spot',
  '/asset/margin',
  '/asset/futures',
  '/subaccount/setting',
  '/modifyverification',
  '/download',
  '/proof-of-reserves',
  '/protection-fund',
];
const PREFIX = [
  '/account/setting',
  '/account/newapi',
  '/account/sub-account',
  '/spot/',
  '/futures/',
  '/transac',
  '/order/marginOrderInfo',
  '/order/mcp',
  '/record/exchange',
  '/record/margin',
  '/record/mcp',
  '/subaccount/setting/antiphishing',
  '/subaccount/setting/devices',
  '/subaccount/setting/history',
  '/subaccount/setting/api',
  '/trade-spot',
  '/trade-margin',
  '/trade-swap',
  '/trade-info',
  '/trade-asset-order',
  '/trade-asset',
];

describe('the simulation allow-list', () => {
  it('holds exactly the rows of the spec, each with its match', () => {
    expect(
      SIMULATION_ROUTES.filter((r) => r.match === 'exact')
        .map((r) => r.path)
        .sort(),
    ).toEqual([...EXACT].sort());
    expect(
      SIMULATION_ROUTES.filter((r) => r.match === 'prefix')
        .map((r) => r.path)
        .sort(),
    ).toEqual([...PREFIX].sort());
  });

  it.each(EXACT)('admits %s exactly, and nothing longer', (path) => {
    expect(isAllowedInSimulation(path)).toBe(true);
    expect(isAllowedInSimulation(`${path}/more`)).toBe(false);
    expect(isAllowedInSimulation(`${path}x`)).toBe(false);
  });

  it.each(PREFIX)('admits %s and whatever follows it', (path) => {
    expect(isAllowedInSimulation(path)).toBe(true);
    expect(isAllowedInSimulation(`${path}${path.endsWith('/') ? '' : '/'}BTCUSDT`)).toBe(true);
  });

  it('refuses what no row names', () => {
    for (const path of [
      '/',
      '/login',
      '/register',
      '/spot',
      '/futures',
      '/p2p',
      '/earn',
      '/asset/p2p',
      '/record',
      '/order',
      '/vip',
      '/fees',
      '/account',
    ]) {
      expect(isAllowedInSimulation(path), path).toBe(false);
    }
  });

  it('reads the path behind a language segment, and only a real one', () => {
    expect(splitLanguage('/ja/spot/BTCUSDT')).toEqual({ lang: 'ja', path: '/spot/BTCUSDT' });
    expect(splitLanguage('/zh-CN/asset')).toEqual({ lang: 'zh-CN', path: '/asset' });
    expect(splitLanguage('/spot/BTCUSDT')).toEqual({ lang: '', path: '/spot/BTCUSDT' });
    expect(isAllowedInSimulation('/ar/futures/usdt/BTCUSDT')).toBe(true);
    expect(isAllowedInSimulation('/ar/fee')).toBe(true);
    expect(isAllowedInSimulation('/ar')).toBe(false);
    expect(isAllowedInSimulation('/xx/fee')).toBe(false);
  });

  it('sends a refused path to the spot BTC/USDT page in the same language', () => {
    expect(simulationRedirect('/login')).toBe('/spot/BTCUSDT');
    expect(simulationRedirect('/')).toBe('/spot/BTCUSDT');
    expect(simulationRedirect('/ja/p2p')).toBe('/ja/spot/BTCUSDT');
    expect(simulationRedirect('/ja')).toBe('/ja/spot/BTCUSDT');
    expect(simulationRedirect('/spot/ETHUSDT')).toBeNull();
    expect(simulationRedirect('/de/record/exchange')).toBeNull();
  });

  it('lands on pages that are themselves allowed', () => {
    expect(isAllowedInSimulation(SIMULATION_LANDING.spot)).toBe(true);
    expect(isAllowedInSimulation(SIMULATION_LANDING.futures)).toBe(true);
  });
});
