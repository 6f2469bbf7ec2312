/**
 * The journal read by account: its index by account is a table of keys
 * brought up to date in bulk (DESIGN.md section 5), so a read by account takes
 * the keys of that table and of those written since.
 */
import type { Kysely } from 'kysely';
import type { KernelTables } from './schema';

/**
 * How often the spot writer moves the keys written since into the indexes by
 * account kept as tables (the journal's, `LedgerRepository.indexPending`; the
 * spot orders' and fills', `SpotRepository.indexPending`). Each account's page of
 * them is then written about once per interval, not once per commit that
 * touched it.
 */
export const ACCOUNT_INDEX_EVERY_MS = 1000;

/**
 * When a writer moves the keys on its own clock, once an interval: each
 * writer that journals (the spot host, the futures host) keeps one, so keys
 * written by either move even while the other is idle.
 */
export class IndexMoves {
  private last = Number.NEGATIVE_INFINITY;

  /** Whether a move is due at `now`; if so, it counts as made. */
  due(now: number): boolean {
    if (now - this.last < ACCOUNT_INDEX_EVERY_MS) return false;
    this.last = now;
    return true;
  }
}

/**
 * On the embedded store, a writer beside the spot writer thread (the futures
 * host) moves the journal's keys only once the oldest has waited this long
 * (`LedgerRepository.indexLeftBehind`): the thread moves them within about a
 * second and eight commits while it writes.
 */
export const ACCOUNT_INDEX_LEFT_BEHIND_MS = 5000;

/**
 * The embedded store's writer moves them sooner once this many keys wait
 * (about 0.2 to 0.4 s of them at full load, 7 keys an order): the keys not
 * moved yet are read whole by every read by account.
 */
export const ACCOUNT_INDEX_MAX_KEYS = 8192;

/**
 * The embedded store's writer moves the keys of one part of the accounts per
 * commit, in this many parts by the last character of the account (a UUID's
 * last hex digit for users). A move holds the writer thread, and costs it
 * mostly a page of an index written per account it moves keys of: a whole
 * move held it 25 to 39 ms under the gateway bench, the p99 of a light load
 * (30 to 32 ms; 20 to 25 ms by parts).
 */
export const ACCOUNT_INDEX_PARTS = 8;

/**
 * The condition of a key table's row on the part of the accounts it falls
 * in: bound to `ACCOUNT_INDEX_PARTS`, then the part.
 */
export const IN_ACCOUNT_PART = 'unicode(substr(user_id, -1)) % ? = ?';

/**
 * The journal entries of these accounts, in one coin if named, without the
 * moves within one balance (which sum to zero for the account, so nothing
 * read by account needs them): the keys in the index by account and those
 * written since it was last brought up to date, each entry read by its key.
 * One statement, so one snapshot: a key is in one of the two tables, never
 * both and never neither.
 */
export function accountEntries(
  db: Kysely<KernelTables>,
  userIds: readonly string[],
  coin?: string,
) {
  const keysIn = (table: 'ledger_account_index' | 'ledger_unindexed') => {
    let keys = db
      .selectFrom(table as 'ledger_unindexed')
      .select(['ref', 'leg'])
      .where('user_id', 'in', userIds);
    if (coin !== undefined) keys = keys.where('coin', '=', coin);
    return keys;
  };
  return db
    .selectFrom(keysIn('ledger_account_index').unionAll(keysIn('ledger_unindexed')).as('k'))
    .innerJoin('ledger_entries as e', (join) =>
      join.onRef('e.ref', '=', 'k.ref').onRef('e.leg', '=', 'k.leg'),
    )
    .select(['e.ref', 'e.kind', 'e.user_id', 'e.coin', 'e.amount', 'e.created_at']);
}
