/** The public trading API (Bitget v2 dialect) under /api/v2: signed key requests only. */
import type { QuayModule } from '../../kernel/module';
import { publicApiRoutes } from './public-api-routes';
import { publicApiSockets } from './public-api-ws';
import type { PublicApiServices } from './public-api-services';

export const publicApiModule: QuayModule<PublicApiServices> = {
  name: 'public-api',
  async register({ app, services, config, channels }) {
    await publicApiRoutes(app, services, config.now);
    publicApiSockets(app, services, channels, config);
  },
};

export { PublicApiService } from './public-api-service';
export type { PublicApiRepositories } from './public-api-repositories';
