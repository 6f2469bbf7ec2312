/**
 * The private WebSocket channels: `orders`, `fills` and `balances` of the
 * signed-in user, pushed after each committed batch of the engine host; and
 * `spot.plans` (trigger orders and TP/SL), and `orders:demo`, `fills:demo`,
 * `balances:demo`, `spot.plans:demo`, the same of the user's demo
 * ledger (simulation mode).
 */
import { SPOT_PLANS_CHANNEL, WS_CHANNELS, demoChannelOf } from '@quay/core';
import type { FastifyBaseLogger } from 'fastify';
import type { UserUpdates } from './spot-host';
import type { SpotServices } from './spot-services';
import { fillToWire, orderToWire } from './spot-markets';
import { planToWire } from './spot-plan-service';
import type { ChannelHub } from '../../kernel/http/ws-routes';
import { UserSubscribers } from '../../kernel/http/user-subscribers';

export function registerPrivateChannels(
  hub: ChannelHub,
  services: SpotServices,
  log: FastifyBaseLogger,
): () => void {
  // One set of subscribers per side: a real socket never hears of demo
  // orders, fills or balances, and a demo one (`orders:demo` ...) never of real ones.
  const sides = (['real', 'demo'] as const).map((side) => {
    const name = (channel: string) => (side === 'demo' ? demoChannelOf(channel) : channel);
    const audience = {
      side,
      orders: new UserSubscribers(name(WS_CHANNELS.orders)),
      fills: new UserSubscribers(name(WS_CHANNELS.fills)),
      balances: new UserSubscribers(name(WS_CHANNELS.balances)),
      plans: new UserSubscribers(name(SPOT_PLANS_CHANNEL)),
    };
    const all = [audience.orders, audience.fills, audience.balances, audience.plans];
    for (const subscribers of all) {
      hub.register(subscribers.channel, { private: true, subscribe: (c) => subscribers.add(c) });
    }
    return audience;
  });

  const markets = services.spotMarkets;
  const onUpdates = (updates: UserUpdates) => {
    for (const { side, orders, fills, balances, plans } of sides) {
      for (const row of updates.plans) {
        const market = markets.get(row.symbol);
        if (plans.has(row.user_id) && market?.side === side) {
          plans.push(row.user_id, planToWire(row, market));
        }
      }
      for (const row of updates.orders) {
        if (!orders.has(row.user_id)) continue;
        const market = markets.get(row.symbol);
        if (market?.side === side) orders.push(row.user_id, orderToWire(row, market));
      }
      const fillsByUser = new Map<string, ReturnType<typeof fillToWire>[]>();
      for (const row of updates.fills) {
        const market = markets.get(row.symbol);
        if (market?.side !== side) continue;
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
      for (const [userId, list] of fillsByUser) fills.push(userId, list);
      for (const userId of updates.balanceUsers) {
        if (!balances.has(userId)) continue;
        services.ledger.balances(userId, side).then(
          (list) => balances.push(userId, list),
          (err: unknown) => log.error({ err }, 'balance push failed'),
        );
      }
    }
  };
  return services.spotHost.onUserUpdates(onUpdates);
}
