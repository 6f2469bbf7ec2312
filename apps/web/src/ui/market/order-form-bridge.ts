/**
 * What other parts of the trading screen hand the order form: a price picked
 * in the book or the trades list, and the side chosen on the narrow screen's
 * sticky Buy/Sell bar.
 */
import type { OrderSide } from '@quay/core';
import { create } from 'zustand';

interface OrderFormBridge {
  /** The last picked price; `at` changes on every pick, so picking the same price again still fills it. */
  picked: { price: string; at: number } | null;
  /** A side asked for from outside the form. */
  requestedSide: { side: OrderSide; at: number } | null;
  pickPrice(price: string): void;
  requestSide(side: OrderSide): void;
}

let counter = 0;

export const useOrderFormBridge = create<OrderFormBridge>()((set) => ({
  picked: null,
  requestedSide: null,
  pickPrice(price) {
    counter += 1;
    set({ picked: { price, at: counter } });
  },
  requestSide(side) {
    counter += 1;
    set({ requestedSide: { side, at: counter } });
  },
}));
