import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The content module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const CONTENT_MIGRATIONS: Migrations = {
  // Public content: announcements with server-provided HTML bodies.
  '0003_announcements': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('announcements')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body_html', 'text', (c) => c.notNull())
        .addColumn('banner_path', 'text')
        .addColumn('published_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('announcements_published')
        .on('announcements')
        .columns(['published_at', 'id'])
        .execute();
      // Invitees are listed per referrer.
      await db.schema
        .createIndex('users_referrer')
        .on('users')
        .columns(['referrer_user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('users_referrer').execute();
      await db.schema.dropTable('announcements').execute();
    },
  },
};
