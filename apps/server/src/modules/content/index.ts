/**
 * Content: platform configuration, coins, banners, announcements, the
 * operator's legal texts and help centre, and the verification-code messages.
 */
import { join } from 'node:path';
import type { QuayModule } from '../../kernel/module';
import { contentRoutes } from './content-routes';
import type { ContentServices } from './content-services';
import { msgRoutes } from './msg-routes';
import { pagesRoutes } from './pages-routes';
import { SitePages } from './site-pages';

export const contentModule: QuayModule<ContentServices> = {
  name: 'content',
  async register({ app, services, config }) {
    await services.content.seedIfEmpty();
    contentRoutes(app, services, config);
    pagesRoutes(app, new SitePages(join(config.dataDir, 'content')));
    msgRoutes(app, services, config);
  },
};

export { AnnouncementRefused, ContentService } from './content-service';
export type { ContentRepositories } from './content-repositories';
