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
  min_registered_days: number;
  min_completed_orders: number;
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
  /** An image's file id, else ''. */
  image_id: string;
  created_at: number;
}

export interface P2pFileTable {
  id: string;
  order_id: string;
  user_id: string;
  purpose: 'chat' | 'evidence';
  type: string;
  size: number;
  /** The bytes in base64. */
  data: string;
  created_at: number;
}

export interface P2pFeedbackTable {
  order_id: string;
  from_user: string;
  to_user: string;
  /** 1 positive, 0 negative. */
  positive: number;
  comment: string;
  created_at: number;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type P2pTables = {
  p2p_payment_methods: P2pPaymentMethodTable;
  p2p_ads: P2pAdTable;
  p2p_orders: P2pOrderTable;
  p2p_messages: P2pMessageTable;
  p2p_files: P2pFileTable;
  p2p_feedback: P2pFeedbackTable;
};

type P2pDatabase = KernelTables & P2pTables;

export type P2pPaymentMethodRow = P2pPaymentMethodTable;
export type P2pAdRow = P2pAdTable;
export type P2pOrderRow = P2pOrderTable;
export type P2pMessageRow = P2pMessageTable;
export type P2pFileRow = P2pFileTable;
export type P2pFeedbackRow = P2pFeedbackTable;
/** A file without its bytes. */
export type P2pFileRef = Omit<P2pFileRow, 'data'>;

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
  min_registered_days: Number(r.min_registered_days),
  min_completed_orders: Number(r.min_completed_orders),
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
          price_type: eb.ref('excluded.price_type'),
          price_cents: eb.ref('excluded.price_cents'),
          margin_bps: eb.ref('excluded.margin_bps'),
          total: eb.ref('excluded.total'),
          remaining: eb.ref('excluded.remaining'),
          min_cents: eb.ref('excluded.min_cents'),
          max_cents: eb.ref('excluded.max_cents'),
          payment_method_ids: eb.ref('excluded.payment_method_ids'),
          time_limit_min: eb.ref('excluded.time_limit_min'),
          terms: eb.ref('excluded.terms'),
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
          min_registered_days: eb.ref('excluded.min_registered_days'),
          min_completed_orders: eb.ref('excluded.min_completed_orders'),
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

  /** The latest system line of an order (the state it moved to last), as a list of at most one. */
  async lastSystemMessage(orderId: string): Promise<P2pMessageRow[]> {
    const rows = await this.db
      .selectFrom('p2p_messages')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('sender', '=', 'system')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }

  async insertFile(row: P2pFileRow): Promise<void> {
    await this.db.insertInto('p2p_files').values(row).execute();
  }

  async file(orderId: string, id: string): Promise<P2pFileRow | undefined> {
    const row = await this.db
      .selectFrom('p2p_files')
      .selectAll()
      .where('id', '=', id)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    return row && { ...row, size: Number(row.size), created_at: Number(row.created_at) };
  }

  /** Files of an order without their bytes, oldest first. */
  async filesOf(orderId: string, purpose: 'chat' | 'evidence'): Promise<P2pFileRef[]> {
    const rows = await this.db
      .selectFrom('p2p_files')
      .select(['id', 'order_id', 'user_id', 'purpose', 'type', 'size', 'created_at'])
      .where('order_id', '=', orderId)
      .where('purpose', '=', purpose)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, size: Number(r.size), created_at: Number(r.created_at) }));
  }

  /** Records feedback once per order and side; false when already given. */
  async insertFeedback(row: P2pFeedbackRow): Promise<boolean> {
    const result = await this.db
      .insertInto('p2p_feedback')
      .values(row)
      .onConflict((oc) => oc.columns(['order_id', 'from_user']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async feedbackOn(orderIds: readonly string[], fromUser: string): Promise<P2pFeedbackRow[]> {
    if (orderIds.length === 0) return [];
    return this.db
      .selectFrom('p2p_feedback')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .where('from_user', '=', fromUser)
      .execute();
  }

  /** Feedback a user received since `since`: [positive, all]. */
  async feedbackCount(toUser: string, since: number): Promise<[number, number]> {
    const rows = await this.db
      .selectFrom('p2p_feedback')
      .select('positive')
      .where('to_user', '=', toUser)
      .where('created_at', '>=', since)
      .execute();
    return [rows.filter((r) => Number(r.positive) === 1).length, rows.length];
  }

  /** Orders the user completed (either side), ever. */
  async completedCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('p2p_orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(partyIs(userId))
      .where('status', '=', 'completed')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insertMessages(rows: readonly P2pMessageRow[]): Promise<void> {
    if (rows.length > 0)
      await this.db
        .insertInto('p2p_messages')
        .values([...rows])
        .execute();
  }
}
