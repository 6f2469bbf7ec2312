/** What the spot host is asked and answers: commands, results and the updates it publishes. */
import type { Side } from '@quay/engine';
import type { SpotRepos as Repositories } from '../spot-repositories';
import type { SpotFillRow, SpotOrderRow } from '../spot-repository';
import type { QueuedCommand } from '../../../kernel/writer-queue';

/** An order the service has checked: known market, whole ticks and lots. */
export interface CheckedOrder {
  symbol: string;
  side: Side;
  type: 'limit' | 'market';
  timeInForce: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY' | null;
  priceTicks: number;
  lots: number;
  /** Minor units of the quote coin, for a market buy by amount; else 0n. */
  quoteAmount: bigint;
  clientOrderId: string | null;
}

export type HostCommand =
  | { kind: 'place'; userId: string; order: CheckedOrder }
  | { kind: 'cancel'; userId: string; symbol: string; orderId: number }
  | { kind: 'cancelAll'; userId: string; symbol: string }
  | {
      kind: 'freeze';
      userId: string;
      coin: string;
      amount: bigint;
      ref: string;
      /** Written in the same transaction, e.g. the withdrawal record. */
      write: (repos: Repositories) => Promise<void>;
    }
  /** Moves available coins to another account of the exchange (a transfer to the futures wallet). */
  | { kind: 'debit'; userId: string; coin: string; amount: bigint; to: string; ref: string }
  /** Balances changed outside the host: tell the balance channel with the next batch. */
  | { kind: 'notice'; userIds: string[] };

export type HostResult =
  { kind: 'order'; order: SpotOrderRow } | { kind: 'cancelled'; count: number } | { kind: 'done' };

/** A command in a batch, as the queue hands it over. */
export type PendingCommand = QueuedCommand<HostCommand, HostResult>;

/** After each commit: the orders, fills and balances of users that changed. */
export interface UserUpdates {
  orders: SpotOrderRow[];
  fills: SpotFillRow[];
  /** Users whose balances changed. */
  balanceUsers: Set<string>;
}
