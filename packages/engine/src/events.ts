/** Event builders both books use, so a refusal or an ended order reads the same everywhere. */
import type {
  CancelReason,
  CancelledEvent,
  Command,
  DoneEvent,
  RejectReason,
  RejectedEvent,
} from './types';

export function rejected(command: Command, reason: RejectReason): RejectedEvent {
  return {
    type: 'rejected',
    orderId: command.type === 'cancelAll' ? 0 : command.orderId,
    userId: command.userId,
    reason,
    time: command.time,
  };
}

/** A resting order taken out unfilled: its rest is cancelled, and it is done. */
export function cancelledAndDone(
  order: { orderId: number; userId: number; remaining: number; filled: number },
  reason: CancelReason,
  time: number,
): [CancelledEvent, DoneEvent] {
  const { orderId, userId } = order;
  return [
    { type: 'cancelled', orderId, userId, remaining: order.remaining, reason, time },
    { type: 'done', orderId, userId, filled: order.filled, time },
  ];
}
