import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The copy trading module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const COPY_TRADING_MIGRATIONS: Migrations = {
  // Copy trading: lead traders, followers' copy relationships (each with a
  // futures wallet of its own, `f:copy:<id>`), copied and skipped orders,
  // the leads' own trades for their figures, daily equity points, and the
  // daily profit-share settlements. Money is integer minor units in text.
  '0021_copy_trading': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('copy_leads')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('share_rate', 'text', (c) => c.notNull())
        .addColumn('symbols', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('copy_follows')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('follower_id', 'text', (c) => c.notNull())
        .addColumn('lead_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('size_mode', 'text', (c) => c.notNull())
        .addColumn('size', 'text', (c) => c.notNull())
        .addColumn('leverage_mode', 'text', (c) => c.notNull())
        .addColumn('leverage', 'integer')
        .addColumn('symbol_leverage', 'text')
        .addColumn('stop_loss', 'text')
        .addColumn('take_profit', 'text')
        .addColumn('share_rate', 'text', (c) => c.notNull())
        .addColumn('investment', 'text', (c) => c.notNull())
        .addColumn('hwm', 'text', (c) => c.notNull())
        .addColumn('share_paid', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('stopped_at', 'bigint')
        .addColumn('result', 'text')
        .execute();
      await db.schema
        .createIndex('copy_follows_follower')
        .on('copy_follows')
        .columns(['follower_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('copy_follows_lead')
        .on('copy_follows')
        .columns(['lead_id', 'status'])
        .execute();
      await db.schema
        .createTable('copy_trades')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('follow_id', 'text', (c) => c.notNull())
        .addColumn('lead_order_id', 'bigint', (c) => c.notNull())
        .addColumn('order_id', 'bigint')
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('quantity', 'text', (c) => c.notNull())
        .addColumn('price', 'text')
        .addColumn('realised', 'text', (c) => c.notNull())
        .addColumn('fee', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('copy_trades_follow')
        .on('copy_trades')
        .columns(['follow_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('copy_lead_trades')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('lead_id', 'text', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('quantity', 'text', (c) => c.notNull())
        .addColumn('price', 'text', (c) => c.notNull())
        .addColumn('realised', 'text', (c) => c.notNull())
        .addColumn('fee', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('copy_lead_trades_lead')
        .on('copy_lead_trades')
        .columns(['lead_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('copy_equity')
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('equity', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('copy_equity_pk', ['owner', 'day'])
        .execute();
      await db.schema
        .createTable('copy_settlements')
        .addColumn('follow_id', 'text', (c) => c.notNull())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('equity', 'text', (c) => c.notNull())
        .addColumn('hwm', 'text', (c) => c.notNull())
        .addColumn('share', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('copy_settlements_pk', ['follow_id', 'day'])
        .execute();
      await db.schema
        .createTable('copy_days')
        .addColumn('day', 'integer', (c) => c.primaryKey())
        .addColumn('settled_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};
