/** The spot market an HTTP call names, on the ledger side its simulation header chose. */
import type { FastifyRequest } from 'fastify';
import { appError } from '../../kernel/app-error';
import { sideOf } from '../../kernel/http/simulation-header';
import type { SpotMarket, SpotMarkets } from './spot-markets';

/** The market a call names, on the call's side; MARKET_UNKNOWN for the other side's markets. */
export function marketOf(
  request: FastifyRequest,
  markets: SpotMarkets,
  symbol: string,
): SpotMarket {
  const market = markets.resolve(symbol, sideOf(request));
  if (!market) throw appError('MARKET_UNKNOWN');
  return market;
}

/** The symbol of `marketOf`, or null when none was named. */
export function symbolOf(
  request: FastifyRequest,
  markets: SpotMarkets,
  symbol: string | undefined,
): string | null {
  return symbol === undefined ? null : marketOf(request, markets, symbol).config.symbol;
}
