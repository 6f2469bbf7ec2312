import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The futures module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const FUTURES_MIGRATIONS: Migrations = {
  // Perpetual futures: orders, fills, positions, trigger plans, settings and
  // funding. The host reads them whole at start; the figures live in `data`
  // (JSON of integers and decimal strings), the columns are what queries filter on.
  '0009_futures': {
    async up(db: Kysely<unknown>) {
      const documents = async (
        table: string,
        id: 'bigint' | 'text',
        columns: Array<[string, 'text' | 'bigint']>,
      ) => {
        let create = db.schema.createTable(table).addColumn('id', id, (c) => c.primaryKey());
        for (const [name, type] of columns)
          create = create.addColumn(name, type, (c) => c.notNull());
        await create.addColumn('data', 'text', (c) => c.notNull()).execute();
      };
      await documents('futures_orders', 'bigint', [
        ['user_id', 'text'],
        ['symbol', 'text'],
        ['status', 'text'],
        ['created_at', 'bigint'],
        ['updated_at', 'bigint'],
      ]);
      await db.schema
        .createIndex('futures_orders_user')
        .on('futures_orders')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('futures_orders_live')
        .on('futures_orders')
        .columns(['status', 'id'])
        .execute();
      await documents('futures_fills', 'bigint', [
        ['user_id', 'text'],
        ['symbol', 'text'],
        ['created_at', 'bigint'],
      ]);
      await db.schema
        .createIndex('futures_fills_user')
        .on('futures_fills')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('futures_fills_symbol')
        .on('futures_fills')
        .columns(['symbol', 'id'])
        .execute();
      await documents('futures_positions', 'text', [
        ['user_id', 'text'],
        ['symbol', 'text'],
        ['lots', 'bigint'],
        ['updated_at', 'bigint'],
      ]);
      await db.schema
        .createIndex('futures_positions_user')
        .on('futures_positions')
        .columns(['user_id'])
        .execute();
      await documents('futures_plans', 'bigint', [
        ['user_id', 'text'],
        ['symbol', 'text'],
        ['status', 'text'],
        ['created_at', 'bigint'],
        ['updated_at', 'bigint'],
      ]);
      await db.schema
        .createIndex('futures_plans_user')
        .on('futures_plans')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('futures_plans_live')
        .on('futures_plans')
        .columns(['status', 'id'])
        .execute();
      await documents('futures_settings', 'text', [['user_id', 'text']]);
      await documents('futures_funding', 'text', [
        ['user_id', 'text'],
        ['symbol', 'text'],
        ['created_at', 'bigint'],
      ]);
      await db.schema
        .createIndex('futures_funding_user')
        .on('futures_funding')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        'futures_orders',
        'futures_fills',
        'futures_positions',
        'futures_plans',
        'futures_settings',
        'futures_funding',
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  },
};
