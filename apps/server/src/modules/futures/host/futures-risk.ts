/**
 * Risk figures of an owner, in minor units of the settlement coin, from
 * core's exact maths: what open orders hold, the cross positions' PnL and
 * margins at the mark, what a new order may use, what may leave the wallet,
 * what may leave an isolated position.
 */
import {
  MARGIN_MODE,
  crossFiguresOf,
  freeMarginOf,
  initialMarginOf,
  orderCostOf,
  removableMarginOf,
  type CrossFigures,
  type CrossLeg,
} from '@quay/core';
import { maintenanceAt, pnlAt, valueOf, walletOf, type Position } from '../futures-state';
import type { FuturesHostState } from './futures-host-state';
import type { PerpMarket } from '../perp-markets';

/**
 * The opening fee an order holds, in parts per million: the owner's taker
 * rate (a fill may take), never below zero.
 */
export function reservedFeePpm(host: FuturesHostState, owner: string, market: PerpMarket): number {
  return Math.max(0, host.feePpmOf(owner, market, 'taker'));
}

/** Margin and opening fee held by an owner's open orders in one coin. */
export function orderMargin(host: FuturesHostState, owner: string, coin: string): bigint {
  let sum = 0n;
  for (const o of host.ownerOrders(owner)) {
    if (o.owner !== owner || o.openLots === 0) continue;
    const market = host.marketState(o.symbol).market;
    if (market.config.quote !== coin) continue;
    const lots = Math.min(o.openLots, o.lots - o.filledLots);
    const value = valueOf(market, o.priceTicks, lots);
    sum += orderCostOf(value, o.leverage, BigInt(reservedFeePpm(host, owner, market)), 6);
  }
  return sum;
}

/** An owner's cross positions in one coin at the mark (at the entry while a market has none). */
function crossLegs(host: FuturesHostState, owner: string, coin: string): CrossLeg[] {
  const legs: CrossLeg[] = [];
  for (const p of host.ownerPositions(owner, coin)) {
    if (p.marginMode !== MARGIN_MODE.cross) continue;
    const market = host.marketState(p.symbol).market;
    const mark =
      host.markOf(p.symbol) || Number(p.cost / (BigInt(p.lots) * market.scale.quotePerTickLot));
    legs.push({
      side: p.side,
      value: valueOf(market, mark, p.lots),
      cost: p.cost,
      leverage: p.leverage,
      maintenance: maintenanceAt(market, p.lots, mark),
    });
  }
  return legs;
}

/** The cross figures of an owner in one coin: unrealised PnL, initial and maintenance margin at the mark. */
export function crossFigures(host: FuturesHostState, owner: string, coin: string): CrossFigures {
  return crossFiguresOf(crossLegs(host, owner, coin));
}

/** What a new order may use: cross wallet + cross PnL - cross initial margin - order margin. */
export function availableFor(host: FuturesHostState, owner: string, coin: string): bigint {
  const w = host.wallet(walletOf(owner), coin);
  return freeMarginOf(w.available, crossFigures(host, owner, coin), orderMargin(host, owner, coin));
}

/** What may leave the futures wallet now: as availableFor, but a gain not yet realised does not count. */
export function transferable(host: FuturesHostState, owner: string, coin: string): bigint {
  const w = host.wallet(walletOf(owner), coin);
  const cross = crossFigures(host, owner, coin);
  return freeMarginOf(w.available, cross, orderMargin(host, owner, coin), false);
}

/** Most that can leave an isolated position: what keeps margin + PnL at the initial margin at the mark. */
export function removableMargin(host: FuturesHostState, p: Position): bigint {
  const market = host.marketState(p.symbol).market;
  const mark = host.markOf(p.symbol);
  const upnl = mark ? pnlAt(market, p, mark) : 0n;
  return removableMarginOf(
    p.margin,
    upnl,
    initialMarginOf(valueOf(market, mark || 1, p.lots), p.leverage),
  );
}
