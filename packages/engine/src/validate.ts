/**
 * Checks every book applies before touching itself, so that a bad command
 * changes nothing and every implementation refuses it the same way.
 */
import type { Command, RejectReason } from './types';

const isPositiveInt = (n: number): boolean => Number.isSafeInteger(n) && n > 0;
const validLimit = (limit: number | undefined): boolean =>
  limit === undefined || isPositiveInt(limit);

/** Why a command cannot run, or null. `isLive` says whether an order id rests in the book. */
export function rejectionOf(
  command: Command,
  isLive: (orderId: number) => boolean,
): RejectReason | null {
  switch (command.type) {
    case 'limit':
      if (!isPositiveInt(command.orderId)) return 'INVALID_ORDER_ID';
      if (isLive(command.orderId)) return 'DUPLICATE_ORDER_ID';
      if (!isPositiveInt(command.price)) return 'INVALID_PRICE';
      if (!isPositiveInt(command.quantity)) return 'INVALID_QUANTITY';
      // Quote amounts (price x quantity) stay exact integers.
      if (!Number.isSafeInteger(command.price * command.quantity)) return 'INVALID_QUANTITY';
      return null;
    case 'market':
      if (!isPositiveInt(command.orderId)) return 'INVALID_ORDER_ID';
      if (isLive(command.orderId)) return 'DUPLICATE_ORDER_ID';
      if (!isPositiveInt(command.quantity)) return 'INVALID_QUANTITY';
      return validLimit(command.priceLimit) ? null : 'INVALID_PRICE';
    case 'marketQuote':
      if (!isPositiveInt(command.orderId)) return 'INVALID_ORDER_ID';
      if (isLive(command.orderId)) return 'DUPLICATE_ORDER_ID';
      if (!isPositiveInt(command.quoteAmount)) return 'INVALID_QUANTITY';
      return validLimit(command.priceLimit) ? null : 'INVALID_PRICE';
    case 'cancel':
      if (!isPositiveInt(command.orderId)) return 'INVALID_ORDER_ID';
      return null;
    case 'cancelAll':
      return null;
  }
}
