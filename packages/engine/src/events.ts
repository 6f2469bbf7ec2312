/** Event builders both books use, so a refusal or an ended order reads the same everywhere. */
import type { CancelReason, Command, EngineEvent, RejectReason, RejectedEvent } from './types';

export function rejected(command: Command, reason: RejectReason): RejectedEvent {
  return {
    type: 'rejected',
    orderId: command.type === 'cancelAll' ? 0 : command.orderId,
    userId: command.userId,
    reason,
    time: command.time,
  };
}

/**
 * An order that ends unfilled: its rest is cancelled, and it is done. Pushed
 * straight onto the events (no tuple to spread: this runs on every cancel).
 */
export function pushCancelledAndDone(
  events: EngineEvent[],
  order: { orderId: number; userId: number; remaining: number; filled: number },
  reason: CancelReason,
  time: number,
): void {
  const { orderId, userId } = order;
  events.push({ type: 'cancelled', orderId, userId, remaining: order.remaining, reason, time });
  events.push({ type: 'done', orderId, userId, filled: order.filled, time });
}

/** The same two events as a new array (a cancel's whole answer), from the order's fields. */
export function cancelledAndDone(
  orderId: number,
  userId: number,
  remaining: number,
  filled: number,
  reason: CancelReason,
  time: number,
): EngineEvent[] {
  return [
    { type: 'cancelled', orderId, userId, remaining, reason, time },
    { type: 'done', orderId, userId, filled, time },
  ];
}
