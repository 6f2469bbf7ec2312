import { toPlainDecimal } from '@quay/core';

/** The body fields that carry a figure (price, quantity, amount, trigger, rate). */
const FIGURES = new Set([
  'price',
  'quantity',
  'quoteAmount',
  'amount',
  'triggerPrice',
  'activationPrice',
  'callbackRate',
  'takeProfitPrice',
  'stopLossPrice',
]);

/**
 * A request body with every figure in the one decimal grammar the server
 * accepts: what a form holds mid-typing ('1.', '01') is sent as '1'.
 */
export function plainFigures<B extends object>(body: B): B {
  const out = { ...body } as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) {
    if (FIGURES.has(key) && typeof value === 'string') out[key] = toPlainDecimal(value);
  }
  return out as B;
}
