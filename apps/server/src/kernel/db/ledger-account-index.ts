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
 * second and about twenty commits while it writes.
 */
export const ACCOUNT_INDEX_LEFT_BEHIND_MS = 5000;

/**
 * The embedded store's writer moves them sooner once this many keys wait
 * (about 0.2 to 0.4 s of them at full load, 7 keys an order): the keys not
 * moved yet are read whole by every read by account.
 */
export const ACCOUNT_INDEX_MAX_KEYS = 8192;

/**
 * The embedded store's writer moves a move's keys about this many at a time,
 * one slice per commit, in the order of the indexes (account first): a slice
 * writes the index pages of the accounts it holds only, and a commit waits
 * for a slice of a move, not all of it.
 */
export const ACCOUNT_INDEX_SLICE_KEYS = 512;

/**
 * The statements by which the embedded store's writer thread moves the keys
 * of one `_unindexed` table (`from`) into its index (`into`), both with
 * these `columns`, which are the index's key in its order:
 * - `take`, as a move starts: every key waiting, up to the last (`last`,
 *   its row number and key), copied in the index's order into a table of
 *   the writer's connection in memory (`moving`, emptied by `empty`), so that
 *   row n of it is the n-th key in that order;
 * - `slice`, once per commit: the keys of rows (lo, hi] of that copy go into
 *   the index (a key already there, moved by another writer meanwhile, is
 *   skipped);
 * - `clear`, after the last slice: the rows taken, the oldest of `from`,
 *   deleted at once, if the last of them still holds the key it held
 *   (`keyAt`). Only a whole move deletes rows meanwhile (`indexPending`),
 *   and it deletes every row: then each key taken is in the index already,
 *   and a row number may since have been given to a new key, so nothing is
 *   cleared. Until the clear a key is in both tables, and a read by account
 *   takes it from the index only (`accountEntries`; the spot histories read
 *   the keys through `in`, where a key twice is once).
 */
export function sliceMoveSql(from: string, into: string, columns: string) {
  const moving = `${from}_moving`;
  return {
    create: `create temp table if not exists ${moving} (${columns})`,
    empty: `delete from temp.${moving}`,
    last: `select rowid, ${columns} from ${from} order by rowid desc limit 1`,
    keyAt: `select rowid, ${columns} from ${from} where rowid = ?`,
    take: `insert into temp.${moving} (${columns})
  select ${columns} from ${from} where rowid <= ? order by ${columns}`,
    slice: `insert or ignore into ${into} (${columns})
  select ${columns} from temp.${moving} where rowid > ? and rowid <= ?`,
    clear: `delete from ${from} where rowid <= ?`,
  };
}

/**
 * The journal entries of these accounts, in one coin if named, without the
 * moves within one balance (which sum to zero for the account, so nothing
 * read by account needs them): the keys in the index by account and those
 * written since it was last brought up to date, each entry read by its key.
 * One statement, so one snapshot: a key is in one of the two tables or, on
 * the embedded store while a move goes slice by slice, in both, and then
 * taken from the index only.
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
  const column = (name: keyof KernelTables['ledger_unindexed']) =>
    `ledger_unindexed.${name}` as const;
  const waiting = keysIn('ledger_unindexed').where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom('ledger_account_index as i')
          .select('i.leg')
          .whereRef('i.user_id', '=', column('user_id'))
          .whereRef('i.coin', '=', column('coin'))
          .whereRef('i.created_at', '=', column('created_at'))
          .whereRef('i.ref', '=', column('ref'))
          .whereRef('i.leg', '=', column('leg')),
      ),
    ),
  );
  return db
    .selectFrom(keysIn('ledger_account_index').unionAll(waiting).as('k'))
    .innerJoin('ledger_entries as e', (join) =>
      join.onRef('e.ref', '=', 'k.ref').onRef('e.leg', '=', 'k.leg'),
    )
    .select(['e.ref', 'e.kind', 'e.user_id', 'e.coin', 'e.amount', 'e.created_at']);
}
