/**
 * Risk figures of an owner, in minor units of the settlement coin: what open
 * orders hold, the cross positions' PnL and margins at the mark, what a new
 * order may use, what may leave the wallet, what may leave an isolated
 * position.
 */
import { MARGIN_MODE } from '@quay/core';
import { feeOf } from '../../../kernel/money';
import {
  initialOf,
  maintenanceAt,
  pnlAt,
  valueOf,
  walletOf,
  type Position,
} from '../futures-state';
import type { FuturesHostState } from './futures-host-state';

/** Margin and opening fee held by an owner's open orders in one coin. */
export function orderMargin(host: FuturesHostState, owner: string, coin: string): bigint {
  let sum = 0n;
  for (const o of host.ownerOrders(owner)) {
    if (o.owner !== owner || o.openLots === 0) continue;
    const market = host.marketState(o.symbol).market;
    if (market.config.quote !== coin) continue;
    const lots = Math.min(o.openLots, o.lots - o.filledLots);
    const value = valueOf(market, o.priceTicks, lots);
    sum += initialOf(value, o.leverage) + feeOf(value, market.config.takerFee_bps);
  }
  return sum;
}

/** The cross figures of an owner in one coin: unrealised PnL, initial and maintenance margin at the mark. */
export function crossFigures(
  host: FuturesHostState,
  owner: string,
  coin: string,
): { upnl: bigint; im: bigint; mm: bigint } {
  let upnl = 0n;
  let im = 0n;
  let mm = 0n;
  for (const p of host.ownerPositions(owner, coin)) {
    if (p.marginMode !== MARGIN_MODE.cross) continue;
    const market = host.marketState(p.symbol).market;
    const mark =
      host.markOf(p.symbol) || Number(p.cost / (BigInt(p.lots) * market.scale.quotePerTickLot));
    upnl += pnlAt(market, p, mark);
    im += initialOf(valueOf(market, mark, p.lots), p.leverage);
    mm += maintenanceAt(market, p.lots, mark);
  }
  return { upnl, im, mm };
}

/** What a new order may use: cross wallet + cross PnL - cross initial margin - order margin. */
export function availableFor(host: FuturesHostState, owner: string, coin: string): bigint {
  const w = host.wallet(walletOf(owner), coin);
  const cross = crossFigures(host, owner, coin);
  const free = w.available + cross.upnl - cross.im - orderMargin(host, owner, coin);
  return free > 0n ? free : 0n;
}

/** What may leave the futures wallet now: as availableFor, but a gain not yet realised does not count. */
export function transferable(host: FuturesHostState, owner: string, coin: string): bigint {
  const w = host.wallet(walletOf(owner), coin);
  const cross = crossFigures(host, owner, coin);
  const loss = cross.upnl < 0n ? cross.upnl : 0n;
  const free = w.available + loss - cross.im - orderMargin(host, owner, coin);
  return free > 0n ? free : 0n;
}

/** Most that can leave an isolated position: what keeps margin + PnL at the initial margin at the mark. */
export function removableMargin(host: FuturesHostState, p: Position): bigint {
  const market = host.marketState(p.symbol).market;
  const mark = host.markOf(p.symbol);
  const upnl = mark ? pnlAt(market, p, mark) : 0n;
  const im = initialOf(valueOf(market, mark || 1, p.lots), p.leverage);
  const loss = upnl < 0n ? upnl : 0n;
  const max = p.margin + loss - im;
  return max > 0n ? (max < p.margin ? max : p.margin) : 0n;
}
