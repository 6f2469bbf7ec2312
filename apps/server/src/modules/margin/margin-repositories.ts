/** What the margin module brings to the store: its repository over its own tables. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import type { SpotRepositories } from '../spot';
import { MarginRepository, type MarginTables } from './margin-repository';

export interface MarginRepositories {
  margin: MarginRepository;
}

export const marginRepositories: RepositoriesFactory<MarginRepositories> = (db) => ({
  margin: new MarginRepository(db.withTables<MarginTables>()),
});

/** The repositories margin uses: the kernel's, its own, and spot's orders and fills. */
export type MarginRepos = KernelRepositories & MarginRepositories & SpotRepositories;
export type MarginStore = Store<MarginRepos>;

export { MARGIN_MIGRATIONS } from './margin-migrations';
