import type { SpotFill, SpotOrder } from '@quay/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { NO_FILTER } from '../history-filter';
import { spotFillPageQuery, spotOrderPageQuery } from './spot-order-pages';
import {
  applySpotFillPush,
  applySpotOrderPush,
  invalidateSpotOrders,
  openSpotOrdersQuery,
  recentSpotFillsQuery,
  recentSpotOrdersQuery,
} from './spot-orders';

const order = (orderId: string, status: SpotOrder['status'], updatedAt: number) =>
  ({ orderId, symbol: 'BTCUSDT', status, updatedAt }) as SpotOrder;
const fill = (fillId: string, time: number) => ({ fillId, time }) as SpotFill;
const ids = (list: Array<{ orderId?: string; fillId?: string }> | undefined) =>
  (list ?? []).map((x) => x.orderId ?? x.fillId);

describe('the spot orders pushes', () => {
  it('keep the open list newest first and move a finished order to the head of the history', () => {
    const client = new QueryClient();
    client.setQueryData(openSpotOrdersQuery.queryKey, [order('a', 'NEW', 1)]);
    client.setQueryData(recentSpotOrdersQuery.queryKey, [order('old', 'FILLED', 0)]);
    applySpotOrderPush(client, order('b', 'NEW', 2));
    expect(ids(client.getQueryData(openSpotOrdersQuery.queryKey))).toEqual(['b', 'a']);
    applySpotOrderPush(client, order('a', 'CANCELED', 3));
    expect(ids(client.getQueryData(openSpotOrdersQuery.queryKey))).toEqual(['b']);
    expect(ids(client.getQueryData(recentSpotOrdersQuery.queryKey))).toEqual(['a', 'old']);
  });

  it('add each fill once, newest first', () => {
    const client = new QueryClient();
    client.setQueryData(recentSpotFillsQuery.queryKey, [fill('f1', 1)]);
    applySpotFillPush(client, [fill('f1', 1), fill('f2', 2)]);
    expect(ids(client.getQueryData(recentSpotFillsQuery.queryKey))).toEqual(['f2', 'f1']);
  });

  it('after an order is placed, refresh the open and finished orders wherever shown, not the fills', async () => {
    const client = new QueryClient();
    const keys = {
      open: openSpotOrdersQuery.queryKey,
      history: recentSpotOrdersQuery.queryKey,
      historyPage: spotOrderPageQuery(NO_FILTER, 1, 20).queryKey,
      fills: recentSpotFillsQuery.queryKey,
      fillPage: spotFillPageQuery(NO_FILTER, 1, 20).queryKey,
    };
    for (const key of Object.values(keys)) client.setQueryData(key, []);
    await invalidateSpotOrders(client);
    const state = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect([state(keys.open), state(keys.history), state(keys.historyPage)]).toEqual([
      true,
      true,
      true,
    ]);
    expect([state(keys.fills), state(keys.fillPage)]).toEqual([false, false]);
  });
});
