/**
 * Liquidation, the protection fund and auto-deleveraging: positions whose
 * margin reached maintenance pass to the fund at the mark; the fund closes
 * them in the book on the next tick, and what neither the fund nor the book
 * can bear is deleveraged against the most profitable opposite positions.
 */
import {
  MARGIN_MODE,
  POSITION_MODE,
  atMaintenance,
  type FuturesOrderSource,
  type PositionSide,
} from '@quay/core';
import { AppError } from '../../../kernel/app-error';
import {
  LONG,
  PROTECTION_FUND,
  SHORT,
  maintenanceAt,
  pnlAt,
  valueOf,
  walletOf,
  type Order,
  type Position,
} from '../futures-state';
import type { FuturesBatch } from './futures-batch';
import type { FuturesHostState } from './futures-host-state';
import { closeLots, afterClose, cancelInBook } from './futures-fills';
import { place } from './futures-orders';
import { crossFigures } from './futures-risk';

export function checkLiquidations(host: FuturesHostState, batch: FuturesBatch): void {
  const crossOwners = new Map<string, Set<string>>();
  for (const p of [...host.positions.values()]) {
    if (p.lots === 0 || p.owner === PROTECTION_FUND) continue;
    const state = host.marketState(p.symbol);
    if (!state.markTicks) continue;
    if (p.marginMode === MARGIN_MODE.isolated) {
      const equity = p.margin + pnlAt(state.market, p, state.markTicks);
      if (atMaintenance(equity, maintenanceAt(state.market, p.lots, state.markTicks))) {
        liquidate(host, p.owner, [p], batch);
      }
    } else {
      const coin = state.market.config.quote;
      let set = crossOwners.get(p.owner);
      if (!set) crossOwners.set(p.owner, (set = new Set()));
      set.add(coin);
    }
  }
  for (const [owner, coins] of crossOwners) {
    for (const coin of coins) {
      const cross = crossFigures(host, owner, coin);
      const equity = host.wallet(walletOf(owner), coin).available + cross.upnl;
      if (atMaintenance(equity, cross.mm)) {
        const positions = host
          .ownerPositions(owner, coin)
          .filter((p) => p.marginMode === MARGIN_MODE.cross);
        liquidate(host, owner, positions, batch);
      }
    }
  }
}

/**
 * Takes over positions whose margin reached maintenance: the owner's
 * orders in those markets are cancelled, each position passes to the
 * protection fund at the mark, and what the owner's margin then holds
 * goes to the fund (or the fund pays what it lacks), so the owner ends
 * at zero, as if taken over at the bankruptcy price. When the fund cannot
 * pay, the positions are deleveraged against the most profitable opposite
 * positions at the price that covers the shortfall.
 */
function liquidate(
  host: FuturesHostState,
  owner: string,
  positions: Position[],
  batch: FuturesBatch,
): void {
  if (positions.length === 0) return;
  const first = positions[0] as Position;
  const coin = host.coinOf(first.symbol);
  const account = walletOf(owner);
  clearOrdersAndPlans(host, owner, new Set(positions.map((p) => p.symbol)), batch);
  const isolated = first.marginMode === MARGIN_MODE.isolated;
  // What the owner holds for these positions before the takeover.
  const held = isolated ? first.margin : host.wallet(account, coin).available;
  const taken = takeOver(host, owner, positions, 'liquidation', batch);
  const equity = held + taken.pnl;
  const fundRef = `liq:${first.symbol}:${batch.now}:${owner}`;
  if (equity >= 0n) {
    if (equity > 0n) {
      host.post(batch, fundRef, 'fund_inflow', [
        { userId: account, coin, bucket: 'available', amount: -equity },
        { userId: PROTECTION_FUND, coin, bucket: 'available', amount: equity },
      ]);
    }
  } else {
    const shortfall = -equity;
    const fund = host.wallet(PROTECTION_FUND, coin).available;
    if (fund < shortfall) {
      // Not enough in the fund: the taken positions are deleveraged at the price that covers it.
      deleverage(host, taken.legs, shortfall - fund, batch);
    }
    const left = host.wallet(PROTECTION_FUND, coin).available;
    const pay = shortfall <= left ? shortfall : left;
    if (pay > 0n) {
      host.post(batch, fundRef, 'fund_payout', [
        { userId: PROTECTION_FUND, coin, bucket: 'available', amount: -pay },
        { userId: account, coin, bucket: 'available', amount: pay },
      ]);
    }
  }
  host.coverShortfall(owner, coin, first.symbol, batch);
}

/** Cancels an owner's orders and waiting plans in some markets. */
export function clearOrdersAndPlans(
  host: FuturesHostState,
  owner: string,
  symbols: Set<string>,
  batch: FuturesBatch,
): void {
  for (const o of host.ownerOrders(owner)) {
    if (o.owner === owner && symbols.has(o.symbol))
      cancelInBook(host, host.marketState(o.symbol), o, batch);
  }
  for (const plan of [...host.plans.values()]) {
    if (plan.owner === owner && symbols.has(plan.symbol)) {
      host.plans.delete(plan.id);
      plan.status = 'CANCELED';
      plan.updatedAt = batch.now;
      batch.plans.set(plan.id, plan);
    }
  }
}

/**
 * The protection fund takes positions over at the mark: the owner's close
 * realises its PnL, the fund holds the same exposure at the mark's value
 * and closes it in the book on the next tick.
 */
export function takeOver(
  host: FuturesHostState,
  owner: string,
  positions: Position[],
  source: FuturesOrderSource,
  batch: FuturesBatch,
): {
  pnl: bigint;
  legs: Array<{ lots: number; side: PositionSide; mark: number; symbol: string }>;
} {
  let total = 0n;
  const legs: Array<{ lots: number; side: PositionSide; mark: number; symbol: string }> = [];
  for (const p of positions) {
    const state = host.marketState(p.symbol);
    const mark = state.markTicks || state.lastTicks;
    if (!mark) continue;
    const lots = p.lots;
    const side = p.side;
    const order = systemOrder(host, owner, p, lots, mark, source, batch);
    const pnl = closeLots(
      host,
      state.market,
      p,
      lots,
      mark,
      batch,
      `${source === 'liquidation' ? 'liq' : 'reset'}:${order.id}`,
    );
    order.realised = pnl;
    total += pnl;
    recordFill(host, order, 'taker', mark, lots, pnl, batch);
    afterClose(host, owner, p.symbol, side, batch, 0);
    const fp = host.ensurePosition(PROTECTION_FUND, p.symbol, side, batch.now);
    if (fp.lots === 0) {
      fp.marginMode = MARGIN_MODE.cross;
      fp.leverage = 1;
    }
    fp.lots += lots;
    fp.openedLots += lots;
    fp.cost += valueOf(state.market, mark, lots);
    fp.updatedAt = batch.now;
    batch.positions.set(fp.id, fp);
    const fundOrder = systemOrder(
      host,
      PROTECTION_FUND,
      { ...p, side: side === LONG ? SHORT : LONG },
      lots,
      mark,
      source,
      batch,
    );
    recordFill(host, fundOrder, 'maker', mark, lots, 0n, batch);
    legs.push({ lots, side, mark, symbol: p.symbol });
  }
  return { pnl: total, legs };
}

/** A FILLED order of the exchange's making (liquidation, ADL) in the owner's history. */
function systemOrder(
  host: FuturesHostState,
  owner: string,
  p: Position,
  lots: number,
  price: number,
  source: FuturesOrderSource,
  batch: FuturesBatch,
): Order {
  const market = host.marketState(p.symbol).market;
  const order: Order = {
    id: host.nextOrderId++,
    owner,
    clientOrderId: null,
    symbol: p.symbol,
    side: p.side === LONG ? 'sell' : 'buy',
    positionSide: p.side,
    positionMode: host.positionMode(owner, market.config.quote),
    reduceOnly: true,
    type: 'market',
    timeInForce: null,
    priceTicks: 0,
    lots,
    filledLots: lots,
    filledValue: valueOf(market, price, lots),
    openLots: 0,
    leverage: p.leverage,
    marginMode: p.marginMode,
    realised: 0n,
    fee: 0n,
    status: 'FILLED',
    source,
    tp: 0,
    sl: 0,
    tpslTrigger: 'mark',
    createdAt: batch.now,
    updatedAt: batch.now,
  };
  batch.orders.set(order.id, order);
  return order;
}

function recordFill(
  host: FuturesHostState,
  order: Order,
  role: 'maker' | 'taker',
  price: number,
  lots: number,
  realised: bigint,
  batch: FuturesBatch,
): void {
  batch.fills.push({
    id: host.nextFillId++,
    owner: order.owner,
    orderId: order.id,
    symbol: order.symbol,
    side: order.side,
    positionSide: order.positionSide,
    role,
    priceTicks: price,
    lots,
    realised,
    fee: 0n,
    time: batch.now,
  });
}

/**
 * Auto-deleveraging: the fund's just-taken positions close against the
 * most profitable opposite positions (profit on margin, times leverage)
 * at a price that earns the fund `needed`, so a shortfall the fund cannot
 * pay is borne by those who gained on the other side.
 */
function deleverage(
  host: FuturesHostState,
  taken: Array<{ lots: number; side: PositionSide; mark: number; symbol: string }>,
  needed: bigint,
  batch: FuturesBatch,
): void {
  let left = needed;
  for (const t of taken) {
    if (left <= 0n) break;
    const market = host.marketState(t.symbol).market;
    const fp = host.position(PROTECTION_FUND, t.symbol, t.side);
    if (!fp) continue;
    // The fund gains `left` closing all it holds at this price (long: above the entry value).
    const unit = market.scale.quotePerTickLot * BigInt(fp.lots);
    const shift = (left + unit - 1n) / unit;
    const avg = fp.cost / unit;
    const price = t.side === LONG ? avg + shift : avg - shift;
    const before = host.wallet(PROTECTION_FUND, market.config.quote).available;
    deleverageAt(host, fp, Number(price > 0n ? price : 1n), batch);
    left -= host.wallet(PROTECTION_FUND, market.config.quote).available - before;
  }
}

/** The fund closes what it took over in the book; what the book cannot take is deleveraged at the fund's bankruptcy price. */
export function closeFundPositions(host: FuturesHostState, batch: FuturesBatch): void {
  for (const fp of [...host.positions.values()]) {
    if (fp.owner !== PROTECTION_FUND || fp.lots === 0) continue;
    const state = host.marketState(fp.symbol);
    const { market } = state;
    const coin = market.config.quote;
    // The worst price the fund can afford: its whole balance lost on this close.
    const fund = host.wallet(PROTECTION_FUND, coin).available;
    const unit = market.scale.quotePerTickLot * BigInt(fp.lots);
    const avg = fp.cost / (BigInt(fp.lots) * market.scale.quotePerTickLot);
    const room = fund / unit;
    const limit = Number(fp.side === LONG ? (avg - room > 0n ? avg - room : 1n) : avg + room);
    const lots = fp.lots;
    let order: Order | null = null;
    try {
      order = place(
        host,
        PROTECTION_FUND,
        {
          symbol: fp.symbol,
          side: fp.side === LONG ? 'sell' : 'buy',
          positionSide:
            host.positionMode(PROTECTION_FUND, coin) === POSITION_MODE.hedge ? fp.side : null,
          type: 'limit',
          timeInForce: 'IOC',
          priceTicks: limit,
          lots,
          reduceOnly: host.positionMode(PROTECTION_FUND, coin) === POSITION_MODE.oneWay,
          clientOrderId: null,
          tp: 0,
          sl: 0,
          tpslTrigger: 'mark',
        },
        'liquidation',
        batch,
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
    void order;
    const rest = host.position(PROTECTION_FUND, fp.symbol, fp.side);
    if (rest && rest.lots > 0 && state.markTicks) deleverageAt(host, rest, limit, batch);
  }
}

/**
 * Auto-deleveraging: the fund's position closes against the most
 * profitable opposite positions (PnL on entry value, times leverage) at
 * `price`, so what the fund cannot bear is borne by those who gained on
 * the other side.
 */
function deleverageAt(
  host: FuturesHostState,
  fp: Position,
  price: number,
  batch: FuturesBatch,
): void {
  const state = host.marketState(fp.symbol);
  const { market } = state;
  const opposite: PositionSide = fp.side === LONG ? SHORT : LONG;
  const ranked = [...host.positions.values()]
    .filter(
      (p) =>
        p.symbol === fp.symbol && p.side === opposite && p.lots > 0 && p.owner !== PROTECTION_FUND,
    )
    .sort((a, b) => {
      const sa =
        (pnlAt(market, a, state.markTicks) * BigInt(a.leverage) * 1_000_000n) / (a.cost || 1n);
      const sb =
        (pnlAt(market, b, state.markTicks) * BigInt(b.leverage) * 1_000_000n) / (b.cost || 1n);
      return sa > sb ? -1 : sa < sb ? 1 : 0;
    });
  for (const p of ranked) {
    if (fp.lots === 0) break;
    const q = Math.min(fp.lots, p.lots);
    const order = systemOrder(host, p.owner, p, q, price, 'adl', batch);
    order.realised = closeLots(host, market, p, q, price, batch, `adl:${order.id}`);
    recordFill(host, order, 'maker', price, q, order.realised, batch);
    host.coverShortfall(p.owner, market.config.quote, fp.symbol, batch);
    afterClose(host, p.owner, fp.symbol, p.side, batch, 0);
    const fundOrder = systemOrder(host, PROTECTION_FUND, fp, q, price, 'adl', batch);
    fundOrder.realised = closeLots(host, market, fp, q, price, batch, `adl-fund:${order.id}`);
    recordFill(host, fundOrder, 'taker', price, q, fundOrder.realised, batch);
  }
  host.coverShortfall(PROTECTION_FUND, market.config.quote, fp.symbol, batch);
}
