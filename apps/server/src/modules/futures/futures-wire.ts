/**
 * The futures host's state as the wire shows it: positions with their live
 * figures and liquidation price (the core formula at the current marks),
 * orders, fills, trigger plans and funding payments. Figures leave here as
 * decimal strings.
 */
import {
  Decimal,
  MARGIN_MODE,
  POSITION_MODE,
  averageEntry,
  breakEvenPrice,
  crossFiguresOf,
  crossLiquidationPriceFromRisk,
  initialMarginOf,
  liquidationPrice,
  marginRatioOf,
  type DecimalValue,
  type FundingPayment,
  type FuturesFill,
  type FuturesOrder,
  type FuturesPlan,
  type FuturesPosition,
} from '@quay/core';
import { fromMinorText, type FuturesHost } from './futures-host';
import {
  LONG,
  decimalOfMinor,
  maintenanceAt,
  pnlAt,
  trailingStopTicks,
  valueOf,
  type FillDoc,
  type FundingDoc,
  type Order,
  type Plan,
  type Position,
} from './futures-state';

export class FuturesWire {
  constructor(private readonly host: FuturesHost) {}

  /** Liquidation price of a position at the current marks (core formula), null when none. */
  liquidationOf(p: Position): DecimalValue | null {
    const market = this.host.market(p.symbol);
    const coin = market.config.quote;
    const mode = this.host.positionMode(p.owner, coin);
    const size = (q: Position) => new Decimal(q.lots).times(market.config.lotSize);
    const leg = (q: Position) => ({
      size: size(q),
      entryPrice: averageEntry(decimalOfMinor(q.cost), size(q)),
    });
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
    // The other symbols' cross positions at their marks (none counted while a market has no mark).
    const others = crossFiguresOf(
      mine
        .filter((q) => q.symbol !== p.symbol)
        .map((q) => {
          const m = this.host.market(q.symbol);
          const mark = this.host.markOf(q.symbol);
          return {
            side: q.side,
            value: mark ? valueOf(m, mark, q.lots) : q.cost,
            cost: q.cost,
            leverage: q.leverage,
            maintenance: maintenanceAt(m, q.lots, mark),
          };
        }),
    );
    const here = mine.filter((q) => q.symbol === p.symbol);
    const legText = (q: Position | undefined) =>
      q
        ? { price: leg(q).entryPrice.toFixed(), count: leg(q).size.toFixed() }
        : { price: '0', count: '0' };
    const long = legText(
      mode === POSITION_MODE.oneWay
        ? p.side === LONG
          ? p
          : undefined
        : here.find((q) => q.side === LONG),
    );
    const short = legText(
      mode === POSITION_MODE.oneWay
        ? p.side === LONG
          ? undefined
          : p
        : here.find((q) => q.side !== LONG),
    );
    return crossLiquidationPriceFromRisk(
      {
        bp: fromMinorText(this.host.walletBalance(p.owner, coin).available),
        othersUpnl: fromMinorText(others.upnl),
        othersMaintain: fromMinorText(others.mm),
        longOpenPrice: long.price,
        longOpenCount: long.count,
        shortOpenPrice: short.price,
        shortOpenCount: short.count,
      },
      mode,
      market.config.tiers,
    );
  }

  positionToWire(p: Position): FuturesPosition {
    const market = this.host.market(p.symbol);
    const { config, scale } = market;
    const mark = this.host.markOf(p.symbol);
    const size = new Decimal(p.lots).times(config.lotSize);
    const entry = averageEntry(decimalOfMinor(p.cost), size);
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
        : initialMarginOf(valueOf(market, mark || 1, p.lots), p.leverage, 'down');
    // The owner's own taker rate (its VIP tier), both to open and to close.
    const feeRate = new Decimal(this.host.takerFeePpmOf(p.owner, market)).div(1_000_000);
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
      marginRatio: marginRatioOf(crossMm, marginBalance) ?? '1',
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
      cancelReason: o.cancelReason ?? null,
      source: o.source,
      takeProfitPrice: price(o.tp),
      stopLossPrice: price(o.sl),
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
    };
  }

  fillToWire(f: FillDoc): FuturesFill {
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
  }

  fundingToWire(f: FundingDoc): FundingPayment {
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
}
