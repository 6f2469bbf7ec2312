import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The reserves module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const RESERVES_MIGRATIONS: Migrations = {
  // Proof of reserves: each snapshot (its root, totals, holdings and ratio
  // per coin as JSON) and every node of its Merkle tree; leaves (level 0)
  // name their user, uid and nonce, so a user's path is read, not rebuilt.
  '0017_reserves': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reserves_snapshots')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('root', 'text', (c) => c.notNull())
        .addColumn('users', 'integer', (c) => c.notNull())
        .addColumn('coins', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('reserves_snapshots_time')
        .on('reserves_snapshots')
        .columns(['created_at'])
        .execute();
      await db.schema
        .createTable('reserves_nodes')
        .addColumn('snapshot_id', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('balances', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('uid', 'text')
        .addColumn('nonce', 'text')
        .addPrimaryKeyConstraint('reserves_nodes_pk', ['snapshot_id', 'level', 'position'])
        .execute();
      await db.schema
        .createIndex('reserves_nodes_user')
        .on('reserves_nodes')
        .columns(['snapshot_id', 'user_id'])
        .execute();
    },
  },
};
