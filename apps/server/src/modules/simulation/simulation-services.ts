import type { UserGate } from '../../kernel/http/auth';
import type { DemoAccounts } from './demo-accounts';

/** What the simulation module uses of the app's services. */
export interface SimulationServices extends UserGate {
  demo: DemoAccounts;
}
