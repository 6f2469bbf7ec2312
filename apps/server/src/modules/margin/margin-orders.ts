/**
 * Orders on margin accounts: spot orders whose owner is the margin ledger
 * account (so open orders and history stand apart from spot), placed as a
 * ledger job that first borrows what the order lacks (auto-borrow), and,
 * once an auto-repay order is done, a job that repays the debt of the coin
 * it brought from what the account holds of it.
 */
import type {
  CancelAllMarginOrders,
  CancelMarginOrder,
  MarginAccountRef,
  MarginOrder,
  MarginOrderInfo,
  Page,
  PlaceMarginOrder,
  SpotOrder,
} from '@quay/core';
import { appError } from '../../kernel/app-error';
import type { Paging } from '../../kernel/http/paging';
import {
  fillToWire,
  orderToWire,
  type SpotHost,
  type SpotOrderRow,
  type SpotService,
  type UserUpdates,
} from '../spot';
import { parseAccount, type MarginAccountKey } from './margin-accounts';
import { MARGIN_AUTO_REPAY, MARGIN_ORDER } from './margin-named-jobs';
import type { MarginStore } from './margin-repositories';
import type { MarginService } from './margin-service';

interface OrderDetails {
  mode: MarginOrder['mode'];
  autoBorrow: boolean;
  autoRepay: boolean;
  borrowed: string;
  borrowCoin: string;
  liquidation: boolean;
}

const DONE = new Set(['FILLED', 'CANCELED', 'PARTIALLY_CANCELED']);

export class MarginOrders {
  constructor(
    private readonly store: MarginStore,
    private readonly spotHost: SpotHost,
    private readonly spot: SpotService,
    private readonly margin: MarginService,
    private readonly onError: (err: unknown) => void,
  ) {}

  private keyFor(userId: string, mode: MarginOrder['mode'], symbol: string): MarginAccountKey {
    this.margin.terms.market(symbol, mode);
    return this.margin.keyOf(userId, { mode, symbol });
  }

  async place(userId: string, body: PlaceMarginOrder): Promise<MarginOrder> {
    const { mode, autoBorrow = false, autoRepay = false, ...spotBody } = body;
    const key = this.keyFor(userId, mode, body.symbol);
    const { market, order } = this.spot.checkOrder(spotBody);
    const { config, scale } = market;
    let needs: { coin: string; amount: bigint };
    if (order.side === 'sell') {
      needs = { coin: config.base, amount: BigInt(order.lots) * scale.basePerLot };
    } else if (order.type === 'limit') {
      needs = {
        coin: config.quote,
        amount: BigInt(order.priceTicks) * BigInt(order.lots) * scale.quotePerTickLot,
      };
    } else if (order.quoteAmount > 0n) {
      needs = { coin: config.quote, amount: order.quoteAmount };
    } else {
      // A market buy by quantity costs what the book asks: auto-borrow needs a quote amount.
      if (autoBorrow) throw appError('ORDER_TYPE_INVALID', { detail: 'quoteAmount' });
      needs = { coin: config.quote, amount: 0n };
    }
    const row = await this.spotHost.run(MARGIN_ORDER, {
      ask: { key, order, autoBorrow, autoRepay, needs, mode },
    });
    await this.spotHost.submit({ kind: 'notice', userIds: [userId] });
    return this.withDetails(orderToWire(row, market), await this.details([String(row.id)]));
  }

  async cancel(userId: string, body: CancelMarginOrder): Promise<MarginOrder> {
    const key = this.keyFor(userId, body.mode, body.symbol);
    const order = await this.spot.cancelOrder(key.id, body.symbol, body.orderId);
    return this.withDetails(order, await this.details([order.orderId]));
  }

  async cancelAll(userId: string, body: CancelAllMarginOrders): Promise<{ cancelled: number }> {
    const key = this.keyFor(userId, body.mode, body.symbol);
    return this.spot.cancelAll(key.id, body.symbol);
  }

  private refKey(userId: string, ref: MarginAccountRef): MarginAccountKey {
    return this.margin.keyOf(userId, ref);
  }

  async openOrders(userId: string, ref: MarginAccountRef): Promise<MarginOrder[]> {
    const key = this.refKey(userId, ref);
    const orders = await this.spot.openOrders(key.id, key.symbol);
    return this.allWithDetails(orders);
  }

  async history(userId: string, ref: MarginAccountRef, paging: Paging): Promise<Page<MarginOrder>> {
    const key = this.refKey(userId, ref);
    const page = await this.spot.orderHistory(
      key.id,
      {
        symbol: key.symbol,
        side: null,
        statuses: [...DONE],
        begin: null,
        end: null,
      },
      paging,
    );
    return { ...page, items: await this.allWithDetails(page.items) };
  }

  async info(userId: string, orderId: string): Promise<MarginOrderInfo> {
    const id = Number(orderId);
    if (!Number.isSafeInteger(id) || id <= 0) throw appError('ORDER_NOT_FOUND');
    const [doc] = await this.store.repos.margin.orders([String(id)]);
    const row = await this.store.repos.spot.order(id);
    if (!doc || doc.user_id !== userId || !row || row.user_id !== doc.account) {
      throw appError('ORDER_NOT_FOUND');
    }
    const market = this.spot.market(row.symbol);
    const fills = await this.store.repos.spot.fillsOfOrder(id);
    return {
      order: this.withDetails(orderToWire(row, market), new Map([[doc.id, doc.data]])),
      fills: fills.map((f) => fillToWire(f, market, row.user_id)),
    };
  }

  /** Auto-repay: when an order of a margin account is done, repays from what it brought. */
  listen(): () => void {
    return this.spotHost.onUserUpdates((updates: UserUpdates) => {
      const done = updates.orders.filter(
        (o) => DONE.has(o.status) && parseAccount(o.user_id) !== null,
      );
      if (done.length === 0) return;
      void this.details(done.map((o) => String(o.id)))
        .then((docs) => {
          for (const row of done) {
            const data = docs.get(String(row.id));
            if (!data || !(JSON.parse(data) as OrderDetails).autoRepay) continue;
            this.repayAfter(parseAccount(row.user_id) as MarginAccountKey, row);
          }
        })
        .catch(this.onError);
    });
  }

  private repayAfter(key: MarginAccountKey, row: SpotOrderRow): void {
    const market = this.spot.market(row.symbol);
    const coin = row.side === 'buy' ? market.config.base : market.config.quote;
    this.spotHost
      .run(MARGIN_AUTO_REPAY, { key, coin })
      .then(() => this.spotHost.submit({ kind: 'notice', userIds: [key.userId] }))
      .catch(this.onError);
  }

  private async details(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.store.repos.margin.orders(ids);
    return new Map(rows.map((r) => [r.id, r.data]));
  }

  private async allWithDetails(orders: SpotOrder[]): Promise<MarginOrder[]> {
    const docs = await this.details(orders.map((o) => o.orderId));
    return orders.map((o) => this.withDetails(o, docs));
  }

  private withDetails(order: SpotOrder, docs: Map<string, string>): MarginOrder {
    const data = docs.get(order.orderId);
    const details: OrderDetails = data
      ? (JSON.parse(data) as OrderDetails)
      : {
          mode: 'cross',
          autoBorrow: false,
          autoRepay: false,
          borrowed: '0',
          borrowCoin: '',
          liquidation: false,
        };
    return { ...order, ...details };
  }
}
