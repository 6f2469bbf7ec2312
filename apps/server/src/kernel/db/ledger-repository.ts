/**
 * Balances, the journal, deposit and withdrawal records, and the notices of
 * balance changes made outside the server process. Amounts are bigint minor
 * units: read back as text and turned into bigint here, never through a
 * float.
 */
import {
  PostgresAdapter,
  sql,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
} from 'kysely';
import type { AssetRecordsTable, KernelTables, LedgerEntriesTable } from './schema';
import { prepared, type SqliteConnection } from './sqlite-statements';
import { accountEntries, sliceMoveSql } from './ledger-account-index';
import { countRows, createdWithin } from './queries';

/**
 * The kinds of a move within one balance (available to frozen and back: an
 * order's freeze, its release). journal.ts posts them only as such moves,
 * whose legs sum to zero for the account and coin.
 */
export const MOVE_KINDS = ['freeze', 'release'] as const;

/** Whether entries of this kind are a move within one balance: never keyed by account (ledger-account-index.ts). */
export function isMoveKind(kind: string): boolean {
  return (MOVE_KINDS as readonly string[]).includes(kind);
}

/** A journal row as written. */
export type NewLedgerEntry = Insertable<LedgerEntriesTable>;

export interface BalanceRow {
  user_id: string;
  coin: string;
  available: bigint;
  frozen: bigint;
}

/** A change to add to one balance (either part may be negative). */
export interface BalanceDelta {
  userId: string;
  coin: string;
  available: bigint;
  frozen: bigint;
}

export interface AssetRecordRow {
  id: string;
  user_id: string;
  type: string;
  coin: string;
  amount: bigint;
  fee: bigint;
  address: string;
  status: string;
  created_at: number;
  updated_at: number;
}

/** The journal of one account, coin and bucket summed: its amount and how many entries made it. */
export interface JournalSum {
  user_id: string;
  coin: string;
  bucket: string;
  amount: bigint;
  entries: number;
}

/** What pending withdrawals hold of one user's coin. */
export interface PendingWithdrawals {
  user_id: string;
  coin: string;
  amount: bigint;
  count: number;
}

export interface AssetRecordFilter {
  type: string | null;
  coin: string | null;
  /** Only records of these coins (one ledger side); absent for all. */
  coins?: readonly string[] | null;
  status: string | null;
  begin: number | null;
  end: number | null;
}

/** Rows per multi-row statement: well under both databases' bound on parameters. */
const CHUNK = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

const text = (column: string) => sql<string>`cast(${sql.ref(column)} as text)`;

/** Statements of the embedded store's fast paths, shared with its batch writer. */
export const LEDGER_SQL = {
  balancesOf: `select user_id, coin, available, frozen from balances where user_id = ?`,
  take: `update balances set available = available + ?, frozen = frozen + ?, updated_at = ?
  where user_id = ? and coin = ?`,
  add: `insert into balances (user_id, coin, available, frozen, updated_at) values (?, ?, ?, ?, ?)
  on conflict (user_id, coin) do update set available = balances.available + excluded.available,
  frozen = balances.frozen + excluded.frozen, updated_at = excluded.updated_at`,
  insertEntry: `insert into ledger_entries (ref, leg, kind, user_id, coin, bucket, amount, created_at)
  values (?, ?, ?, ?, ?, ?, ?, ?)`,
  /** The key of an entry that is not a move, until the index by account takes it. */
  pendEntry: `insert into ledger_unindexed (user_id, coin, created_at, ref, leg) values (?, ?, ?, ?, ?)`,
  /**
   * With `clearPending`, in one transaction: the embedded store has one
   * writer at a time. A key the writer thread's move has put in the index
   * already (`LEDGER_MOVE_SQL`) is skipped.
   */
  indexPending: `insert or ignore into ledger_account_index (user_id, coin, created_at, ref, leg)
  select user_id, coin, created_at, ref, leg from ledger_unindexed
  order by user_id, coin, created_at, ref, leg`,
  clearPending: `delete from ledger_unindexed`,
} as const;

/** How the embedded store's writer thread moves the journal's keys, a slice per commit. */
export const LEDGER_MOVE_SQL = sliceMoveSql(
  'ledger_unindexed',
  'ledger_account_index',
  'user_id, coin, created_at, ref, leg',
);

export class LedgerRepository {
  /** `sqlite`: the embedded store's connection inside a transaction, for the batch writes. */
  constructor(
    private readonly db: Kysely<KernelTables>,
    private readonly sqlite: SqliteConnection | null = null,
  ) {}

  async balancesOf(userIds: readonly string[]): Promise<BalanceRow[]> {
    if (userIds.length === 0) return [];
    const out: BalanceRow[] = [];
    if (this.sqlite) {
      // One indexed lookup per user through one prepared statement; integers come back as bigint.
      const statement = prepared(this.sqlite, LEDGER_SQL.balancesOf).safeIntegers(true);
      for (const id of userIds) {
        for (const r of statement.all(id) as BalanceRow[]) out.push(r);
      }
      return out;
    }
    for (const ids of chunks(userIds)) {
      const rows = await this.db
        .selectFrom('balances')
        .select(['user_id', 'coin', text('available').as('available'), text('frozen').as('frozen')])
        .where('user_id', 'in', ids)
        .execute();
      for (const r of rows) {
        out.push({
          user_id: r.user_id,
          coin: r.coin,
          available: BigInt(r.available),
          frozen: BigInt(r.frozen),
        });
      }
    }
    return out;
  }

  /**
   * Adds each delta to its balance, creating the row when it is new. The
   * updates are relative, so a change written by another process in between
   * is kept; the table's checks refuse any balance below zero. A delta that
   * takes something away is an update of a row that exists (a database checks
   * a row it would insert before it sees the conflict, so it cannot be an
   * upsert); one that only adds is an upsert, many rows a statement.
   */
  async applyDeltas(deltas: readonly BalanceDelta[], now: number): Promise<void> {
    if (this.sqlite) return this.applyDeltasSqlite(this.sqlite, deltas, now);
    const adding: BalanceDelta[] = [];
    for (const d of deltas) {
      if (d.available >= 0n && d.frozen >= 0n) {
        adding.push(d);
        continue;
      }
      const result = await this.db
        .updateTable('balances')
        .set({
          available: sql`available + ${d.available}`,
          frozen: sql`frozen + ${d.frozen}`,
          updated_at: now,
        })
        .where('user_id', '=', d.userId)
        .where('coin', '=', d.coin)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        throw new Error(`no ${d.coin} balance of ${d.userId} to take from`);
      }
    }
    for (const part of chunks(adding)) {
      await this.db
        .insertInto('balances')
        .values(
          part.map((d) => ({
            user_id: d.userId,
            coin: d.coin,
            available: d.available,
            frozen: d.frozen,
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['user_id', 'coin']).doUpdateSet({
            available: sql`balances.available + excluded.available`,
            frozen: sql`balances.frozen + excluded.frozen`,
            updated_at: sql`excluded.updated_at`,
          }),
        )
        .execute();
    }
  }

  private applyDeltasSqlite(
    sqlite: SqliteConnection,
    deltas: readonly BalanceDelta[],
    now: number,
  ): void {
    const take = prepared(sqlite, LEDGER_SQL.take);
    const add = prepared(sqlite, LEDGER_SQL.add);
    for (const d of deltas) {
      if (d.available >= 0n && d.frozen >= 0n) {
        add.run(d.userId, d.coin, d.available, d.frozen, now);
      } else if (take.run(d.available, d.frozen, now, d.userId, d.coin).changes !== 1) {
        throw new Error(`no ${d.coin} balance of ${d.userId} to take from`);
      }
    }
  }

  /** The entries, and the keys of those that are not moves for the index by account (`indexPending`). */
  async insertEntries(entries: readonly NewLedgerEntry[]): Promise<void> {
    if (this.sqlite) {
      const insert = prepared(this.sqlite, LEDGER_SQL.insertEntry);
      const pend = prepared(this.sqlite, LEDGER_SQL.pendEntry);
      for (const e of entries) {
        insert.run(e.ref, e.leg, e.kind, e.user_id, e.coin, e.bucket, e.amount, e.created_at);
        if (!isMoveKind(e.kind)) pend.run(e.user_id, e.coin, e.created_at, e.ref, e.leg);
      }
      return;
    }
    for (const part of chunks(entries)) {
      await this.db.insertInto('ledger_entries').values(part).execute();
    }
    const keys = entries
      .filter((e) => !isMoveKind(e.kind))
      .map(({ user_id, coin, created_at, ref, leg }) => ({ user_id, coin, created_at, ref, leg }));
    for (const part of chunks(keys)) {
      await this.db.insertInto('ledger_unindexed').values(part).execute();
    }
  }

  /**
   * Moves the keys written since into the index by account, in its order, so
   * each account's page is written once for all of them. On PostgreSQL the
   * keys moved are exactly those deleted, in one statement: a key committed
   * meanwhile by another transaction stays for the next time.
   */
  async indexPending(): Promise<void> {
    if (this.db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`with moved as (delete from ledger_unindexed returning user_id, coin, created_at, ref, leg)
        insert into ledger_account_index (user_id, coin, created_at, ref, leg)
        select user_id, coin, created_at, ref, leg from moved
        order by user_id, coin, created_at, ref, leg`.execute(this.db);
      return;
    }
    await sql.raw(LEDGER_SQL.indexPending).execute(this.db);
    await sql.raw(LEDGER_SQL.clearPending).execute(this.db);
  }

  /**
   * `indexPending` for a writer beside the embedded store's spot writer
   * thread (the futures host). On SQLite that thread moves the keys, a part
   * of the accounts per commit, while it writes; a whole move here would hold
   * the engine's thread (up to 19 ms a second under load with 2,000
   * accounts). So the keys move here only once the oldest waiting was written
   * before `before` (by insertion order, one seek): the thread is not writing.
   * On PostgreSQL the move runs in the database, every time.
   */
  async indexLeftBehind(before: number): Promise<void> {
    if (!(this.db.getExecutor().adapter instanceof PostgresAdapter)) {
      const oldest = await sql<{ created_at: number | bigint }>`select created_at
        from ledger_unindexed order by rowid limit 1`.execute(this.db);
      const at = oldest.rows[0]?.created_at;
      if (at === undefined || Number(at) >= before) return;
    }
    await this.indexPending();
  }

  /** Per coin, the sum of every balance (available plus frozen) held in the table. */
  async coinTotals(): Promise<Map<string, bigint>> {
    const rows = await this.db
      .selectFrom('balances')
      .select([
        'coin',
        sql<string>`cast(sum(available) as text)`.as('available'),
        sql<string>`cast(sum(frozen) as text)`.as('frozen'),
      ])
      .groupBy('coin')
      .execute();
    return new Map(rows.map((r) => [r.coin, BigInt(r.available) + BigInt(r.frozen)]));
  }

  /** Per coin, the journal's sum over some accounts (those without a balance row: the clearing account, the sources outside). */
  async journalTotals(userIds: readonly string[]): Promise<Map<string, bigint>> {
    const rows = await this.db
      .selectFrom(accountEntries(this.db, userIds).as('j'))
      .select(['coin', sql<string>`cast(sum(amount) as text)`.as('amount')])
      .groupBy('coin')
      .execute();
    return new Map(rows.map((r) => [r.coin, BigInt(r.amount)]));
  }

  /** Per coin, what the journal says the world outside holds against the exchange (deposits minus withdrawals, negated). */
  async externalTotals(): Promise<Map<string, bigint>> {
    // '@external' and '@demo' (domain/journal.ts): the sources outside, real and demo.
    return this.journalTotals(['@external', '@demo']);
  }

  /** Every balance row (the audit reads them all, inside one snapshot); or the accounts named `<prefix>...`. */
  async allBalances(prefix?: string): Promise<BalanceRow[]> {
    let query = this.db
      .selectFrom('balances')
      .select(['user_id', 'coin', text('available').as('available'), text('frozen').as('frozen')]);
    if (prefix) query = query.where('user_id', 'like', `${prefix}%`);
    const rows = await query.execute();
    return rows.map((r) => ({
      user_id: r.user_id,
      coin: r.coin,
      available: BigInt(r.available),
      frozen: BigInt(r.frozen),
    }));
  }

  /** The journal summed per account, coin and bucket, with the number of entries of each. */
  async journalSums(): Promise<JournalSum[]> {
    const rows = await this.db
      .selectFrom('ledger_entries')
      .select([
        'user_id',
        'coin',
        'bucket',
        sql<string>`cast(sum(amount) as text)`.as('amount'),
        sql<string | number>`count(*)`.as('entries'),
      ])
      .groupBy(['user_id', 'coin', 'bucket'])
      .execute();
    return rows.map((r) => ({
      user_id: r.user_id,
      coin: r.coin,
      bucket: r.bucket,
      amount: BigInt(r.amount),
      entries: Number(r.entries),
    }));
  }

  /** What pending withdrawals hold, per user and coin (each froze its whole amount, fee included). */
  async pendingWithdrawals(): Promise<PendingWithdrawals[]> {
    const rows = await this.db
      .selectFrom('asset_records')
      .select([
        'user_id',
        'coin',
        sql<string>`cast(sum(amount) as text)`.as('amount'),
        sql<string | number>`count(*)`.as('count'),
      ])
      .where('type', '=', 'withdraw')
      .where('status', '=', 'pending')
      .groupBy(['user_id', 'coin'])
      .execute();
    return rows.map((r) => ({
      user_id: r.user_id,
      coin: r.coin,
      amount: BigInt(r.amount),
      count: Number(r.count),
    }));
  }

  async insertRecord(row: Insertable<AssetRecordsTable>): Promise<void> {
    await this.db.insertInto('asset_records').values(row).execute();
  }

  /** Moves a record from one status to another; false when it was no longer in `from`. */
  async moveRecord(id: string, from: string, to: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('asset_records')
      .set({ status: to, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private recordColumns() {
    return [
      'id',
      'user_id',
      'type',
      'coin',
      text('amount').as('amount'),
      text('fee').as('fee'),
      'address',
      'status',
      'created_at',
      'updated_at',
    ] as const;
  }

  private toRecord(r: {
    id: string;
    user_id: string;
    type: string;
    coin: string;
    amount: string;
    fee: string;
    address: string;
    status: string;
    created_at: number;
    updated_at: number;
  }): AssetRecordRow {
    return { ...r, amount: BigInt(r.amount), fee: BigInt(r.fee) };
  }

  async record(id: string): Promise<AssetRecordRow | undefined> {
    const row = await this.db
      .selectFrom('asset_records')
      .select(this.recordColumns())
      .where('id', '=', id)
      .executeTakeFirst();
    return row && this.toRecord(row);
  }

  private filteredRecords(userId: string | null, filter: AssetRecordFilter) {
    let query: SelectQueryBuilder<KernelTables, 'asset_records', object> =
      this.db.selectFrom('asset_records');
    if (userId !== null) query = query.where('user_id', '=', userId);
    if (filter.type !== null) query = query.where('type', '=', filter.type);
    if (filter.coin !== null) query = query.where('coin', '=', filter.coin);
    if (filter.coins) query = query.where('coin', 'in', filter.coins);
    if (filter.status !== null) query = query.where('status', '=', filter.status);
    return createdWithin(query, filter);
  }

  async countRecords(userId: string | null, filter: AssetRecordFilter): Promise<number> {
    return countRows(this.filteredRecords(userId, filter));
  }

  /** Newest first. */
  async records(
    userId: string | null,
    filter: AssetRecordFilter,
    offset: number,
    limit: number,
  ): Promise<AssetRecordRow[]> {
    const rows = await this.filteredRecords(userId, filter)
      .select(this.recordColumns())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map((r) => this.toRecord(r));
  }

  async insertNotice(id: string, userId: string, now: number): Promise<void> {
    await this.db
      .insertInto('ledger_notices')
      .values({ id, user_id: userId, created_at: now })
      .execute();
  }

  /** Notices at or after a time, oldest first. */
  noticesSince(
    time: number,
    limit: number,
  ): Promise<Array<{ id: string; user_id: string; created_at: number }>> {
    return this.db
      .selectFrom('ledger_notices')
      .selectAll()
      .where('created_at', '>=', time)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  async pruneNotices(before: number): Promise<void> {
    await this.db.deleteFrom('ledger_notices').where('created_at', '<', before).execute();
  }
}
