/** What the content module brings to the store: its repository over its own table. */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories, RepositoriesFactory } from '../../kernel/db/repositories';
import { AnnouncementsRepository, type ContentTables } from './announcements-repository';

export interface ContentRepositories {
  announcements: AnnouncementsRepository;
}

export const contentRepositories: RepositoriesFactory<ContentRepositories> = (db) => ({
  announcements: new AnnouncementsRepository(db.withTables<ContentTables>()),
});

export type ContentStore = Store<KernelRepositories & ContentRepositories>;

export { CONTENT_MIGRATIONS } from './content-migrations';
