/** What the earn module brings to the store: its repository over its own tables. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import type { SpotRepositories } from '../spot';
import { EarnRepository, type EarnTables } from './earn-repository';

export interface EarnRepositories {
  earn: EarnRepository;
}

export const earnRepositories: RepositoriesFactory<EarnRepositories> = (db) => ({
  earn: new EarnRepository(db.withTables<EarnTables>()),
});

export type EarnRepos = KernelRepositories & EarnRepositories & SpotRepositories;
export type EarnStore = Store<EarnRepos>;

export { EARN_MIGRATIONS } from './earn-migrations';
