/**
 * Third-party and wallet sign-in, what every provider shares: an identity the
 * provider vouched for (see oidc-login.ts, telegram-login.ts,
 * wallet-login.ts) logs its linked account in (asking the second factor when
 * the account has one), or waits as a pending identity under a serialNO.
 * A pending identity is bound to an existing account once that account's
 * password proved it (third/check and its kin, then bind/choose), or opens a
 * new account: with the address the provider vouches for, with an address or
 * number confirmed by a code, or (Telegram) with no contact at all.
 * Linked identities are listed in settings and unlinked with the second
 * factor, never the last way into an account without a password.
 */
import {
  THIRD_PARTY_PENDING_TTL_S,
  type FactorCodes,
  type LinkedIdentity,
  type PendingIdentity,
  type ThirdPartyKind,
  type ThirdPartySignAnswer,
} from '@quay/core';
import { appError } from '../../kernel/app-error';
import { newId, newSessionToken, sha256 } from '../../kernel/ids';
import type { ClientInfo } from '../../kernel/sessions';
import type { AccountsStore as Store } from './accounts-repositories';
import type { AccountService } from './accounts';
import { emailAddress, normaliseAreaCode } from './accounts';
import { activeUserOf, assertMayLogIn, userInfoOf } from './login-guard';
import { isLoginPassword } from './passwords';
import type { SecondFactorService } from './second-factor';
import type { PendingRow } from './third-party-repository';
import type { UserRow } from './users-repository';
import type { CheckedCode, CodeTarget, VerifyCodeService } from './verify-codes';

/** The password hash of an account opened by a third-party identity: no password logs in with it. */
export const NO_PASSWORD_HASH = 'third-party:no-password';

/** Who a provider says signed in. */
export interface ExternalIdentity {
  provider: string;
  kind: ThirdPartyKind;
  subject: string;
  label: string;
  /** An address the provider says it verified, else null. */
  email: string | null;
}

/** The contact a new account opens with; a code confirms it unless the provider vouched for the address. */
export interface NewContact {
  email?: string | undefined;
  mobile?: string | undefined;
  areaCode?: string | undefined;
  code?: string | undefined;
}

/** A pending identity as a password check answers it (the client holds its serialNO). */
export type BoundIdentity = Omit<PendingIdentity, 'serialNO'>;

function pendingInfo(row: PendingRow, boundLoginName: string | null): BoundIdentity {
  return {
    provider: row.provider,
    label: row.label,
    email: row.email,
    boundLoginName,
    expiresAt: row.expires_at,
  };
}

export class ThirdPartyService {
  constructor(
    private readonly store: Store,
    private readonly accounts: AccountService,
    private readonly secondFactor: SecondFactorService,
    private readonly codes: VerifyCodeService,
    private readonly now: () => number,
  ) {}

  /** Logs a linked identity's account in, or keeps the identity pending under a new serialNO. */
  async signIn(
    identity: ExternalIdentity,
    client: ClientInfo,
    proof: string | null = null,
  ): Promise<ThirdPartySignAnswer> {
    const now = this.now();
    const repos = this.store.repos;
    const linked = await repos.thirdParty.identity(identity.provider, identity.subject);
    if (linked) {
      const user = await repos.users.byId(linked.user_id);
      if (!user) throw appError('LOGIN_REQUIRED');
      assertMayLogIn(user, now);
      await repos.thirdParty.touchIdentity(linked.id, now);
      return this.logIn(user, client);
    }
    await repos.thirdParty.deleteExpired(now - 3600_000);
    const serialNO = newSessionToken();
    const expiresAt = now + THIRD_PARTY_PENDING_TTL_S * 1000;
    await repos.thirdParty.insertPending({
      serial_hash: sha256(serialNO),
      provider: identity.provider,
      kind: identity.kind,
      subject: identity.subject,
      label: identity.label,
      email: identity.email,
      proof_hash: proof === null ? null : sha256(proof.toLowerCase()),
      bound_user_id: null,
      created_at: now,
      expires_at: expiresAt,
      consumed_at: null,
    });
    return {
      pending: {
        serialNO,
        provider: identity.provider,
        label: identity.label,
        email: identity.email,
        boundLoginName: null,
        expiresAt,
      },
    };
  }

  /**
   * third/check, third/bind/check, tg/checkUserExit, wallet/check: the
   * password proves an existing account, which bind/choose then links.
   */
  async prove(
    handle: { serialNO: string } | { signature: string },
    login: { loginName: string; pwd: string; areaCode?: string | undefined },
    client: ClientInfo,
    kind: ThirdPartyKind | null,
  ): Promise<BoundIdentity> {
    const pending = await this.pendingOf(handle, kind);
    const user = await this.accounts.checkPassword(login, client);
    await this.store.repos.thirdParty.boundPending(pending.serial_hash, user.id);
    return pendingInfo(pending, userInfoOf(user).loginName);
  }

  /**
   * bind/choose: links a pending identity to the account a password proved,
   * and logs it in; without one, opens a new account with the address the
   * provider vouched for.
   */
  async choose(serialNO: string, email: string, client: ClientInfo): Promise<ThirdPartySignAnswer> {
    const pending = await this.pendingOf({ serialNO }, null);
    if (pending.bound_user_id === null) return this.register(serialNO, null, { email }, client);
    const user = await activeUserOf(this.store, pending.bound_user_id);
    assertMayLogIn(user, this.now());
    await this.store.transaction(async (repos) => {
      if (!(await repos.thirdParty.consumePending(pending.serial_hash, this.now()))) {
        throw appError('THIRD_PARTY_SERIAL_INVALID');
      }
      await this.link(repos, user.id, pending);
    });
    return this.logIn(user, client);
  }

  /**
   * Opens an account for a pending identity and logs it in. With a code, the
   * email or mobile number it was sent to; without, only the address the
   * provider vouched for.
   */
  async register(
    serialNO: string,
    kinds: readonly ThirdPartyKind[] | null,
    contact: NewContact,
    client: ClientInfo,
  ): Promise<ThirdPartySignAnswer> {
    const pending = await this.pendingOf({ serialNO }, null);
    if (kinds && !kinds.includes(pending.kind)) throw appError('THIRD_PARTY_SERIAL_INVALID');
    let target: CodeTarget;
    if (contact.email !== undefined && contact.email !== '') {
      target = { channel: 'email', email: emailAddress(contact.email) };
    } else if (contact.mobile && contact.areaCode) {
      target = {
        channel: 'sms',
        areaCode: normaliseAreaCode(contact.areaCode),
        mobile: contact.mobile,
      };
    } else {
      throw appError('INVALID_PARAMETER', { field: 'email' });
    }
    let checked: CheckedCode | null = null;
    if (contact.code !== undefined && contact.code !== '') {
      checked = await this.codes.check(target, 'register', contact.code);
    } else if (target.channel !== 'email' || pending.email !== target.email) {
      throw appError('THIRD_PARTY_EMAIL_UNVERIFIED');
    }
    return this.open(pending, target, checked, client);
  }

  /** tg/generateVirtual: an account with no contact details, reached by its Telegram identity. */
  async openVirtual(serialNO: string, client: ClientInfo): Promise<ThirdPartySignAnswer> {
    const pending = await this.pendingOf({ serialNO }, 'telegram');
    return this.open(pending, null, null, client);
  }

  async identities(userRowId: string): Promise<LinkedIdentity[]> {
    const user = await activeUserOf(this.store, userRowId);
    const rows = await this.store.repos.thirdParty.identitiesOf(user.id);
    return rows.map((row) => ({
      id: row.id,
      provider: row.provider,
      kind: row.kind,
      label: row.label,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    }));
  }

  /** Unlinks an identity, confirmed by the second factor; never the last way into an account without a password. */
  async unlink(
    userRowId: string,
    id: string,
    codes: FactorCodes,
    client: ClientInfo,
  ): Promise<void> {
    const user = await activeUserOf(this.store, userRowId);
    assertMayLogIn(user, this.now());
    const repos = this.store.repos;
    const linked = await repos.thirdParty.identitiesOf(user.id);
    if (!linked.some((row) => row.id === id)) throw appError('IDENTITY_NOT_FOUND');
    if (!isLoginPassword(user.password_hash) && linked.length === 1) {
      const passkeys = await repos.loginWays.passkeysOf(user.id);
      if (passkeys.length === 0) throw appError('IDENTITY_LAST_WAY_IN');
    }
    const confirmed = await this.secondFactor.confirmChange(user, codes, client);
    await this.store.transaction(async (tx) => {
      await this.secondFactor.spendConfirmed(tx, user.id, confirmed);
      if (!(await tx.thirdParty.deleteIdentity(user.id, id))) throw appError('IDENTITY_NOT_FOUND');
    });
  }

  private async pendingOf(
    handle: { serialNO: string } | { signature: string },
    kind: ThirdPartyKind | null,
  ): Promise<PendingRow> {
    const pending =
      'serialNO' in handle
        ? await this.store.repos.thirdParty.openPending(
            'serial_hash',
            sha256(handle.serialNO),
            this.now(),
          )
        : await this.store.repos.thirdParty.openPending(
            'proof_hash',
            sha256(handle.signature.toLowerCase()),
            this.now(),
          );
    if (!pending || (kind !== null && pending.kind !== kind)) {
      throw appError('THIRD_PARTY_SERIAL_INVALID');
    }
    return pending;
  }

  /** Login's last steps: a ticket for the second factor when the account has one, else the session. */
  private logIn(user: UserRow, client: ClientInfo): Promise<ThirdPartySignAnswer> {
    return this.accounts.finishLogin(user, client);
  }

  private async link(repos: Store['repos'], userId: string, pending: PendingRow): Promise<void> {
    if (await repos.thirdParty.identity(pending.provider, pending.subject)) {
      throw appError('THIRD_PARTY_ALREADY_LINKED');
    }
    await repos.thirdParty.insertIdentity({
      id: newId(),
      user_id: userId,
      provider: pending.provider,
      kind: pending.kind,
      subject: pending.subject,
      label: pending.label,
      created_at: this.now(),
      last_used_at: this.now(),
    });
  }

  /** A new account for a pending identity, with its contact (or none), logged in. */
  private async open(
    pending: PendingRow,
    target: CodeTarget | null,
    checked: CheckedCode | null,
    client: ClientInfo,
  ): Promise<ThirdPartySignAnswer> {
    const users = this.store.repos.users;
    if (target?.channel === 'email' && (await users.byEmail(target.email))) {
      throw appError('EMAIL_TAKEN');
    }
    if (target?.channel === 'sms' && (await users.byMobile(target.areaCode, target.mobile))) {
      throw appError('MOBILE_TAKEN');
    }
    const user = await this.accounts.newAccountRow(
      {
        email: target?.channel === 'email' ? target.email : null,
        mobile: target?.channel === 'sms' ? target.mobile : null,
        areaCode: target?.channel === 'sms' ? target.areaCode : null,
      },
      NO_PASSWORD_HASH,
    );
    return this.accounts.openAccount(user, client, async (repos) => {
      if (!(await repos.thirdParty.consumePending(pending.serial_hash, this.now()))) {
        throw appError('THIRD_PARTY_SERIAL_INVALID');
      }
      if (checked) await this.codes.consume(repos, checked);
      await this.link(repos, user.id, pending);
    });
  }
}
