import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/**
 * Migrations in code, in order. Portable across SQLite and PostgreSQL: text
 * ids made by the app, bigint epoch-millisecond timestamps, no dialect types.
 */
const migrations: Record<string, Migration> = {
  '0001_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('mobile', 'text')
        .addColumn('area_code', 'text')
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('referral_code', 'text', (c) => c.notNull().unique())
        .addColumn('referrer_user_id', 'text')
        .addColumn('register_vip_no', 'text')
        .addColumn('register_channel', 'text')
        .addColumn('clac_code', 'text')
        .addColumn('common_code', 'text')
        .addColumn('group_id', 'text')
        .addColumn('act_code', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('users_mobile_unique', ['area_code', 'mobile'])
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('verify_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('verify_codes_target')
        .on('verify_codes')
        .columns(['target', 'purpose', 'created_at'])
        .execute();
      await db.schema
        .createTable('login_history')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('success', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_history_user')
        .on('login_history')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['login_history', 'verify_codes', 'sessions', 'users']) {
        await db.schema.dropTable(t).execute();
      }
    },
  },
  // Login by mobile number without an area code looks the number up alone.
  '0002_users_mobile': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('users_mobile').on('users').column('mobile').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('users_mobile').execute();
    },
  },
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
  // Spot trading and the ledger. Amounts are integer minor units (8 decimal
  // places for every coin) in bigint columns; the checks are the last guard
  // of the rule that no balance goes negative.
  '0004_spot_ledger': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('balances')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('coin', 'text', (c) => c.notNull())
        .addColumn('available', 'bigint', (c) => c.notNull().check(sql`available >= 0`))
        .addColumn('frozen', 'bigint', (c) => c.notNull().check(sql`frozen >= 0`))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('balances_pk', ['user_id', 'coin'])
        .execute();
      // The journal: every balance change, in legs that sum to zero per coin
      // and reference. '@external' stands for the world outside the exchange.
      await db.schema
        .createTable('ledger_entries')
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('leg', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('coin', 'text', (c) => c.notNull())
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_entries_pk', ['ref', 'leg'])
        .execute();
      await db.schema
        .createIndex('ledger_entries_user')
        .on('ledger_entries')
        .columns(['user_id', 'coin', 'created_at'])
        .execute();
      await db.schema
        .createTable('spot_orders')
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('client_order_id', 'text')
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('time_in_force', 'text')
        .addColumn('price_ticks', 'bigint', (c) => c.notNull())
        .addColumn('quantity_lots', 'bigint', (c) => c.notNull())
        .addColumn('quote_amount', 'bigint', (c) => c.notNull())
        .addColumn('filled_lots', 'bigint', (c) => c.notNull())
        .addColumn('filled_quote', 'bigint', (c) => c.notNull())
        .addColumn('frozen', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('spot_orders_user')
        .on('spot_orders')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('spot_orders_live')
        .on('spot_orders')
        .columns(['status', 'id'])
        .execute();
      await db.schema
        .createIndex('spot_orders_client')
        .on('spot_orders')
        .columns(['user_id', 'client_order_id'])
        .unique()
        .execute();
      await db.schema
        .createTable('spot_fills')
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('price_ticks', 'bigint', (c) => c.notNull())
        .addColumn('lots', 'bigint', (c) => c.notNull())
        .addColumn('taker_side', 'text', (c) => c.notNull())
        .addColumn('maker_order_id', 'bigint', (c) => c.notNull())
        .addColumn('maker_user_id', 'text', (c) => c.notNull())
        .addColumn('maker_fee', 'bigint', (c) => c.notNull())
        .addColumn('taker_order_id', 'bigint', (c) => c.notNull())
        .addColumn('taker_user_id', 'text', (c) => c.notNull())
        .addColumn('taker_fee', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('spot_fills_symbol')
        .on('spot_fills')
        .columns(['symbol', 'id'])
        .execute();
      await db.schema
        .createIndex('spot_fills_maker')
        .on('spot_fills')
        .columns(['maker_user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('spot_fills_taker')
        .on('spot_fills')
        .columns(['taker_user_id', 'id'])
        .execute();
      await db.schema
        .createTable('asset_records')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('coin', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('asset_records_user')
        .on('asset_records')
        .columns(['user_id', 'type', 'created_at'])
        .execute();
      await db.schema
        .createIndex('asset_records_status')
        .on('asset_records')
        .columns(['status', 'created_at'])
        .execute();
      // Balance changes written outside the server process (operator
      // commands): the server reads them to refresh what it holds in memory.
      await db.schema
        .createTable('ledger_notices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ledger_notices_time')
        .on('ledger_notices')
        .columns(['created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        'ledger_notices',
        'asset_records',
        'spot_fills',
        'spot_orders',
        'ledger_entries',
        'balances',
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  },
  // Market data: klines per market and interval, figures as decimal text.
  '0005_klines': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('klines')
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('interval', 'text', (c) => c.notNull())
        .addColumn('open_time', 'bigint', (c) => c.notNull())
        .addColumn('o', 'text', (c) => c.notNull())
        .addColumn('h', 'text', (c) => c.notNull())
        .addColumn('l', 'text', (c) => c.notNull())
        .addColumn('c', 'text', (c) => c.notNull())
        .addColumn('v', 'text', (c) => c.notNull())
        .addColumn('qv', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('klines_pk', ['symbol', 'interval', 'open_time'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('klines').execute();
    },
  },
  // Gateway security: registered client keys and the security reports of browsers.
  '0006_gateway_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('gateway_keys')
        .addColumn('key_id', 'text', (c) => c.primaryKey())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('algorithm', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('bound_at', 'bigint')
        .execute();
      await db.schema
        .createTable('csp_reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('csp_reports_time')
        .on('csp_reports')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['csp_reports', 'gateway_keys']) {
        await db.schema.dropTable(t).execute();
      }
    },
  },
  // Second factor: authenticator keys and which codes a login asks for, and login tickets.
  '0007_second_factor': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_factors')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('google_secret', 'text')
        .addColumn('google_last_step', 'bigint')
        .addColumn('google_pending_secret', 'text')
        .addColumn('google_pending_expires_at', 'bigint')
        .addColumn('email_on', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mobile_on', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('login_tickets')
        .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('login_tickets_expiry')
        .on('login_tickets')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['login_tickets', 'user_factors']) {
        await db.schema.dropTable(t).execute();
      }
    },
  },
  // Simulation mode: which users have a demo ledger (granted once), and when it was last reset.
  '0008_demo_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('demo_accounts')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('reset_at', 'bigint')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('demo_accounts').execute();
    },
  },
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

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
