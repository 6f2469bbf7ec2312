/**
 * Trading on the perpetuals: positions (margin, close, TP/SL), orders and
 * trigger plans. Checks what a call means (a market on the caller's side,
 * whole ticks and lots, amounts) and hands the command to the futures
 * host; answers with the wire shapes of what the host did.
 */
import {
  TRAILING_CALLBACK_MAX,
  TRAILING_CALLBACK_MIN,
  trailingCallbackBps,
  type FuturesOrder,
  type FuturesPlan,
  type FuturesPosition,
  type PlaceFuturesOrder,
  type PlaceFuturesPlan,
  type PlaceTrailingStop,
  type PlaceTriggerPlan,
  type PositionSide,
  type TriggerPriceType,
} from '@quay/core';
import type { FuturesContext } from './futures-context';
import type { CheckedFuturesOrder, CheckedPlan, FuturesResult } from './futures-host';
import type { FuturesWire } from './futures-wire';
import type { PerpMarket } from './perp-markets';
import { appError } from '../../kernel/app-error';
import type { LedgerSide } from '../../kernel/coins';

export class FuturesTrading {
  constructor(
    private readonly ctx: FuturesContext,
    private readonly wire: FuturesWire,
  ) {}

  positions(owner: string, side: LedgerSide): FuturesPosition[] {
    const coin = this.ctx.coinOf(side);
    return this.ctx.host
      .ownerPositions(owner, coin)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((p) => this.wire.positionToWire(p));
  }

  async adjustMargin(
    owner: string,
    side: LedgerSide,
    body: { symbol: string; positionSide: PositionSide; type: 'add' | 'reduce'; amount: string },
  ): Promise<FuturesPosition[]> {
    const market = this.ctx.market(body.symbol, side);
    await this.ctx.host.submit({
      kind: 'adjustMargin',
      owner,
      symbol: market.config.symbol,
      positionSide: body.positionSide,
      amount: this.ctx.amount(body.amount),
      add: body.type === 'add',
    });
    return this.positions(owner, side);
  }

  async closePosition(
    owner: string,
    side: LedgerSide,
    body: {
      symbol: string;
      positionSide: PositionSide;
      type: 'limit' | 'market';
      price?: string;
      quantity?: string;
    },
  ): Promise<FuturesOrder> {
    const market = this.ctx.market(body.symbol, side);
    const result = await this.ctx.host.submit({
      kind: 'closePosition',
      owner,
      symbol: market.config.symbol,
      positionSide: body.positionSide,
      type: body.type,
      priceTicks: body.type === 'limit' ? this.ctx.ticks(market, body.price) : 0,
      lots: body.quantity === undefined ? 0 : this.ctx.lots(market, body.quantity),
    });
    return this.orderOf(result);
  }

  async closeAll(owner: string, side: LedgerSide, symbol?: string): Promise<{ closed: number }> {
    const result = await this.ctx.host.submit({
      kind: 'closeAll',
      owner,
      symbols: this.ctx.symbolsOf(side, symbol),
    });
    return { closed: result.kind === 'count' ? result.count : 0 };
  }

  async setTpSl(
    owner: string,
    side: LedgerSide,
    body: {
      symbol: string;
      positionSide: PositionSide;
      takeProfitPrice?: string;
      stopLossPrice?: string;
      tpSlTrigger?: TriggerPriceType;
    },
  ): Promise<FuturesPosition[]> {
    const market = this.ctx.market(body.symbol, side);
    const tick = (v: string | undefined) =>
      v === undefined ? null : v === '' ? 0 : this.ctx.ticks(market, v, 'TRIGGER');
    await this.ctx.host.submit({
      kind: 'tpsl',
      owner,
      symbol: market.config.symbol,
      positionSide: body.positionSide,
      tp: tick(body.takeProfitPrice),
      sl: tick(body.stopLossPrice),
      trigger: body.tpSlTrigger ?? null,
    });
    return this.positions(owner, side);
  }

  // ----- orders -------------------------------------------------------------

  private orderOf(result: FuturesResult): FuturesOrder {
    if (result.kind !== 'order') throw new Error('expected an order');
    return this.wire.orderToWire(result.order);
  }

  async placeOrder(
    owner: string,
    side: LedgerSide,
    body: PlaceFuturesOrder,
  ): Promise<FuturesOrder> {
    const market = this.ctx.market(body.symbol, side);
    const limit = body.type === 'limit';
    if (limit && body.price === undefined)
      throw appError('ORDER_TYPE_INVALID', { detail: 'a limit order needs a price' });
    if (!limit && (body.price !== undefined || body.timeInForce !== undefined)) {
      throw appError('ORDER_TYPE_INVALID', {
        detail: 'a market order takes no price or time in force',
      });
    }
    const order: CheckedFuturesOrder = {
      symbol: market.config.symbol,
      side: body.side,
      positionSide: body.positionSide ?? null,
      type: body.type,
      timeInForce: limit ? (body.timeInForce ?? 'GTC') : null,
      priceTicks: limit ? this.ctx.ticks(market, body.price) : 0,
      lots: this.ctx.lots(market, body.quantity),
      reduceOnly: body.reduceOnly === true,
      clientOrderId: body.clientOrderId ?? null,
      tp: body.takeProfitPrice ? this.ctx.ticks(market, body.takeProfitPrice, 'TRIGGER') : 0,
      sl: body.stopLossPrice ? this.ctx.ticks(market, body.stopLossPrice, 'TRIGGER') : 0,
      tpslTrigger: body.tpSlTrigger ?? 'mark',
    };
    return this.orderOf(await this.ctx.host.submit({ kind: 'place', owner, order }));
  }

  async cancelOrder(
    owner: string,
    side: LedgerSide,
    symbol: string,
    orderId: string,
  ): Promise<FuturesOrder> {
    this.ctx.market(symbol, side);
    return this.orderOf(
      await this.ctx.host.submit({ kind: 'cancel', owner, orderId: Number(orderId) }),
    );
  }

  async cancelAll(
    owner: string,
    side: LedgerSide,
    symbol?: string,
  ): Promise<{ cancelled: number }> {
    const result = await this.ctx.host.submit({
      kind: 'cancelAll',
      owner,
      symbols: this.ctx.symbolsOf(side, symbol),
    });
    return { cancelled: result.kind === 'count' ? result.count : 0 };
  }

  openOrders(owner: string, side: LedgerSide, symbol?: string): FuturesOrder[] {
    const symbols = new Set(this.ctx.symbolsOf(side, symbol));
    return this.ctx.host
      .ownerOrders(owner)
      .filter((o) => symbols.has(o.symbol))
      .sort((a, b) => b.id - a.id)
      .map((o) => this.wire.orderToWire(o));
  }

  // ----- trigger plans ------------------------------------------------------

  async placePlan(owner: string, side: LedgerSide, body: PlaceFuturesPlan): Promise<FuturesPlan> {
    const market = this.ctx.market(body.symbol, side);
    const plan =
      body.kind === 'trailing' ? this.trailingPlan(market, body) : this.triggerPlan(market, body);
    const result = await this.ctx.host.submit({ kind: 'placePlan', owner, plan });
    if (result.kind !== 'plan') throw new Error('expected a plan');
    return this.wire.planToWire(result.plan);
  }

  private triggerPlan(market: PerpMarket, body: PlaceTriggerPlan): CheckedPlan {
    const limit = body.type === 'limit';
    if (limit && body.price === undefined)
      throw appError('ORDER_TYPE_INVALID', { detail: 'a limit order needs a price' });
    return {
      symbol: market.config.symbol,
      side: body.side,
      positionSide: body.positionSide ?? null,
      triggerTicks: this.ctx.ticks(market, body.triggerPrice, 'TRIGGER'),
      triggerBy: body.triggerBy,
      type: body.type,
      priceTicks: limit ? this.ctx.ticks(market, body.price) : 0,
      lots: this.ctx.lots(market, body.quantity),
      reduceOnly: body.reduceOnly === true,
    };
  }

  /**
   * A trailing stop as typed: a callback rate of 0.1 % to 5 % in steps of
   * 0.01 %, an optional activation price on the tick grid, a market order.
   * Which side of the price the activation lies on is the host's check.
   */
  private trailingPlan(market: PerpMarket, body: PlaceTrailingStop): CheckedPlan {
    if (body.type !== undefined && body.type !== 'market') {
      throw appError('ORDER_TYPE_INVALID', { detail: 'a trailing stop is sent as a market order' });
    }
    const callbackBps = trailingCallbackBps(body.callbackRate);
    if (callbackBps === null) {
      throw appError('CALLBACK_RATE_INVALID', {
        min: TRAILING_CALLBACK_MIN,
        max: TRAILING_CALLBACK_MAX,
      });
    }
    return {
      symbol: market.config.symbol,
      side: body.side,
      positionSide: body.positionSide ?? null,
      triggerTicks: 0,
      triggerBy: body.triggerBy,
      type: 'market',
      priceTicks: 0,
      lots: this.ctx.lots(market, body.quantity),
      reduceOnly: body.reduceOnly === true,
      trailing: {
        callbackBps,
        activationTicks:
          body.activationPrice === undefined
            ? 0
            : this.ctx.ticks(market, body.activationPrice, 'TRIGGER'),
      },
    };
  }

  async cancelPlan(
    owner: string,
    side: LedgerSide,
    symbol: string,
    planId: string,
  ): Promise<FuturesPlan> {
    this.ctx.market(symbol, side);
    const result = await this.ctx.host.submit({
      kind: 'cancelPlan',
      owner,
      planId: Number(planId),
    });
    if (result.kind !== 'plan') throw new Error('expected a plan');
    return this.wire.planToWire(result.plan);
  }

  openPlans(owner: string, side: LedgerSide, symbol?: string): FuturesPlan[] {
    const symbols = new Set(this.ctx.symbolsOf(side, symbol));
    return this.ctx.host
      .ownerPlans(owner)
      .filter((p) => symbols.has(p.symbol))
      .sort((a, b) => b.id - a.id)
      .map((p) => this.wire.planToWire(p));
  }
}
