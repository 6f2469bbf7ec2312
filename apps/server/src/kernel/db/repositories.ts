import type { Kysely } from 'kysely';
import { AnnouncementsRepository } from './announcements-repository';
import { FuturesRepository } from './futures-repository';
import { GatewayRepository } from './gateway-repository';
import { KlinesRepository } from './klines-repository';
import { LedgerRepository } from './ledger-repository';
import { LoginHistoryRepository } from './login-history-repository';
import { MovementsRepository } from './movements-repository';
import type { Database } from './schema';
import { SecondFactorRepository } from './second-factor-repository';
import { SessionsRepository } from './sessions-repository';
import { SpotRepository } from './spot-repository';
import type { SqliteConnection } from './sqlite-statements';
import { UsersRepository } from './users-repository';
import { VerifyCodesRepository } from './verify-codes-repository';

/** Every repository, bound to one connection or one transaction. */
export interface Repositories {
  users: UsersRepository;
  sessions: SessionsRepository;
  verifyCodes: VerifyCodesRepository;
  loginHistory: LoginHistoryRepository;
  gateway: GatewayRepository;
  announcements: AnnouncementsRepository;
  klines: KlinesRepository;
  ledger: LedgerRepository;
  movements: MovementsRepository;
  spot: SpotRepository;
  secondFactor: SecondFactorRepository;
  futures: FuturesRepository;
}

/**
 * `sqlite` is the embedded store's connection, given only inside a
 * transaction (see sqlite-statements.ts); the hot writes then skip the query
 * builder.
 */
export function repositoriesOf(
  db: Kysely<Database>,
  sqlite: SqliteConnection | null = null,
): Repositories {
  return {
    users: new UsersRepository(db),
    sessions: new SessionsRepository(db),
    verifyCodes: new VerifyCodesRepository(db),
    loginHistory: new LoginHistoryRepository(db),
    gateway: new GatewayRepository(db),
    announcements: new AnnouncementsRepository(db),
    ledger: new LedgerRepository(db, sqlite),
    movements: new MovementsRepository(db),
    spot: new SpotRepository(db, sqlite),
    klines: new KlinesRepository(db),
    secondFactor: new SecondFactorRepository(db),
    futures: new FuturesRepository(db),
  };
}
