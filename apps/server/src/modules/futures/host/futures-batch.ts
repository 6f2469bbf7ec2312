/** What one futures batch changes, and how it is written: in one transaction, then published. */
import { Journal } from '../../../kernel/journal';
import type { FuturesDocument } from '../futures-repository';
import type { FuturesRepos as Repositories } from '../futures-repositories';
import type { FuturesEvent } from './futures-link';
import { TouchedLevels, type MarketTrade } from '../../../kernel/market-events';
import {
  toDoc,
  type FillDoc,
  type FundingDoc,
  type Order,
  type Plan,
  type Position,
} from '../futures-state';

export class FuturesBatch {
  readonly journal: Journal;
  readonly orders = new Map<number, Order>();
  readonly plans = new Map<number, Plan>();
  readonly positions = new Map<string, Position>();
  readonly settings = new Map<string, FuturesDocument>();
  readonly fills: FillDoc[] = [];
  readonly funding: FundingDoc[] = [];
  readonly docs: Array<{ table: 'futures_funding'; row: FuturesDocument }> = [];
  readonly trades: MarketTrade[] = [];
  /** Per market, the book levels the batch changed. */
  readonly touched = new TouchedLevels();
  /** Owners whose positions or wallets changed. */
  readonly owners = new Set<string>();
  /** Spot accounts credited (transfers out of futures). */
  readonly spotCredits = new Set<string>();
  /** The batch ran the host's tick. */
  ticked = false;
  /** What the batch changed as every process hears it; made once (it moves the books' sequences on). */
  event?: FuturesEvent;
  constructor(readonly now: number) {
    this.journal = new Journal(now);
  }
}

/** Writes what a batch changed, in the transaction the caller opened. */
export async function writeBatch(repos: Repositories, batch: FuturesBatch): Promise<void> {
  await batch.journal.flush(repos);
  const repo = repos.futures;
  await repo.upsert(
    'futures_orders',
    [...batch.orders.values()].map((o) => ({
      id: o.id,
      user_id: o.owner,
      symbol: o.symbol,
      status: o.status,
      created_at: o.createdAt,
      updated_at: o.updatedAt,
      data: toDoc(o),
    })),
  );
  await repo.upsert(
    'futures_fills',
    batch.fills.map((f) => ({
      id: f.id,
      user_id: f.owner,
      symbol: f.symbol,
      created_at: f.time,
      data: toDoc(f),
    })),
  );
  await repo.upsert(
    'futures_positions',
    [...batch.positions.values()].map((p) => ({
      id: p.id,
      user_id: p.owner,
      symbol: p.symbol,
      lots: p.lots,
      updated_at: p.updatedAt,
      data: toDoc(p),
    })),
  );
  await repo.upsert(
    'futures_plans',
    [...batch.plans.values()].map((p) => ({
      id: p.id,
      user_id: p.owner,
      symbol: p.symbol,
      status: p.status,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
      data: toDoc(p),
    })),
  );
  await repo.upsert('futures_settings', [...batch.settings.values()]);
  await repo.upsert('futures_funding', [
    ...batch.funding.map((f) => ({
      id: f.id,
      user_id: f.owner,
      symbol: f.symbol,
      created_at: f.time,
      data: toDoc(f),
    })),
    ...batch.docs.map((d) => d.row),
  ]);
}
