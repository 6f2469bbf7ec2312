import { toDecimal } from '@quay/core';
import { useState } from 'react';

export type PriceDirection = 'up' | 'down' | null;

/** Whether the price last moved up or down; it keeps its colour while the price stands still. */
export function usePriceDirection(price: string | undefined): PriceDirection {
  const [state, setState] = useState<{ price: string | undefined; direction: PriceDirection }>({
    price,
    direction: null,
  });
  if (state.price !== price) {
    const previous = toDecimal(state.price);
    const next = toDecimal(price);
    let direction = state.direction;
    if (previous && next && !next.eq(previous)) direction = next.gt(previous) ? 'up' : 'down';
    setState({ price, direction });
    return direction;
  }
  return state.direction;
}
