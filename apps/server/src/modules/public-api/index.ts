/** The public trading API (Bitget v2 dialect) under /api/v2: signed key requests only. */
import type { QuayModule } from '../../kernel/module';
import { publicApiRoutes } from './public-api-routes';
import type { PublicApiServices } from './public-api-services';

export const publicApiModule: QuayModule<PublicApiServices> = {
  name: 'public-api',
  async register({ app, services, config }) {
    await publicApiRoutes(app, services, config.now);
  },
};

export { PublicApiService } from './public-api-service';
export type { PublicApiRepositories } from './public-api-repositories';
