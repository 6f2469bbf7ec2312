/**
 * What fires on a price: a position's TP/SL, trigger plans and trailing
 * stops. They are set here, and run on each tick against the mark or the
 * last price.
 */
import { ERRORS, POSITION_MODE, type FuturesOrderSource, type TriggerPriceType } from '@quay/core';
import { AppError, appError } from '../../../kernel/app-error';
import { LONG, trailTo, type Plan, type TrailingState } from '../futures-state';
import type { FuturesBatch } from './futures-batch';
import type { CheckedPlan, FuturesCommand, FuturesResult } from './futures-commands';
import type { FuturesHostState, MarketState } from './futures-host-state';
import { cancelInBook } from './futures-fills';
import { place, closeOrder } from './futures-orders';

export function setTpSl(
  host: FuturesHostState,
  c: Extract<FuturesCommand, { kind: 'tpsl' }>,
  batch: FuturesBatch,
): FuturesResult {
  const p = host.position(c.owner, c.symbol, c.positionSide);
  if (!p) throw appError('POSITION_NOT_FOUND');
  const trigger = c.trigger ?? p.tpslTrigger;
  const state = host.marketState(c.symbol);
  const ref = trigger === 'last' ? state.lastTicks || host.markOf(c.symbol) : host.markOf(c.symbol);
  const long = p.side === LONG;
  const liq = host.liquidationTicks(p);
  const liqTicks = liq ? liq.div(state.market.config.tickSize) : null;
  if (c.tp !== null && c.tp > 0 && (long ? c.tp <= ref : c.tp >= ref))
    throw appError('TPSL_PRICE_INVALID');
  if (c.sl !== null && c.sl > 0) {
    if (long ? c.sl >= ref : c.sl <= ref) throw appError('TPSL_PRICE_INVALID');
    if (liqTicks && (long ? liqTicks.gte(c.sl) : liqTicks.lte(c.sl)))
      throw appError('TPSL_PRICE_INVALID');
  }
  if (c.tp !== null) p.tp = c.tp;
  if (c.sl !== null) p.sl = c.sl;
  p.tpslTrigger = trigger;
  p.updatedAt = batch.now;
  batch.positions.set(p.id, p);
  batch.owners.add(c.owner);
  return { kind: 'done' };
}

export function placePlan(
  host: FuturesHostState,
  owner: string,
  input: CheckedPlan,
  batch: FuturesBatch,
): Plan {
  const state = host.marketState(input.symbol);
  const coin = state.market.config.quote;
  const mode = host.positionMode(owner, coin);
  if (mode === POSITION_MODE.hedge && input.positionSide === null) {
    throw appError('POSITION_SIDE_INVALID', { detail: 'positionSide is required in hedge mode' });
  }
  if (mode === POSITION_MODE.oneWay && input.positionSide !== null) {
    throw appError('POSITION_SIDE_INVALID', { detail: 'positionSide is for hedge mode only' });
  }
  const ref =
    input.triggerBy === 'last'
      ? state.lastTicks || host.markOf(input.symbol)
      : host.markOf(input.symbol);
  if (ref === 0 || (!input.trailing && input.triggerTicks === ref)) {
    throw appError('TRIGGER_PRICE_INVALID', { tick: state.market.config.tickSize });
  }
  const trailing = input.trailing ? trailingAt(host, input.side, input.trailing, ref, state) : null;
  const plan: Plan = {
    id: host.nextPlanId++,
    owner,
    kind: trailing ? 'trailing' : 'plan',
    symbol: input.symbol,
    side: input.side,
    positionSide: input.positionSide ?? 0,
    triggerTicks: input.triggerTicks,
    triggerBy: input.triggerBy,
    above: input.triggerTicks > ref,
    type: input.type,
    priceTicks: input.priceTicks,
    lots: input.lots,
    reduceOnly: input.reduceOnly,
    status: 'WAITING',
    orderId: 0,
    failCode: '',
    ...(trailing ? { trailing } : {}),
    createdAt: batch.now,
    updatedAt: batch.now,
  };
  host.plans.set(plan.id, plan);
  batch.plans.set(plan.id, plan);
  return plan;
}

/**
 * A new trailing stop's state at the reference price: a sell stop's
 * activation price must lie above it and a buy stop's below (it would
 * activate at once otherwise, as on the large exchanges); with none it is
 * active at once and tracks from the reference price.
 */
function trailingAt(
  host: FuturesHostState,
  side: 'buy' | 'sell',
  input: { callbackBps: number; activationTicks: number },
  ref: number,
  state: MarketState,
): TrailingState {
  const activation = input.activationTicks;
  if (activation > 0 && (side === 'sell' ? activation <= ref : activation >= ref)) {
    throw appError('ACTIVATION_PRICE_INVALID', { price: host.priceText(state.market, ref) });
  }
  return {
    callbackBps: input.callbackBps,
    activationTicks: activation,
    activated: activation === 0,
    extremeTicks: activation === 0 ? ref : 0,
  };
}

export function cancelPlan(
  host: FuturesHostState,
  owner: string,
  planId: number,
  batch: FuturesBatch,
): FuturesResult {
  const plan = host.plans.get(planId);
  if (!plan || plan.owner !== owner) throw appError('PLAN_NOT_FOUND');
  host.plans.delete(planId);
  plan.status = 'CANCELED';
  plan.updatedAt = batch.now;
  batch.plans.set(plan.id, plan);
  return { kind: 'plan', plan };
}

export function runTriggers(host: FuturesHostState, state: MarketState, batch: FuturesBatch): void {
  const symbol = state.market.config.symbol;
  const priceOf = (by: TriggerPriceType) => (by === 'last' ? state.lastTicks : state.markTicks);
  for (const plan of [...host.plans.values()]) {
    if (plan.symbol !== symbol) continue;
    const price = priceOf(plan.triggerBy);
    if (!price) continue;
    let hit: boolean;
    if (plan.trailing) {
      const moved = trailTo(plan.side, plan.trailing, price);
      hit = moved.fire;
      if (moved.changed) {
        // The tracked extreme is stored (and pushed) as it moves, so a restart keeps it.
        plan.updatedAt = batch.now;
        batch.plans.set(plan.id, plan);
      }
    } else {
      hit = plan.above ? price >= plan.triggerTicks : price <= plan.triggerTicks;
    }
    if (!hit) continue;
    host.plans.delete(plan.id);
    plan.updatedAt = batch.now;
    try {
      const order = place(
        host,
        plan.owner,
        {
          symbol,
          side: plan.side,
          positionSide: plan.positionSide === 0 ? null : plan.positionSide,
          type: plan.type,
          timeInForce: plan.type === 'limit' ? 'GTC' : null,
          priceTicks: plan.priceTicks,
          lots: plan.lots,
          reduceOnly: plan.reduceOnly,
          clientOrderId: null,
          tp: 0,
          sl: 0,
          tpslTrigger: 'mark',
        },
        'plan',
        batch,
      );
      plan.status = 'TRIGGERED';
      plan.orderId = order.id;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      plan.status = 'FAILED';
      plan.failCode = ERRORS[err.errorName].code;
    }
    batch.plans.set(plan.id, plan);
  }
  for (const p of [...host.positions.values()]) {
    if (p.symbol !== symbol || p.lots === 0 || (p.tp === 0 && p.sl === 0)) continue;
    const price = priceOf(p.tpslTrigger);
    if (!price) continue;
    const long = p.side === LONG;
    const tpHit = p.tp > 0 && (long ? price >= p.tp : price <= p.tp);
    const slHit = p.sl > 0 && (long ? price <= p.sl : price >= p.sl);
    if (!tpHit && !slHit) continue;
    const source: FuturesOrderSource = tpHit ? 'tp' : 'sl';
    // Resting closes would hold the size; the trigger closes it all.
    for (const o of host.ownerOrders(p.owner)) {
      if (o.owner === p.owner && o.symbol === symbol && o.reduceOnly && o.positionSide === p.side) {
        cancelInBook(host, state, o, batch);
      }
    }
    const lots = p.lots;
    p.tp = 0;
    p.sl = 0;
    batch.positions.set(p.id, p);
    try {
      closeOrder(host, p.owner, p, 'market', 0, lots, source, batch);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
}
