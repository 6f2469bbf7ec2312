/**
 * The spot host's commands in a batch: placing an order (what it freezes,
 * then the book), cancelling, and the ledger's own commands (a debit for a
 * transfer out, a notice of balances changed outside, a ledger job).
 */
import { marketPriceLimit, type EngineEvent, type Side } from '@quay/engine';
import { appError } from '../../../kernel/app-error';
import { move } from '../../../kernel/journal';
import { toMinor } from '../../../kernel/money';
import type { SpotOrderRow } from '../spot-repository';
import type { SpotBatch } from './spot-batch';
import type { CheckedOrder, HostCommand, HostResult } from './spot-commands';
import type { HostMarketState, SpotHostState } from './spot-host-state';
import { runJob } from './spot-jobs';
import { addTpSl, cancelPlan, checkTpSl, firePlans, modifyPlan, placePlan } from './spot-plans';
import { settle } from './spot-settlement';

/** Runs one command of a batch; throws an AppError to refuse it. */
export function apply(host: SpotHostState, command: HostCommand, batch: SpotBatch): HostResult {
  switch (command.kind) {
    case 'place':
      return place(host, command.userId, command.order, batch);
    case 'cancel':
      return cancel(host, command.userId, command.symbol, command.orderId, batch);
    case 'cancelAll':
      return cancelAll(host, command.userId, command.symbol, batch);
    case 'plan':
      host.marketState(command.plan.order.symbol);
      return placePlan(host, command.userId, command.plan, batch);
    case 'modifyPlan':
      return modifyPlan(host, command, batch);
    case 'cancelPlan':
      return cancelPlan(host, command, batch);
    case 'fire':
      return firePlans(host, command.planIds, batch, place);
    case 'debit': {
      if (host.available(command.userId, command.coin) < command.amount) {
        throw appError('INSUFFICIENT_BALANCE', { coin: command.coin });
      }
      host.post(batch, command.ref, 'transfer', [
        {
          userId: command.userId,
          coin: command.coin,
          bucket: 'available',
          amount: -command.amount,
        },
        { userId: command.to, coin: command.coin, bucket: 'available', amount: command.amount },
      ]);
      return { kind: 'done' };
    }
    case 'notice':
      for (const id of command.userIds) batch.noticedUsers.add(id);
      return { kind: 'done' };
    case 'job':
      return runJob(host, command, batch, apply);
  }
}

/**
 * What a market order would cost (buy) or bring (sell) against the book, in
 * minor units of the quote, taking no level beyond `limit` when given.
 */
function walk(
  state: HostMarketState,
  side: Side,
  lots: number,
  limit: number | null = null,
): { lots: number; quote: bigint } {
  const { quotePerTickLot } = state.market.scale;
  let levels = 32;
  for (;;) {
    const depth = state.book.depth(levels);
    const book = side === 'buy' ? depth.asks : depth.bids;
    let left = lots;
    let quote = 0n;
    for (const [price, quantity] of book) {
      if (limit !== null && (side === 'buy' ? price > limit : price < limit)) {
        return { lots: lots - left, quote };
      }
      const take = Math.min(left, quantity);
      quote += BigInt(price) * BigInt(take) * quotePerTickLot;
      left -= take;
      if (left === 0) break;
    }
    if (left === 0 || book.length < levels) return { lots: lots - left, quote };
    levels *= 4;
  }
}

function place(
  host: SpotHostState,
  userId: string,
  order: CheckedOrder,
  batch: SpotBatch,
): HostResult {
  const state = host.marketState(order.symbol);
  const { config, scale } = state.market;
  if (order.clientOrderId !== null) {
    const key = `${userId}\u0000${order.clientOrderId}`;
    if (batch.takenClientIds.has(key)) throw appError('CLIENT_ORDER_ID_TAKEN');
  }
  // What the order freezes, and in which coin.
  let coin: string;
  let freeze: bigint;
  if (order.type === 'limit') {
    if (order.side === 'buy') {
      coin = config.quote;
      freeze = BigInt(order.priceTicks) * BigInt(order.lots) * scale.quotePerTickLot;
    } else {
      coin = config.base;
      freeze = BigInt(order.lots) * scale.basePerLot;
    }
  } else if (order.side === 'sell') {
    coin = config.base;
    freeze = BigInt(order.lots) * scale.basePerLot;
    const proceeds = walk(state, 'sell', order.lots);
    if (proceeds.lots === 0) throw appError('NO_LIQUIDITY');
    if (proceeds.quote < minNotional(state)) {
      throw appError('NOTIONAL_TOO_SMALL', {
        minNotional: config.minNotional,
        coin: config.quote,
      });
    }
  } else if (order.quoteAmount > 0n) {
    coin = config.quote;
    freeze = order.quoteAmount;
    if (state.book.bestAsk() === undefined) throw appError('NO_LIQUIDITY');
  } else {
    coin = config.quote;
    const cost = walk(state, 'buy', order.lots);
    if (cost.lots === 0) throw appError('NO_LIQUIDITY');
    if (cost.quote < minNotional(state)) {
      throw appError('NOTIONAL_TOO_SMALL', {
        minNotional: config.minNotional,
        coin: config.quote,
      });
    }
    // It spends no more than the levels within its price protection.
    freeze = walk(state, 'buy', order.lots, priceLimitOf(host, state, 'buy')).quote;
  }
  if (host.available(userId, coin) < freeze) throw appError('INSUFFICIENT_BALANCE', { coin });
  checkTpSl(state, order);

  const orderId = host.nextOrderId;
  const userNumber = host.userNumber(userId);
  const time = batch.now;
  const events: EngineEvent[] =
    order.type === 'limit'
      ? state.book.execute({
          type: 'limit',
          orderId,
          userId: userNumber,
          side: order.side,
          price: order.priceTicks,
          quantity: order.lots,
          timeInForce: order.timeInForce ?? 'GTC',
          time,
        })
      : order.quoteAmount > 0n
        ? state.book.execute({
            type: 'marketQuote',
            orderId,
            userId: userNumber,
            quoteAmount: Number(order.quoteAmount / scale.quotePerTickLot),
            priceLimit: priceLimitOf(host, state, 'buy'),
            time,
          })
        : state.book.execute({
            type: 'market',
            orderId,
            userId: userNumber,
            side: order.side,
            quantity: order.lots,
            priceLimit: priceLimitOf(host, state, order.side),
            time,
          });
  const first = events[0];
  if (first?.type === 'rejected') {
    switch (first.reason) {
      case 'POST_ONLY_WOULD_TAKE':
        throw appError('POST_ONLY_WOULD_TAKE');
      case 'FOK_NOT_FILLABLE':
        throw appError('FOK_NOT_FILLABLE');
      case 'NO_LIQUIDITY':
        throw appError('NO_LIQUIDITY');
      case 'INVALID_PRICE':
        throw appError('PRICE_INVALID', { tick: config.tickSize });
      default:
        throw appError('QUANTITY_INVALID', { lot: config.lotSize });
    }
  }
  host.nextOrderId += 1;
  if (order.clientOrderId !== null) {
    batch.takenClientIds.add(`${userId}\u0000${order.clientOrderId}`);
  }
  const row: SpotOrderRow = {
    id: orderId,
    user_id: userId,
    client_order_id: order.clientOrderId,
    symbol: config.symbol,
    side: order.side,
    type: order.type,
    time_in_force: order.type === 'limit' ? (order.timeInForce ?? 'GTC') : null,
    price_ticks: order.type === 'limit' ? order.priceTicks : 0,
    quantity_lots: order.quoteAmount > 0n ? 0 : order.lots,
    quote_amount: order.quoteAmount,
    filled_lots: 0,
    filled_quote: 0n,
    frozen: freeze,
    status: 'NEW',
    cancel_reason: null,
    created_at: time,
    updated_at: time,
  };
  host.live.set(orderId, row);
  batch.orders.set(orderId, row);
  batch.placed.push(row);
  host.post(batch, `place:${orderId}`, 'freeze', move(userId, coin, 'available', 'frozen', freeze));
  addTpSl(host, userId, { id: orderId, symbol: config.symbol, side: order.side }, order, batch);
  settle(host, state, events, batch);
  return { kind: 'order', order: row };
}

/**
 * The worst price a market order may fill at: the band around the market's
 * last trade price, or before any trade around the best price it meets.
 * Called once the book is known to have that side.
 */
function priceLimitOf(host: SpotHostState, state: HostMarketState, side: Side): number {
  const reference =
    state.lastPrice ?? (side === 'buy' ? state.book.bestAsk() : state.book.bestBid());
  if (reference === undefined) throw appError('NO_LIQUIDITY');
  return marketPriceLimit(side, reference, host.priceBand_bps);
}

function minNotional(state: HostMarketState): bigint {
  return toMinor(state.market.config.minNotional) ?? 0n;
}

function cancel(
  host: SpotHostState,
  userId: string,
  symbol: string,
  orderId: number,
  batch: SpotBatch,
): HostResult {
  const state = host.marketState(symbol);
  const row = host.live.get(orderId);
  if (!row || row.user_id !== userId || row.symbol !== symbol) throw appError('ORDER_NOT_FOUND');
  const events = state.book.execute({
    type: 'cancel',
    orderId,
    userId: host.userNumber(userId),
    time: batch.now,
  });
  if (events[0]?.type === 'rejected') throw appError('ORDER_NOT_FOUND');
  settle(host, state, events, batch);
  return { kind: 'order', order: row };
}

function cancelAll(
  host: SpotHostState,
  userId: string,
  symbol: string,
  batch: SpotBatch,
): HostResult {
  const state = host.marketState(symbol);
  const events = state.book.execute({
    type: 'cancelAll',
    userId: host.userNumber(userId),
    time: batch.now,
  });
  if (events[0]?.type === 'rejected') return { kind: 'cancelled', count: 0 };
  settle(host, state, events, batch);
  return { kind: 'cancelled', count: events.filter((e) => e.type === 'cancelled').length };
}
