/**
 * The perpetual markets the server runs: the configured ones and their demo
 * twins (simulation mode), each with its scale (ticks and lots in minor
 * units), its tiers and the coin it settles in.
 */
import {
  DEFAULT_PERP_MARKETS,
  demoPerpMarketOf,
  maxLeverageOf,
  type PerpMarketConfig,
} from '@quay/core';
import { scaleOf, type MarketScale } from '../../kernel/money';
import type { LedgerSide } from '../../kernel/coins';

export interface PerpMarket {
  config: PerpMarketConfig;
  scale: MarketScale;
  side: LedgerSide;
  /** The real perpetual this one is the demo twin of (itself for a real one). */
  realSymbol: string;
  /** The spot market whose book gives the index price. */
  spotSymbol: string;
  maxLeverage: number;
}

export class PerpMarkets {
  private readonly bySymbol = new Map<string, PerpMarket>();
  private readonly byPair = new Map<string, PerpMarket>();

  constructor(configs: readonly PerpMarketConfig[] = DEFAULT_PERP_MARKETS) {
    for (const config of configs) {
      this.add({
        config,
        scale: scaleOf(config),
        side: 'real',
        realSymbol: config.symbol,
        spotSymbol: config.pair,
        maxLeverage: maxLeverageOf(config.tiers),
      });
      const twin = demoPerpMarketOf(config);
      this.add({
        config: twin,
        scale: scaleOf(twin),
        side: 'demo',
        realSymbol: config.symbol,
        spotSymbol: twin.pair,
        maxLeverage: maxLeverageOf(twin.tiers),
      });
    }
  }

  private add(market: PerpMarket): void {
    if (this.bySymbol.has(market.config.symbol)) {
      throw new Error(`perpetual ${market.config.symbol} is configured twice`);
    }
    this.bySymbol.set(market.config.symbol, market);
    this.byPair.set(market.config.pair, market);
  }

  get(symbol: string): PerpMarket | undefined {
    return this.bySymbol.get(symbol);
  }

  all(): PerpMarket[] {
    return [...this.bySymbol.values()];
  }

  ofSide(side: LedgerSide): PerpMarket[] {
    return this.all().filter((m) => m.side === side);
  }

  /**
   * A symbol as a caller on one side names it: the perpetual's symbol or its
   * pair; the demo side also takes the real names for the demo twin (the web
   * app keeps real pairs in its paths).
   */
  resolve(symbol: string, side: LedgerSide): PerpMarket | undefined {
    const market = this.bySymbol.get(symbol) ?? this.byPair.get(symbol);
    if (!market) return undefined;
    if (market.side === side) return market;
    if (side === 'demo') {
      return this.all().find((m) => m.side === 'demo' && m.realSymbol === market.config.symbol);
    }
    return undefined;
  }
}
