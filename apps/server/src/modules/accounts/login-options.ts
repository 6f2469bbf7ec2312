/**
 * An account's login options and the pre-login check.
 *
 * Password-free (`set-no-pwd-flag`): the password no longer logs the account
 * in; its passkeys and QR login do. Turning it on needs a passkey (so the
 * owner cannot lock themselves out) and, like every security change, the
 * codes of the factors on (or a code to the account's own address). The
 * password stays stored: a password reset still works and turning the flag
 * off makes it log in again. New-device check: logins from a device the
 * account has not used wait for a code (system-login.ts).
 */
import {
  LOGIN_METHODS,
  normaliseEmail,
  type FactorCodes,
  type LoginOptions,
  type LoginPreCheck,
} from '@quay/core';
import type { AccountsStore as Store } from './accounts-repositories';
import { appError } from '../../kernel/app-error';
import type { ClientInfo } from '../../kernel/sessions';
import { activeUserOf, assertMayLogIn } from './login-guard';
import type { SecondFactorService } from './second-factor';

const MOBILE_NAME = /^[0-9]{5,20}$/;

/** The same answer for every name of one form: nothing here depends on an account. */
export function preCheck(loginName: string, areaCode: string | undefined): LoginPreCheck {
  const name = loginName.trim();
  const type = name.includes('@')
    ? normaliseEmail(name) === null
      ? 'invalid'
      : 'email'
    : MOBILE_NAME.test(name)
      ? 'mobile'
      : 'invalid';
  return {
    loginNameType: type,
    areaCodeAdvised: type === 'mobile' && areaCode === undefined,
    methods: [...LOGIN_METHODS],
    captcha: false,
    nextStep: 'password',
  };
}

export class LoginOptionsService {
  constructor(
    private readonly store: Store,
    private readonly secondFactor: SecondFactorService,
    private readonly now: () => number,
  ) {}

  async options(userRowId: string): Promise<LoginOptions> {
    const user = await activeUserOf(this.store, userRowId);
    const repos = this.store.repos;
    const [row, passkeys] = await Promise.all([
      repos.loginChecks.options(user.id),
      repos.loginWays.passkeysOf(user.id),
    ]);
    return {
      noPwd: row?.no_pwd === 1,
      systemLoginCheck: row?.system_login_check === 1,
      passkeyCount: passkeys.length,
    };
  }

  /** Turns password-free on or off, confirmed by the second factor. */
  async setNoPwd(
    userRowId: string,
    noPwd: boolean,
    codes: FactorCodes,
    client: ClientInfo,
  ): Promise<LoginOptions> {
    const user = await activeUserOf(this.store, userRowId);
    assertMayLogIn(user, this.now());
    if (noPwd && (await this.store.repos.loginWays.passkeysOf(user.id)).length === 0) {
      throw appError('NO_PWD_NEEDS_PASSKEY');
    }
    const confirmed = await this.secondFactor.confirmChange(user, codes, client);
    await this.store.transaction(async (repos) => {
      await this.secondFactor.spendConfirmed(repos, user.id, confirmed);
      await repos.loginChecks.saveOptions(user.id, {
        no_pwd: noPwd ? 1 : 0,
        updated_at: this.now(),
      });
    });
    return this.options(user.id);
  }

  /** Turns the new-device check on or off, confirmed by the second factor. */
  async setSystemLoginCheck(
    userRowId: string,
    on: boolean,
    codes: FactorCodes,
    client: ClientInfo,
  ): Promise<LoginOptions> {
    const user = await activeUserOf(this.store, userRowId);
    assertMayLogIn(user, this.now());
    const confirmed = await this.secondFactor.confirmChange(user, codes, client);
    await this.store.transaction(async (repos) => {
      await this.secondFactor.spendConfirmed(repos, user.id, confirmed);
      await repos.loginChecks.saveOptions(user.id, {
        system_login_check: on ? 1 : 0,
        updated_at: this.now(),
      });
    });
    return this.options(user.id);
  }
}
