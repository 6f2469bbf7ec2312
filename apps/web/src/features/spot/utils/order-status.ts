import type { SpotOrder } from '@quay/core';

/** Orders still resting on the book. */
export function isOpenOrder(order: Pick<SpotOrder, 'status'>): boolean {
  return order.status === 'NEW' || order.status === 'PARTIALLY_FILLED';
}
