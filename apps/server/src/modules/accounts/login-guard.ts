/**
 * What every way of logging in shares: masked contact details, the user
 * shape answered after a login, and the lockout after five wrong
 * second-factor codes (15 minutes).
 */
import type { ErrorName, UserInfo } from '@quay/core';
import { appError } from '../../kernel/app-error';
import type { AccountsStore as Store } from './accounts-repositories';
import type { UserRow } from './users-repository';
import { newId } from '../../kernel/ids';
import type { AccountsRepos as Repositories } from './accounts-repositories';
import type { ClientInfo, IssuedSession, SessionService } from '../../kernel/sessions';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_S = 15 * 60;

/** `ab***@example.com`: at most two characters of the name, never all of it. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  const shown = name.slice(0, Math.min(2, name.length - 1));
  return `${shown}***@${domain}`;
}

/** `138****5678`: the hidden middle stays hidden however short the number. */
export function maskMobile(mobile: string): string {
  const [head, tail] = mobile.length >= 10 ? [3, 4] : mobile.length >= 7 ? [2, 3] : [1, 2];
  return `${mobile.slice(0, head)}****${mobile.slice(-tail)}`;
}

/** `12******89`: a referred account is told apart without being identified. */
export function maskUserId(userId: string): string {
  return userId.length <= 4
    ? '****'
    : `${userId.slice(0, 2)}${'*'.repeat(userId.length - 4)}${userId.slice(-2)}`;
}

/** A session as a login answers it, with the signed-in user. */
export type SessionAnswer = IssuedSession & { userInfo: UserInfo };

export function userInfoOf(user: UserRow): UserInfo {
  const email = user.email ? maskEmail(user.email) : null;
  const mobile = user.mobile ? maskMobile(user.mobile) : null;
  return {
    userId: user.user_id,
    loginName: email ?? (mobile ? `+${user.area_code ?? ''} ${mobile}` : user.user_id),
    email,
    mobile,
    areaCode: user.area_code,
    referralCode: user.referral_code,
    registerTime: user.created_at,
    vipLevel: 0,
  };
}

/** Refuses a login to a locked or disabled account. */
export function assertMayLogIn(user: UserRow, now: number): void {
  if (user.locked_until !== null && user.locked_until > now) {
    throw appError('ACCOUNT_LOCKED', { seconds: Math.ceil((user.locked_until - now) / 1000) });
  }
  if (user.status === 'frozen') throw appError('ACCOUNT_FROZEN');
  if (user.status !== 'active') throw appError('ACCOUNT_DISABLED');
}

/** The signed-in user, refused when gone, frozen or disabled. */
export async function activeUserOf(store: Store, userRowId: string): Promise<UserRow> {
  const user = await store.repos.users.byId(userRowId);
  if (!user) throw appError('LOGIN_REQUIRED');
  if (user.status === 'frozen') throw appError('ACCOUNT_FROZEN');
  if (user.status !== 'active') throw appError('ACCOUNT_DISABLED');
  return user;
}

/** A failed login in the user's login history. */
export async function recordFailedLogin(
  repos: Repositories,
  user: UserRow,
  client: ClientInfo,
  now: number,
): Promise<void> {
  await repos.loginHistory.insert({
    id: newId(),
    user_id: user.id,
    ip: client.ip,
    user_agent: client.userAgent,
    success: 0,
    created_at: now,
  });
}

/**
 * Counts a wrong second-factor code against the account, locks it for LOCK_S
 * at MAX_FAILED_LOGINS, and throws: ACCOUNT_LOCKED when this attempt locked
 * it, else `failure`. Only someone who knows the password gets this far, so
 * the lock is the account's (wrong passwords slow down their source instead:
 * see login-throttle.ts). `history` records it as a failed login.
 */
export async function countFailedLogin(
  store: Store,
  user: UserRow,
  client: ClientInfo,
  now: number,
  failure: ErrorName,
  history = true,
): Promise<never> {
  const locked = await store.transaction(async (repos) => {
    const failed = await repos.users.addFailedLogin(user.id);
    const lock = failed >= MAX_FAILED_LOGINS;
    if (lock) {
      await repos.users.update(user.id, {
        failed_logins: 0,
        locked_until: now + LOCK_S * 1000,
      });
    }
    if (history) await recordFailedLogin(repos, user, client, now);
    return lock;
  });
  if (locked) throw appError('ACCOUNT_LOCKED', { seconds: LOCK_S });
  throw appError(failure);
}

/** The last step of every login: failures forgiven, a session issued, the user answered. */
export async function openSession(
  repos: Repositories,
  sessions: SessionService,
  user: UserRow,
  client: ClientInfo,
): Promise<SessionAnswer> {
  await repos.users.update(user.id, { failed_logins: 0, locked_until: null });
  const session = await sessions.issue(repos, user.id, client);
  return { ...session, userInfo: userInfoOf(user) };
}
