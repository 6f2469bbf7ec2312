/**
 * Spot trigger plans and the TP/SL of orders, in the single writer. A plan
 * freezes nothing while it waits. After each committed batch the host looks
 * at the markets it touched: a plan whose trigger price the last trade price
 * (or the mark, the mid of the book) has crossed is sent back into the queue
 * as a `fire` command, which places its order through the ordinary order
 * entry; a refused order ends the plan FAILED with the error's code. A TP or
 * SL waits (PENDING) until its order has left the book with a fill, then
 * closes the filled quantity at market; the first of the pair to fire
 * cancels the other.
 */
import { ERRORS, SPOT_PLANS_MAX_PER_MARKET, type ErrorName } from '@quay/core';
import { AppError, appError } from '../../../kernel/app-error';
import type { SpotPlanRow } from '../spot-plan-repository';
import type { SpotBatch } from './spot-batch';
import type { CheckedOrder, CheckedPlan, HostCommand, HostResult } from './spot-commands';
import type { HostMarketState, SpotHostState } from './spot-host-state';

/** Places a checked order for an owner; throws an AppError to refuse it, having changed nothing. */
export type PlaceOrder = (
  host: SpotHostState,
  userId: string,
  order: CheckedOrder,
  batch: SpotBatch,
) => HostResult;

/**
 * A market's price for a trigger, doubled so that the mid of the book stays
 * a whole number of ticks: 'last' is the last trade price, 'mark' the mid of
 * the book (the last trade price while a side of the book is empty); null
 * while the market has neither.
 */
export function doubledPriceOf(state: HostMarketState, by: 'last' | 'mark'): number | null {
  const last = state.lastPrice === null ? null : state.lastPrice * 2;
  if (by === 'last' && last !== null) return last;
  const bid = state.book.bestBid();
  const ask = state.book.bestAsk();
  if (bid !== undefined && ask !== undefined) return bid + ask;
  return last;
}

function tickOf(state: HostMarketState): { tick: string } {
  return { tick: state.market.config.tickSize };
}

function end(plan: SpotPlanRow, status: SpotPlanRow['status'], batch: SpotBatch, fail?: ErrorName) {
  plan.status = status;
  plan.fail_code = fail ? ERRORS[fail].code : '';
  plan.updated_at = batch.now;
  batch.plans.set(plan.id, plan);
}

/** Sets a plan's order and trigger; the side of the trigger is taken from the price now. */
function setTrigger(host: SpotHostState, plan: SpotPlanRow, input: CheckedPlan): void {
  const state = host.marketState(input.order.symbol);
  const reference = doubledPriceOf(state, input.triggerBy);
  const trigger = input.triggerTicks * 2;
  if (reference === null || trigger === reference) {
    throw appError('SPOT_TRIGGER_PRICE_INVALID', tickOf(state));
  }
  const { order } = input;
  plan.trigger_ticks = input.triggerTicks;
  plan.trigger_by = input.triggerBy;
  plan.above = trigger > reference;
  plan.type = order.type;
  plan.price_ticks = order.type === 'limit' ? order.priceTicks : 0;
  plan.lots = order.quoteAmount > 0n ? 0 : order.lots;
  plan.quote_amount = order.quoteAmount;
}

export function placePlan(
  host: SpotHostState,
  userId: string,
  input: CheckedPlan,
  batch: SpotBatch,
): HostResult {
  const { order } = input;
  let waiting = 0;
  for (const p of host.plans.values()) {
    if (p.user_id === userId && p.symbol === order.symbol) waiting += 1;
  }
  if (waiting >= SPOT_PLANS_MAX_PER_MARKET) {
    throw appError('SPOT_PLANS_TOO_MANY', { max: SPOT_PLANS_MAX_PER_MARKET });
  }
  const plan: SpotPlanRow = {
    id: host.nextPlanId,
    user_id: userId,
    symbol: order.symbol,
    kind: 'plan',
    side: order.side,
    trigger_ticks: 0,
    trigger_by: 'last',
    above: false,
    type: 'market',
    price_ticks: 0,
    lots: 0,
    quote_amount: 0n,
    parent_order_id: 0,
    order_id: 0,
    status: 'WAITING',
    fail_code: '',
    created_at: batch.now,
    updated_at: batch.now,
  };
  setTrigger(host, plan, input);
  host.nextPlanId += 1;
  host.plans.set(plan.id, plan);
  batch.plans.set(plan.id, plan);
  return { kind: 'plan', plan };
}

function ownPlan(host: SpotHostState, userId: string, symbol: string, planId: number) {
  const plan = host.plans.get(planId);
  if (!plan || plan.user_id !== userId || plan.symbol !== symbol || host.firing.has(planId)) {
    throw appError('SPOT_PLAN_NOT_FOUND');
  }
  return plan;
}

/** A waiting trigger order's new trigger, price and size (a TP/SL is cancelled and placed anew instead). */
export function modifyPlan(
  host: SpotHostState,
  command: Extract<HostCommand, { kind: 'modifyPlan' }>,
  batch: SpotBatch,
): HostResult {
  const { order } = command.plan;
  const plan = ownPlan(host, command.userId, order.symbol, command.planId);
  if (plan.kind !== 'plan' || plan.side !== order.side) throw appError('SPOT_PLAN_NOT_FOUND');
  setTrigger(host, plan, command.plan);
  plan.updated_at = batch.now;
  batch.plans.set(plan.id, plan);
  return { kind: 'plan', plan };
}

export function cancelPlan(
  host: SpotHostState,
  command: Extract<HostCommand, { kind: 'cancelPlan' }>,
  batch: SpotBatch,
): HostResult {
  const plan = ownPlan(host, command.userId, command.symbol, command.planId);
  host.plans.delete(plan.id);
  end(plan, 'CANCELED', batch);
  return { kind: 'plan', plan };
}

/**
 * Refuses TP/SL prices on the wrong side of the order's price (the last
 * trade price, or the best price it meets, for a market order): a buy's
 * take-profit above it and stop-loss below, a sell's the other way round.
 */
export function checkTpSl(state: HostMarketState, order: CheckedOrder): void {
  const tp = order.tpTicks ?? 0;
  const sl = order.slTicks ?? 0;
  if (tp === 0 && sl === 0) return;
  const best = order.side === 'buy' ? state.book.bestAsk() : state.book.bestBid();
  const reference = order.type === 'limit' ? order.priceTicks : (state.lastPrice ?? best);
  if (reference === undefined) throw appError('NO_LIQUIDITY');
  const up = order.side === 'buy' ? 1 : -1;
  if (tp > 0 && (tp - reference) * up <= 0) throw appError('SPOT_TPSL_PRICE_INVALID');
  if (sl > 0 && (reference - sl) * up <= 0) throw appError('SPOT_TPSL_PRICE_INVALID');
}

/** The TP and SL of a new order, PENDING until it has filled. */
export function addTpSl(
  host: SpotHostState,
  userId: string,
  parent: { id: number; symbol: string; side: 'buy' | 'sell' },
  order: CheckedOrder,
  batch: SpotBatch,
): void {
  for (const kind of ['tp', 'sl'] as const) {
    const ticks = (kind === 'tp' ? order.tpTicks : order.slTicks) ?? 0;
    if (ticks === 0) continue;
    const plan: SpotPlanRow = {
      id: host.nextPlanId,
      user_id: userId,
      symbol: parent.symbol,
      kind,
      side: parent.side === 'buy' ? 'sell' : 'buy',
      trigger_ticks: ticks,
      trigger_by: 'last',
      // A buy's take-profit fires on a rise, its stop-loss on a fall; a sell's the other way.
      above: (kind === 'tp') === (parent.side === 'buy'),
      type: 'market',
      price_ticks: 0,
      lots: 0,
      quote_amount: 0n,
      parent_order_id: parent.id,
      order_id: 0,
      status: 'PENDING',
      fail_code: '',
      created_at: batch.now,
      updated_at: batch.now,
    };
    host.nextPlanId += 1;
    host.plans.set(plan.id, plan);
    batch.plans.set(plan.id, plan);
  }
}

/**
 * After a batch's commands: the TP/SL of orders that left the book become
 * live on the quantity filled, or are cancelled when nothing filled.
 */
export function armTpSl(host: SpotHostState, batch: SpotBatch): void {
  let pending = false;
  for (const p of host.plans.values()) if (p.status === 'PENDING') pending = true;
  if (!pending) return;
  for (const plan of [...host.plans.values()]) {
    if (plan.status !== 'PENDING') continue;
    const parent = batch.orders.get(plan.parent_order_id);
    if (!parent || host.live.has(parent.id)) continue;
    if (parent.filled_lots === 0) {
      host.plans.delete(plan.id);
      end(plan, 'CANCELED', batch, 'SPOT_TPSL_ORDER_UNFILLED');
      continue;
    }
    plan.lots = parent.filled_lots;
    plan.status = 'WAITING';
    plan.updated_at = batch.now;
    batch.plans.set(plan.id, plan);
  }
}

/** Waiting plans of these markets whose trigger the price has crossed, not yet sent to fire. */
export function crossedPlans(host: SpotHostState, symbols: ReadonlySet<string>): SpotPlanRow[] {
  const crossed: SpotPlanRow[] = [];
  for (const plan of host.plans.values()) {
    if (plan.status !== 'WAITING' || host.firing.has(plan.id) || !symbols.has(plan.symbol)) {
      continue;
    }
    const state = host.markets.get(plan.symbol);
    const price = state ? doubledPriceOf(state, plan.trigger_by) : null;
    if (price === null) continue;
    const trigger = plan.trigger_ticks * 2;
    if (plan.above ? price >= trigger : price <= trigger) crossed.push(plan);
  }
  return crossed;
}

/** The order a plan places when it fires. */
function orderOf(host: SpotHostState, plan: SpotPlanRow): CheckedOrder {
  let lots = plan.lots;
  if (plan.kind !== 'plan' && plan.side === 'sell') {
    // The fee of a buy was taken in the coin bought: a TP/SL sells what is left of the fill.
    const { config, scale } = host.marketState(plan.symbol).market;
    const held = host.available(plan.user_id, config.base) / scale.basePerLot;
    if (held < BigInt(lots)) lots = Number(held);
  }
  return {
    symbol: plan.symbol,
    side: plan.side,
    type: plan.type,
    timeInForce: plan.type === 'limit' ? 'GTC' : null,
    priceTicks: plan.price_ticks,
    lots,
    quoteAmount: plan.quote_amount,
    clientOrderId: null,
  };
}

/** Fires plans: each places its order, or ends FAILED with the reason; a TP/SL cancels its pair. */
export function firePlans(
  host: SpotHostState,
  planIds: readonly number[],
  batch: SpotBatch,
  place: PlaceOrder,
): HostResult {
  for (const id of planIds) {
    const plan = host.plans.get(id);
    if (!host.firing.delete(id) || !plan || plan.status !== 'WAITING') continue;
    host.plans.delete(id);
    try {
      const result = place(host, plan.user_id, orderOf(host, plan), batch);
      if (result.kind === 'order') plan.order_id = result.order.id;
      end(plan, 'TRIGGERED', batch);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      end(plan, 'FAILED', batch, err.errorName);
    }
    if (plan.kind === 'plan') continue;
    for (const other of [...host.plans.values()]) {
      if (other.parent_order_id !== plan.parent_order_id || other.kind === 'plan') continue;
      host.plans.delete(other.id);
      host.firing.delete(other.id);
      end(other, 'CANCELED', batch, 'SPOT_TPSL_OTHER_FIRED');
    }
  }
  return { kind: 'done' };
}
