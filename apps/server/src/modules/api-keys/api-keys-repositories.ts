/** What the API keys module brings to the store: its repository over its own table. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import type { AccountsRepositories } from '../accounts';
import { ApiKeyRequestsRepository, type ApiKeyRequestsTables } from './api-key-requests-repository';
import { ApiKeysRepository, type ApiKeysTables } from './api-keys-repository';

export interface ApiKeysRepositories {
  apiKeys: ApiKeysRepository;
  apiKeyRequests: ApiKeyRequestsRepository;
}

export const apiKeysRepositories: RepositoriesFactory<ApiKeysRepositories> = (db) => ({
  apiKeys: new ApiKeysRepository(db.withTables<ApiKeysTables>()),
  apiKeyRequests: new ApiKeyRequestsRepository(
    db.withTables<ApiKeysTables & ApiKeyRequestsTables>(),
  ),
});

/** The repositories the API keys module uses: the kernel's, the accounts' users and its own. */
export type ApiKeysRepos = KernelRepositories &
  Pick<AccountsRepositories, 'users'> &
  ApiKeysRepositories;
export type ApiKeysStore = Store<ApiKeysRepos>;

export { API_KEYS_MIGRATIONS } from './api-keys-migrations';
