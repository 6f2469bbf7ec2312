import type { Kysely } from 'kysely';
import { DEFAULT_VIP_TIERS } from '@quay/core';
import type { Migrations } from '../../kernel/db/migrations';
import { toMinor } from '../../kernel/money';

/** The fees module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const FEES_MIGRATIONS: Migrations = {
  // The VIP tier table (thresholds in USDT minor units, rates in parts per
  // million), seeded with the default schedule, and each user's standing:
  // the tier the last recompute found, the figures it used, and an operator's
  // assigned tier that overrides it.
  '0014_vip_fees': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('vip_tiers')
        .addColumn('level', 'integer', (c) => c.primaryKey())
        .addColumn('spot_volume', 'bigint', (c) => c.notNull())
        .addColumn('futures_volume', 'bigint', (c) => c.notNull())
        .addColumn('assets', 'bigint', (c) => c.notNull())
        .addColumn('spot_maker_ppm', 'integer', (c) => c.notNull())
        .addColumn('spot_taker_ppm', 'integer', (c) => c.notNull())
        .addColumn('futures_maker_ppm', 'integer', (c) => c.notNull())
        .addColumn('futures_taker_ppm', 'integer', (c) => c.notNull())
        .execute();
      const seed = db as Kysely<{ vip_tiers: Record<string, unknown> }>;
      await seed
        .insertInto('vip_tiers')
        .values(
          DEFAULT_VIP_TIERS.map((t) => ({
            level: t.level,
            spot_volume: String(toMinor(t.spotVolume)),
            futures_volume: String(toMinor(t.futuresVolume)),
            assets: String(toMinor(t.assets)),
            spot_maker_ppm: t.spotMaker_ppm,
            spot_taker_ppm: t.spotTaker_ppm,
            futures_maker_ppm: t.futuresMaker_ppm,
            futures_taker_ppm: t.futuresTaker_ppm,
          })),
        )
        .execute();
      await db.schema
        .createTable('vip_levels')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('assigned_level', 'integer')
        .addColumn('spot_volume', 'bigint', (c) => c.notNull())
        .addColumn('futures_volume', 'bigint', (c) => c.notNull())
        .addColumn('assets', 'bigint', (c) => c.notNull())
        .addColumn('computed_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('vip_levels').execute();
      await db.schema.dropTable('vip_tiers').execute();
    },
  },
};
