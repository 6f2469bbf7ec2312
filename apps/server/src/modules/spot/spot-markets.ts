/**
 * The configured spot markets with their minor-unit scales, checked once at
 * start: a market whose steps do not convert to whole minor units is
 * refused rather than rounded.
 */
import {
  DEFAULT_SPOT_MARKETS,
  demoMarketOf,
  type SpotFill,
  type SpotMarketConfig,
  type SpotOrder,
  type SpotOrderStatus,
  type SpotTimeInForce,
  lotsToQuantity,
  ticksToPrice,
} from '@quay/core';
import type { SpotFillRow, SpotOrderRow } from './spot-repository';
import type { LedgerSide } from '../../kernel/coins';
import { minorText, quotientText, scaleOf, type MarketScale } from '../../kernel/money';

/** Which ledger a call acts on: the real one, or the caller's demo ledger (simulation mode). */

export interface SpotMarket {
  config: SpotMarketConfig;
  scale: MarketScale;
  side: LedgerSide;
  /** The real market this one is the demo twin of (itself for a real market). */
  realSymbol: string;
}

/**
 * The configured markets and, unless `demo` is false, a demo twin of each in
 * S-prefixed coins (`SBTCSUSDT`): the engine host runs them all alike; the
 * routes keep the two sides apart.
 */
export class SpotMarkets {
  private readonly bySymbol = new Map<string, SpotMarket>();
  private readonly demoByReal = new Map<string, SpotMarket>();

  constructor(
    configs: readonly SpotMarketConfig[] = DEFAULT_SPOT_MARKETS,
    options: { demo?: boolean } = {},
  ) {
    for (const config of configs) {
      this.bySymbol.set(config.symbol, {
        config,
        scale: scaleOf(config),
        side: 'real',
        realSymbol: config.symbol,
      });
    }
    if (options.demo === false) return;
    for (const config of configs) {
      const twin = demoMarketOf(config);
      if (this.bySymbol.has(twin.symbol)) throw new Error(`demo market ${twin.symbol} clashes`);
      const market: SpotMarket = {
        config: twin,
        scale: scaleOf(twin),
        side: 'demo',
        realSymbol: config.symbol,
      };
      this.bySymbol.set(twin.symbol, market);
      this.demoByReal.set(config.symbol, market);
    }
  }

  get(symbol: string): SpotMarket | undefined {
    return this.bySymbol.get(symbol);
  }

  all(): SpotMarket[] {
    return [...this.bySymbol.values()];
  }

  /** The markets of one side. */
  ofSide(side: LedgerSide): SpotMarket[] {
    return this.all().filter((m) => m.side === side);
  }

  /** The demo twin of a real market. */
  demoOf(realSymbol: string): SpotMarket | undefined {
    return this.demoByReal.get(realSymbol);
  }

  /**
   * A symbol as a caller on one side names it: the real side knows real
   * markets only; the demo side takes a real symbol for its demo twin (the
   * web app keeps real symbols in its paths) or a demo symbol as it is.
   */
  resolve(symbol: string, side: LedgerSide): SpotMarket | undefined {
    const market = this.bySymbol.get(symbol);
    if (side === 'real') return market?.side === 'real' ? market : undefined;
    if (market?.side === 'demo') return market;
    return this.demoByReal.get(symbol);
  }
}

/** Minor units of the quote coin as a price-precision-free decimal ('12.5'). */
export function quoteText(minor: bigint): string {
  return minorText(minor);
}

export function orderToWire(row: SpotOrderRow, market: SpotMarket): SpotOrder {
  const { config, scale } = market;
  const filledQuote = row.filled_quote;
  // Minor units of the quote over minor units of the base filled: the price, two places finer.
  const avgPrice =
    row.filled_lots > 0
      ? quotientText(
          filledQuote,
          BigInt(row.filled_lots) * scale.basePerLot,
          scale.priceDecimals + 2,
        )
      : '';
  return {
    orderId: String(row.id),
    clientOrderId: row.client_order_id,
    symbol: row.symbol,
    side: row.side as SpotOrder['side'],
    type: row.type as SpotOrder['type'],
    timeInForce: row.time_in_force as SpotTimeInForce | null,
    price: row.type === 'limit' ? ticksToPrice(row.price_ticks, config) : '',
    quantity: row.quantity_lots > 0 ? lotsToQuantity(row.quantity_lots, config) : '',
    quoteAmount: row.quote_amount > 0n ? quoteText(row.quote_amount) : '',
    filledQuantity: lotsToQuantity(row.filled_lots, config),
    filledQuote: quoteText(filledQuote),
    avgPrice,
    status: row.status as SpotOrderStatus,
    cancelReason: row.cancel_reason === 'PRICE_PROTECTION' ? 'PRICE_PROTECTION' : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** One fill as one of its two parties sees it. */
export function fillToWire(row: SpotFillRow, market: SpotMarket, userId: string): SpotFill {
  const { config, scale } = market;
  const isMaker = row.maker_user_id === userId;
  const takerSide = row.taker_side as SpotFill['side'];
  const side: SpotFill['side'] = isMaker ? (takerSide === 'buy' ? 'sell' : 'buy') : takerSide;
  const quote = BigInt(row.price_ticks) * BigInt(row.lots) * scale.quotePerTickLot;
  return {
    fillId: String(row.id),
    orderId: String(isMaker ? row.maker_order_id : row.taker_order_id),
    symbol: row.symbol,
    side,
    role: isMaker ? 'maker' : 'taker',
    price: ticksToPrice(row.price_ticks, config),
    quantity: lotsToQuantity(row.lots, config),
    quoteQuantity: quoteText(quote),
    fee: quoteText(isMaker ? row.maker_fee : row.taker_fee),
    feeCoin: side === 'buy' ? config.base : config.quote,
    time: row.created_at,
  };
}
