/** What the P2P module brings to the store: its repository over its own tables. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import type { AccountsRepositories } from '../accounts';
import { P2pRepository, type P2pTables } from './p2p-repository';

export interface P2pRepositories {
  p2p: P2pRepository;
}

export const p2pRepositories: RepositoriesFactory<P2pRepositories> = (db) => ({
  p2p: new P2pRepository(db.withTables<P2pTables>()),
});

/** The repositories P2P uses: the kernel's, its own, and the accounts' users (how parties are named). */
export type P2pRepos = KernelRepositories & P2pRepositories & AccountsRepositories;
export type P2pStore = Store<P2pRepos>;

export { P2P_MIGRATIONS } from './p2p-migrations';
