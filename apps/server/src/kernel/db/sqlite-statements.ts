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
