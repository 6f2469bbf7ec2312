import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestHeaders } from '../request/client';
import {
  channelInMode,
  installSimulationMode,
  isSimulationOn,
  landingPath,
  marketOfPath,
  pathSymbolOf,
  reactionToFlag,
  setSimulation,
  simulationHeaders,
  switchAction,
  type PageLocation,
} from './simulation-mode';

const KEY = 'quay.v1.simulation';

function fakeLocation(pathname: string) {
  const location = {
    pathname,
    assign: vi.fn<(url: string) => void>(),
    replace: vi.fn<(url: string) => void>(),
    reload: vi.fn<() => void>(),
  };
  return location satisfies PageLocation;
}

/** What the browser delivers in this tab when another tab writes or clears the flag. */
function otherTabSets(value: string | null): void {
  if (value === null) window.localStorage.removeItem(KEY);
  else window.localStorage.setItem(KEY, value);
  window.dispatchEvent(
    new StorageEvent('storage', { key: KEY, newValue: value, storageArea: window.localStorage }),
  );
}

afterEach(() => window.localStorage.clear());

describe('simulation mode', () => {
  it('is on while the local flag is set and off once it is cleared', () => {
    expect(isSimulationOn()).toBe(false);
    expect(simulationHeaders()).toEqual({});
    window.localStorage.setItem(KEY, '1');
    expect(isSimulationOn()).toBe(true);
    expect(simulationHeaders()).toEqual({ 'x-simulated': '1' });
    window.localStorage.removeItem(KEY);
    expect(isSimulationOn()).toBe(false);
  });

  it('adds x-simulated: 1 to every call while on, once installed', () => {
    const uninstall = installSimulationMode(fakeLocation('/spot/BTCUSDT'));
    expect(requestHeaders()['x-simulated']).toBeUndefined();
    window.localStorage.setItem(KEY, '1');
    expect(requestHeaders()['x-simulated']).toBe('1');
    uninstall();
    expect(requestHeaders()['x-simulated']).toBeUndefined();
  });

  it('names the demo private channels and ticker list while on; market channels stay as named', () => {
    expect(channelInMode('orders', true)).toBe('orders:demo');
    expect(channelInMode('fills', true)).toBe('fills:demo');
    expect(channelInMode('balances', true)).toBe('balances:demo');
    expect(channelInMode('tickers', true)).toBe('tickers:demo');
    expect(channelInMode('depth:SBTCSUSDT', true)).toBe('depth:SBTCSUSDT');
    expect(channelInMode('orders', false)).toBe('orders');
    expect(channelInMode('tickers', false)).toBe('tickers');
  });

  it('switching on lands on the spot demo page in the same language; off reloads', () => {
    expect(switchAction(true, '/asset')).toEqual({ kind: 'redirect', to: '/spot/BTCUSDT' });
    expect(switchAction(true, '/ja/record/exchange')).toEqual({
      kind: 'redirect',
      to: '/ja/spot/BTCUSDT',
    });
    expect(switchAction(false, '/ar/spot/ETHUSDT')).toEqual({ kind: 'reload' });
    expect(landingPath('/zh-CN/')).toBe('/zh-CN/spot/BTCUSDT');

    const on = fakeLocation('/ar/asset/spot');
    setSimulation(true, on);
    expect(window.localStorage.getItem(KEY)).toBe('1');
    expect(on.assign).toHaveBeenCalledWith('/ar/spot/BTCUSDT');
    const off = fakeLocation('/ar/spot/BTCUSDT');
    setSimulation(false, off);
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(off.reload).toHaveBeenCalledTimes(1);
  });

  it('reacts to another tab: set redirects a page that is not allowed, reloads an allowed one; cleared reloads', () => {
    expect(reactionToFlag('1', '/account/security')).toEqual({
      kind: 'redirect',
      to: '/spot/BTCUSDT',
    });
    expect(reactionToFlag('1', '/de/login')).toEqual({ kind: 'redirect', to: '/de/spot/BTCUSDT' });
    expect(reactionToFlag('1', '/asset/spot')).toEqual({ kind: 'reload' });
    expect(reactionToFlag(null, '/asset/spot')).toEqual({ kind: 'reload' });
    expect(reactionToFlag(null, '/login')).toEqual({ kind: 'reload' });
  });

  it('moves this tab when another tab switches, and only on a real change', () => {
    const home = fakeLocation('/ja/');
    const stop = installSimulationMode(home);
    otherTabSets('1');
    expect(home.replace).toHaveBeenCalledWith('/ja/spot/BTCUSDT');
    expect(home.reload).not.toHaveBeenCalled();
    // The same state written again moves nothing.
    otherTabSets('1');
    expect(home.replace).toHaveBeenCalledTimes(1);
    otherTabSets(null);
    expect(home.reload).toHaveBeenCalledTimes(1);
    stop();

    window.localStorage.clear();
    const spot = fakeLocation('/spot/ETHUSDT');
    const stopSpot = installSimulationMode(spot);
    otherTabSets('1');
    expect(spot.reload).toHaveBeenCalledTimes(1);
    expect(spot.replace).not.toHaveBeenCalled();
    stopSpot();
    otherTabSets(null);
    expect(spot.reload).toHaveBeenCalledTimes(1);
  });

  it('keeps real symbols in paths: /spot/BTCUSDT shows the demo market SBTCSUSDT', () => {
    const demo = [
      { symbol: 'SBTCSUSDT', base: 'SBTC', quote: 'SUSDT' },
      { symbol: 'SSOLSUSDT', base: 'SSOL', quote: 'SUSDT' },
    ];
    expect(marketOfPath(demo, 'BTCUSDT')?.symbol).toBe('SBTCSUSDT');
    expect(marketOfPath(demo, 'SBTCSUSDT')?.symbol).toBe('SBTCSUSDT');
    expect(marketOfPath(demo, 'SOLUSDT')?.symbol).toBe('SSOLSUSDT');
    expect(marketOfPath(demo, 'ETHUSDT')).toBeUndefined();
    expect(pathSymbolOf({ symbol: 'SOLUSDT', base: 'SOL', quote: 'USDT' })).toBe('SOLUSDT');
    expect(pathSymbolOf(demo[0] as (typeof demo)[number])).toBe('BTCUSDT');
  });
});
