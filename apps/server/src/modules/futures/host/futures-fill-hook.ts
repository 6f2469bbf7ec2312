/**
 * A hook other modules may set on the futures host to act on fills in the
 * batch that made them (copy trading): before each command it may look at
 * the state, after a command that filled it sees those fills and may place
 * orders of other owners through the desk, in the same batch and the same
 * transaction; once the batch has committed it is told, so records it kept
 * for the batch can be written (a batch that fails starts the next afresh).
 */
import type { PositionSide } from '@quay/core';
import { appError } from '../../../kernel/app-error';
import type { FillDoc, Order, Position, SymbolSettings } from '../futures-state';
import type { PerpMarket } from '../perp-markets';
import type { FuturesBatch } from './futures-batch';
import type { CheckedFuturesOrder } from './futures-commands';
import type { FuturesHostState } from './futures-host-state';
import { place } from './futures-orders';
import { availableFor } from './futures-risk';
import { setLeverage } from './futures-settings';

/** What a hook may read and do inside a batch. Orders it places are checked like a user's. */
export interface FuturesDesk {
  readonly now: number;
  /** An order the batch touched, or a live one. */
  order(id: number): Order | undefined;
  position(owner: string, symbol: string, side: PositionSide): Position | undefined;
  positions(owner: string): Position[];
  symbolSettings(owner: string, symbol: string): SymbolSettings;
  market(symbol: string): PerpMarket;
  markOf(symbol: string): number;
  availableFor(owner: string, coin: string): bigint;
  /** Places an order for `owner`; throws an AppError when refused (margin, risk limit, no liquidity). */
  place(owner: string, order: CheckedFuturesOrder): Order;
  /** Sets both sides' leverage of a symbol; throws an AppError when refused. */
  setLeverage(owner: string, symbol: string, leverage: number): void;
}

export interface FuturesFillHook {
  /** At the start of each batch: futures wallets to read with the callers' (the accounts it may trade for). */
  begin(): Iterable<string>;
  /** Before each command of the batch. */
  beforeCommand(desk: FuturesDesk): void;
  /** After a command that filled: its fills (not those of orders the hook placed itself). */
  afterCommand(fills: readonly FillDoc[], desk: FuturesDesk): void;
  /** The batch has committed. */
  committed(): void;
}

export function deskOf(host: FuturesHostState, batch: FuturesBatch): FuturesDesk {
  return {
    now: batch.now,
    order: (id) => batch.orders.get(id) ?? host.live.get(id),
    position: (owner, symbol, side) => host.position(owner, symbol, side),
    positions: (owner) => host.ownerPositions(owner),
    symbolSettings: (owner, symbol) => host.symbolSettings(owner, symbol),
    market: (symbol) => host.marketState(symbol).market,
    markOf: (symbol) => host.markOf(symbol),
    availableFor: (owner, coin) => availableFor(host, owner, coin),
    place: (owner, order) => {
      if (!host.markets.has(order.symbol)) throw appError('MARKET_UNKNOWN');
      return place(host, owner, order, 'user', batch);
    },
    setLeverage: (owner, symbol, leverage) => {
      setLeverage(host, { kind: 'leverage', owner, symbol, leverage, positionSide: null }, batch);
    },
  };
}
