/**
 * What every part of the futures service shares: the store, the futures
 * and spot hosts, the perpetuals, and the checks of what a caller typed
 * (a market on the caller's side, whole ticks and lots, an amount).
 */
import { priceToTicks, quantityToLots } from '@quay/core';
import type { FuturesHost } from './futures-host';
import type { PerpMarket, PerpMarkets } from './perp-markets';
import type { SpotHost } from '../spot';
import type { FuturesStore as Store } from './futures-repositories';
import { appError } from '../../kernel/app-error';
import type { LedgerSide } from '../../kernel/coins';
import { toMinor } from '../../kernel/money';

export class FuturesContext {
  constructor(
    readonly store: Store,
    readonly host: FuturesHost,
    readonly spotHost: SpotHost,
    readonly markets: PerpMarkets,
    readonly fundingIntervalMs: number,
  ) {}

  market(symbol: string, side: LedgerSide): PerpMarket {
    const market = this.markets.resolve(symbol, side);
    if (!market) throw appError('MARKET_UNKNOWN');
    return market;
  }

  /** The named perpetual, or every perpetual of the side. */
  symbolsOf(side: LedgerSide, symbol?: string): string[] {
    if (symbol) return [this.market(symbol, side).config.symbol];
    return this.markets.ofSide(side).map((m) => m.config.symbol);
  }

  /** The settlement coin of a side's perpetuals. */
  coinOf(side: LedgerSide): string {
    return this.markets.ofSide(side)[0]?.config.quote ?? 'USDT';
  }

  ticks(market: PerpMarket, price: string | undefined, name = 'PRICE_INVALID'): number {
    const ticks = price === undefined ? null : priceToTicks(price, market.config);
    if (ticks === null || ticks <= 0) {
      throw appError(name === 'TRIGGER' ? 'TRIGGER_PRICE_INVALID' : 'PRICE_INVALID', {
        tick: market.config.tickSize,
      });
    }
    return ticks;
  }

  lots(market: PerpMarket, quantity: string | undefined): number {
    const lots = quantity === undefined ? null : quantityToLots(quantity, market.config);
    if (lots === null || lots <= 0)
      throw appError('QUANTITY_INVALID', { lot: market.config.lotSize });
    return lots;
  }

  amount(value: string): bigint {
    const minor = toMinor(value);
    if (minor === null || minor === 0n) throw appError('AMOUNT_INVALID', { decimals: 8 });
    return minor;
  }
}
