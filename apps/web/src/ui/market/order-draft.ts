/**
 * The order form's arithmetic, all in decimals: totals, the percentage
 * slider, the checks shown before submitting (minimum order value and
 * available balance), and the order the form sends.
 */
import {
  Decimal,
  toDecimal,
  type DecimalValue,
  type OrderSide,
  type PlaceSpotOrder,
  type SpotMarketInfo,
  type SpotOrderType,
  type SpotTimeInForce,
} from '@quay/core';

/** A market buy is sized by base quantity or by quote amount to spend. */
export type MarketBuyBy = 'quantity' | 'quote';

export interface OrderDraft {
  side: OrderSide;
  type: SpotOrderType;
  /** Limit orders. */
  price: string;
  /** Base quantity: limit orders, market sells, market buys by quantity. */
  quantity: string;
  /** Quote to spend: market buys by quote amount. */
  quoteAmount: string;
  marketBuyBy: MarketBuyBy;
  /** Limit orders: how long the order may rest (GTC), or that it must not rest at all. */
  timeInForce?: SpotTimeInForce;
}

/** The choices a limit order offers, in the order exchanges list them. */
export const TIME_IN_FORCE: readonly SpotTimeInForce[] = ['GTC', 'POST_ONLY', 'IOC', 'FOK'];

export interface BookTop {
  bestBid: string;
  bestAsk: string;
}

export type DraftProblem = 'minNotional' | 'insufficient';

export function floorToStep(value: DecimalValue, step: string): DecimalValue {
  const s = new Decimal(step);
  return value.div(s).floor().times(s);
}

const positive = (value: string): DecimalValue | null => {
  const d = toDecimal(value);
  return d && d.gt(0) ? d : null;
};

/** Price x quantity; null while either is missing. */
export function totalOf(price: string, quantity: string): DecimalValue | null {
  const p = positive(price);
  const q = positive(quantity);
  return p && q ? p.times(q) : null;
}

/** The quantity a quote total buys at a price, cut to whole lots. */
export function quantityForTotal(total: string, price: string, lotSize: string): string {
  const t = positive(total);
  const p = positive(price);
  if (!t || !p) return '';
  const q = floorToStep(t.div(p), lotSize);
  return q.gt(0) ? q.toFixed(new Decimal(lotSize).decimalPlaces()) : '';
}

/** Which balance pays: the quote coin for buys, the base coin for sells. */
export function payingCoin(
  side: OrderSide,
  market: Pick<SpotMarketInfo, 'base' | 'quote'>,
): string {
  return side === 'buy' ? market.quote : market.base;
}

/** The price a draft is valued at: its limit price, or the side of the book a market order takes. */
function referencePrice(draft: OrderDraft, top: BookTop): DecimalValue | null {
  if (draft.type === 'limit') return positive(draft.price);
  return positive(draft.side === 'buy' ? top.bestAsk : top.bestBid);
}

/**
 * The slider: a share (0..100) of the available balance, as the field the
 * draft is sized by. Quantities are cut to whole lots, quote amounts to the
 * quote's decimals; nothing rounds up past what is available.
 */
export function applyPercent(
  draft: OrderDraft,
  percent: number,
  available: string,
  market: SpotMarketInfo,
  top: BookTop,
  quoteDecimals: number,
): Pick<OrderDraft, 'quantity' | 'quoteAmount'> {
  const share = (toDecimal(available) ?? new Decimal(0)).times(percent).div(100);
  const lots = new Decimal(market.lotSize).decimalPlaces();
  const asQuantity = (q: DecimalValue) => {
    const cut = floorToStep(q, market.lotSize);
    return cut.gt(0) ? cut.toFixed(lots) : '';
  };
  if (draft.side === 'sell') return { quantity: asQuantity(share), quoteAmount: '' };
  if (draft.type === 'market' && draft.marketBuyBy === 'quote') {
    const quote = share.toDecimalPlaces(quoteDecimals, Decimal.ROUND_DOWN);
    return { quantity: '', quoteAmount: quote.gt(0) ? quote.toFixed(quoteDecimals) : '' };
  }
  const price = referencePrice(draft, top);
  return { quantity: price ? asQuantity(share.div(price)) : '', quoteAmount: '' };
}

/** The quote value of a draft (estimated at the book's top for market orders); null when not sized yet. */
export function draftNotional(draft: OrderDraft, top: BookTop): DecimalValue | null {
  if (draft.type === 'market' && draft.side === 'buy' && draft.marketBuyBy === 'quote') {
    return positive(draft.quoteAmount);
  }
  const quantity = positive(draft.quantity);
  const price = referencePrice(draft, top);
  return quantity && price ? quantity.times(price) : null;
}

/** What stops a draft, checked as the user types: the first problem, or null. */
export function draftProblem(
  draft: OrderDraft,
  available: string | null,
  market: Pick<SpotMarketInfo, 'minNotional'>,
  top: BookTop,
): DraftProblem | null {
  const notional = draftNotional(draft, top);
  const balance = toDecimal(available);
  if (balance !== null) {
    const spend = draft.side === 'sell' ? positive(draft.quantity) : notional;
    if (spend && spend.gt(balance)) return 'insufficient';
  }
  if (notional && notional.lt(market.minNotional)) return 'minNotional';
  return null;
}

/** Whether the draft has every figure its type needs. */
export function draftComplete(draft: OrderDraft): boolean {
  if (draft.type === 'limit') return !!positive(draft.price) && !!positive(draft.quantity);
  if (draft.side === 'buy' && draft.marketBuyBy === 'quote') return !!positive(draft.quoteAmount);
  return !!positive(draft.quantity);
}

/** The body of the place-order call. */
export function orderOf(draft: OrderDraft, symbol: string): PlaceSpotOrder {
  if (draft.type === 'limit') {
    return {
      symbol,
      side: draft.side,
      type: 'limit',
      timeInForce: draft.timeInForce ?? 'GTC',
      price: draft.price,
      quantity: draft.quantity,
    };
  }
  if (draft.side === 'buy' && draft.marketBuyBy === 'quote') {
    return { symbol, side: 'buy', type: 'market', quoteAmount: draft.quoteAmount };
  }
  return { symbol, side: draft.side, type: 'market', quantity: draft.quantity };
}
