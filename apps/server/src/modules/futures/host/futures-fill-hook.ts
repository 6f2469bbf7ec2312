/**
 * A hook other modules may set on the futures host to act on fills in the
 * batch that made them (copy trading): before each command it may look at
 * the state, after a command that filled it sees those fills and may place
 * orders of other owners through the desk, in the same batch and the same
 * transaction; once the batch has committed it is told, so records it kept
 * for the batch can be written (a batch that fails starts the next afresh).
 */
import { appError } from '../../../kernel/app-error';
import type { FuturesBatch } from './futures-batch';
import type { FuturesDesk } from './futures-commands';
import type { FuturesHostState } from './futures-host-state';
import { place } from './futures-orders';
import { availableFor } from './futures-risk';
import { setLeverage } from './futures-settings';

export type { FuturesDesk, FuturesFillHook } from './futures-commands';

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
