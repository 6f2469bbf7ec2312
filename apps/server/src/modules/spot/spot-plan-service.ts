/**
 * Spot trigger plans as the routes see them: a plan is checked as the order
 * it will place (market, ticks, lots, minimum value) plus its trigger price,
 * then handed to the host; waiting plans and their history are read back
 * from the store.
 */
import {
  lotsToQuantity,
  priceToTicks,
  ticksToPrice,
  type ModifySpotPlan,
  type Page,
  type PlaceSpotOrder,
  type PlaceSpotPlan,
  type SpotPlan,
} from '@quay/core';
import { appError } from '../../kernel/app-error';
import { pageAnswer, type Paging } from '../../kernel/http/paging';
import type { CheckedOrder, CheckedPlan, SpotHost } from './spot-host';
import type { SpotStore as Store } from './spot-repositories';
import { quoteText, type SpotMarket } from './spot-markets';
import {
  ENDED_PLAN_STATUSES,
  LIVE_PLAN_STATUSES,
  type PlanFilter,
  type SpotPlanRow,
} from './spot-plan-repository';

/** What the plans use of the order checks. */
interface OrderChecks {
  market(symbol: string): SpotMarket;
  checkOrder(body: PlaceSpotOrder): { market: SpotMarket; order: CheckedOrder };
}

export function planToWire(row: SpotPlanRow, market: SpotMarket): SpotPlan {
  const { config } = market;
  return {
    planId: String(row.id),
    kind: row.kind,
    symbol: row.symbol,
    side: row.side,
    triggerPrice: ticksToPrice(row.trigger_ticks, config),
    triggerBy: row.trigger_by,
    type: row.type,
    price: row.type === 'limit' ? ticksToPrice(row.price_ticks, config) : '',
    quantity: row.lots > 0 ? lotsToQuantity(row.lots, config) : '',
    quoteAmount: row.quote_amount > 0n ? quoteText(row.quote_amount) : '',
    parentOrderId: row.parent_order_id > 0 ? String(row.parent_order_id) : '',
    status: row.status,
    orderId: row.order_id > 0 ? String(row.order_id) : '',
    failCode: row.fail_code,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class SpotPlanService {
  constructor(
    private readonly store: Store,
    private readonly host: SpotHost,
    private readonly spot: OrderChecks,
  ) {}

  /** The plan's order checked as an order typed now, and its trigger price in whole ticks. */
  private check(body: PlaceSpotPlan): { market: SpotMarket; plan: CheckedPlan } {
    const order: PlaceSpotOrder = {
      symbol: body.symbol,
      side: body.side,
      type: body.type,
      ...(body.price !== undefined ? { price: body.price } : {}),
      ...(body.quantity !== undefined ? { quantity: body.quantity } : {}),
      ...(body.quoteAmount !== undefined ? { quoteAmount: body.quoteAmount } : {}),
    };
    const checked = this.spot.checkOrder(order);
    const triggerTicks = priceToTicks(body.triggerPrice, checked.market.config);
    if (triggerTicks === null || triggerTicks <= 0) {
      throw appError('SPOT_TRIGGER_PRICE_INVALID', { tick: checked.market.config.tickSize });
    }
    return {
      market: checked.market,
      plan: { order: checked.order, triggerTicks, triggerBy: body.triggerBy },
    };
  }

  private planOf(result: Awaited<ReturnType<SpotHost['submit']>>, market: SpotMarket): SpotPlan {
    if (result.kind !== 'plan') throw new Error('the host answered without a plan');
    return planToWire(result.plan, market);
  }

  async place(userId: string, body: PlaceSpotPlan): Promise<SpotPlan> {
    const { market, plan } = this.check(body);
    return this.planOf(await this.host.submit({ kind: 'plan', userId, plan }), market);
  }

  async modify(userId: string, body: ModifySpotPlan): Promise<SpotPlan> {
    const planId = idOf(body.planId);
    const { market, plan } = this.check(body);
    return this.planOf(
      await this.host.submit({ kind: 'modifyPlan', userId, planId, plan }),
      market,
    );
  }

  async cancel(userId: string, symbol: string, planId: string): Promise<SpotPlan> {
    const market = this.spot.market(symbol);
    const result = await this.host.submit({
      kind: 'cancelPlan',
      userId,
      symbol,
      planId: idOf(planId),
    });
    return this.planOf(result, market);
  }

  /** Waiting plans (and TP/SL waiting for their order), newest first. */
  async current(userId: string, filter: Omit<PlanFilter, 'statuses'>): Promise<SpotPlan[]> {
    if (filter.symbol !== null) this.spot.market(filter.symbol);
    const rows = await this.store.repos.spotPlans.plans(
      userId,
      { ...filter, statuses: LIVE_PLAN_STATUSES },
      { offset: 0, limit: 500 },
    );
    return rows.map((row) => planToWire(row, this.spot.market(row.symbol)));
  }

  /** Plans that ended, newest first, by page. */
  async history(
    userId: string,
    filter: Omit<PlanFilter, 'statuses'>,
    paging: Paging,
  ): Promise<Page<SpotPlan>> {
    if (filter.symbol !== null) this.spot.market(filter.symbol);
    if (filter.begin !== null && filter.end !== null && filter.begin > filter.end) {
      throw appError('TIME_RANGE_INVALID');
    }
    const repo = this.store.repos.spotPlans;
    const ended = { ...filter, statuses: ENDED_PLAN_STATUSES };
    const [total, rows] = await Promise.all([
      repo.countPlans(userId, ended),
      repo.plans(userId, ended, paging),
    ]);
    return pageAnswer(
      paging,
      total,
      rows.map((row) => planToWire(row, this.spot.market(row.symbol))),
    );
  }
}

function idOf(text: string): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id <= 0) throw appError('SPOT_PLAN_NOT_FOUND');
  return id;
}
