import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Store } from '../store/db';
import { pingStore } from '../store/db';
import { SessionsRepository } from '../store/sessions-repository';
import { UsersRepository } from '../store/users-repository';
import { VerifyCodesRepository } from '../store/verify-codes-repository';
import { AccountService } from './accounts';
import { Mailer } from './mailer';
import { SessionService } from './sessions';
import { VerifyCodeService } from './verify-codes';

/** Every domain service, wired once per app from the store and the config. */
export interface Services {
  accounts: AccountService;
  sessions: SessionService;
  verifyCodes: VerifyCodeService;
  health(): Promise<void>;
  close(): Promise<void>;
}

export function createServices(store: Store, config: AppConfig, log: FastifyBaseLogger): Services {
  const users = new UsersRepository(store.db);
  const sessionsRepo = new SessionsRepository(store.db);
  const codesRepo = new VerifyCodesRepository(store.db);
  const mailer = new Mailer(
    { smtp: config.smtp, from: config.mailFrom, dataDir: config.dataDir, now: config.now },
    log,
  );
  const sessions = new SessionService(sessionsRepo, {
    ttl_s: config.sessionTtl_s,
    now: config.now,
  });
  const verifyCodes = new VerifyCodeService(codesRepo, users, mailer, {
    resend_s: config.codeResend_s,
    now: config.now,
  });
  const accounts = new AccountService(users, sessionsRepo, verifyCodes, sessions, config.now);
  return {
    accounts,
    sessions,
    verifyCodes,
    health: () => pingStore(store),
    async close() {
      mailer.close();
      await store.close();
    },
  };
}
