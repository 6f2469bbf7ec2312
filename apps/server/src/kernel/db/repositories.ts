import type { Kysely } from 'kysely';
import { ClusterRepository } from './cluster-repository';
import { GatewayRepository } from './gateway-repository';
import { LedgerRepository } from './ledger-repository';
import { LoginHistoryRepository } from './login-history-repository';
import { MovementsRepository } from './movements-repository';
import type { KernelTables } from './schema';
import { SessionsRepository } from './sessions-repository';
import type { SqliteConnection } from './sqlite-statements';

/** The kernel's own repositories, bound to one connection or one transaction. */
export interface KernelRepositories {
  sessions: SessionsRepository;
  loginHistory: LoginHistoryRepository;
  gateway: GatewayRepository;
  ledger: LedgerRepository;
  movements: MovementsRepository;
  cluster: ClusterRepository;
}

/**
 * What the modules add to the store: their repositories, bound to the same
 * connection or transaction as the kernel's. A module reaches its own tables
 * with `db.withTables<ItsTables>()`. `sqlite` is the embedded store's
 * connection, given only inside a transaction (see sqlite-statements.ts); the
 * hot writes then skip the query builder.
 */
export type RepositoriesFactory<R> = (
  db: Kysely<KernelTables>,
  sqlite: SqliteConnection | null,
) => R;

export const kernelRepositoriesOf: RepositoriesFactory<KernelRepositories> = (db, sqlite) => ({
  sessions: new SessionsRepository(db),
  loginHistory: new LoginHistoryRepository(db),
  gateway: new GatewayRepository(db),
  ledger: new LedgerRepository(db, sqlite),
  movements: new MovementsRepository(db),
  cluster: new ClusterRepository(db),
});
