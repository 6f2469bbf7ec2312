/**
 * The private P2P channel (`p2p.orders`): each message and state change of
 * an order is pushed to its buyer and its seller, and to no one else.
 */
import { P2P_CHANNELS } from '@quay/core/p2p';
import { UserSubscribers } from '../../kernel/http/user-subscribers';
import type { ChannelHub } from '../../kernel/http/ws-routes';
import type { P2pOrders } from './p2p-orders';

export function registerP2pChannels(hub: ChannelHub, orders: P2pOrders): () => void {
  const subscribers = new UserSubscribers(P2P_CHANNELS.orders);
  hub.register(subscribers.channel, { private: true, subscribe: (c) => subscribers.add(c) });
  return orders.onChange(({ buyerId, sellerId }, push) => {
    for (const userId of [buyerId, sellerId]) subscribers.push(userId, push);
  });
}
