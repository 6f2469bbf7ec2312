/**
 * Spot trigger plans and the TP/SL of orders (migration `0029_spot_plans`).
 * Each row keeps its figures in `data` (JSON of integers and decimal
 * strings); the columns are what queries filter on. The host writes them
 * with its batches and reads the live ones back at start.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { countRows, createdWithin } from '../../kernel/db/queries';
import type { KernelTables } from '../../kernel/db/schema';
import { prepared, type SqliteConnection } from '../../kernel/db/sqlite-statements';

export type SpotPlanKind = 'plan' | 'tp' | 'sl';
export type SpotPlanStatusValue = 'PENDING' | 'WAITING' | 'TRIGGERED' | 'FAILED' | 'CANCELED';

/** A plan as the host holds it: prices in ticks, sizes in lots, amounts in minor units. */
export interface SpotPlanRow {
  id: number;
  user_id: string;
  symbol: string;
  kind: SpotPlanKind;
  side: 'buy' | 'sell';
  trigger_ticks: number;
  trigger_by: 'last' | 'mark';
  /** Fires when the price is at or above the trigger; else at or below. */
  above: boolean;
  type: 'limit' | 'market';
  price_ticks: number;
  /** 0 for a market buy by quote amount, and for a TP/SL before its order filled. */
  lots: number;
  quote_amount: bigint;
  /** TP/SL: the order it closes; 0 for a trigger order. */
  parent_order_id: number;
  /** The order it placed; 0 before. */
  order_id: number;
  status: SpotPlanStatusValue;
  fail_code: string;
  created_at: number;
  updated_at: number;
}

export interface SpotPlansTable {
  id: number;
  user_id: string;
  symbol: string;
  status: string;
  created_at: number;
  updated_at: number;
  data: string;
}

export type SpotPlanTables = { spot_plans: SpotPlansTable };
type PlanDatabase = KernelTables & SpotPlanTables;

export const LIVE_PLAN_STATUSES = ['PENDING', 'WAITING'] as const;
export const ENDED_PLAN_STATUSES = ['TRIGGERED', 'FAILED', 'CANCELED'] as const;

export interface PlanFilter {
  symbol: string | null;
  symbols?: readonly string[] | null;
  statuses: readonly string[];
  begin: number | null;
  end: number | null;
}

/** The columns of a plan's row, in the statement's order. */
export function planColumns(
  p: SpotPlanRow,
): [number, string, string, string, number, number, string] {
  const { id, user_id, symbol, status, created_at, updated_at, ...rest } = p;
  const data = JSON.stringify({ ...rest, quote_amount: rest.quote_amount.toString() });
  return [id, user_id, symbol, status, created_at, updated_at, data];
}

function toPlan(r: SpotPlansTable): SpotPlanRow {
  const data = JSON.parse(r.data) as Omit<SpotPlanRow, 'quote_amount'> & { quote_amount: string };
  return {
    ...data,
    id: Number(r.id),
    user_id: r.user_id,
    symbol: r.symbol,
    status: r.status as SpotPlanStatusValue,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    quote_amount: BigInt(data.quote_amount),
  };
}

/** The embedded store's statement, shared with the host's batch writer. */
export const SPOT_PLAN_SQL = {
  upsertPlan: `insert into spot_plans (id, user_id, symbol, status, created_at, updated_at, data)
  values (?, ?, ?, ?, ?, ?, ?) on conflict (id) do update set status = excluded.status,
  updated_at = excluded.updated_at, data = excluded.data`,
} as const;

export class SpotPlanRepository {
  constructor(
    private readonly db: Kysely<PlanDatabase>,
    private readonly sqlite: SqliteConnection | null = null,
  ) {}

  async upsertPlans(plans: readonly SpotPlanRow[]): Promise<void> {
    if (this.sqlite) {
      const upsert = prepared(this.sqlite, SPOT_PLAN_SQL.upsertPlan);
      for (const p of plans) upsert.run(...planColumns(p));
      return;
    }
    for (const p of plans) {
      const [id, user_id, symbol, status, created_at, updated_at, data] = planColumns(p);
      await this.db
        .insertInto('spot_plans')
        .values({ id, user_id, symbol, status, created_at, updated_at, data })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            status: sql`excluded.status`,
            updated_at: sql`excluded.updated_at`,
            data: sql`excluded.data`,
          }),
        )
        .execute();
    }
  }

  /** Every plan still waiting (or waiting for its order), oldest first. */
  async livePlans(): Promise<SpotPlanRow[]> {
    const rows = await this.db
      .selectFrom('spot_plans')
      .selectAll()
      .where('status', 'in', LIVE_PLAN_STATUSES)
      .orderBy('id')
      .execute();
    return rows.map(toPlan);
  }

  async maxPlanId(): Promise<number> {
    const row = await this.db
      .selectFrom('spot_plans')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** A user's plans in these statuses, of one market or of one side's markets, within a time range. */
  private filtered(userId: string, filter: PlanFilter) {
    const { symbol, symbols } = filter;
    let query: SelectQueryBuilder<PlanDatabase, 'spot_plans', object> = this.db
      .selectFrom('spot_plans')
      .where('user_id', '=', userId)
      .where('status', 'in', filter.statuses);
    if (symbols) query = query.where('symbol', 'in', symbols);
    if (symbol !== null) query = query.where('symbol', '=', symbol);
    return createdWithin(query, filter);
  }

  countPlans(userId: string, filter: PlanFilter): Promise<number> {
    return countRows(this.filtered(userId, filter));
  }

  /** Newest first, a page of them. */
  async plans(
    userId: string,
    filter: PlanFilter,
    page: { offset: number; limit: number },
  ): Promise<SpotPlanRow[]> {
    const query = this.filtered(userId, filter).selectAll().orderBy('id', 'desc');
    return (await query.limit(page.limit).offset(page.offset).execute()).map(toPlan);
  }
}
