/** Content: platform configuration, coins, banners, announcements and the verification-code messages. */
import type { QuayModule } from '../../kernel/module';
import { contentRoutes } from './content-routes';
import type { ContentServices } from './content-services';
import { msgRoutes } from './msg-routes';

export const contentModule: QuayModule<ContentServices> = {
  name: 'content',
  async register({ app, services, config }) {
    await services.content.seedIfEmpty();
    contentRoutes(app, services, config);
    msgRoutes(app, services, config);
  },
};

export { AnnouncementRefused, ContentService } from './content-service';
export type { ContentRepositories } from './content-repositories';
