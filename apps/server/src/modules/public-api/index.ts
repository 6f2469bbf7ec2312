/** The public trading API (Bitget v2 dialect) under /api/v2: signed key requests only. */
import type { QuayModule } from '../../kernel/module';
import type { PublicApiRepositories } from './public-api-repositories';
import { publicApiRoutes } from './public-api-routes';
import type { PublicApiServices } from './public-api-services';
import type { KernelRepositories } from '../../kernel/db/repositories';

export const publicApiModule: QuayModule<
  PublicApiServices,
  KernelRepositories & PublicApiRepositories
> = {
  name: 'public-api',
  async register({ app, services, store, config }) {
    await publicApiRoutes(app, services, store, config.now);
  },
};

export type { PublicApiRepositories } from './public-api-repositories';
