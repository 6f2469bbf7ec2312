/**
 * Perpetual futures for the routes: checks what a call means (market on the
 * caller's side, whole ticks and lots, amounts), hands commands to the
 * futures host, and shapes its state for the wire (positions with their
 * live figures, the account, orders, fills, plans, funding, bills and the
 * protection fund). Figures leave here as decimal strings.
 */
import {
  Decimal,
  MARGIN_MODE,
  POSITION_MODE,
  breakEvenPrice,
  liquidationPrice,
  priceToTicks,
  quantityToLots,
  trailingCallbackBps,
  TRAILING_CALLBACK_MAX,
  TRAILING_CALLBACK_MIN,
  type FundingPayment,
  type FundingRateRecord,
  type Balance,
  type DecimalValue,
  type FuturesAccount,
  type FuturesBill,
  type FuturesBillType,
  type FuturesFill,
  type FuturesOrder,
  type FuturesPlan,
  type FuturesPosition,
  type FuturesSettings,
  type MarginMode,
  type MarkInfo,
  type Page,
  type PerpMarketInfo,
  type PlaceFuturesOrder,
  type PlaceFuturesPlan,
  type PlaceTrailingStop,
  type PlaceTriggerPlan,
  type PositionMode,
  type PositionSide,
  type ProtectionFund,
  type ProtectionFundEvent,
  type TriggerPriceType,
} from '@quay/core';
import {
  fromMinorText,
  type CheckedFuturesOrder,
  type CheckedPlan,
  type FuturesHost,
  type FuturesResult,
} from './futures-host';
import {
  LONG,
  PROTECTION_FUND,
  decimalOfMinor,
  maintenanceAt,
  pnlAt,
  trailingStopTicks,
  valueOf,
  walletOf,
  type FillDoc,
  type FundingDoc,
  type Order,
  type Plan,
  type Position,
  fromDoc,
} from './futures-state';
import type { SpotHost } from '../spot';
import { marketInfoOf } from '../spot';
import type { Store } from '../../kernel/db/db';
import { appError } from '../../kernel/app-error';
import { isDemoCoin } from '../../kernel/coins';
import { DEMO_SOURCE, EXTERNAL_ACCOUNT, Journal } from '../../kernel/journal';
import { newId } from '../../kernel/ids';
import { toMinor } from '../../kernel/money';
import type { PerpMarket, PerpMarkets } from './perp-markets';
import type { LedgerSide } from '../../kernel/coins';

const PAGE_SIZE_DEFAULT = 20;

export interface PageQuery {
  symbol?: string | undefined;
  pageNo?: string | undefined;
  pageSize?: string | undefined;
  begin?: string | undefined;
  end?: string | undefined;
  type?: string | undefined;
}

function pageOf(q: PageQuery): { page: number; pageSize: number } {
  const page = Math.max(1, Number(q.pageNo ?? '1') || 1);
  const pageSize = Math.min(
    50,
    Math.max(1, Number(q.pageSize ?? PAGE_SIZE_DEFAULT) || PAGE_SIZE_DEFAULT),
  );
  return { page, pageSize };
}

const BILL_KINDS: Record<string, FuturesBillType> = {
  transfer: 'transfer_in',
  realised_pnl: 'realised_pnl',
  fee: 'fee',
  funding: 'funding',
  fund_inflow: 'liquidation',
  fund_payout: 'liquidation',
  socialised_loss: 'adl',
};

export class FuturesService {
  constructor(
    private readonly store: Store,
    private readonly host: FuturesHost,
    private readonly spotHost: SpotHost,
    readonly markets: PerpMarkets,
    private readonly fundingIntervalMs: number,
  ) {
    host.liquidationPriceOf = (p) => this.liquidationOf(p);
  }

  market(symbol: string, side: LedgerSide): PerpMarket {
    const market = this.markets.resolve(symbol, side);
    if (!market) throw appError('MARKET_UNKNOWN');
    return market;
  }

  private symbolsOf(side: LedgerSide, symbol?: string): string[] {
    if (symbol) return [this.market(symbol, side).config.symbol];
    return this.markets.ofSide(side).map((m) => m.config.symbol);
  }

  private coinOf(side: LedgerSide): string {
    return this.markets.ofSide(side)[0]?.config.quote ?? 'USDT';
  }

  private ticks(market: PerpMarket, price: string | undefined, name = 'PRICE_INVALID'): number {
    const ticks = price === undefined ? null : priceToTicks(price, market.config);
    if (ticks === null || ticks <= 0) {
      throw appError(name === 'TRIGGER' ? 'TRIGGER_PRICE_INVALID' : 'PRICE_INVALID', {
        tick: market.config.tickSize,
      });
    }
    return ticks;
  }

  private lots(market: PerpMarket, quantity: string | undefined): number {
    const lots = quantity === undefined ? null : quantityToLots(quantity, market.config);
    if (lots === null || lots <= 0)
      throw appError('QUANTITY_INVALID', { lot: market.config.lotSize });
    return lots;
  }

  private amount(value: string): bigint {
    const minor = toMinor(value);
    if (minor === null || minor === 0n) throw appError('AMOUNT_INVALID', { decimals: 8 });
    return minor;
  }

  // ----- public -------------------------------------------------------------

  marketInfos(side: LedgerSide): PerpMarketInfo[] {
    return this.markets.ofSide(side).map((m) => ({
      ...marketInfoOf(m.config),
      pair: m.config.pair,
      maxLeverage: m.maxLeverage,
      tiers: [...m.config.tiers],
      fundingIntervalMs: this.fundingIntervalMs,
    }));
  }

  markInfo(symbol: string, side: LedgerSide): MarkInfo {
    const market = this.market(symbol, side);
    const s = this.host.markState(market.config.symbol);
    return {
      symbol: market.config.symbol,
      markPrice: s.markTicks ? this.host.priceText(market, s.markTicks) : '',
      indexPrice: s.index ? s.index.toFixed(market.scale.priceDecimals) : '',
      lastPrice: s.lastTicks ? this.host.priceText(market, s.lastTicks) : '',
      fundingRate: s.fundingRate.toFixed(),
      lastFundingRate: s.lastFundingRate ? s.lastFundingRate.toFixed() : '',
      interestRate: s.interestRate.toFixed(),
      nextFundingTime: s.nextFundingTime,
      fundingIntervalMs: this.fundingIntervalMs,
      time: s.time,
    };
  }

  async fundingRates(
    symbol: string,
    side: LedgerSide,
    q: PageQuery,
  ): Promise<Page<FundingRateRecord>> {
    const market = this.market(symbol, side);
    const { page, pageSize } = pageOf(q);
    const { total, rows } = await this.store.repos.futures.page('futures_funding', {
      userId: '@rate',
      symbols: [market.config.symbol],
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    return {
      total,
      pageNo: page,
      pageSize,
      items: rows.map((r) => JSON.parse(r) as FundingRateRecord),
    };
  }

  async protectionFund(side: LedgerSide): Promise<ProtectionFund> {
    const coin = this.coinOf(side);
    const entries = await this.store.repos.ledger.entriesOf(PROTECTION_FUND, coin, 5000);
    // Oldest first, one movement per reference.
    const byRef = new Map<string, { kind: string; amount: bigint; time: number; ref: string }>();
    for (const e of entries) {
      const prev = byRef.get(e.ref);
      if (prev) prev.amount += BigInt(e.amount);
      else
        byRef.set(e.ref, {
          kind: e.kind,
          amount: BigInt(e.amount),
          time: Number(e.created_at),
          ref: e.ref,
        });
    }
    const moves = [...byRef.values()]
      .filter((m) => m.amount !== 0n)
      .sort((a, b) => a.time - b.time);
    const held = this.host.walletBalance(PROTECTION_FUND, coin);
    const balance = held.available + held.frozen;
    // Walk back from the balance now, so the history ends where the fund stands.
    let running = balance;
    const events: ProtectionFundEvent[] = [];
    for (let i = moves.length - 1; i >= 0; i--) {
      const m = moves[i] as (typeof moves)[number];
      events.push({
        id: m.ref,
        kind: m.kind === 'fund_seed' ? 'seed' : m.amount > 0n ? 'inflow' : 'payout',
        symbol: m.ref.split(':')[1] ?? '',
        amount: fromMinorText(m.amount),
        balanceAfter: fromMinorText(running),
        time: m.time,
      });
      running -= m.amount;
    }
    const history: Array<{ time: number; balance: string }> = [];
    const hour = 3600_000;
    for (const e of [...events].reverse()) {
      const slot = Math.floor(e.time / hour) * hour;
      const last = history[history.length - 1];
      if (last && Math.floor(last.time / hour) * hour === slot) {
        last.balance = e.balanceAfter;
        last.time = e.time;
      } else {
        history.push({ time: e.time, balance: e.balanceAfter });
      }
    }
    return { coin, balance: fromMinorText(balance), history, events: events.slice(0, 100) };
  }

  // ----- account and settings -----------------------------------------------

  account(owner: string, side: LedgerSide): FuturesAccount {
    const coin = this.coinOf(side);
    const w = this.host.walletBalance(owner, coin);
    const wallet = w.available + w.frozen;
    const cross = this.host.crossFigures(owner, coin);
    let upnl = cross.upnl;
    let positionMargin = cross.im;
    let mm = cross.mm;
    for (const p of this.host.ownerPositions(owner, coin)) {
      if (p.marginMode !== MARGIN_MODE.isolated) continue;
      const market = this.host.market(p.symbol);
      const mark = this.host.markOf(p.symbol);
      upnl += mark ? pnlAt(market, p, mark) : 0n;
      positionMargin += p.margin;
      mm += maintenanceAt(market, p.lots, mark);
    }
    const crossBalance = w.available + cross.upnl;
    return {
      coin,
      positionMode: this.host.positionMode(owner, coin),
      walletBalance: fromMinorText(wallet),
      unrealisedPnl: fromMinorText(upnl),
      marginBalance: fromMinorText(wallet + upnl),
      positionMargin: fromMinorText(positionMargin),
      orderMargin: fromMinorText(this.host.orderMargin(owner, coin)),
      availableBalance: fromMinorText(this.host.availableFor(owner, coin)),
      maxTransferable: fromMinorText(this.host.transferable(owner, coin)),
      maintenanceMargin: fromMinorText(mm),
      marginRatio:
        crossBalance > 0n
          ? decimalOfMinor(cross.mm)
              .div(decimalOfMinor(crossBalance))
              .toDecimalPlaces(6, Decimal.ROUND_UP)
              .toFixed()
          : cross.mm > 0n
            ? '1'
            : '0',
    };
  }

  settings(owner: string, symbol: string, side: LedgerSide): FuturesSettings {
    const market = this.market(symbol, side);
    const s = this.host.symbolSettings(owner, market.config.symbol);
    return {
      symbol: market.config.symbol,
      positionMode: this.host.positionMode(owner, market.config.quote),
      marginMode: s.marginMode,
      longLeverage: s.long,
      shortLeverage: s.short,
      maxLeverage: market.maxLeverage,
    };
  }

  async setPositionMode(
    owner: string,
    side: LedgerSide,
    mode: PositionMode,
  ): Promise<FuturesAccount> {
    await this.host.submit({
      kind: 'positionMode',
      owner,
      coin: this.coinOf(side),
      symbols: this.symbolsOf(side),
      positionMode: mode,
    });
    return this.account(owner, side);
  }

  async setLeverage(
    owner: string,
    side: LedgerSide,
    body: { symbol: string; leverage: number; positionSide?: PositionSide },
  ): Promise<FuturesSettings> {
    const market = this.market(body.symbol, side);
    await this.host.submit({
      kind: 'leverage',
      owner,
      symbol: market.config.symbol,
      leverage: body.leverage,
      positionSide: body.positionSide ?? null,
    });
    return this.settings(owner, market.config.symbol, side);
  }

  async setMarginMode(
    owner: string,
    side: LedgerSide,
    body: { symbol: string; marginMode: MarginMode },
  ): Promise<FuturesSettings> {
    const market = this.market(body.symbol, side);
    await this.host.submit({
      kind: 'marginMode',
      owner,
      symbol: market.config.symbol,
      marginMode: body.marginMode,
    });
    return this.settings(owner, market.config.symbol, side);
  }

  /** Spot <-> futures, in the side's settlement coin. */
  async transfer(
    owner: string,
    side: LedgerSide,
    body: { coin: string; amount: string; direction: 'toFutures' | 'toSpot' },
  ): Promise<FuturesAccount> {
    const coin = this.coinOf(side);
    if (body.coin !== coin && `S${body.coin}` !== coin) throw appError('COIN_UNKNOWN');
    const amount = this.amount(body.amount);
    const ref = `transfer:${body.direction}:${newId()}`;
    if (body.direction === 'toFutures') {
      await this.spotHost.submit({
        kind: 'debit',
        userId: owner,
        coin,
        amount,
        to: walletOf(owner),
        ref,
      });
      await this.host.submit({ kind: 'notice', accounts: [{ account: walletOf(owner), coin }] });
    } else {
      await this.host.submit({ kind: 'transferOut', owner, coin, amount, spotAccount: owner, ref });
    }
    return this.account(owner, side);
  }

  /**
   * Credits a futures wallet from outside the exchange (the simulator's
   * system accounts; demo coins come from the demo source).
   */
  async systemDeposit(owner: string, coin: string, amount: string): Promise<void> {
    const minor = this.amount(amount);
    const source = isDemoCoin(coin) ? DEMO_SOURCE : EXTERNAL_ACCOUNT;
    await this.store.transaction(async (repos) => {
      const journal = new Journal(Date.now());
      journal.post(`deposit:futures:${newId()}`, 'deposit', [
        { userId: source, coin, bucket: 'available', amount: -minor },
        { userId: walletOf(owner), coin, bucket: 'available', amount: minor },
      ]);
      await journal.flush(repos);
    });
    await this.host.submit({ kind: 'notice', accounts: [{ account: walletOf(owner), coin }] });
  }

  /** The futures wallet in every settlement coin, as balances. */
  walletBalances(owner: string): Balance[] {
    const coins = [...new Set(this.markets.all().map((m) => m.config.quote))];
    return coins.map((coin) => {
      const w = this.host.walletBalance(owner, coin);
      return {
        coin,
        available: fromMinorText(w.available),
        frozen: fromMinorText(w.frozen),
        total: fromMinorText(w.available + w.frozen),
      };
    });
  }

  // ----- positions ----------------------------------------------------------

  /** Liquidation price of a position at the current marks (core formula), null when none. */
  liquidationOf(p: Position): DecimalValue | null {
    const market = this.host.market(p.symbol);
    const coin = market.config.quote;
    const mode = this.host.positionMode(p.owner, coin);
    const entry = (q: Position) =>
      decimalOfMinor(q.cost).div(new Decimal(q.lots).times(market.config.lotSize));
    const size = (q: Position) => new Decimal(q.lots).times(market.config.lotSize);
    const leg = (q: Position) => ({ size: size(q), entryPrice: entry(q) });
    if (p.marginMode === MARGIN_MODE.isolated) {
      return liquidationPrice({
        marginMode: MARGIN_MODE.isolated,
        positionMode: mode,
        walletBalance: decimalOfMinor(p.margin),
        tiers: market.config.tiers,
        ...(mode === POSITION_MODE.oneWay
          ? { both: { ...leg(p), side: p.side } }
          : p.side === LONG
            ? { long: leg(p) }
            : { short: leg(p) }),
      });
    }
    const mine = this.host
      .ownerPositions(p.owner, coin)
      .filter((q) => q.marginMode === MARGIN_MODE.cross);
    let othersUpnl = 0n;
    let othersMm = 0n;
    for (const q of mine) {
      if (q.symbol === p.symbol) continue;
      const m = this.host.market(q.symbol);
      const mark = this.host.markOf(q.symbol);
      othersUpnl += mark ? pnlAt(m, q, mark) : 0n;
      othersMm += maintenanceAt(m, q.lots, mark);
    }
    const here = mine.filter((q) => q.symbol === p.symbol);
    const long = here.find((q) => q.side === LONG);
    const short = here.find((q) => q.side !== LONG);
    return liquidationPrice({
      marginMode: MARGIN_MODE.cross,
      positionMode: mode,
      walletBalance: decimalOfMinor(this.host.walletBalance(p.owner, coin).available),
      othersMaintenanceMargin: decimalOfMinor(othersMm),
      othersUnrealisedPnl: decimalOfMinor(othersUpnl),
      tiers: market.config.tiers,
      ...(mode === POSITION_MODE.oneWay
        ? { both: { ...leg(p), side: p.side } }
        : { ...(long ? { long: leg(long) } : {}), ...(short ? { short: leg(short) } : {}) }),
    });
  }

  positionToWire(p: Position): FuturesPosition {
    const market = this.host.market(p.symbol);
    const { config, scale } = market;
    const mark = this.host.markOf(p.symbol);
    const size = new Decimal(p.lots).times(config.lotSize);
    const entry = decimalOfMinor(p.cost).div(size);
    const upnl = mark ? pnlAt(market, p, mark) : 0n;
    const mm = maintenanceAt(market, p.lots, mark);
    const coin = config.quote;
    const marginBalance =
      p.marginMode === MARGIN_MODE.isolated
        ? p.margin + upnl
        : this.host.walletBalance(p.owner, coin).available +
          this.host.crossFigures(p.owner, coin).upnl;
    const crossMm =
      p.marginMode === MARGIN_MODE.isolated ? mm : this.host.crossFigures(p.owner, coin).mm;
    const liq = this.liquidationOf(p);
    const price = (ticks: number) => (ticks ? this.host.priceText(market, ticks) : '');
    const margin =
      p.marginMode === MARGIN_MODE.isolated
        ? p.margin
        : valueOf(market, mark || 1, p.lots) / BigInt(p.leverage);
    const feeRate = new Decimal(config.takerFee_bps).div(10_000);
    return {
      positionId: p.id,
      symbol: p.symbol,
      side: p.side,
      marginMode: p.marginMode,
      openLevel: String(p.leverage),
      openAvgPrice: entry.toDecimalPlaces(scale.priceDecimals + 4, Decimal.ROUND_HALF_UP).toFixed(),
      positionsOpenAvgPrice: entry
        .toDecimalPlaces(scale.priceDecimals + 4, Decimal.ROUND_HALF_UP)
        .toFixed(),
      openDealCount: new Decimal(p.openedLots).times(config.lotSize).toFixed(),
      closeDealCount: new Decimal(p.closedLots).times(config.lotSize).toFixed(),
      count: size.toFixed(),
      openMarginCount: fromMinorText(margin),
      positionsOpenMarginCount: fromMinorText(margin),
      positionsCount: size.toFixed(),
      positionsLevel: String(p.leverage),
      achievedProfits: fromMinorText(p.realised),
      markPrice: price(mark),
      unrealisedPnl: fromMinorText(upnl),
      liquidationPrice:
        liq && liq.gt(0) ? liq.toFixed(scale.priceDecimals, Decimal.ROUND_HALF_UP) : '',
      maintenanceMargin: fromMinorText(mm),
      marginRatio:
        marginBalance > 0n
          ? decimalOfMinor(crossMm)
              .div(decimalOfMinor(marginBalance))
              .toDecimalPlaces(6, Decimal.ROUND_UP)
              .toFixed()
          : '1',
      breakEvenPrice: breakEvenPrice(p.side, entry, feeRate, feeRate).toFixed(
        scale.priceDecimals,
        Decimal.ROUND_HALF_UP,
      ),
      takeProfitPrice: price(p.tp),
      stopLossPrice: price(p.sl),
      tpSlTrigger: p.tpslTrigger,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    };
  }

  positions(owner: string, side: LedgerSide): FuturesPosition[] {
    const coin = this.coinOf(side);
    return this.host
      .ownerPositions(owner, coin)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((p) => this.positionToWire(p));
  }

  async adjustMargin(
    owner: string,
    side: LedgerSide,
    body: { symbol: string; positionSide: PositionSide; type: 'add' | 'reduce'; amount: string },
  ): Promise<FuturesPosition[]> {
    const market = this.market(body.symbol, side);
    await this.host.submit({
      kind: 'adjustMargin',
      owner,
      symbol: market.config.symbol,
      positionSide: body.positionSide,
      amount: this.amount(body.amount),
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
    const market = this.market(body.symbol, side);
    const result = await this.host.submit({
      kind: 'closePosition',
      owner,
      symbol: market.config.symbol,
      positionSide: body.positionSide,
      type: body.type,
      priceTicks: body.type === 'limit' ? this.ticks(market, body.price) : 0,
      lots: body.quantity === undefined ? 0 : this.lots(market, body.quantity),
    });
    return this.orderOf(result);
  }

  async closeAll(owner: string, side: LedgerSide, symbol?: string): Promise<{ closed: number }> {
    const result = await this.host.submit({
      kind: 'closeAll',
      owner,
      symbols: this.symbolsOf(side, symbol),
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
    const market = this.market(body.symbol, side);
    const tick = (v: string | undefined) =>
      v === undefined ? null : v === '' ? 0 : this.ticks(market, v, 'TRIGGER');
    await this.host.submit({
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

  orderToWire(o: Order): FuturesOrder {
    const market = this.host.market(o.symbol);
    const { config, scale } = market;
    const filled = new Decimal(o.filledLots).times(config.lotSize);
    const price = (t: number) => (t ? this.host.priceText(market, t) : '');
    return {
      orderId: String(o.id),
      clientOrderId: o.clientOrderId,
      symbol: o.symbol,
      side: o.side,
      positionSide: o.positionSide,
      reduceOnly: o.reduceOnly,
      type: o.type,
      timeInForce: o.timeInForce,
      price: o.type === 'limit' ? price(o.priceTicks) : '',
      quantity: new Decimal(o.lots).times(config.lotSize).toFixed(),
      filledQuantity: filled.toFixed(),
      avgPrice:
        o.filledLots > 0
          ? decimalOfMinor(o.filledValue)
              .div(filled)
              .toDecimalPlaces(scale.priceDecimals + 2, Decimal.ROUND_HALF_UP)
              .toFixed()
          : '',
      leverage: String(o.leverage),
      marginMode: o.marginMode,
      realisedPnl: fromMinorText(o.realised),
      fee: fromMinorText(o.fee),
      status: o.status,
      source: o.source,
      takeProfitPrice: price(o.tp),
      stopLossPrice: price(o.sl),
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
    };
  }

  private orderOf(result: FuturesResult): FuturesOrder {
    if (result.kind !== 'order') throw new Error('expected an order');
    return this.orderToWire(result.order);
  }

  async placeOrder(
    owner: string,
    side: LedgerSide,
    body: PlaceFuturesOrder,
  ): Promise<FuturesOrder> {
    const market = this.market(body.symbol, side);
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
      priceTicks: limit ? this.ticks(market, body.price) : 0,
      lots: this.lots(market, body.quantity),
      reduceOnly: body.reduceOnly === true,
      clientOrderId: body.clientOrderId ?? null,
      tp: body.takeProfitPrice ? this.ticks(market, body.takeProfitPrice, 'TRIGGER') : 0,
      sl: body.stopLossPrice ? this.ticks(market, body.stopLossPrice, 'TRIGGER') : 0,
      tpslTrigger: body.tpSlTrigger ?? 'mark',
    };
    return this.orderOf(await this.host.submit({ kind: 'place', owner, order }));
  }

  async cancelOrder(
    owner: string,
    side: LedgerSide,
    symbol: string,
    orderId: string,
  ): Promise<FuturesOrder> {
    this.market(symbol, side);
    return this.orderOf(
      await this.host.submit({ kind: 'cancel', owner, orderId: Number(orderId) }),
    );
  }

  async cancelAll(
    owner: string,
    side: LedgerSide,
    symbol?: string,
  ): Promise<{ cancelled: number }> {
    const result = await this.host.submit({
      kind: 'cancelAll',
      owner,
      symbols: this.symbolsOf(side, symbol),
    });
    return { cancelled: result.kind === 'count' ? result.count : 0 };
  }

  openOrders(owner: string, side: LedgerSide, symbol?: string): FuturesOrder[] {
    const symbols = new Set(this.symbolsOf(side, symbol));
    return this.host
      .ownerOrders(owner)
      .filter((o) => symbols.has(o.symbol))
      .sort((a, b) => b.id - a.id)
      .map((o) => this.orderToWire(o));
  }

  private async paged<T, D>(
    table: 'futures_orders' | 'futures_fills' | 'futures_plans' | 'futures_funding',
    owner: string,
    side: LedgerSide,
    q: PageQuery,
    statuses: string[] | null,
    map: (doc: D) => T,
  ): Promise<Page<T>> {
    const { page, pageSize } = pageOf(q);
    const { total, rows } = await this.store.repos.futures.page(table, {
      userId: owner,
      symbols: this.symbolsOf(side, q.symbol),
      statuses,
      begin: q.begin ? Number(q.begin) : null,
      end: q.end ? Number(q.end) : null,
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    return { total, pageNo: page, pageSize, items: rows.map((r) => map(fromDoc<D>(r))) };
  }

  orderHistory(owner: string, side: LedgerSide, q: PageQuery): Promise<Page<FuturesOrder>> {
    return this.paged(
      'futures_orders',
      owner,
      side,
      q,
      ['FILLED', 'CANCELED', 'PARTIALLY_CANCELED'],
      (o: Order) => this.orderToWire(o),
    );
  }

  fills(owner: string, side: LedgerSide, q: PageQuery): Promise<Page<FuturesFill>> {
    return this.paged('futures_fills', owner, side, q, null, (f: FillDoc) => {
      const market = this.host.market(f.symbol);
      return {
        fillId: String(f.id),
        orderId: String(f.orderId),
        symbol: f.symbol,
        side: f.side,
        positionSide: f.positionSide,
        role: f.role,
        price: this.host.priceText(market, f.priceTicks),
        quantity: this.host.lotsText(market, f.lots),
        realisedPnl: fromMinorText(f.realised),
        fee: fromMinorText(f.fee),
        time: f.time,
      };
    });
  }

  planToWire(p: Plan): FuturesPlan {
    const market = this.host.market(p.symbol);
    const price = (ticks: number) => (ticks ? this.host.priceText(market, ticks) : '');
    const trailing = p.trailing;
    const active = trailing?.activated === true && trailing.extremeTicks > 0;
    return {
      planId: String(p.id),
      kind: p.kind,
      symbol: p.symbol,
      side: p.side,
      positionSide: p.positionSide === 0 ? (p.side === 'buy' ? 1 : 2) : p.positionSide,
      triggerPrice: trailing
        ? active
          ? price(trailingStopTicks(p.side, trailing))
          : ''
        : this.host.priceText(market, p.triggerTicks),
      triggerBy: p.triggerBy,
      type: p.type,
      price: p.type === 'limit' ? this.host.priceText(market, p.priceTicks) : '',
      quantity: p.lots ? this.host.lotsText(market, p.lots) : '',
      reduceOnly: p.reduceOnly,
      status: p.status,
      orderId: p.orderId ? String(p.orderId) : '',
      failCode: p.failCode,
      callbackRate: trailing ? new Decimal(trailing.callbackBps).div(100).toFixed() : '',
      activationPrice: trailing ? price(trailing.activationTicks) : '',
      trailingPrice: trailing && active ? price(trailing.extremeTicks) : '',
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    };
  }

  async placePlan(owner: string, side: LedgerSide, body: PlaceFuturesPlan): Promise<FuturesPlan> {
    const market = this.market(body.symbol, side);
    const plan =
      body.kind === 'trailing' ? this.trailingPlan(market, body) : this.triggerPlan(market, body);
    const result = await this.host.submit({ kind: 'placePlan', owner, plan });
    if (result.kind !== 'plan') throw new Error('expected a plan');
    return this.planToWire(result.plan);
  }

  private triggerPlan(market: PerpMarket, body: PlaceTriggerPlan): CheckedPlan {
    const limit = body.type === 'limit';
    if (limit && body.price === undefined)
      throw appError('ORDER_TYPE_INVALID', { detail: 'a limit order needs a price' });
    return {
      symbol: market.config.symbol,
      side: body.side,
      positionSide: body.positionSide ?? null,
      triggerTicks: this.ticks(market, body.triggerPrice, 'TRIGGER'),
      triggerBy: body.triggerBy,
      type: body.type,
      priceTicks: limit ? this.ticks(market, body.price) : 0,
      lots: this.lots(market, body.quantity),
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
      lots: this.lots(market, body.quantity),
      reduceOnly: body.reduceOnly === true,
      trailing: {
        callbackBps,
        activationTicks:
          body.activationPrice === undefined
            ? 0
            : this.ticks(market, body.activationPrice, 'TRIGGER'),
      },
    };
  }

  async cancelPlan(
    owner: string,
    side: LedgerSide,
    symbol: string,
    planId: string,
  ): Promise<FuturesPlan> {
    this.market(symbol, side);
    const result = await this.host.submit({ kind: 'cancelPlan', owner, planId: Number(planId) });
    if (result.kind !== 'plan') throw new Error('expected a plan');
    return this.planToWire(result.plan);
  }

  openPlans(owner: string, side: LedgerSide, symbol?: string): FuturesPlan[] {
    const symbols = new Set(this.symbolsOf(side, symbol));
    return this.host
      .ownerPlans(owner)
      .filter((p) => symbols.has(p.symbol))
      .sort((a, b) => b.id - a.id)
      .map((p) => this.planToWire(p));
  }

  planHistory(owner: string, side: LedgerSide, q: PageQuery): Promise<Page<FuturesPlan>> {
    return this.paged(
      'futures_plans',
      owner,
      side,
      q,
      ['TRIGGERED', 'CANCELED', 'FAILED'],
      (p: Plan) => this.planToWire(p),
    );
  }

  fundingHistory(owner: string, side: LedgerSide, q: PageQuery): Promise<Page<FundingPayment>> {
    return this.paged('futures_funding', owner, side, q, null, (f: FundingDoc) => {
      const market = this.host.market(f.symbol);
      return {
        symbol: f.symbol,
        positionSide: f.positionSide,
        amount: fromMinorText(f.amount),
        rate: f.rate,
        positionSize: this.host.lotsText(market, f.lots),
        markPrice: f.mark,
        time: f.time,
      };
    });
  }

  /** Changes of the futures wallet, one per reference (a margin move within the wallet is not one). */
  async bills(owner: string, side: LedgerSide, q: PageQuery): Promise<Page<FuturesBill>> {
    const coin = this.coinOf(side);
    const { page, pageSize } = pageOf(q);
    const entries = await this.store.repos.ledger.entriesOf(walletOf(owner), coin, 10_000);
    const byRef = new Map<string, FuturesBill & { sum: bigint }>();
    for (const e of entries) {
      const kind = e.kind;
      let type: FuturesBillType | undefined = BILL_KINDS[kind];
      if (!type) continue;
      const prev = byRef.get(e.ref);
      if (prev) {
        prev.sum += BigInt(e.amount);
        continue;
      }
      if (kind === 'transfer') type = BigInt(e.amount) > 0n ? 'transfer_in' : 'transfer_out';
      if (e.ref.startsWith('adl')) type = 'adl';
      if (e.ref.startsWith('pnl:') && e.ref.includes(':liq:')) type = 'liquidation';
      byRef.set(e.ref, {
        id: e.ref,
        type,
        symbol: kind === 'transfer' ? '' : (e.ref.split(':')[1] ?? ''),
        amount: '',
        coin,
        time: Number(e.created_at),
        sum: BigInt(e.amount),
      });
    }
    let bills = [...byRef.values()].filter((b) => b.sum !== 0n);
    if (q.type) bills = bills.filter((b) => b.type === q.type);
    if (q.symbol) {
      const symbol = this.market(q.symbol, side).config.symbol;
      bills = bills.filter((b) => b.symbol === symbol);
    }
    if (q.begin) bills = bills.filter((b) => b.time >= Number(q.begin));
    if (q.end) bills = bills.filter((b) => b.time < Number(q.end));
    bills.sort((a, b) => b.time - a.time);
    const items = bills
      .slice((page - 1) * pageSize, page * pageSize)
      .map(({ sum, ...b }) => ({ ...b, amount: fromMinorText(sum) }));
    return { total: bills.length, pageNo: page, pageSize, items };
  }
}
