import {
  PostgresAdapter,
  sql,
  type CreateTableBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from 'kysely';

/**
 * Migrations in code. Portable across SQLite and PostgreSQL: text ids made by
 * the app, bigint epoch-millisecond timestamps, no dialect types. A migration
 * is never edited or renamed once released: databases record the names they
 * have run.
 */
export type Migrations = Readonly<Record<string, Migration>>;

/**
 * The kernel's migrations: each creates at least one of the kernel's tables
 * (sessions and login history; the ledger; gateway keys and reports), so they
 * stay here whole, with the other tables they also created when they were
 * written (DESIGN.md section 10, "Repositories and migrations by owner").
 */
export const KERNEL_MIGRATIONS: Migrations = {
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
  // Devices and sessions (account security): when each session was last used.
  '0012_sessions_last_seen': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('last_seen_at', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
    },
  },
  // Several processes (ROLE=gateway/engine): the writer's lease and commit
  // sequence, the commands it has executed (their answers, for a retry or a
  // redelivery) and the events of its commits, published after them.
  '0027_cluster': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('writer_leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('epoch', 'bigint', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('taken_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('executed_commands')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('writer_events')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('writer_events_pk', ['name', 'seq'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['writer_events', 'executed_commands', 'writer_leases']) {
        await db.schema.dropTable(t).execute();
      }
    },
  },
  // Several gateways: signatures and trace ids already seen, so a replay is refused by every one.
  '0031_replay_marks': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('replay_marks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('forget_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('replay_marks_forget_at')
        .on('replay_marks')
        .column('forget_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('replay_marks').execute();
    },
  },
  // The journal's index by account leaves out moves within one balance (a
  // freeze, a release: kinds posted only by journal.ts's move()). Their legs
  // sum to zero for the account and coin, so no query by account needs them
  // (ledger-repository.ts, NOT_A_MOVE, until 0034); every order's freeze
  // then writes no page of it. The queries named the same condition, word
  // for word, or the planner could not use the index.
  '0032_ledger_index_without_moves': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('ledger_entries_user').execute();
      await db.schema
        .createIndex('ledger_entries_user')
        .on('ledger_entries')
        .columns(['user_id', 'coin', 'created_at'])
        .where(sql<boolean>`kind not in ('freeze', 'release')`)
        .execute();
    },
  },
  // The journal's index by account is written in bulk, not by every commit.
  // Under load a commit wrote a page of that index per account it touched;
  // now each entry's key goes to ledger_unindexed (appended: one page per
  // commit), and the writer moves those keys into ledger_account_index, in
  // account order, about once a second. The queries by account read both
  // (ledger-account-index.ts, accountEntries).
  '0034_ledger_index_in_bulk': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      const keyColumns = (table: CreateTableBuilder<string>) =>
        table
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('coin', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('ref', 'text', (c) => c.notNull())
          .addColumn('leg', 'integer', (c) => c.notNull());
      await keyColumns(db.schema.createTable('ledger_account_index'))
        .addPrimaryKeyConstraint('ledger_account_index_pk', [
          'user_id',
          'coin',
          'created_at',
          'ref',
          'leg',
        ])
        // On SQLite the key is the table (one tree, not a table and its index).
        .$call((t) => (postgres ? t : t.modifyEnd(sql`without rowid`)))
        .execute();
      await keyColumns(db.schema.createTable('ledger_unindexed')).execute();
      await sql`insert into ledger_account_index (user_id, coin, created_at, ref, leg)
        select user_id, coin, created_at, ref, leg from ledger_entries
        where kind not in ('freeze', 'release')`.execute(db);
      await db.schema.dropIndex('ledger_entries_user').execute();
    },
  },
};

/**
 * The kernel's migrations and the modules', applied together in name order
 * (Kysely sorts them, and refuses one that sorts before a migration already
 * run). A name given twice is refused.
 */
export function migrationProviderOf(moduleMigrations: readonly Migrations[]): MigrationProvider {
  const all: Record<string, Migration> = {};
  for (const set of [KERNEL_MIGRATIONS, ...moduleMigrations]) {
    for (const [name, migration] of Object.entries(set)) {
      if (name in all) throw new Error(`migration ${name} is given twice`);
      all[name] = migration;
    }
  }
  return { getMigrations: async () => all };
}
