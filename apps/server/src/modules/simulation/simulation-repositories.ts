/** What the simulation module brings to the store: its repository over its own table. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import { DemoAccountsRepository, type SimulationTables } from './demo-accounts-repository';

export interface SimulationRepositories {
  demoAccounts: DemoAccountsRepository;
}

export const simulationRepositories: RepositoriesFactory<SimulationRepositories> = (db) => ({
  demoAccounts: new DemoAccountsRepository(db.withTables<SimulationTables>()),
});

/** The repositories the simulation module uses: the kernel's and its own. */
export type SimulationRepos = KernelRepositories & SimulationRepositories;
export type SimulationStore = Store<SimulationRepos>;

export { SIMULATION_MIGRATIONS } from './simulation-migrations';
