/** What the sub-accounts module brings to the store: its repository over its own tables. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import type { AccountsRepositories } from '../accounts';
import { SubAccountsRepository, type SubAccountsTables } from './sub-accounts-repository';

export interface SubAccountsRepositories {
  subAccounts: SubAccountsRepository;
}

export const subAccountsRepositories: RepositoriesFactory<SubAccountsRepositories> = (db) => ({
  subAccounts: new SubAccountsRepository(db.withTables<SubAccountsTables>()),
});

/** The repositories the module uses: the kernel's, the accounts' users and security settings, its own. */
export type SubAccountsRepos = KernelRepositories &
  Pick<AccountsRepositories, 'users' | 'accountSecurity'> &
  SubAccountsRepositories;
export type SubAccountsStore = Store<SubAccountsRepos>;

export { SUB_ACCOUNTS_MIGRATIONS } from './sub-accounts-migrations';
