import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The P2P module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const P2P_MIGRATIONS: Migrations = {
  // P2P trading: payment methods, ads, escrowed orders and their chat. Coin
  // amounts are integer minor units (10^-8) and fiat amounts integer cents,
  // in text; the escrowed coins themselves sit on the ledger account
  // '@p2p-escrow' (a sell ad's remaining amount plus every live order's).
  '0018_p2p': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('p2p_payment_methods')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('removed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('p2p_payment_methods_user')
        .on('p2p_payment_methods')
        .columns(['user_id'])
        .execute();
      await db.schema
        .createTable('p2p_ads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('coin', 'text', (c) => c.notNull())
        .addColumn('fiat', 'text', (c) => c.notNull())
        .addColumn('price_type', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'text', (c) => c.notNull())
        .addColumn('margin_bps', 'integer', (c) => c.notNull())
        .addColumn('total', 'text', (c) => c.notNull())
        .addColumn('remaining', 'text', (c) => c.notNull())
        .addColumn('min_cents', 'text', (c) => c.notNull())
        .addColumn('max_cents', 'text', (c) => c.notNull())
        .addColumn('payment_method_ids', 'text', (c) => c.notNull())
        .addColumn('time_limit_min', 'integer', (c) => c.notNull())
        .addColumn('terms', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('p2p_ads_list')
        .on('p2p_ads')
        .columns(['status', 'side', 'coin', 'fiat'])
        .execute();
      await db.schema.createIndex('p2p_ads_user').on('p2p_ads').columns(['user_id']).execute();
      await db.schema
        .createTable('p2p_orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('ad_id', 'text', (c) => c.notNull())
        .addColumn('buyer_id', 'text', (c) => c.notNull())
        .addColumn('seller_id', 'text', (c) => c.notNull())
        .addColumn('taker_id', 'text', (c) => c.notNull())
        .addColumn('coin', 'text', (c) => c.notNull())
        .addColumn('fiat', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('fiat_cents', 'text', (c) => c.notNull())
        .addColumn('payment_method_ids', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('cancel_reason', 'text', (c) => c.notNull())
        .addColumn('appeal_reason', 'text', (c) => c.notNull())
        // The operator's decision on an appeal ('release' or 'refund'), applied by the server.
        .addColumn('decision', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .execute();
      for (const column of ['buyer_id', 'seller_id'] as const) {
        await db.schema
          .createIndex(`p2p_orders_${column}`)
          .on('p2p_orders')
          .columns([column, 'created_at'])
          .execute();
      }
      await db.schema
        .createIndex('p2p_orders_due')
        .on('p2p_orders')
        .columns(['status', 'expires_at'])
        .execute();
      await db.schema
        .createTable('p2p_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('p2p_messages_order')
        .on('p2p_messages')
        .columns(['order_id', 'created_at'])
        .execute();
    },
  },
  // Chat images and appeal evidence (bytes in base64 text, their type read
  // from the bytes), counterparty requirements of an ad, and the feedback
  // each side leaves on the other after a completed order.
  '0023_p2p_files_requirements_feedback': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('p2p_files')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        // 'chat' or 'evidence'.
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('p2p_files_order')
        .on('p2p_files')
        .columns(['order_id', 'created_at'])
        .execute();
      await db.schema
        .alterTable('p2p_messages')
        .addColumn('image_id', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('p2p_ads')
        .addColumn('min_registered_days', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('p2p_ads')
        .addColumn('min_completed_orders', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('p2p_feedback')
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('from_user', 'text', (c) => c.notNull())
        .addColumn('to_user', 'text', (c) => c.notNull())
        .addColumn('positive', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('p2p_feedback_pk', ['order_id', 'from_user'])
        .execute();
      await db.schema
        .createIndex('p2p_feedback_to')
        .on('p2p_feedback')
        .columns(['to_user', 'created_at'])
        .execute();
    },
  },
};
