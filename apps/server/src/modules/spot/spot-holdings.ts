/**
 * What the spot books hold frozen, for the ledger audit: each live order
 * holds what it still may spend (the quote of its unfilled lots at its price
 * for a buy, the base of its unfilled lots for a sell; the buyer's fee is
 * taken from what it receives, so nothing more is reserved).
 */
import type { AuditDifference, FrozenSource } from '../../kernel/ledger-audit';
import type { SpotRepositories } from './spot-repositories';
import type { SpotMarkets } from './spot-markets';

export async function spotOrderHoldings(
  repos: SpotRepositories,
  markets: SpotMarkets,
): Promise<FrozenSource> {
  const orders = await repos.spot.liveOrders();
  const differences: AuditDifference[] = [];
  const claims = orders.map((order) => {
    const market = markets.get(order.symbol);
    const buy = order.side === 'buy';
    if (!market) {
      differences.push({
        kind: 'record',
        account: order.user_id,
        coin: order.symbol,
        bucket: 'frozen',
        actual: order.frozen,
        expected: 0n,
        note: `spot order ${order.id} is in no configured market`,
      });
      return { account: order.user_id, coin: order.symbol, amount: order.frozen };
    }
    const { config, scale } = market;
    const coin = buy ? config.quote : config.base;
    // A market order never rests: it is done within the batch that placed it.
    const expected =
      order.type !== 'limit'
        ? 0n
        : buy
          ? BigInt(order.price_ticks) * BigInt(order.quantity_lots) * scale.quotePerTickLot -
            order.filled_quote
          : BigInt(order.quantity_lots - order.filled_lots) * scale.basePerLot;
    if (order.frozen !== expected) {
      differences.push({
        kind: 'record',
        account: order.user_id,
        coin,
        bucket: 'frozen',
        actual: order.frozen,
        expected,
        note: `spot ${order.type} order ${order.id}: its frozen amount against its unfilled part`,
      });
    }
    return { account: order.user_id, coin, amount: order.frozen };
  });
  return { name: 'spot orders', count: orders.length, claims, differences };
}
