/**
 * Order entry: the checks of a new order (position mode, reduce-only, risk
 * limit, margin, TP/SL), the book, and what follows; cancels; closing a
 * position or all of them.
 */
import { POSITION_MODE, orderCostOf, type FuturesOrderSource, type PositionSide } from '@quay/core';
import { marketPriceLimit } from '@quay/engine';
import { AppError, appError } from '../../../kernel/app-error';
import {
  LONG,
  SHORT,
  fromMinorText,
  leverageCapAt,
  notionalCapOf,
  openingSide,
  valueOf,
  type Order,
  type Position,
} from '../futures-state';
import type { FuturesBatch } from './futures-batch';
import type { CheckedFuturesOrder, FuturesCommand, FuturesResult } from './futures-commands';
import type { FuturesHostState, MarketState } from './futures-host-state';
import { settle, cancelInBook } from './futures-fills';
import { availableFor, reservedFeePpm } from './futures-risk';

function liveOrderOf(host: FuturesHostState, owner: string, orderId: number): Order {
  const order = host.live.get(orderId);
  if (!order || order.owner !== owner) throw appError('ORDER_NOT_FOUND');
  return order;
}

/** Lots of a position that open orders already close. */
function closingLots(
  host: FuturesHostState,
  owner: string,
  symbol: string,
  positionSide: PositionSide,
  except = 0,
): number {
  let sum = 0;
  for (const o of host.ownerOrders(owner)) {
    if (o.id === except || o.owner !== owner || o.symbol !== symbol) continue;
    if (o.positionSide !== positionSide) continue;
    const closes = o.side !== (positionSide === LONG ? 'buy' : 'sell');
    if (closes) sum += o.lots - o.filledLots;
  }
  return sum;
}

/** The best price a market order of `lots` would reach, walking the book; 0 with no book. */
function walkPrice(state: MarketState, side: 'buy' | 'sell', lots: number): number {
  const depth = state.book.depth(200);
  const levels = side === 'buy' ? depth.asks : depth.bids;
  let left = lots;
  let last = 0;
  for (const [price, qty] of levels) {
    last = price;
    left -= qty;
    if (left <= 0) break;
  }
  return last;
}

/**
 * The worst price a market order may fill at: the band around the mark
 * price (before the first mark, the last trade, else the best price it
 * meets). The exchange's own closes (liquidation, deleveraging) keep
 * their own limits and are not held to it.
 */
function protectedLimit(
  host: FuturesHostState,
  state: MarketState,
  side: 'buy' | 'sell',
  source: FuturesOrderSource,
): number | undefined {
  if (source === 'liquidation' || source === 'adl') return undefined;
  const reference =
    state.markTicks ||
    state.lastTicks ||
    (side === 'buy' ? state.book.bestAsk() : state.book.bestBid());
  if (!reference) return undefined;
  return marketPriceLimit(side, reference, host.options.marketPriceBand_bps ?? 500);
}

export function place(
  host: FuturesHostState,
  owner: string,
  input: CheckedFuturesOrder,
  source: FuturesOrderSource,
  batch: FuturesBatch,
): Order {
  const state = host.marketState(input.symbol);
  const { market } = state;
  const coin = market.config.quote;
  const mode = host.positionMode(owner, coin);
  const settings = host.symbolSettings(owner, input.symbol);
  if (mode === POSITION_MODE.hedge && input.positionSide === null) {
    throw appError('POSITION_SIDE_INVALID', { detail: 'positionSide is required in hedge mode' });
  }
  if (mode === POSITION_MODE.hedge && input.reduceOnly && source === 'user') {
    throw appError('POSITION_SIDE_INVALID', {
      detail: 'hedge mode closes by positionSide, not reduceOnly',
    });
  }
  if (mode === POSITION_MODE.oneWay && input.positionSide !== null && source === 'user') {
    throw appError('POSITION_SIDE_INVALID', { detail: 'positionSide is for hedge mode only' });
  }
  if (input.clientOrderId !== null) {
    for (const o of host.ownerOrders(owner)) {
      if (o.owner === owner && o.clientOrderId === input.clientOrderId) {
        throw appError('CLIENT_ORDER_ID_TAKEN');
      }
    }
  }
  // Which position it acts on, and how much of it opens exposure.
  let positionSide: PositionSide;
  let closable: number;
  if (mode === POSITION_MODE.hedge) {
    positionSide = input.positionSide ?? openingSide(input.side);
    const closing = input.side !== (positionSide === LONG ? 'buy' : 'sell');
    if (closing) {
      const held = host.position(owner, input.symbol, positionSide)?.lots ?? 0;
      closable = held - closingLots(host, owner, input.symbol, positionSide);
      if (input.lots > closable) throw appError('REDUCE_ONLY_WOULD_OPEN');
      closable = input.lots;
    } else {
      closable = 0;
    }
  } else {
    positionSide = openingSide(input.side);
    const against = host.position(owner, input.symbol, positionSide === LONG ? SHORT : LONG);
    closable = against?.lots ?? 0;
    if (input.reduceOnly) {
      if (closable === 0 || input.lots > closable) throw appError('REDUCE_ONLY_WOULD_OPEN');
    }
  }
  const reduceOnly = input.reduceOnly || (mode === POSITION_MODE.hedge && closable > 0);
  const openLots = reduceOnly ? 0 : Math.max(0, input.lots - closable);
  const leverage = positionSide === LONG ? settings.long : settings.short;
  if (openLots > 0 && source !== 'liquidation' && source !== 'adl') {
    const ref =
      input.type === 'limit'
        ? input.priceTicks
        : walkPrice(state, input.side, input.lots) || host.markOf(input.symbol);
    if (ref === 0) throw appError('NO_LIQUIDITY');
    const held = host.position(owner, input.symbol, positionSide);
    const openValue = valueOf(market, ref, openLots);
    const heldValue = held ? valueOf(market, host.markOf(input.symbol) || ref, held.lots) : 0n;
    const pendingValue = host
      .ownerOrders(owner)
      .filter((o) => o.symbol === input.symbol && o.positionSide === positionSide && o.openLots > 0)
      .reduce(
        (s, o) => s + valueOf(market, o.priceTicks, Math.min(o.openLots, o.lots - o.filledLots)),
        0n,
      );
    const total = openValue + heldValue + pendingValue;
    if (leverageCapAt(market, total) < leverage) {
      throw appError('RISK_LIMIT_EXCEEDED', {
        leverage,
        max: fromMinorText(notionalCapOf(market, leverage)),
        coin,
      });
    }
    const required = orderCostOf(
      openValue,
      leverage,
      BigInt(reservedFeePpm(host, owner, market)),
      6,
    );
    const available = availableFor(host, owner, coin);
    if (required > available) {
      throw appError('MARGIN_INSUFFICIENT', {
        required: fromMinorText(required),
        available: fromMinorText(available),
        coin,
      });
    }
  }
  if (input.tp > 0 || input.sl > 0) {
    const ref = input.type === 'limit' ? input.priceTicks : host.markOf(input.symbol);
    const long = positionSide === LONG;
    const tpBad = input.tp > 0 && (long ? input.tp <= ref : input.tp >= ref);
    const slBad = input.sl > 0 && (long ? input.sl >= ref : input.sl <= ref);
    if (tpBad || slBad) throw appError('TPSL_PRICE_INVALID');
  }
  const order: Order = {
    id: host.nextOrderId++,
    owner,
    clientOrderId: input.clientOrderId,
    symbol: input.symbol,
    side: input.side,
    positionSide,
    positionMode: mode,
    reduceOnly,
    type: input.type,
    timeInForce: input.type === 'limit' ? (input.timeInForce ?? 'GTC') : null,
    priceTicks: input.type === 'limit' ? input.priceTicks : 0,
    lots: input.lots,
    filledLots: 0,
    filledValue: 0n,
    openLots,
    leverage,
    marginMode: settings.marginMode,
    realised: 0n,
    fee: 0n,
    status: 'NEW',
    source,
    tp: input.tp,
    sl: input.sl,
    tpslTrigger: input.tpslTrigger,
    createdAt: batch.now,
    updatedAt: batch.now,
  };
  const userNo = host.userNumber(owner);
  const events =
    order.type === 'limit'
      ? state.book.execute({
          type: 'limit',
          orderId: order.id,
          userId: userNo,
          side: order.side,
          price: order.priceTicks,
          quantity: order.lots,
          timeInForce: order.timeInForce ?? 'GTC',
          time: batch.now,
        })
      : state.book.execute({
          type: 'market',
          orderId: order.id,
          userId: userNo,
          side: order.side,
          quantity: order.lots,
          priceLimit: protectedLimit(host, state, order.side, source),
          time: batch.now,
        });
  const first = events[0];
  if (first?.type === 'rejected') {
    host.nextOrderId -= 1;
    if (first.reason === 'POST_ONLY_WOULD_TAKE') throw appError('POST_ONLY_WOULD_TAKE');
    if (first.reason === 'FOK_NOT_FILLABLE') throw appError('FOK_NOT_FILLABLE');
    if (first.reason === 'NO_LIQUIDITY') throw appError('NO_LIQUIDITY');
    throw appError('ORDER_TYPE_INVALID', { detail: first.reason });
  }
  host.addLive(order);
  batch.orders.set(order.id, order);
  if (order.type === 'limit') batch.touched.touch(order.symbol, order.side, order.priceTicks);
  settle(host, state, events, batch);
  return order;
}

export function cancel(
  host: FuturesHostState,
  owner: string,
  orderId: number,
  batch: FuturesBatch,
): FuturesResult {
  const order = liveOrderOf(host, owner, orderId);
  cancelInBook(host, host.marketState(order.symbol), order, batch);
  return { kind: 'order', order };
}

export function cancelAll(
  host: FuturesHostState,
  owner: string,
  symbols: string[],
  batch: FuturesBatch,
): number {
  const wanted = new Set(symbols);
  let count = 0;
  for (const o of host.ownerOrders(owner)) {
    if (o.owner !== owner || !wanted.has(o.symbol)) continue;
    cancelInBook(host, host.marketState(o.symbol), o, batch);
    count += 1;
  }
  return count;
}

export function closeOrder(
  host: FuturesHostState,
  owner: string,
  p: Position,
  type: 'limit' | 'market',
  priceTicks: number,
  lots: number,
  source: FuturesOrderSource,
  batch: FuturesBatch,
): Order {
  const mode = host.positionMode(owner, host.coinOf(p.symbol));
  return place(
    host,
    owner,
    {
      symbol: p.symbol,
      side: p.side === LONG ? 'sell' : 'buy',
      positionSide: mode === POSITION_MODE.hedge ? p.side : null,
      type,
      timeInForce: type === 'limit' ? 'GTC' : null,
      priceTicks,
      lots,
      reduceOnly: mode === POSITION_MODE.oneWay,
      clientOrderId: null,
      tp: 0,
      sl: 0,
      tpslTrigger: 'mark',
    },
    source,
    batch,
  );
}

export function closePosition(
  host: FuturesHostState,
  c: Extract<FuturesCommand, { kind: 'closePosition' }>,
  batch: FuturesBatch,
): FuturesResult {
  const p = host.position(c.owner, c.symbol, c.positionSide);
  if (!p) throw appError('POSITION_NOT_FOUND');
  const free = p.lots - closingLots(host, c.owner, c.symbol, c.positionSide);
  const lots = c.lots > 0 ? c.lots : free;
  if (lots <= 0 || lots > free) throw appError('REDUCE_ONLY_WOULD_OPEN');
  return {
    kind: 'order',
    order: closeOrder(host, c.owner, p, c.type, c.priceTicks, lots, 'user', batch),
  };
}

export function closeAll(
  host: FuturesHostState,
  owner: string,
  symbols: string[],
  batch: FuturesBatch,
): number {
  const wanted = new Set(symbols);
  // Closing orders resting in the book would hold the size: they go first.
  for (const o of host.ownerOrders(owner)) {
    if (o.owner === owner && wanted.has(o.symbol) && o.reduceOnly) {
      cancelInBook(host, host.marketState(o.symbol), o, batch);
    }
  }
  let count = 0;
  for (const p of host.ownerPositions(owner)) {
    if (!wanted.has(p.symbol)) continue;
    try {
      closeOrder(host, owner, p, 'market', 0, p.lots, 'user', batch);
      count += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return count;
}
