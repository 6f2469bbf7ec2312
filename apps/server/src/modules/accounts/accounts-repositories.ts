/** What the accounts module brings to the store: its repositories over its own tables. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import type { AccountsTables } from './accounts-tables';
import { AccountSecurityRepository } from './account-security-repository';
import { LoginChecksRepository } from './login-checks-repository';
import type { LoginChecksTables } from './login-checks-tables';
import { LoginWaysRepository } from './login-ways-repository';
import { SecondFactorRepository } from './second-factor-repository';
import { ThirdPartyRepository } from './third-party-repository';
import type { ThirdPartyTables } from './third-party-tables';
import { UsersRepository } from './users-repository';
import { VerifyCodesRepository } from './verify-codes-repository';

export interface AccountsRepositories {
  users: UsersRepository;
  verifyCodes: VerifyCodesRepository;
  secondFactor: SecondFactorRepository;
  accountSecurity: AccountSecurityRepository;
  loginWays: LoginWaysRepository;
  loginChecks: LoginChecksRepository;
  thirdParty: ThirdPartyRepository;
}

export const accountsRepositories: RepositoriesFactory<AccountsRepositories> = (db) => {
  const own = db.withTables<AccountsTables>();
  return {
    users: new UsersRepository(own),
    verifyCodes: new VerifyCodesRepository(own),
    secondFactor: new SecondFactorRepository(own),
    accountSecurity: new AccountSecurityRepository(own),
    loginWays: new LoginWaysRepository(own),
    loginChecks: new LoginChecksRepository(db.withTables<AccountsTables & LoginChecksTables>()),
    thirdParty: new ThirdPartyRepository(db.withTables<AccountsTables & ThirdPartyTables>()),
  };
};

/** The repositories the accounts module uses: the kernel's and its own. */
export type AccountsRepos = KernelRepositories & AccountsRepositories;
export type AccountsStore = Store<AccountsRepos>;

export { ACCOUNTS_MIGRATIONS } from './accounts-migrations';
