/**
 * The margin terms in force: the settings joined to the spot markets they
 * name, and the prices accounts are valued at (the index: the mid of the
 * spot book, or its one side).
 */
import { Decimal, type DecimalValue, type MarginModeName } from '@quay/core';
import { appError } from '../../kernel/app-error';
import { toMinor } from '../../kernel/money';
import type { SpotMarket, SpotMarkets } from '../spot';
import type { MarginAccountKey } from './margin-accounts';
import { rateUnits, type RiskCoin } from './margin-math';
import type { MarginSettings } from './margin-settings';
import type { Loan } from './margin-loans';

export class MarginTerms {
  private readonly rates = new Map<string, bigint>();
  private readonly caps = new Map<string, bigint>();
  private readonly marginMarkets = new Map<string, SpotMarket>();

  constructor(
    readonly settings: MarginSettings,
    spotMarkets: SpotMarkets,
    private readonly priceOf: (symbol: string) => DecimalValue | null,
  ) {
    for (const [coin, terms] of Object.entries(settings.coins)) {
      this.rates.set(coin, rateUnits(terms.dailyRate));
      this.caps.set(coin, toMinor(terms.borrowCap) ?? 0n);
    }
    for (const symbol of Object.keys(settings.markets)) {
      const market = spotMarkets.get(symbol);
      if (market && market.config.quote === settings.valuationCoin) {
        this.marginMarkets.set(symbol, market);
      }
    }
  }

  get valuationCoin(): string {
    return this.settings.valuationCoin;
  }

  markets(): SpotMarket[] {
    return [...this.marginMarkets.values()];
  }

  /** A market margin trades on; MARGIN_ACCOUNT_INVALID otherwise (or for isolated, unless it has isolated accounts). */
  market(symbol: string, mode: MarginModeName): SpotMarket {
    const market = this.marginMarkets.get(symbol);
    if (!market) throw appError('MARGIN_ACCOUNT_INVALID');
    if (mode === 'isolated' && !this.settings.markets[symbol]?.isolated) {
      throw appError('MARGIN_ACCOUNT_INVALID');
    }
    return market;
  }

  /** The daily rate of a borrowable coin; null when the coin cannot be borrowed. */
  dailyRate(coin: string): bigint | null {
    return this.rates.get(coin) ?? null;
  }

  cap(coin: string): bigint {
    return this.caps.get(coin) ?? 0n;
  }

  maxLeverage(key: MarginAccountKey): number {
    if (key.mode === 'cross') return this.settings.crossMaxLeverage;
    return this.settings.markets[key.symbol as string]?.maxLeverage ?? 2;
  }

  callLevel(mode: MarginModeName): string {
    return this.settings.callLevel[mode];
  }

  liquidationLevel(mode: MarginModeName): string {
    return this.settings.liquidationLevel[mode];
  }

  /** The coins an account may hold: its market's two for isolated, every margin market's for cross. */
  coinsOf(key: MarginAccountKey): string[] {
    if (key.mode === 'isolated') {
      const { config } = this.market(key.symbol as string, 'isolated');
      return [config.base, config.quote];
    }
    const coins = new Set<string>([this.valuationCoin]);
    for (const m of this.marginMarkets.values()) coins.add(m.config.base);
    return [...coins];
  }

  /** Throws MARGIN_COIN_INVALID unless the account may hold the coin. */
  checkCoin(key: MarginAccountKey, coin: string): void {
    if (!this.coinsOf(key).includes(coin)) throw appError('MARGIN_COIN_INVALID', { coin });
  }

  /** The market selling or buying a coin against the valuation coin. */
  marketOf(coin: string): SpotMarket | null {
    return this.marginMarkets.get(`${coin}${this.valuationCoin}`) ?? null;
  }

  /** A coin's price in the valuation coin; null when its market has no price. */
  price(coin: string): DecimalValue | null {
    if (coin === this.valuationCoin) return new Decimal(1);
    const market = this.marketOf(coin);
    return market ? this.priceOf(market.config.symbol) : null;
  }

  riskCoins(
    key: MarginAccountKey,
    held: (coin: string) => bigint,
    loans: ReadonlyMap<string, Loan>,
  ): RiskCoin[] {
    return this.coinsOf(key).map((coin) => {
      const loan = loans.get(coin);
      return {
        coin,
        held: held(coin),
        principal: loan?.principal ?? 0n,
        interest: loan?.interest ?? 0n,
        price: this.price(coin),
      };
    });
  }
}
