import { type PerpMarketInfo } from '@quay/core';
import { useEffect, useReducer } from 'react';
import { cleanNumericInput } from '../../../platform/numbers/numeric-input';
import { useOrderFormBridge } from '../../../ui/market/order-form-bridge';
import {
  INITIAL_ORDER_FORM,
  type OrderFormState,
  type OrderKind,
} from '../utils/futures-order-request';

/** The fields that change alone; the others move together (below). */
type PlainField = Exclude<keyof OrderFormState, 'tab' | 'quantity' | 'percent'>;

export type OrderFormAction =
  | { type: 'set'; patch: Pick<Partial<OrderFormState>, PlainField> }
  /** Switching between open and close starts the amount afresh. */
  | { type: 'tab'; tab: OrderFormState['tab'] }
  /** A typed quantity leaves the slider at zero. */
  | { type: 'quantity'; quantity: string }
  /** The slider sets the share and the quantity it comes to. */
  | { type: 'percent'; percent: number; quantity: string }
  /** A price picked in the book or the trades: a limit order at it. */
  | { type: 'picked'; price: string }
  /** An order went out: the amount starts afresh. */
  | { type: 'placed' };

export function orderFormReducer(state: OrderFormState, action: OrderFormAction): OrderFormState {
  switch (action.type) {
    case 'set':
      return { ...state, ...action.patch };
    case 'tab':
      return { ...state, tab: action.tab, quantity: '', percent: 0 };
    case 'quantity':
      return { ...state, quantity: action.quantity, percent: 0 };
    case 'percent':
      return { ...state, percent: action.percent, quantity: action.quantity };
    case 'picked':
      return { ...state, kind: 'limit' satisfies OrderKind, price: action.price };
    case 'placed':
      return { ...state, quantity: '', percent: 0 };
  }
}

/** The order form's state, with a price picked in the book or the trades filling the limit price. */
export function useOrderFormState(market: PerpMarketInfo) {
  const [form, dispatch] = useReducer(orderFormReducer, INITIAL_ORDER_FORM);
  useEffect(
    () =>
      useOrderFormBridge.subscribe((state, previous) => {
        if (state.picked && state.picked !== previous.picked) {
          dispatch({
            type: 'picked',
            price: cleanNumericInput(state.picked.price, market.pricePrecision),
          });
        }
      }),
    [market.pricePrecision],
  );
  return [form, dispatch] as const;
}
