/**
 * Spot trading: checks an order as the user typed it (market, type and
 * fields, whole ticks and lots, minimum value) and hands it to the engine
 * host, which freezes, matches and settles it; reads orders and fills back
 * for the history screens.
 */
import {
  meetsMinNotional,
  priceToTicks,
  quantityToLots,
  type CancelAllAnswer,
  type Page,
  type PlaceSpotOrder,
  type SpotFill,
  type SpotMarketConfig,
  type SpotOrder,
} from '@quay/core';
import type { CheckedOrder, SpotHost } from './spot-host';
import type { SpotStore as Store } from './spot-repositories';
import { LIVE_STATUSES, type FillFilter, type OrderFilter } from './spot-repository';
import { appError } from '../../kernel/app-error';
import { pageAnswer, type Paging } from '../../kernel/http/paging';
import type { LedgerSide } from '../../kernel/coins';
import { COIN_DECIMALS, toMinor } from '../../kernel/money';
import { fillToWire, orderToWire, type SpotMarket, type SpotMarkets } from './spot-markets';
import { SpotPlanService } from './spot-plan-service';

/** Quantities beyond this many lots are refused: price x quantity must stay an exact integer. */
const MAX_TICK_LOTS = Number.MAX_SAFE_INTEGER;

// The checks' helpers live at module level: one function each, not closures made per order.
const invalidOrder = (detail: string) => appError('ORDER_TYPE_INVALID', { detail });

function lotsOf(quantity: string, config: SpotMarketConfig): number {
  const lots = quantityToLots(quantity, config);
  if (lots === null) throw appError('QUANTITY_INVALID', { lot: config.lotSize });
  return lots;
}

/** A take-profit or stop-loss price in whole ticks; 0 when none was given. */
function tpslTicks(price: string | undefined, config: SpotMarketConfig): number {
  if (price === undefined) return 0;
  const ticks = priceToTicks(price, config);
  if (ticks === null || ticks <= 0) throw appError('SPOT_TPSL_PRICE_INVALID');
  return ticks;
}

export class SpotService {
  /** Trigger orders and the TP/SL of orders. */
  readonly plans: SpotPlanService;

  constructor(
    private readonly store: Store,
    private readonly host: SpotHost,
    private readonly spotMarkets: SpotMarkets,
  ) {
    this.plans = new SpotPlanService(store, host, this);
  }

  market(symbol: string): SpotMarket {
    const market = this.spotMarkets.get(symbol);
    if (!market) throw appError('MARKET_UNKNOWN');
    return market;
  }

  async placeOrder(userId: string, body: PlaceSpotOrder): Promise<SpotOrder> {
    const { market, order } = this.checkOrder(body);
    const result = await this.host.submit({ kind: 'place', userId, order });
    if (result.kind !== 'order') throw new Error('place answered without an order');
    return orderToWire(result.order, market);
  }

  /** An order as typed, checked (known market, type and fields, whole ticks and lots, minimum value). */
  checkOrder(body: PlaceSpotOrder): { market: SpotMarket; order: CheckedOrder } {
    const market = this.market(body.symbol);
    const { config } = market;
    let priceTicks = 0;
    let lots = 0;
    let quoteAmount = 0n;
    if (body.type === 'limit') {
      if (body.price === undefined) throw invalidOrder('price');
      if (body.quantity === undefined) throw invalidOrder('quantity');
      if (body.quoteAmount !== undefined) throw invalidOrder('quoteAmount');
      const ticks = priceToTicks(body.price, config);
      if (ticks === null) throw appError('PRICE_INVALID', { tick: config.tickSize });
      priceTicks = ticks;
      lots = lotsOf(body.quantity, config);
      if (priceTicks * lots > MAX_TICK_LOTS)
        throw appError('QUANTITY_INVALID', { lot: config.lotSize });
      if (!meetsMinNotional(priceTicks, lots, config)) {
        throw appError('NOTIONAL_TOO_SMALL', {
          minNotional: config.minNotional,
          coin: config.quote,
        });
      }
    } else {
      if (body.price !== undefined) throw invalidOrder('price');
      if (body.timeInForce !== undefined) throw invalidOrder('timeInForce');
      if ((body.quantity === undefined) === (body.quoteAmount === undefined)) {
        throw invalidOrder('quantity | quoteAmount');
      }
      if (body.quoteAmount !== undefined) {
        if (body.side !== 'buy') throw invalidOrder('quoteAmount');
        const amount = toMinor(body.quoteAmount);
        if (amount === null || amount === 0n) {
          throw appError('AMOUNT_INVALID', { decimals: COIN_DECIMALS });
        }
        const minimum = toMinor(config.minNotional) ?? 0n;
        if (amount < minimum) {
          throw appError('NOTIONAL_TOO_SMALL', {
            minNotional: config.minNotional,
            coin: config.quote,
          });
        }
        if (amount / market.scale.quotePerTickLot > BigInt(MAX_TICK_LOTS)) {
          throw appError('AMOUNT_INVALID', { decimals: COIN_DECIMALS });
        }
        quoteAmount = amount;
      } else {
        lots = lotsOf(body.quantity as string, config);
      }
    }
    return {
      market,
      order: {
        tpTicks: tpslTicks(body.takeProfitPrice, config),
        slTicks: tpslTicks(body.stopLossPrice, config),
        symbol: config.symbol,
        side: body.side,
        type: body.type,
        timeInForce: body.type === 'limit' ? (body.timeInForce ?? 'GTC') : null,
        priceTicks,
        lots,
        quoteAmount,
        clientOrderId: body.clientOrderId ?? null,
      },
    };
  }

  async cancelOrder(userId: string, symbol: string, orderId: string): Promise<SpotOrder> {
    const market = this.market(symbol);
    const id = Number(orderId);
    if (!Number.isSafeInteger(id) || id <= 0) throw appError('ORDER_NOT_FOUND');
    const result = await this.host.submit({ kind: 'cancel', userId, symbol, orderId: id });
    if (result.kind !== 'order') throw new Error('cancel answered without an order');
    return orderToWire(result.order, market);
  }

  async cancelAll(userId: string, symbol: string): Promise<CancelAllAnswer> {
    this.market(symbol);
    const result = await this.host.submit({ kind: 'cancelAll', userId, symbol });
    return { cancelled: result.kind === 'cancelled' ? result.count : 0 };
  }

  /** The symbols of one side's markets: what a listing of that side may show. */
  symbolsOf(side: LedgerSide): string[] {
    return this.spotMarkets.ofSide(side).map((m) => m.config.symbol);
  }

  async openOrders(
    userId: string,
    symbol: string | null,
    side: LedgerSide | null = null,
  ): Promise<SpotOrder[]> {
    if (symbol !== null) this.market(symbol);
    const filter: OrderFilter = {
      symbol,
      symbols: side ? this.symbolsOf(side) : null,
      side: null,
      statuses: LIVE_STATUSES,
      begin: null,
      end: null,
    };
    const rows = await this.store.repos.spot.orders(userId, filter, 0, 500);
    return rows.map((row) => orderToWire(row, this.market(row.symbol)));
  }

  /** A history filter names a known market, and a time range that does not end before it begins. */
  private checkFilter(filter: {
    symbol: string | null;
    begin: number | null;
    end: number | null;
  }): void {
    if (filter.symbol !== null) this.market(filter.symbol);
    if (filter.begin !== null && filter.end !== null && filter.begin > filter.end) {
      throw appError('TIME_RANGE_INVALID');
    }
  }

  async orderHistory(
    userId: string,
    filter: OrderFilter,
    paging: Paging,
  ): Promise<Page<SpotOrder>> {
    this.checkFilter(filter);
    const { spot } = this.store.repos;
    const [total, rows] = await Promise.all([
      spot.countOrders(userId, filter),
      spot.orders(userId, filter, paging.offset, paging.limit),
    ]);
    return pageAnswer(
      paging,
      total,
      rows.map((row) => orderToWire(row, this.market(row.symbol))),
    );
  }

  async fills(userId: string, filter: FillFilter, paging: Paging): Promise<Page<SpotFill>> {
    this.checkFilter(filter);
    const { spot } = this.store.repos;
    const [total, rows] = await Promise.all([
      spot.countFills(userId, filter),
      spot.fills(userId, filter, paging.offset, paging.limit),
    ]);
    const wire = rows.map((row) => fillToWire(row, this.market(row.symbol), userId));
    return pageAnswer(paging, total, wire);
  }
}
