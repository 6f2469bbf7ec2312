import type { FuturesOrder, FuturesPlan } from '@quay/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { NO_FILTER } from '../history-filter';
import { recentFundingQuery } from '../positions/funding';
import { positionsQuery } from '../positions/positions';
import {
  futuresFillPageQuery,
  futuresOpenOrderPageQuery,
  futuresOrderHistoryPageQuery,
} from './futures-order-pages';
import {
  applyFuturesOrderPush,
  applyFuturesPlanPush,
  openFuturesOrdersQuery,
  openFuturesPlansQuery,
  recentFuturesFillsQuery,
  recentFuturesOrdersQuery,
} from './futures-orders';
import { invalidateOrderPages } from './order-keys';

const order = (orderId: string, status: FuturesOrder['status']) =>
  ({ orderId, symbol: 'BTCUSDT_PERP', status }) as FuturesOrder;
const plan = (planId: string, status: FuturesPlan['status']) =>
  ({ planId, symbol: 'BTCUSDT_PERP', status }) as FuturesPlan;

const invalidated = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

/** A client holding every view of the perpetual orders a screen may show. */
function screens() {
  const client = new QueryClient();
  const views = {
    open: openFuturesOrdersQuery.queryKey,
    recentHistory: recentFuturesOrdersQuery.queryKey,
    recentFills: recentFuturesFillsQuery.queryKey,
    historyPage: futuresOrderHistoryPageQuery(NO_FILTER, 1, 20).queryKey,
    fillPage: futuresFillPageQuery(NO_FILTER, 1, 20).queryKey,
    openPage: futuresOpenOrderPageQuery(NO_FILTER, 1, 20).queryKey,
    positions: positionsQuery.queryKey,
    funding: recentFundingQuery.queryKey,
  };
  for (const key of Object.values(views)) client.setQueryData(key, []);
  client.setQueryData(views.open, [order('a', 'NEW')]);
  return { client, views };
}

describe('a push on futures.orders', () => {
  it('puts a new open order at the head of the open list, and leaves the histories be', () => {
    const { client, views } = screens();
    applyFuturesOrderPush(client, order('b', 'NEW'));
    expect(client.getQueryData<FuturesOrder[]>(views.open)?.map((o) => o.orderId)).toEqual([
      'b',
      'a',
    ]);
    expect(invalidated(client, views.recentHistory)).toBe(false);
    expect(invalidated(client, views.positions)).toBe(false);
  });

  it('takes a finished order out and asks again for every history, fill list and the positions', () => {
    const { client, views } = screens();
    applyFuturesOrderPush(client, order('a', 'FILLED'));
    expect(client.getQueryData(views.open)).toEqual([]);
    for (const view of [
      'recentHistory',
      'recentFills',
      'historyPage',
      'fillPage',
      'positions',
    ] as const)
      expect(invalidated(client, views[view]), view).toBe(true);
    expect(invalidated(client, views.funding)).toBe(false);
  });

  it("asks the records' pages again, not the lists pushes keep in place", async () => {
    const { client, views } = screens();
    await invalidateOrderPages(client, 'futures', ['open', 'history', 'fills']);
    expect(invalidated(client, views.openPage)).toBe(true);
    expect(invalidated(client, views.historyPage)).toBe(true);
    expect(invalidated(client, views.open)).toBe(false);
    expect(invalidated(client, views.recentHistory)).toBe(false);
  });
});

describe('a push on futures.plans', () => {
  it('keeps a waiting plan (a trailing stop that moved) once, and drops a done one', () => {
    const client = new QueryClient();
    client.setQueryData(openFuturesPlansQuery.queryKey, [
      plan('p', 'WAITING'),
      plan('q', 'WAITING'),
    ]);
    applyFuturesPlanPush(client, plan('q', 'WAITING'));
    applyFuturesPlanPush(client, plan('p', 'TRIGGERED'));
    expect(
      client.getQueryData<FuturesPlan[]>(openFuturesPlansQuery.queryKey)?.map((p) => p.planId),
    ).toEqual(['q']);
  });
});
