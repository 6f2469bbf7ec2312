/** An owner's settings per market and coin: leverage, margin mode, position mode; and an isolated position's margin. */
import { MARGIN_MODE, type PositionSide } from '@quay/core';
import { appError } from '../../../kernel/app-error';
import {
  LONG,
  SHORT,
  fromMinorText,
  leverageCapAt,
  toDoc,
  valueOf,
  walletOf,
} from '../futures-state';
import type { FuturesBatch } from './futures-batch';
import type { FuturesCommand, FuturesResult } from './futures-commands';
import type { FuturesHostState } from './futures-host-state';
import { availableFor, removableMargin } from './futures-risk';

export function setLeverage(
  host: FuturesHostState,
  c: Extract<FuturesCommand, { kind: 'leverage' }>,
  batch: FuturesBatch,
): FuturesResult {
  const state = host.marketState(c.symbol);
  const { market } = state;
  const s = { ...host.symbolSettings(c.owner, c.symbol) };
  const sides: PositionSide[] = c.positionSide ? [c.positionSide] : [LONG, SHORT];
  for (const side of sides) {
    const held = host.position(c.owner, c.symbol, side);
    const notional = held ? valueOf(market, host.markOf(c.symbol) || 1, held.lots) : 0n;
    const cap = leverageCapAt(market, notional);
    if (!Number.isInteger(c.leverage) || c.leverage < 1 || c.leverage > cap) {
      throw appError('LEVERAGE_INVALID', { max: cap });
    }
  }
  for (const side of sides) {
    if (side === LONG) s.long = c.leverage;
    else s.short = c.leverage;
    const held = host.position(c.owner, c.symbol, side);
    if (held) {
      held.leverage = c.leverage;
      held.updatedAt = batch.now;
      batch.positions.set(held.id, held);
    }
  }
  if (!c.positionSide) s.short = s.long = c.leverage;
  host.saveSettings(c.owner, c.symbol, s, batch);
  return { kind: 'done' };
}

export function setMarginMode(
  host: FuturesHostState,
  c: Extract<FuturesCommand, { kind: 'marginMode' }>,
  batch: FuturesBatch,
): FuturesResult {
  const s = { ...host.symbolSettings(c.owner, c.symbol) };
  if (s.marginMode === c.marginMode) return { kind: 'done' };
  const busy =
    host.ownerPositions(c.owner).some((p) => p.symbol === c.symbol) ||
    host.ownerOrders(c.owner).some((o) => o.symbol === c.symbol);
  if (busy) throw appError('MARGIN_MODE_LOCKED');
  s.marginMode = c.marginMode;
  host.saveSettings(c.owner, c.symbol, s, batch);
  return { kind: 'done' };
}

export function setPositionMode(
  host: FuturesHostState,
  c: Extract<FuturesCommand, { kind: 'positionMode' }>,
  batch: FuturesBatch,
): FuturesResult {
  if (host.positionMode(c.owner, c.coin) === c.positionMode) return { kind: 'done' };
  const symbols = new Set(c.symbols);
  const busy =
    host.ownerPositions(c.owner).some((p) => symbols.has(p.symbol)) ||
    host.ownerOrders(c.owner).some((o) => symbols.has(o.symbol)) ||
    host.ownerPlans(c.owner).some((p) => symbols.has(p.symbol));
  if (busy) throw appError('POSITION_MODE_LOCKED');
  const key = `${c.owner}|${c.coin}`;
  host.modes.set(key, c.positionMode);
  batch.settings.set(key, {
    id: key,
    user_id: c.owner,
    data: toDoc({ key, mode: c.positionMode }),
  });
  batch.owners.add(c.owner);
  return { kind: 'done' };
}

export function adjustMargin(
  host: FuturesHostState,
  c: Extract<FuturesCommand, { kind: 'adjustMargin' }>,
  batch: FuturesBatch,
): FuturesResult {
  const p = host.position(c.owner, c.symbol, c.positionSide);
  if (!p || p.marginMode !== MARGIN_MODE.isolated) throw appError('POSITION_NOT_FOUND');
  const coin = host.coinOf(c.symbol);
  const account = walletOf(c.owner);
  if (c.add) {
    const available = availableFor(host, c.owner, coin);
    if (c.amount > available) {
      throw appError('MARGIN_INSUFFICIENT', {
        required: fromMinorText(c.amount),
        available: fromMinorText(available),
        coin,
      });
    }
  } else {
    const max = removableMargin(host, p);
    if (c.amount > max) throw appError('MARGIN_REDUCE_TOO_MUCH', { max: fromMinorText(max), coin });
  }
  const signed = c.add ? c.amount : -c.amount;
  p.margin += signed;
  p.updatedAt = batch.now;
  batch.positions.set(p.id, p);
  host.post(batch, `margin:${c.symbol}:${batch.now}:${c.owner}:${host.nextFillId}`, 'margin', [
    { userId: account, coin, bucket: 'available', amount: -signed },
    { userId: account, coin, bucket: 'frozen', amount: signed },
  ]);
  return { kind: 'done' };
}
