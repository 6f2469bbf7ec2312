import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The red packets module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const RED_PACKETS_MIGRATIONS: Migrations = {
  // Red packets: what each packet holds and still has to give (money as
  // integer minor units in text), and one claim per user per packet. The
  // escrow itself is a ledger account.
  '0020_red_packets': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('red_packets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('coin', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('split', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('greeting', 'text', (c) => c.notNull())
        .addColumn('remaining', 'text', (c) => c.notNull())
        .addColumn('claimed_count', 'integer', (c) => c.notNull())
        .addColumn('refunded', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('red_packets_user')
        .on('red_packets')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('red_packets_due')
        .on('red_packets')
        .columns(['status', 'expires_at'])
        .execute();
      await db.schema
        .createTable('red_packet_claims')
        .addColumn('packet_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('red_packet_claims_pk', ['packet_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('red_packet_claims_user')
        .on('red_packet_claims')
        .columns(['user_id', 'created_at'])
        .execute();
    },
  },
};
