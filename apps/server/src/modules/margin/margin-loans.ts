/**
 * Loans as a ledger job sees them: read in the spot writer's transaction
 * before the batch runs, changed by the batch's jobs in order, and written
 * once, with the records and order details of the batch, in that same
 * transaction. Keyed by the batch (the jobs' `scope`), so jobs of one batch
 * see each other's changes.
 */
import type { LedgerJobContext } from '../spot';
import { newId } from '../../kernel/ids';
import { fromMinor, minorOf } from '../../kernel/money';
import type { MarginRepos } from './margin-repositories';
import type { MarginDocumentRow, MarginLoanRow } from './margin-repository';
import type { MarginAccountKey } from './margin-accounts';

export interface Loan {
  id: string;
  userId: string;
  account: string;
  coin: string;
  principal: bigint;
  interest: bigint;
  /** When the next hourly charge is due (ms); 0 without principal. */
  nextChargeAt: number;
}

class BatchLoans {
  readonly byAccount = new Map<string, Map<string, Loan>>();
  readonly changed = new Set<Loan>();
  readonly records: MarginDocumentRow[] = [];
  readonly orders: MarginDocumentRow[] = [];
  flushing = false;
}

const batches = new WeakMap<object, BatchLoans>();

function batchOf(scope: object): BatchLoans {
  let loans = batches.get(scope);
  if (!loans) {
    loans = new BatchLoans();
    batches.set(scope, loans);
  }
  return loans;
}

/** The margin repositories of a spot transaction: the app's store binds every module's. */
export function marginReposOf(repos: object): MarginRepos {
  if (!('margin' in repos)) throw new Error('the store has no margin repositories');
  return repos as MarginRepos;
}

export function loanOf(row: MarginLoanRow): Loan {
  return {
    id: row.id,
    userId: row.user_id,
    account: row.account,
    coin: row.coin,
    principal: minorOf(row.principal),
    interest: minorOf(row.interest),
    nextChargeAt: Number(row.next_charge_at),
  };
}

/** Reads the loans of accounts the batch has not read yet. */
export async function loadLoans(repos: object, scope: object, accounts: string[]): Promise<void> {
  const batch = batchOf(scope);
  const missing = accounts.filter((a) => !batch.byAccount.has(a));
  for (const account of missing) batch.byAccount.set(account, new Map());
  for (const row of await marginReposOf(repos).margin.loansOf(missing)) {
    batch.byAccount.get(row.account)?.set(row.coin, loanOf(row));
  }
}

/** What a job reads and changes of the margin state in its batch. */
export class JobLoans {
  private readonly batch: BatchLoans;

  constructor(private readonly ctx: LedgerJobContext) {
    this.batch = batchOf(ctx.scope);
  }

  /** Every loan of the account (read by the job's load). */
  loansOf(account: string): Map<string, Loan> {
    const loans = this.batch.byAccount.get(account);
    if (!loans) throw new Error(`the loans of ${account} were not read`);
    return loans;
  }

  loan(key: MarginAccountKey, coin: string): Loan {
    const loans = this.loansOf(key.id);
    let loan = loans.get(coin);
    if (!loan) {
      loan = {
        id: `${key.id}|${coin}`,
        userId: key.userId,
        account: key.id,
        coin,
        principal: 0n,
        interest: 0n,
        nextChargeAt: 0,
      };
      loans.set(coin, loan);
    }
    return loan;
  }

  changed(loan: Loan): void {
    this.batch.changed.add(loan);
    this.flushOnce();
  }

  record(key: MarginAccountKey, kind: string, coin: string, data: Record<string, unknown>): void {
    this.batch.records.push({
      id: newId(),
      user_id: key.userId,
      account: key.id,
      kind,
      coin,
      created_at: this.ctx.now,
      data: JSON.stringify(data),
    });
    this.flushOnce();
  }

  order(
    key: MarginAccountKey,
    orderId: number,
    symbol: string,
    data: Record<string, unknown>,
  ): void {
    this.batch.orders.push({
      id: String(orderId),
      user_id: key.userId,
      account: key.id,
      kind: data.liquidation ? 'liquidation' : 'order',
      coin: symbol,
      created_at: this.ctx.now,
      data: JSON.stringify(data),
    });
    this.flushOnce();
  }

  /** One write per batch, after every job of it: the loans as they end, the records and orders. */
  private flushOnce(): void {
    if (this.batch.flushing) return;
    this.batch.flushing = true;
    const batch = this.batch;
    const now = this.ctx.now;
    this.ctx.write(async (repos) => {
      const { margin } = marginReposOf(repos);
      await margin.upsertLoans(
        [...batch.changed].map((l) => ({
          id: l.id,
          user_id: l.userId,
          account: l.account,
          coin: l.coin,
          principal: l.principal.toString(),
          interest: l.interest.toString(),
          next_charge_at: l.nextChargeAt,
          updated_at: now,
        })),
      );
      await margin.insertDocuments('margin_records', batch.records);
      await margin.insertDocuments('margin_orders', batch.orders);
    });
  }
}

/** Minor units as the wire's decimal string, without trailing zeros. */
export function amountText(minor: bigint): string {
  const text = fromMinor(minor);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
