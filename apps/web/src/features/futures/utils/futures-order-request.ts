/**
 * What the futures order form sends for a side: a plain order (limit or
 * market, TP/SL at entry) or a plan (trigger order, trailing stop), from the
 * form's state. Pure, so every branch is tested without a screen.
 */
import {
  toDecimal,
  type FuturesTimeInForce,
  type OrderSide,
  type PlaceFuturesOrder,
  type PlaceFuturesPlan,
  type PositionSide,
  type TriggerPriceType,
} from '@quay/core';
import { trailingStopBody } from './futures-form';

export const ORDER_KINDS = ['limit', 'market', 'trigger', 'trailing'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** Everything the user sets in the form. */
export interface OrderFormState {
  /** Opening a position, or closing one. */
  tab: 'open' | 'close';
  kind: OrderKind;
  price: string;
  triggerPrice: string;
  triggerBy: TriggerPriceType;
  /** A trailing stop's callback rate, in percent. */
  callbackRate: string;
  activationPrice: string;
  quantity: string;
  /** The slider's share of the most that can be opened (or of the held size when closing). */
  percent: number;
  timeInForce: FuturesTimeInForce;
  reduceOnly: boolean;
  withTpSl: boolean;
  tp: string;
  sl: string;
}

export const INITIAL_ORDER_FORM: OrderFormState = {
  tab: 'open',
  kind: 'limit',
  price: '',
  triggerPrice: '',
  triggerBy: 'mark',
  callbackRate: '1',
  activationPrice: '',
  quantity: '',
  percent: 0,
  timeInForce: 'GTC',
  reduceOnly: false,
  withTpSl: false,
  tp: '',
  sl: '',
};

/** Trigger and trailing stop orders wait on the server as plans. */
export const isPlanned = (kind: OrderKind) => kind === 'trigger' || kind === 'trailing';

export type FuturesOrderRequest =
  { to: 'plan'; body: PlaceFuturesPlan } | { to: 'order'; body: PlaceFuturesOrder };

/**
 * The call for `side`. In hedge mode the position side says which position
 * an order opens or closes (buying closes a short); in one-way mode closing,
 * or reduce-only, makes the order reduce-only.
 */
export function futuresOrderRequest(
  form: OrderFormState,
  side: OrderSide,
  symbol: string,
  hedge: boolean,
): FuturesOrderRequest {
  const closing = form.tab === 'close';
  const positionSide: PositionSide | undefined = hedge
    ? closing
      ? side === 'buy'
        ? 2
        : 1
      : side === 'buy'
        ? 1
        : 2
    : undefined;
  const reduceOnly = !hedge && (closing || form.reduceOnly);
  if (form.kind === 'trailing') {
    return {
      to: 'plan',
      body: trailingStopBody({
        symbol,
        side,
        positionSide,
        callbackRate: form.callbackRate,
        activationPrice: toDecimal(form.activationPrice) ? form.activationPrice : '',
        triggerBy: form.triggerBy,
        quantity: form.quantity,
        reduceOnly,
      }),
    };
  }
  if (form.kind === 'trigger') {
    const limit = !!toDecimal(form.price);
    return {
      to: 'plan',
      body: {
        symbol,
        side,
        ...(positionSide ? { positionSide } : {}),
        triggerPrice: form.triggerPrice,
        triggerBy: form.triggerBy,
        type: limit ? 'limit' : 'market',
        ...(limit ? { price: form.price } : {}),
        quantity: form.quantity,
        ...(reduceOnly ? { reduceOnly: true } : {}),
      },
    };
  }
  return {
    to: 'order',
    body: {
      symbol,
      side,
      ...(positionSide ? { positionSide } : {}),
      type: form.kind,
      ...(form.kind === 'limit' ? { price: form.price, timeInForce: form.timeInForce } : {}),
      quantity: form.quantity,
      ...(reduceOnly ? { reduceOnly: true } : {}),
      ...(form.withTpSl && !closing && toDecimal(form.tp) ? { takeProfitPrice: form.tp } : {}),
      ...(form.withTpSl && !closing && toDecimal(form.sl) ? { stopLossPrice: form.sl } : {}),
    },
  };
}
