import type { Balance } from '@quay/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { spotMarketsQuery } from '../markets/markets';
import { assetRecordsQuery } from './asset-records';
import { invalidateBalances } from './balance-keys';
import { futuresAccountQuery } from './futures-account';
import { applyBalancePush, mergeBalances, spotBalancesQuery } from './spot-balances';
import { valuationQuery } from './valuation';

const usdt = (available: string): Balance => ({
  coin: 'USDT',
  available,
  frozen: '0',
  total: available,
});
const btc: Balance = { coin: 'BTC', available: '1', frozen: '0', total: '1' };

const invalidated = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

describe('the spot balances', () => {
  it('take a push into the one cached list every screen reads', () => {
    const client = new QueryClient();
    client.setQueryData(spotBalancesQuery.queryKey, [usdt('100'), btc]);
    applyBalancePush(client, [usdt('40'), { ...btc, coin: 'ETH' }]);
    expect(client.getQueryData(spotBalancesQuery.queryKey)).toEqual([
      usdt('40'),
      btc,
      { ...btc, coin: 'ETH' },
    ]);
  });

  it('leave a list not loaded yet to its answer', () => {
    const client = new QueryClient();
    applyBalancePush(client, [usdt('40')]);
    expect(client.getQueryData(spotBalancesQuery.queryKey)).toBeUndefined();
  });

  it('merge pushed coins in place and append new ones', () => {
    expect(mergeBalances([btc, usdt('1')], [usdt('2')])).toEqual([btc, usdt('2')]);
  });
});

describe('moving funds', () => {
  it('refreshes both wallets, their valuation and the records, and nothing else', async () => {
    const client = new QueryClient();
    const views: (readonly unknown[])[] = [
      spotBalancesQuery.queryKey,
      futuresAccountQuery.queryKey,
      valuationQuery('EUR').queryKey,
      assetRecordsQuery('transfer', 1, 20).queryKey,
    ];
    for (const key of views) client.setQueryData(key, {});
    client.setQueryData(spotMarketsQuery.queryKey, []);
    await invalidateBalances(client);
    for (const key of views) expect(invalidated(client, key), JSON.stringify(key)).toBe(true);
    expect(invalidated(client, spotMarketsQuery.queryKey)).toBe(false);
  });
});
