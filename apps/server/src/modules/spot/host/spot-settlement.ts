/**
 * Settling what the book did: fills move coins between the buyer, the
 * seller and the fee account (journaled), orders take their new state, and
 * the levels and trades to publish are noted on the batch.
 */
import { opposite, type EngineEvent, type Side } from '@quay/engine';
import { lotsToQuantity, ticksToPrice } from '@quay/core';
import { FEE_ACCOUNT, move } from '../../../kernel/journal';
import { feeAt } from '../../../kernel/fee-rates';
import { fromMinor } from '../../../kernel/money';
import type { SpotFillRow, SpotOrderRow } from '../spot-repository';
import type { SpotBatch } from './spot-batch';
import type { HostMarketState, SpotHostState } from './spot-host-state';

const LIVE = new Set(['NEW', 'PARTIALLY_FILLED']);

/** Applies a command's events to the orders and the ledger. */
export function settle(
  host: SpotHostState,
  state: HostMarketState,
  events: EngineEvent[],
  batch: SpotBatch,
): void {
  const { config, scale } = state.market;
  for (const event of events) {
    switch (event.type) {
      case 'accepted': {
        const row = host.live.get(event.orderId);
        if (row && row.type === 'limit')
          batch.touched.touch(config.symbol, row.side as Side, row.price_ticks);
        break;
      }
      case 'fill': {
        const maker = host.live.get(event.makerOrderId);
        const taker = host.live.get(event.takerOrderId);
        if (!maker || !taker)
          throw new Error(`fill ${event.makerOrderId}/${event.takerOrderId} without its orders`);
        const fillId = host.nextFillId;
        host.nextFillId += 1;
        const quote = BigInt(event.price) * BigInt(event.quantity) * scale.quotePerTickLot;
        const base = BigInt(event.quantity) * scale.basePerLot;
        const buyer = event.takerSide === 'buy' ? taker : maker;
        const seller = event.takerSide === 'buy' ? maker : taker;
        // Each side at its owner's tier rate, in the coin it receives; a maker
        // rebate comes from the fee account, never more than it holds.
        const feeOfSide = (row: SpotOrderRow, amount: bigint, coin: string): bigint => {
          const role = row === maker ? 'maker' : 'taker';
          const bps = role === 'maker' ? config.makerFee_bps : config.takerFee_bps;
          const fee = feeAt(amount, host.feeRates.ppmOf(row.user_id, 'spot', role, bps));
          const held = host.available(FEE_ACCOUNT, coin);
          return fee >= 0n ? fee : -fee > held ? -held : fee;
        };
        const buyerFee = feeOfSide(buyer, base, config.base);
        const sellerFee = feeOfSide(seller, quote, config.quote);
        host.post(batch, `fill:${fillId}`, 'trade', [
          { userId: buyer.user_id, coin: config.quote, bucket: 'frozen', amount: -quote },
          {
            userId: seller.user_id,
            coin: config.quote,
            bucket: 'available',
            amount: quote - sellerFee,
          },
          { userId: FEE_ACCOUNT, coin: config.quote, bucket: 'available', amount: sellerFee },
          { userId: seller.user_id, coin: config.base, bucket: 'frozen', amount: -base },
          {
            userId: buyer.user_id,
            coin: config.base,
            bucket: 'available',
            amount: base - buyerFee,
          },
          { userId: FEE_ACCOUNT, coin: config.base, bucket: 'available', amount: buyerFee },
        ]);
        for (const row of [maker, taker]) {
          row.filled_lots += event.quantity;
          row.filled_quote += quote;
          row.frozen -= row === buyer ? quote : base;
          row.status = 'PARTIALLY_FILLED';
          row.updated_at = batch.now;
          batch.orders.set(row.id, row);
        }
        batch.touched.touch(config.symbol, opposite(event.takerSide), event.price);
        state.lastPrice = event.price;
        const fill: SpotFillRow = {
          id: fillId,
          symbol: config.symbol,
          price_ticks: event.price,
          lots: event.quantity,
          taker_side: event.takerSide,
          maker_order_id: maker.id,
          maker_user_id: maker.user_id,
          maker_fee: maker === buyer ? buyerFee : sellerFee,
          taker_order_id: taker.id,
          taker_user_id: taker.user_id,
          taker_fee: taker === buyer ? buyerFee : sellerFee,
          created_at: batch.now,
        };
        batch.fills.push(fill);
        batch.trades.push({
          id: String(fillId),
          symbol: config.symbol,
          price: ticksToPrice(event.price, config),
          quantity: lotsToQuantity(event.quantity, config),
          quoteQuantity: fromMinor(quote),
          side: event.takerSide,
          time: batch.now,
        });
        break;
      }
      case 'cancelled': {
        const row = host.live.get(event.orderId);
        if (!row) throw new Error(`cancel of unknown order ${event.orderId}`);
        row.status = row.filled_lots > 0 ? 'PARTIALLY_CANCELED' : 'CANCELED';
        row.cancel_reason = event.reason === 'PRICE_PROTECTION' ? event.reason : null;
        row.updated_at = batch.now;
        batch.orders.set(row.id, row);
        if (row.type === 'limit')
          batch.touched.touch(config.symbol, row.side as Side, row.price_ticks);
        break;
      }
      case 'done': {
        const row = host.live.get(event.orderId);
        if (!row) throw new Error(`end of unknown order ${event.orderId}`);
        if (LIVE.has(row.status)) row.status = 'FILLED';
        if (row.frozen > 0n) {
          const coin = row.side === 'buy' ? config.quote : config.base;
          host.post(
            batch,
            `release:${row.id}`,
            'release',
            move(row.user_id, coin, 'frozen', 'available', row.frozen),
          );
          row.frozen = 0n;
        }
        row.updated_at = batch.now;
        batch.orders.set(row.id, row);
        host.live.delete(row.id);
        break;
      }
      case 'rejected':
        throw new Error(`unexpected rejection ${event.reason} while settling`);
    }
  }
}
