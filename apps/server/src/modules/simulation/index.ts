/** Simulation (demo trading) mode: the demo ledger, its grant and its reset. */
import type { QuayModule } from '../../kernel/module';
import type { SimulationServices } from './simulation-services';
import { simulationRoutes } from './simulation-routes';

export const simulationModule: QuayModule<SimulationServices> = {
  name: 'simulation',
  register({ app, services }) {
    simulationRoutes(app, services);
  },
};

export { DemoAccounts } from './demo-accounts';
export type { SimulationRepositories } from './simulation-repositories';
