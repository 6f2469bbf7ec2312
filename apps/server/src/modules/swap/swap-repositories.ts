/** What the swap module brings to the store: its repository over its own tables. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import { SwapRepository, type SwapTables } from './swap-repository';

export interface SwapRepositories {
  swap: SwapRepository;
}

export const swapRepositories: RepositoriesFactory<SwapRepositories> = (db) => ({
  swap: new SwapRepository(db.withTables<SwapTables>()),
});

export type SwapRepos = KernelRepositories & SwapRepositories;
export type SwapStore = Store<SwapRepos>;

/** The swap repositories of a spot transaction: the app's store binds every module's. */
export function swapReposOf(repos: object): SwapRepos {
  if (!('swap' in repos)) throw new Error('the store has no swap repositories');
  return repos as SwapRepos;
}

export { SWAP_MIGRATIONS } from './swap-migrations';
