/** What the spot module brings to the store: its repository over its own tables. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import { SpotRepository, type SpotTables } from './spot-repository';
import { SpotPlanRepository, type SpotPlanTables } from './spot-plan-repository';

export interface SpotRepositories {
  spot: SpotRepository;
  spotPlans: SpotPlanRepository;
}

export const spotRepositories: RepositoriesFactory<SpotRepositories> = (db, sqlite) => ({
  spot: new SpotRepository(db.withTables<SpotTables>(), sqlite),
  spotPlans: new SpotPlanRepository(db.withTables<SpotPlanTables>(), sqlite),
});

/** The repositories the spot module uses: the kernel's and its own. */
export type SpotRepos = KernelRepositories & SpotRepositories;
export type SpotStore = Store<SpotRepos>;

export { SPOT_MIGRATIONS } from './spot-migrations';
