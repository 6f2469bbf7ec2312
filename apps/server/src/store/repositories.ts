import type { Kysely } from 'kysely';
import { AnnouncementsRepository } from './announcements-repository';
import { KlinesRepository } from './klines-repository';
import { LedgerRepository } from './ledger-repository';
import { LoginHistoryRepository } from './login-history-repository';
import type { Database } from './schema';
import { SessionsRepository } from './sessions-repository';
import { SpotRepository } from './spot-repository';
import { UsersRepository } from './users-repository';
import { VerifyCodesRepository } from './verify-codes-repository';

/** Every repository, bound to one connection or one transaction. */
export interface Repositories {
  users: UsersRepository;
  sessions: SessionsRepository;
  verifyCodes: VerifyCodesRepository;
  loginHistory: LoginHistoryRepository;
  announcements: AnnouncementsRepository;
  klines: KlinesRepository;
  ledger: LedgerRepository;
  spot: SpotRepository;
}

export function repositoriesOf(db: Kysely<Database>): Repositories {
  return {
    users: new UsersRepository(db),
    sessions: new SessionsRepository(db),
    verifyCodes: new VerifyCodesRepository(db),
    loginHistory: new LoginHistoryRepository(db),
    announcements: new AnnouncementsRepository(db),
    ledger: new LedgerRepository(db),
    spot: new SpotRepository(db),
    klines: new KlinesRepository(db),
  };
}
