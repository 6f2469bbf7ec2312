/**
 * Prepared statements on the embedded store's own connection, for the
 * engine host's batch writes: compiling a query builder and preparing its SQL
 * anew for every row cost more than the writes themselves. Used only inside a
 * transaction the store opened, where the connection is held for that
 * transaction alone.
 */
import type SQLite from 'better-sqlite3';

export type SqliteConnection = SQLite.Database;

const cache = new WeakMap<SqliteConnection, Map<string, SQLite.Statement>>();

/** The statement for `sql` on `connection`, prepared once. */
export function prepared(connection: SqliteConnection, sql: string): SQLite.Statement {
  let statements = cache.get(connection);
  if (!statements) {
    statements = new Map();
    cache.set(connection, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = connection.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

/**
 * Pages the write-ahead log may hold before a commit copies them into the
 * database file (SQLite's `wal_autocheckpoint`; its default is 1,000, about
 * 4 MiB). A checkpoint rewrites every page the log holds and syncs the file:
 * under a steady flow of orders the same index pages were copied again every
 * few commits, and checkpoints took most of the batch writer's time. At
 * 10,000 pages (about 40 MiB of log) each hot page is copied once per ten
 * times as many commits. Every connection to the file uses the same figure,
 * so that the main thread's rarer commits never find the log over their own,
 * lower mark and checkpoint in its place.
 */
export const WAL_CHECKPOINT_PAGES = 10_000;
