/** What one spot batch changes: written in one commit, then published. */
import { Journal } from '../../../kernel/journal';
import type { SpotRepos as Repositories } from '../spot-repositories';
import type { SpotFillRow, SpotOrderRow } from '../spot-repository';
import type { SpotPlanRow } from '../spot-plan-repository';
import { TouchedLevels, type MarketTrade } from '../../../kernel/market-events';
import type { AppError } from '../../../kernel/app-error';
import type { HostCommand, LedgerJob, PendingCommand } from './spot-commands';
import type { SpotEvent } from './spot-link';

export class SpotBatch {
  readonly journal: Journal;
  readonly orders = new Map<number, SpotOrderRow>();
  /** The orders placed by the batch (their keys go to the index by account). */
  readonly placed: SpotOrderRow[] = [];
  readonly fills: SpotFillRow[] = [];
  /** Plans placed, changed, fired or ended. */
  readonly plans = new Map<number, SpotPlanRow>();
  readonly trades: MarketTrade[] = [];
  readonly writes: Array<(repos: Repositories) => Promise<void>> = [];
  /** Per market, the book levels the batch changed. */
  readonly touched = new TouchedLevels();
  /** Users whose balances changed outside the host, told with this batch's updates. */
  readonly noticedUsers = new Set<string>();
  /** Client order ids used by this batch or already in the store. */
  readonly takenClientIds = new Set<string>();
  /** Users whose balances this batch read from the store. */
  readonly freshUsers = new Set<string>();
  /** The ledger jobs of the batch's job commands, made by the registry (or the refusal of one). */
  readonly jobs = new Map<HostCommand, LedgerJob | AppError>();
  /** Commands refused on a held balance, to try again with a fresh one. */
  readonly retry = new Set<PendingCommand>();
  /** What the batch changed, once made (it moves the books' sequences on: made once). */
  event: SpotEvent | null = null;

  constructor(readonly now: number) {
    this.journal = new Journal(now);
  }
}
