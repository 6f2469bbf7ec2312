import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/**
 * The spot module's migrations (its tables were made by the kernel's
 * `0004_spot_ledger`, which released them with the ledger). Run by the kernel
 * with every other migration, in name order; never edited once released.
 */
export const SPOT_MIGRATIONS: Migrations = {
  // Why the exchange cancelled the rest of an order (PRICE_PROTECTION); null when it did not.
  '0010_spot_cancel_reason': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('spot_orders').addColumn('cancel_reason', 'text').execute();
    },
  },
};
