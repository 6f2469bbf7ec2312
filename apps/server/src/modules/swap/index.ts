/** Web3 swap: constant-product pools funded at start, quotes, signed intents, swaps as ledger jobs of the spot host, withdrawals. */
import { runsWriters, type QuayModule } from '../../kernel/module';
import type { SwapRepos } from './swap-repositories';
import { swapRoutes } from './swap-routes';
import type { SwapServices } from './swap-services';

export const swapModule: QuayModule<SwapServices, SwapRepos> = {
  name: 'swap',
  async register({ app, services, config }) {
    if (runsWriters(config)) await services.swap.seed();
    swapRoutes(app, services);
  },
};

export { SwapService, swapIntentKey } from './swap-service';
export { swapSettingsOf } from './swap-settings';
export type { SwapRepositories } from './swap-repositories';
