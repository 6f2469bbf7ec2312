/**
 * Configuration from the environment, read in one place. README.md lists the
 * same variables in one table.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  pass: string | undefined;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  webDist: string;
  smtp: SmtpConfig | null;
  mailFrom: string;
  sessionTtl_s: number;
  logLevel: string;
  rateLimitLoginPerMin: number;
  rateLimitCodePer10Min: number;
  codeResend_s: number;
  /** Clock of the services; tests pass their own to move time. */
  now: () => number;
}

const here = dirname(fileURLToPath(import.meta.url));

function intFrom(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${key} must be a non-negative integer, got "${raw}"`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const smtpHost = env.SMTP_HOST?.trim();
  return {
    port: intFrom(env, 'PORT', 8080),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    webDist: resolve(env.WEB_DIST?.trim() || resolve(here, '../../web/dist')),
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: intFrom(env, 'SMTP_PORT', 587),
          secure: env.SMTP_SECURE === 'true',
          user: env.SMTP_USER || undefined,
          pass: env.SMTP_PASS || undefined,
        }
      : null,
    mailFrom: env.MAIL_FROM?.trim() || 'Quay <no-reply@quay.local>',
    sessionTtl_s: intFrom(env, 'SESSION_TTL_S', 7 * 24 * 3600),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    rateLimitLoginPerMin: intFrom(env, 'RATE_LIMIT_LOGIN_PER_MIN', 20),
    rateLimitCodePer10Min: intFrom(env, 'RATE_LIMIT_CODE_PER_10MIN', 10),
    codeResend_s: intFrom(env, 'CODE_RESEND_S', 60),
    now: () => Date.now(),
  };
}
