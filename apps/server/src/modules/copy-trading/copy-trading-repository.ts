/**
 * Copy trading tables: leads, copy relationships, copied and skipped
 * orders, the leads' own trades, daily equity points, profit-share
 * settlements and the settled days. Money is integer minor units in text.
 */
import type { Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

export interface CopyLeadTable {
  user_id: string;
  nickname: string;
  share_rate: string;
  symbols: string;
  created_at: number;
}

export interface CopyFollowTable {
  id: string;
  follower_id: string;
  lead_id: string;
  status: string;
  size_mode: string;
  size: string;
  leverage_mode: string;
  leverage: number | null;
  /** JSON of symbol -> leverage, or null. */
  symbol_leverage: string | null;
  stop_loss: string | null;
  take_profit: string | null;
  share_rate: string;
  investment: string;
  hwm: string;
  share_paid: string;
  created_at: number;
  stopped_at: number | null;
  /** A stopped copy's result, fixed when its money went back to spot. */
  result: string | null;
}

export interface CopyTradeTable {
  id: string;
  follow_id: string;
  lead_order_id: number;
  order_id: number | null;
  symbol: string;
  side: string;
  action: string;
  status: string;
  quantity: string;
  price: string | null;
  realised: string;
  fee: string;
  reason: string | null;
  created_at: number;
}

export interface CopyLeadTradeTable {
  id: string;
  lead_id: string;
  symbol: string;
  side: string;
  quantity: string;
  price: string;
  realised: string;
  fee: string;
  created_at: number;
}

export interface CopyEquityTable {
  owner: string;
  day: number;
  equity: string;
  created_at: number;
}

export interface CopySettlementTable {
  follow_id: string;
  day: number;
  equity: string;
  hwm: string;
  share: string;
  created_at: number;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type CopyTradingTables = {
  copy_leads: CopyLeadTable;
  copy_follows: CopyFollowTable;
  copy_trades: CopyTradeTable;
  copy_lead_trades: CopyLeadTradeTable;
  copy_equity: CopyEquityTable;
  copy_settlements: CopySettlementTable;
  copy_days: { day: number; settled_at: number };
};

export type CopyLeadRow = CopyLeadTable;
export type CopyFollowRow = CopyFollowTable;
export type CopyTradeRow = CopyTradeTable;
export type CopyLeadTradeRow = CopyLeadTradeTable;

const followOf = (r: CopyFollowRow): CopyFollowRow => ({
  ...r,
  leverage: r.leverage === null ? null : Number(r.leverage),
  created_at: Number(r.created_at),
  stopped_at: r.stopped_at === null ? null : Number(r.stopped_at),
});

export class CopyTradingRepository {
  constructor(private readonly db: Kysely<KernelTables & CopyTradingTables>) {}

  async insertLead(row: CopyLeadRow): Promise<void> {
    await this.db.insertInto('copy_leads').values(row).execute();
  }

  async leads(): Promise<CopyLeadRow[]> {
    const rows = await this.db.selectFrom('copy_leads').selectAll().execute();
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }

  async insertFollow(row: CopyFollowRow): Promise<void> {
    await this.db.insertInto('copy_follows').values(row).execute();
  }

  async updateFollow(
    row: Pick<CopyFollowRow, 'id' | 'status' | 'hwm' | 'share_paid' | 'stopped_at' | 'result'>,
  ): Promise<void> {
    await this.db
      .updateTable('copy_follows')
      .set({
        status: row.status,
        hwm: row.hwm,
        share_paid: row.share_paid,
        stopped_at: row.stopped_at,
        result: row.result,
      })
      .where('id', '=', row.id)
      .execute();
  }

  async follows(): Promise<CopyFollowRow[]> {
    const rows = await this.db.selectFrom('copy_follows').selectAll().execute();
    return rows.map(followOf);
  }

  async insertTrades(rows: CopyTradeRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) {
      await this.db
        .insertInto('copy_trades')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  }

  async trades(followId: string, limit: number): Promise<CopyTradeRow[]> {
    const rows = await this.db
      .selectFrom('copy_trades')
      .selectAll()
      .where('follow_id', '=', followId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      ...r,
      lead_order_id: Number(r.lead_order_id),
      order_id: r.order_id === null ? null : Number(r.order_id),
      created_at: Number(r.created_at),
    }));
  }

  async insertLeadTrades(rows: CopyLeadTradeRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) {
      await this.db
        .insertInto('copy_lead_trades')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  }

  async leadTrades(leadId: string, since: number): Promise<CopyLeadTradeRow[]> {
    const rows = await this.db
      .selectFrom('copy_lead_trades')
      .selectAll()
      .where('lead_id', '=', leadId)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }

  async putEquity(owner: string, day: number, equity: string, now: number): Promise<void> {
    await this.db
      .insertInto('copy_equity')
      .values({ owner, day, equity, created_at: now })
      .onConflict((oc) => oc.columns(['owner', 'day']).doUpdateSet({ equity, created_at: now }))
      .execute();
  }

  async equity(owner: string, fromDay: number): Promise<Array<{ day: number; equity: string }>> {
    const rows = await this.db
      .selectFrom('copy_equity')
      .select(['day', 'equity'])
      .where('owner', '=', owner)
      .where('day', '>=', fromDay)
      .orderBy('day')
      .execute();
    return rows.map((r) => ({ day: Number(r.day), equity: r.equity }));
  }

  async insertSettlement(row: CopySettlementTable): Promise<void> {
    await this.db.insertInto('copy_settlements').values(row).execute();
  }

  async lastSettledDay(): Promise<number | null> {
    const last = await this.db
      .selectFrom('copy_days')
      .select('day')
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst();
    return last ? Number(last.day) : null;
  }

  async markSettled(day: number, now: number): Promise<void> {
    await this.db.insertInto('copy_days').values({ day, settled_at: now }).execute();
  }
}
