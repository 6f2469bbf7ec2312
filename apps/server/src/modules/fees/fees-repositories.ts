/** What the fees module brings to the store: its repository over its own tables. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import { FeesRepository, type FeesTables } from './fees-repository';

export interface FeesRepositories {
  fees: FeesRepository;
}

export const feesRepositories: RepositoriesFactory<FeesRepositories> = (db) => ({
  fees: new FeesRepository(db.withTables<FeesTables>()),
});

/** The repositories the fees module uses: the kernel's (balances) and its own. */
export type FeesStore = Store<KernelRepositories & FeesRepositories>;

export { FEES_MIGRATIONS } from './fees-migrations';
