/**
 * The matching engine and futures risk: pure and deterministic. Commands in,
 * events and result codes out; time and randomness are passed in.
 */
export const ENGINE_VERSION = 1;
export { FastOrderBook } from './order-book';
export { ReferenceBook } from './reference-book';
export { opposite, REJECT_REASONS } from './types';
export { marketPriceLimit } from './price-band';
export type {
  Side,
  TimeInForce,
  Command,
  LimitCommand,
  MarketCommand,
  MarketQuoteCommand,
  CancelCommand,
  CancelAllCommand,
  RejectReason,
  CancelReason,
  EngineEvent,
  AcceptedEvent,
  RejectedEvent,
  FillEvent,
  CancelledEvent,
  DoneEvent,
  Depth,
  RestingOrder,
  OrderBook,
} from './types';
export { workload, seededRandom } from './workload';
export type { WorkloadOptions } from './workload';
export { liveWorkload } from './live-workloads';
export type { LiveWorkloadOptions, LiveWorkloadShape } from './live-workloads';
