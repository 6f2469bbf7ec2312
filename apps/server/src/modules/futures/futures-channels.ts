/**
 * WebSocket channels of the perpetuals (FUTURES_CHANNELS in core): the
 * public `mark:SYMBOL` every mark tick; and, per signed-in user,
 * `futures.positions`, `futures.orders`, `futures.plans` and
 * `futures.account` after each committed batch that changed them and, for
 * positions and the account, on every mark tick while a position is held.
 * The demo side has its own names (`futures.positions:demo` ...).
 */
import { FUTURES_CHANNELS, demoChannelOf } from '@quay/core';
import type { FastifyBaseLogger } from 'fastify';
import type { FuturesUpdates } from './futures-host';
import type { FuturesServices } from './futures-services';
import type { LedgerSide } from '../../kernel/coins';
import type { ChannelContext, ChannelHub } from '../../kernel/http/ws-routes';
import { UserSubscribers } from '../../kernel/http/user-subscribers';

export function registerFuturesChannels(
  hub: ChannelHub,
  services: FuturesServices,
  log: FastifyBaseLogger,
): () => void {
  const { futures, futuresHost } = services;
  const sides = (['real', 'demo'] as const).map((side: LedgerSide) => {
    const name = (channel: string) => (side === 'demo' ? demoChannelOf(channel) : channel);
    const audience = {
      side,
      positions: new UserSubscribers(name(FUTURES_CHANNELS.positions)),
      orders: new UserSubscribers(name(FUTURES_CHANNELS.orders)),
      plans: new UserSubscribers(name(FUTURES_CHANNELS.plans)),
      account: new UserSubscribers(name(FUTURES_CHANNELS.account)),
    };
    for (const s of [audience.positions, audience.orders, audience.plans, audience.account]) {
      hub.register(s.channel, { private: true, subscribe: (c) => s.add(c) });
    }
    return audience;
  });

  const markSubscribers = new Map<string, Set<ChannelContext>>();
  for (const market of services.perpMarkets.all()) {
    const channel = FUTURES_CHANNELS.mark(market.config.symbol);
    const set = new Set<ChannelContext>();
    markSubscribers.set(market.config.symbol, set);
    hub.register(channel, {
      private: false,
      subscribe: (c) => {
        set.add(c);
        return () => set.delete(c);
      },
    });
  }

  const pushFigures = (userId: string, side: (typeof sides)[number]) => {
    try {
      if (side.positions.has(userId))
        side.positions.push(userId, futures.trading.positions(userId, side.side));
      if (side.account.has(userId))
        side.account.push(userId, futures.accounts.account(userId, side.side));
    } catch (err) {
      log.error({ err }, 'futures push failed');
    }
  };

  const offUpdates = futuresHost.onUpdates((updates: FuturesUpdates) => {
    for (const side of sides) {
      for (const order of updates.orders) {
        if (!side.orders.has(order.owner)) continue;
        if (futuresHost.market(order.symbol).side !== side.side) continue;
        side.orders.push(order.owner, futures.wire.orderToWire(order));
      }
      for (const plan of updates.plans) {
        if (!side.plans.has(plan.owner)) continue;
        if (futuresHost.market(plan.symbol).side !== side.side) continue;
        side.plans.push(plan.owner, futures.wire.planToWire(plan));
      }
      for (const owner of updates.owners) pushFigures(owner, side);
    }
  });

  const offMarks = futuresHost.onMarks(() => {
    for (const [symbol, set] of markSubscribers) {
      if (set.size === 0) continue;
      const market = futuresHost.market(symbol);
      const text = JSON.stringify({
        op: 'push',
        channel: FUTURES_CHANNELS.mark(symbol),
        data: futures.info.markInfo(symbol, market.side),
      });
      for (const c of set) c.sendRaw(text);
    }
    for (const side of sides) {
      const users = new Set([...side.positions.users(), ...side.account.users()]);
      for (const userId of users) {
        const coin = side.side === 'demo' ? 'SUSDT' : 'USDT';
        if (futuresHost.ownerPositions(userId, coin).length === 0) continue;
        pushFigures(userId, side);
      }
    }
  });

  return () => {
    offUpdates();
    offMarks();
  };
}
