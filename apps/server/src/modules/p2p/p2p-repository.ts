/**
 * P2P tables: payment methods, ads, orders and chat messages. Ads and
 * orders are written by the spot writer's ledger jobs, in the batch that
 * moves their escrowed coins; money is integer minor units (coins) and
 * cents (fiat) in text.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

export interface P2pPaymentMethodTable {
  id: string;
  user_id: string;
  kind: string;
  name: string;
  account: string;
  created_at: number;
  removed_at: number | null;
}

export interface P2pAdTable {
  id: string;
  user_id: string;
  side: string;
  coin: string;
  fiat: string;
  price_type: string;
  price_cents: string;
  margin_bps: number;
  total: string;
  remaining: string;
  min_cents: string;
  max_cents: string;
  payment_method_ids: string;
  time_limit_min: number;
  terms: string;
  status: string;
  created_at: number;
  updated_at: number;
}

export interface P2pOrderTable {
  id: string;
  ad_id: string;
  buyer_id: string;
  seller_id: string;
  taker_id: string;
  coin: string;
  fiat: string;
  price_cents: string;
  amount: string;
  fiat_cents: string;
  payment_method_ids: string;
  status: string;
  cancel_reason: string;
  appeal_reason: string;
  decision: string;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  finished_at: number | null;
}

export interface P2pMessageTable {
  id: string;
  order_id: string;
  sender: string;
  text: string;
  created_at: number;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type P2pTables = {
  p2p_payment_methods: P2pPaymentMethodTable;
  p2p_ads: P2pAdTable;
  p2p_orders: P2pOrderTable;
  p2p_messages: P2pMessageTable;
};

type P2pDatabase = KernelTables & P2pTables;

export type P2pPaymentMethodRow = P2pPaymentMethodTable;
export type P2pAdRow = P2pAdTable;
export type P2pOrderRow = P2pOrderTable;
export type P2pMessageRow = P2pMessageTable;

export interface AdFilter {
  side: string | null;
  coin: string | null;
  fiat: string | null;
  limit: number;
}

const LIVE = ['unpaid', 'paid', 'appeal'];

/** Orders the user buys or sells in. */
const partyIs = (userId: string) => (eb: ExpressionBuilder<P2pDatabase, 'p2p_orders'>) =>
  eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]);

const adOf = (r: P2pAdRow): P2pAdRow => ({
  ...r,
  margin_bps: Number(r.margin_bps),
  time_limit_min: Number(r.time_limit_min),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});
const orderOf = (r: P2pOrderRow): P2pOrderRow => ({
  ...r,
  created_at: Number(r.created_at),
  expires_at: Number(r.expires_at),
  paid_at: r.paid_at === null ? null : Number(r.paid_at),
  finished_at: r.finished_at === null ? null : Number(r.finished_at),
});

export class P2pRepository {
  constructor(private readonly db: Kysely<P2pDatabase>) {}

  async paymentMethodsOf(userId: string): Promise<P2pPaymentMethodRow[]> {
    const rows = await this.db
      .selectFrom('p2p_payment_methods')
      .selectAll()
      .where('user_id', '=', userId)
      .where('removed_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }

  async paymentMethods(ids: readonly string[]): Promise<P2pPaymentMethodRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('p2p_payment_methods')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('created_at')
      .execute();
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }

  async insertPaymentMethod(row: P2pPaymentMethodRow): Promise<void> {
    await this.db.insertInto('p2p_payment_methods').values(row).execute();
  }

  async removePaymentMethod(userId: string, id: string, at: number): Promise<void> {
    await this.db
      .updateTable('p2p_payment_methods')
      .set({ removed_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  async ad(id: string): Promise<P2pAdRow | undefined> {
    const row = await this.db
      .selectFrom('p2p_ads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && adOf(row);
  }

  async ads(filter: AdFilter): Promise<P2pAdRow[]> {
    let query = this.db.selectFrom('p2p_ads').selectAll().where('status', '=', 'online');
    if (filter.side !== null) query = query.where('side', '=', filter.side);
    if (filter.coin !== null) query = query.where('coin', '=', filter.coin);
    if (filter.fiat !== null) query = query.where('fiat', '=', filter.fiat);
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(filter.limit)
      .execute();
    return rows.map(adOf);
  }

  async adsOf(userId: string): Promise<P2pAdRow[]> {
    const rows = await this.db
      .selectFrom('p2p_ads')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(adOf);
  }

  async upsertAd(row: P2pAdRow): Promise<void> {
    await this.db
      .insertInto('p2p_ads')
      .values(row)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          remaining: eb.ref('excluded.remaining'),
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  async order(id: string): Promise<P2pOrderRow | undefined> {
    const row = await this.db
      .selectFrom('p2p_orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && orderOf(row);
  }

  async ordersOf(userId: string, limit: number): Promise<P2pOrderRow[]> {
    const rows = await this.db
      .selectFrom('p2p_orders')
      .selectAll()
      .where(partyIs(userId))
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(orderOf);
  }

  /** Live orders of an ad (its coins still in escrow). */
  async liveOrdersOfAd(adId: string): Promise<P2pOrderRow[]> {
    const rows = await this.db
      .selectFrom('p2p_orders')
      .selectAll()
      .where('ad_id', '=', adId)
      .where('status', 'in', LIVE)
      .execute();
    return rows.map(orderOf);
  }

  /** Unpaid orders past their time limit at `now`. */
  async dueOrders(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('p2p_orders')
      .select('id')
      .where('status', '=', 'unpaid')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Orders the user as buyer had cancelled (by them or at the time limit) since `since`. */
  async cancellationsSince(userId: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('p2p_orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('buyer_id', '=', userId)
      .where('status', '=', 'cancelled')
      .where('cancel_reason', 'in', ['buyer', 'timeout'])
      .where('finished_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Orders the user sold or bought since `since`, for the merchant figures. */
  async ordersSince(userId: string, since: number): Promise<P2pOrderRow[]> {
    const rows = await this.db
      .selectFrom('p2p_orders')
      .selectAll()
      .where(partyIs(userId))
      .where('created_at', '>=', since)
      .execute();
    return rows.map(orderOf);
  }

  async upsertOrder(row: P2pOrderRow): Promise<void> {
    await this.db
      .insertInto('p2p_orders')
      .values(row)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          cancel_reason: eb.ref('excluded.cancel_reason'),
          appeal_reason: eb.ref('excluded.appeal_reason'),
          paid_at: eb.ref('excluded.paid_at'),
          finished_at: eb.ref('excluded.finished_at'),
        })),
      )
      .execute();
  }

  /** Records the operator's decision on a paid or appealed order not yet decided; false when none. */
  async decide(orderId: string, decision: 'release' | 'refund'): Promise<boolean> {
    const result = await this.db
      .updateTable('p2p_orders')
      .set({ decision })
      .where('id', '=', orderId)
      .where('status', 'in', ['paid', 'appeal'])
      .where('decision', '=', '')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Orders the operator decided that the server has not applied yet. */
  async decidedOrders(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('p2p_orders')
      .select('id')
      .where('status', 'in', ['paid', 'appeal'])
      .where('decision', '!=', '')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async messages(orderId: string): Promise<P2pMessageRow[]> {
    const rows = await this.db
      .selectFrom('p2p_messages')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }

  async insertMessages(rows: readonly P2pMessageRow[]): Promise<void> {
    if (rows.length > 0)
      await this.db
        .insertInto('p2p_messages')
        .values([...rows])
        .execute();
  }
}
