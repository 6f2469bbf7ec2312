import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Store } from '../store/db';
import { AccountService } from './accounts';
import { ContentService } from './content';
import { Mailer } from './mailer';
import { SessionService } from './sessions';
import { VerifyCodeService } from './verify-codes';

/** Every domain service, wired once per app from the store and the config. */
export interface Services {
  accounts: AccountService;
  sessions: SessionService;
  verifyCodes: VerifyCodeService;
  content: ContentService;
  /** Throws unless the database answers a real round trip. */
  health(): Promise<void>;
  close(): Promise<void>;
}

export function createServices(store: Store, config: AppConfig, log: FastifyBaseLogger): Services {
  const mailer = new Mailer(
    { smtp: config.smtp, from: config.mailFrom, dataDir: config.dataDir, now: config.now },
    log,
  );
  const sessions = new SessionService(store, { ttl_s: config.sessionTtl_s, now: config.now });
  const verifyCodes = new VerifyCodeService(store, mailer, {
    resend_s: config.codeResend_s,
    now: config.now,
  });
  const accounts = new AccountService(store, verifyCodes, sessions, config.now);
  const content = new ContentService(store, config.imageHosts, config.now);
  return {
    accounts,
    sessions,
    verifyCodes,
    content,
    health: () => store.ping(),
    async close() {
      mailer.close();
      await store.close();
    },
  };
}
