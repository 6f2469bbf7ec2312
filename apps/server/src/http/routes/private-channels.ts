/**
 * The private WebSocket channels: `orders`, `fills` and `balances` of the
 * signed-in user, pushed after each committed batch of the engine host.
 */
import { WS_CHANNELS } from '@quay/core';
import type { FastifyBaseLogger } from 'fastify';
import type { UserUpdates } from '../../engine-host/spot-host';
import type { Services } from '../../domain/services';
import { fillToWire, orderToWire } from '../../domain/spot-markets';
import type { ChannelContext, ChannelHub } from './ws-routes';

/** Sockets of each user on one channel. */
class UserSubscribers {
  private readonly byUser = new Map<string, Set<ChannelContext>>();

  add(context: ChannelContext): () => void {
    const userId = context.user?.userRowId;
    if (!userId) return () => undefined;
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(context);
    return () => {
      set.delete(context);
      if (set.size === 0) this.byUser.delete(userId);
    };
  }

  has(userId: string): boolean {
    return this.byUser.has(userId);
  }

  push(userId: string, channel: string, data: unknown): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    const text = JSON.stringify({ op: 'push', channel, data });
    for (const context of set) context.sendRaw(text);
  }
}

export function registerPrivateChannels(
  hub: ChannelHub,
  services: Services,
  log: FastifyBaseLogger,
): () => void {
  const orders = new UserSubscribers();
  const fills = new UserSubscribers();
  const balances = new UserSubscribers();
  hub.register(WS_CHANNELS.orders, { private: true, subscribe: (c) => orders.add(c) });
  hub.register(WS_CHANNELS.fills, { private: true, subscribe: (c) => fills.add(c) });
  hub.register(WS_CHANNELS.balances, { private: true, subscribe: (c) => balances.add(c) });

  const markets = services.spotMarkets;
  const onUpdates = (updates: UserUpdates) => {
    for (const row of updates.orders) {
      if (!orders.has(row.user_id)) continue;
      const market = markets.get(row.symbol);
      if (market) orders.push(row.user_id, WS_CHANNELS.orders, orderToWire(row, market));
    }
    const fillsByUser = new Map<string, ReturnType<typeof fillToWire>[]>();
    for (const row of updates.fills) {
      const market = markets.get(row.symbol);
      if (!market) continue;
      for (const userId of new Set([row.maker_user_id, row.taker_user_id])) {
        if (!fills.has(userId)) continue;
        let list = fillsByUser.get(userId);
        if (!list) {
          list = [];
          fillsByUser.set(userId, list);
        }
        list.push(fillToWire(row, market, userId));
      }
    }
    for (const [userId, list] of fillsByUser) fills.push(userId, WS_CHANNELS.fills, list);
    for (const userId of updates.balanceUsers) {
      if (!balances.has(userId)) continue;
      services.ledger.balances(userId).then(
        (list) => balances.push(userId, WS_CHANNELS.balances, list),
        (err: unknown) => log.error({ err }, 'balance push failed'),
      );
    }
  };
  return services.spotHost.onUserUpdates(onUpdates);
}
