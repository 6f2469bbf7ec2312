import { describe, expect, it } from 'vitest';
import { balanceKeys } from './balances/balance-keys';
import { futuresAccountQuery } from './balances/futures-account';
import { spotBalancesQuery } from './balances/spot-balances';
import { NO_FILTER } from './history-filter';
import { marketKeys } from './markets/market-keys';
import { perpMarketsQuery, spotMarketsQuery } from './markets/markets';
import { perpTickersQuery, spotTickersQuery } from './markets/tickers';
import { openFuturesOrdersQuery, recentFuturesOrdersQuery } from './orders/futures-orders';
import { futuresOrderHistoryPageQuery } from './orders/futures-order-pages';
import { orderKeys } from './orders/order-keys';
import { openSpotOrdersQuery } from './orders/spot-orders';
import { spotOrderPageQuery } from './orders/spot-order-pages';
import { positionKeys } from './positions/position-keys';
import { positionsQuery } from './positions/positions';

/** Whether `prefix` starts `key`: what react-query matches when a view is invalidated. */
const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

describe('the entity keys', () => {
  it('give each entity one key per side, whoever reads it', () => {
    // The trading screens, the wallet and the records read the same lists.
    expect(spotMarketsQuery.queryKey).toEqual(marketKeys.list('spot'));
    expect(perpMarketsQuery.queryKey).toEqual(marketKeys.list('futures'));
    expect(spotMarketsQuery.queryKey).not.toEqual(perpMarketsQuery.queryKey);
    expect(spotTickersQuery.queryKey).not.toEqual(perpTickersQuery.queryKey);
    expect(spotBalancesQuery.queryKey).toEqual(balanceKeys.spot());
    expect(futuresAccountQuery.queryKey).toEqual(balanceKeys.futures());
    expect(spotBalancesQuery.queryKey).not.toEqual(futuresAccountQuery.queryKey);
    expect(openSpotOrdersQuery.queryKey).not.toEqual(openFuturesOrdersQuery.queryKey);
    expect(positionsQuery.queryKey).toEqual(positionKeys.held());
  });

  it("put a list's live view and its records pages under one prefix, and no other side's", () => {
    const history = orderKeys.list('futures', 'history');
    expect(startsWith(recentFuturesOrdersQuery.queryKey, history)).toBe(true);
    expect(startsWith(futuresOrderHistoryPageQuery(NO_FILTER, 2, 20).queryKey, history)).toBe(true);
    expect(startsWith(spotOrderPageQuery(NO_FILTER, 1, 20).queryKey, history)).toBe(false);
    expect(startsWith(openFuturesOrdersQuery.queryKey, history)).toBe(false);
  });

  it('keep every entity under its own root, apart from the others', () => {
    const roots = [balanceKeys.all, marketKeys.all, orderKeys.all, positionKeys.all].map(
      (k) => k[0],
    );
    expect(new Set(roots).size).toBe(roots.length);
  });
});
