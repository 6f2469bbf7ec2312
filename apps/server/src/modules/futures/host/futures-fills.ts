/**
 * Settling what a book did: each fill closes and opens positions on both
 * sides, realises PnL through '@clearing', charges fees and isolated margin,
 * and records the fill and the trade; a position closed in full takes its
 * closing orders with it.
 */
import type { EngineEvent } from '@quay/engine';
import {
  ERRORS,
  MARGIN_MODE,
  POSITION_MODE,
  closeOf,
  initialMarginOf,
  type PositionSide,
} from '@quay/core';
import { FEE_ACCOUNT, type Leg } from '../../../kernel/journal';
import { feeAt } from '../../../kernel/fee-rates';
import type { PerpMarket } from '../perp-markets';
import {
  CLEARING_ACCOUNT,
  LONG,
  PROTECTION_FUND,
  SHORT,
  fromMinorText,
  openingSide,
  positionKey,
  valueOf,
  walletOf,
  type Order,
  type Position,
} from '../futures-state';
import type { FuturesBatch } from './futures-batch';
import type { FuturesHostState, MarketState } from './futures-host-state';

export function settle(
  host: FuturesHostState,
  state: MarketState,
  events: EngineEvent[],
  batch: FuturesBatch,
): void {
  for (const event of events) {
    if (event.type === 'fill') {
      const maker = host.live.get(event.makerOrderId);
      const taker = host.live.get(event.takerOrderId);
      if (!maker || !taker)
        throw new Error(
          `fill of unknown futures order ${event.makerOrderId}/${event.takerOrderId}`,
        );
      batch.touched.touch(state.market.config.symbol, maker.side, event.price);
      // A maker's rebate is paid out of the taker's fee on the same fill, never more.
      const value = valueOf(state.market, event.price, event.quantity);
      const takerFee = feeOfOrder(host, state.market, taker, 'taker', value, 0n);
      const makerFee = feeOfOrder(host, state.market, maker, 'maker', value, takerFee);
      fillOrder(host, state, maker, 'maker', event.price, event.quantity, makerFee, batch);
      fillOrder(host, state, taker, 'taker', event.price, event.quantity, takerFee, batch);
      state.lastTicks = event.price;
      const id = batch.trades.length;
      batch.trades.push({
        id: `${batch.now}-${event.takerOrderId}-${id}`,
        symbol: state.market.config.symbol,
        price: host.priceText(state.market, event.price),
        quantity: host.lotsText(state.market, event.quantity),
        quoteQuantity: fromMinorText(valueOf(state.market, event.price, event.quantity)),
        side: event.takerSide,
        time: batch.now,
      });
    } else if (event.type === 'cancelled' || event.type === 'done') {
      const order = host.live.get(event.orderId);
      if (!order) continue;
      if (event.type === 'cancelled') {
        order.status = order.filledLots > 0 ? 'PARTIALLY_CANCELED' : 'CANCELED';
        if (event.reason === 'PRICE_PROTECTION') order.cancelReason = event.reason;
        if (order.type === 'limit') batch.touched.touch(order.symbol, order.side, order.priceTicks);
      } else if (order.filledLots === order.lots) {
        order.status = 'FILLED';
      } else if (order.status === 'NEW' || order.status === 'PARTIALLY_FILLED') {
        order.status = order.filledLots > 0 ? 'PARTIALLY_CANCELED' : 'CANCELED';
      }
      host.dropLive(order);
      order.updatedAt = batch.now;
      batch.orders.set(order.id, order);
    }
  }
}

/**
 * The fee of one side at its owner's tier rate (kernel/fee-rates.ts); the
 * exchange's own accounts and the simulators' pay none. A rebate (negative)
 * is at most `rebateLimit`.
 */
function feeOfOrder(
  host: FuturesHostState,
  market: PerpMarket,
  order: Order,
  role: 'maker' | 'taker',
  value: bigint,
  rebateLimit: bigint,
): bigint {
  if (order.owner === PROTECTION_FUND) return 0n;
  const fee = feeAt(value, host.feePpmOf(order.owner, market, role));
  return fee < 0n && -fee > rebateLimit ? -rebateLimit : fee;
}

/** One side of a fill: the position closes and opens, PnL and fee (or rebate) are posted. */
function fillOrder(
  host: FuturesHostState,
  state: MarketState,
  order: Order,
  role: 'maker' | 'taker',
  price: number,
  lots: number,
  fee: bigint,
  batch: FuturesBatch,
): void {
  const { market } = state;
  const coin = market.config.quote;
  const account = walletOf(order.owner);
  let realised = 0n;
  let left = lots;
  // Closing first: the position this direction lowers.
  const closeSide: PositionSide =
    order.positionMode === POSITION_MODE.hedge
      ? order.positionSide
      : order.side === 'buy'
        ? SHORT
        : LONG;
  const closes =
    order.positionMode === POSITION_MODE.hedge
      ? order.side !== (order.positionSide === LONG ? 'buy' : 'sell')
      : true;
  if (closes) {
    const held = host.position(order.owner, order.symbol, closeSide);
    if (held) {
      const q = Math.min(left, held.lots);
      realised += closeLots(
        host,
        market,
        held,
        q,
        price,
        batch,
        `fill:${order.symbol}:${host.nextFillId}`,
      );
      left -= q;
    }
  }
  if (left > 0 && !(order.reduceOnly && order.positionMode === POSITION_MODE.oneWay)) {
    const openSide = openingSide(order.side);
    const p = host.ensurePosition(order.owner, order.symbol, openSide, batch.now);
    if (p.lots === 0) {
      const s = host.symbolSettings(order.owner, order.symbol);
      p.marginMode = s.marginMode;
      p.leverage = openSide === LONG ? s.long : s.short;
      p.createdAt = batch.now;
      p.openedLots = 0;
      p.closedLots = 0;
      p.realised = 0n;
    }
    const value = valueOf(market, price, left);
    p.lots += left;
    p.cost += value;
    p.openedLots += left;
    p.updatedAt = batch.now;
    if (order.tp > 0) p.tp = order.tp;
    if (order.sl > 0) p.sl = order.sl;
    if (order.tp > 0 || order.sl > 0) p.tpslTrigger = order.tpslTrigger;
    if (p.marginMode === MARGIN_MODE.isolated && order.owner !== PROTECTION_FUND) {
      const w = host.wallet(account, coin);
      let margin = initialMarginOf(value, p.leverage);
      if (margin > w.available) margin = w.available > 0n ? w.available : 0n;
      if (margin > 0n) {
        p.margin += margin;
        host.post(batch, `margin:${order.symbol}:${host.nextFillId}:${order.owner}`, 'margin', [
          { userId: account, coin, bucket: 'available', amount: -margin },
          { userId: account, coin, bucket: 'frozen', amount: margin },
        ]);
      }
    }
    batch.positions.set(p.id, p);
    if (order.openLots > 0) order.openLots = Math.max(0, order.openLots - left);
  } else if (left > 0) {
    // A reduce-only order never opens: the rest of it goes.
    left = 0;
  }
  // The fee, on the whole fill.
  const value = valueOf(market, price, lots);
  if (fee !== 0n) {
    host.post(batch, `fee:${order.symbol}:${host.nextFillId}:${role}`, 'fee', [
      { userId: account, coin, bucket: 'available', amount: -fee },
      { userId: FEE_ACCOUNT, coin, bucket: 'available', amount: fee },
    ]);
    const p = host.positions.get(
      positionKey(
        order.owner,
        order.symbol,
        closes && realised !== 0n ? closeSide : openingSide(order.side),
      ),
    );
    if (p) {
      p.realised -= fee;
      batch.positions.set(p.id, p);
    }
  }
  host.coverShortfall(order.owner, coin, order.symbol, batch);
  order.filledLots += lots;
  order.filledValue += value;
  order.realised += realised;
  order.fee += fee;
  order.status = order.filledLots === order.lots ? 'FILLED' : 'PARTIALLY_FILLED';
  order.updatedAt = batch.now;
  batch.orders.set(order.id, order);
  batch.fills.push({
    id: host.nextFillId++,
    owner: order.owner,
    orderId: order.id,
    symbol: order.symbol,
    side: order.side,
    positionSide: closes && realised !== 0n ? closeSide : order.positionSide,
    role,
    priceTicks: price,
    lots,
    realised,
    fee,
    time: batch.now,
  });
  if (order.status === 'FILLED') host.dropLive(order);
  // A position closed in full takes its closing orders and triggers with it.
  if (closes) afterClose(host, order.owner, order.symbol, closeSide, batch, order.id);
}

/** Closes `lots` of a position at `price`: realised PnL through '@clearing', isolated margin released. */
export function closeLots(
  host: FuturesHostState,
  market: PerpMarket,
  p: Position,
  lots: number,
  price: number,
  batch: FuturesBatch,
  ref: string,
): bigint {
  const coin = market.config.quote;
  const account = walletOf(p.owner);
  const {
    pnl,
    cost: costPart,
    margin: marginPart,
  } = closeOf(p, lots, valueOf(market, price, lots));
  p.cost -= costPart;
  p.margin -= marginPart;
  p.lots -= lots;
  p.closedLots += lots;
  p.realised += pnl;
  p.updatedAt = batch.now;
  if (p.lots === 0) {
    p.tp = 0;
    p.sl = 0;
  }
  batch.positions.set(p.id, p);
  const legs: Leg[] = [
    { userId: CLEARING_ACCOUNT, coin, bucket: 'available', amount: -pnl },
    { userId: account, coin, bucket: 'available', amount: pnl },
  ];
  if (marginPart > 0n) {
    legs.push(
      { userId: account, coin, bucket: 'frozen', amount: -marginPart },
      { userId: account, coin, bucket: 'available', amount: marginPart },
    );
  }
  host.post(batch, `pnl:${p.symbol}:${ref}:${p.owner}`, 'realised_pnl', legs);
  return pnl;
}

export function afterClose(
  host: FuturesHostState,
  owner: string,
  symbol: string,
  side: PositionSide,
  batch: FuturesBatch,
  except: number,
): void {
  if (host.position(owner, symbol, side)) return;
  const state = host.marketState(symbol);
  for (const o of host.ownerOrders(owner)) {
    if (o.id === except || o.owner !== owner || o.symbol !== symbol || !o.reduceOnly) continue;
    if (o.positionMode === POSITION_MODE.hedge && o.positionSide !== side) continue;
    cancelInBook(host, state, o, batch);
  }
  // Plans that could only lower it (trigger orders, trailing stops) go too: the
  // push and the history say why, with the code of a position that is not there.
  const closing = side === LONG ? 'sell' : 'buy';
  for (const plan of [...host.plans.values()]) {
    if (plan.owner !== owner || plan.symbol !== symbol || plan.side !== closing) continue;
    const hedged = plan.positionSide !== 0;
    if (hedged ? plan.positionSide !== side : !plan.reduceOnly) continue;
    host.plans.delete(plan.id);
    plan.status = 'CANCELED';
    plan.failCode = ERRORS.POSITION_NOT_FOUND.code;
    plan.updatedAt = batch.now;
    batch.plans.set(plan.id, plan);
  }
}

export function cancelInBook(
  host: FuturesHostState,
  state: MarketState,
  order: Order,
  batch: FuturesBatch,
): void {
  const events = state.book.execute({
    type: 'cancel',
    orderId: order.id,
    userId: host.userNumber(order.owner),
    time: batch.now,
  });
  settle(host, state, events, batch);
  if (host.live.has(order.id)) {
    host.dropLive(order);
    order.status = order.filledLots > 0 ? 'PARTIALLY_CANCELED' : 'CANCELED';
    order.updatedAt = batch.now;
    batch.orders.set(order.id, order);
  }
}
