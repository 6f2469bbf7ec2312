/** What the red packets module brings to the store: its repository over its own tables. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import { RedPacketsRepository, type RedPacketTables } from './red-packets-repository';

export interface RedPacketsRepositories {
  redPackets: RedPacketsRepository;
}

export const redPacketsRepositories: RepositoriesFactory<RedPacketsRepositories> = (db) => ({
  redPackets: new RedPacketsRepository(db.withTables<RedPacketTables>()),
});

export type RedPacketsRepos = KernelRepositories & RedPacketsRepositories;
export type RedPacketsStore = Store<RedPacketsRepos>;

/** The red packet repositories of a spot transaction: the app's store binds every module's. */
export function redPacketsReposOf(repos: object): RedPacketsRepos {
  if (!('redPackets' in repos)) throw new Error('the store has no red packet repositories');
  return repos as RedPacketsRepos;
}

export { RED_PACKETS_MIGRATIONS } from './red-packets-migrations';
