/**
 * Margin's ledger jobs by name (the spot host's registry): what a request
 * or the risk timer sends, as plain arguments, to the spot writer of this
 * process or of the engine. The terms (rates, caps, prices) are those of
 * the process that runs the job.
 */
import { namedJob, type SpotHost, type SpotOrderRow } from '../spot';
import type { MarginAccountKey } from './margin-accounts';
import {
  autoRepayJob,
  borrowJob,
  interestJob,
  orderJob,
  repayJob,
  transferJob,
  type MarginOrderAsk,
  type TransferEnd,
} from './margin-jobs';
import { liquidationJob, type LiquidationOutcome } from './margin-liquidation';
import type { MarginTerms } from './margin-terms';

export const MARGIN_TRANSFER = namedJob<{
  from: TransferEnd;
  to: TransferEnd;
  coin: string;
  amount: bigint;
}>('margin.transfer');
export const MARGIN_BORROW = namedJob<{ key: MarginAccountKey; coin: string; amount: bigint }>(
  'margin.borrow',
);
/** `amount` null: everything owed. */
export const MARGIN_REPAY = namedJob<{
  key: MarginAccountKey;
  coin: string;
  amount: bigint | null;
}>('margin.repay');
export const MARGIN_AUTO_REPAY = namedJob<{ key: MarginAccountKey; coin: string }>(
  'margin.auto-repay',
);
export const MARGIN_INTEREST = namedJob<{ accounts: MarginAccountKey[] }>('margin.interest');
/** Places a margin order (borrowing first with auto-borrow); answers the order. */
export const MARGIN_ORDER = namedJob<{ ask: MarginOrderAsk }, SpotOrderRow>('margin.order');
export const MARGIN_LIQUIDATE = namedJob<{ key: MarginAccountKey }, LiquidationOutcome>(
  'margin.liquidate',
);

export function registerMarginJobs(host: SpotHost, terms: MarginTerms): void {
  const { jobs } = host;
  jobs.register(MARGIN_TRANSFER, (a) => transferJob(terms, a.from, a.to, a.coin, a.amount));
  jobs.register(MARGIN_BORROW, (a) => borrowJob(terms, a.key, a.coin, a.amount));
  jobs.register(MARGIN_REPAY, (a) => repayJob(a.key, a.coin, a.amount));
  jobs.register(MARGIN_AUTO_REPAY, (a) => autoRepayJob(a.key, a.coin));
  jobs.register(MARGIN_INTEREST, (a) => interestJob(terms, a.accounts));
  jobs.register(MARGIN_ORDER, (a) => orderJob(terms, a.ask));
  jobs.register(MARGIN_LIQUIDATE, (a) => liquidationJob(terms, a.key));
}
