/**
 * Quay's answers in Bitget's v2 shapes: the same figures the web app shows,
 * renamed, every number a string and every time epoch ms as a string.
 */
import {
  Decimal,
  MARGIN_MODE,
  POSITION_MODE,
  POSITION_SIDE,
  decimalsOfStep,
  pairOfPerp,
  type CoinSetting,
  type FuturesAccount,
  type FuturesFill,
  type FuturesOrder,
  type FuturesPosition,
  type FuturesSettings,
  type Kline,
  type KlineInterval,
  type MarginMode,
  type PerpTicker,
  type PositionMode,
  type PublicTrade,
  type SpotFill,
  type SpotMarketInfo,
  type SpotOrder,
  type SpotOrderStatus,
  type Ticker,
} from '@quay/core';

/** A figure the web shows blank before it is known: null on this API. */
const known = (value: string): string | null => (value === '' ? null : value);

/**
 * Bitget's candle granularities Quay keeps, spot then futures spellings.
 * Quay's days and weeks open at 00:00 UTC: Bitget's `1Dutc` and `1Wutc`
 * (its `1day`/`1D` open at UTC+8, which Quay does not keep).
 */
export const SPOT_GRANULARITIES: Record<string, KlineInterval> = {
  '1min': '1m',
  '5min': '5m',
  '15min': '15m',
  '30min': '30m',
  '1h': '1h',
  '4h': '4h',
  '1Dutc': '1d',
  '1Wutc': '1w',
};
export const MIX_GRANULARITIES: Record<string, KlineInterval> = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1H': '1h',
  '4H': '4h',
  '1Dutc': '1d',
  '1Wutc': '1w',
};

export function spotSymbolOf(m: SpotMarketInfo) {
  return {
    symbol: m.symbol,
    baseCoin: m.base,
    quoteCoin: m.quote,
    minTradeAmount: m.lotSize,
    maxTradeAmount: '0',
    takerFeeRate: m.takerFeeRate,
    makerFeeRate: m.makerFeeRate,
    pricePrecision: String(m.pricePrecision),
    quantityPrecision: String(m.quantityPrecision),
    quotePrecision: String(m.pricePrecision),
    status: 'online',
    minTradeUSDT: m.minNotional,
    buyLimitPriceRatio: m.marketPriceBandRate,
    sellLimitPriceRatio: m.marketPriceBandRate,
    areaSymbol: 'no',
    orderQuantity: '200',
    openTime: '',
    offTime: '',
  };
}

export function coinOf(c: CoinSetting, index: number) {
  return {
    coinId: String(index + 1),
    coin: c.coin,
    transfer: 'true',
    areaCoin: 'no',
    chains: [
      {
        chain: c.network,
        needTag: 'false',
        withdrawable: 'true',
        rechargeable: 'true',
        withdrawFee: c.withdrawFee,
        extraWithdrawFee: '0',
        depositConfirm: '1',
        withdrawConfirm: '1',
        minDepositAmount: '0',
        minWithdrawAmount: c.minWithdraw,
        withdrawMinScale: String(c.decimals),
        withdrawStep: '0',
        congestion: 'normal',
      },
    ],
  };
}

/** Sizes at the best bid and ask, as the book shows them. */
export interface TopSizes {
  bidSz: string | null;
  askSz: string | null;
}

export function spotTickerOf(t: Ticker, top: TopSizes) {
  return {
    symbol: t.symbol,
    high24h: known(t.high24h),
    open: known(t.open24h),
    low24h: known(t.low24h),
    lastPr: known(t.last),
    quoteVolume: t.quoteVolume24h,
    baseVolume: t.volume24h,
    usdtVolume: t.quoteVolume24h,
    bidPr: known(t.bestBid),
    askPr: known(t.bestAsk),
    bidSz: top.bidSz,
    askSz: top.askSz,
    openUtc: known(t.open24h),
    ts: String(t.time),
    changeUtc24h: t.change24h,
    change24h: t.change24h,
  };
}

export function mixTickerOf(t: PerpTicker, top: TopSizes, openInterest: string) {
  return {
    symbol: pairOfPerp(t.symbol),
    lastPr: known(t.last),
    askPr: known(t.bestAsk),
    bidPr: known(t.bestBid),
    bidSz: top.bidSz,
    askSz: top.askSz,
    high24h: known(t.high24h),
    low24h: known(t.low24h),
    ts: String(t.time),
    change24h: t.change24h,
    baseVolume: t.volume24h,
    quoteVolume: t.quoteVolume24h,
    usdtVolume: t.quoteVolume24h,
    openUtc: known(t.open24h),
    changeUtc24h: t.change24h,
    indexPrice: known(t.indexPrice),
    fundingRate: t.fundingRate,
    holdingAmount: openInterest,
    open24h: known(t.open24h),
    markPrice: known(t.markPrice),
    deliveryStartTime: null,
    deliveryTime: null,
    deliveryStatus: '',
  };
}

/** The trades a fills query asks for: newest first, below idLessThan, within the time range. */
export function tradesWanted(
  trades: PublicTrade[],
  q: { idLessThan?: string; startTime?: string; endTime?: string },
): PublicTrade[] {
  const begin = q.startTime === undefined ? 0 : Number(q.startTime);
  const end = q.endTime === undefined ? Infinity : Number(q.endTime);
  return trades.filter(
    (t) =>
      (q.idLessThan === undefined || BigInt(t.id) < BigInt(q.idLessThan)) &&
      t.time >= begin &&
      t.time <= end,
  );
}

export const tradeOf = (symbol: string) => (t: PublicTrade) => ({
  symbol,
  tradeId: t.id,
  side: t.side,
  price: t.price,
  size: t.quantity,
  ts: String(t.time),
});

/** A spot candle: [ts, open, high, low, close, base volume, USDT volume, quote volume]. */
export const spotCandleOf = (k: Kline) => [String(k.t), k.o, k.h, k.l, k.c, k.v, k.qv, k.qv];
/** A futures candle: [ts, open, high, low, close, base volume, quote volume]. */
export const mixCandleOf = (k: Kline) => [String(k.t), k.o, k.h, k.l, k.c, k.v, k.qv];

/** A perpetual's contract, in Bitget's steps: the price step is priceEndStep x 10^-pricePlace. */
export function contractOf(m: SpotMarketInfo & { maxLeverage: number; pair: string }) {
  const pricePlace = decimalsOfStep(m.tickSize);
  return {
    symbol: m.pair,
    baseCoin: m.base,
    quoteCoin: m.quote,
    buyLimitPriceRatio: m.marketPriceBandRate,
    sellLimitPriceRatio: m.marketPriceBandRate,
    feeRateUpRatio: '0',
    makerFeeRate: m.makerFeeRate,
    takerFeeRate: m.takerFeeRate,
    openCostUpRatio: '0',
    supportMarginCoins: [m.quote],
    minTradeNum: m.lotSize,
    priceEndStep: new Decimal(m.tickSize).times(new Decimal(10).pow(pricePlace)).toFixed(0),
    volumePlace: String(decimalsOfStep(m.lotSize)),
    pricePlace: String(pricePlace),
    sizeMultiplier: m.lotSize,
    symbolType: 'perpetual',
    minTradeUSDT: m.minNotional,
    maxSymbolOrderNum: '200',
    maxProductOrderNum: '400',
    maxPositionNum: '150',
    symbolStatus: 'normal',
    offTime: '-1',
    limitOpenTime: '-1',
    deliveryTime: '',
    deliveryStartTime: '',
    launchTime: '',
    fundInterval: '',
    minLever: '1',
    maxLever: String(m.maxLeverage),
    posLimit: '1',
    maintainTime: '',
  };
}

const SPOT_STATUS: Record<SpotOrderStatus, string> = {
  NEW: 'live',
  PARTIALLY_FILLED: 'partially_filled',
  FILLED: 'filled',
  CANCELED: 'cancelled',
  PARTIALLY_CANCELED: 'cancelled',
};

/** A market buy's size is the quote amount it spends, as on Bitget. */
const spotSizeOf = (o: SpotOrder) => (o.quoteAmount !== '' ? o.quoteAmount : o.quantity);

/** A spot order as orderInfo and history-orders answer it. */
export function spotOrderOf(o: SpotOrder, userId: string, feeDetail: string | null = null) {
  return {
    userId,
    symbol: o.symbol,
    orderId: o.orderId,
    clientOid: o.clientOrderId,
    price: o.type === 'limit' ? o.price : '0',
    size: spotSizeOf(o),
    orderType: o.type,
    side: o.side,
    status: SPOT_STATUS[o.status],
    priceAvg: o.avgPrice === '' ? '0' : o.avgPrice,
    baseVolume: o.filledQuantity,
    quoteVolume: o.filledQuote,
    enterPointSource: 'API',
    feeDetail,
    orderSource: o.type === 'limit' ? 'normal' : 'market',
    cancelReason: o.cancelReason ?? '',
    cTime: String(o.createdAt),
    uTime: String(o.updatedAt),
  };
}

/** An open spot order as unfilled-orders answers it: Bitget names the order's price `priceAvg` there. */
export function unfilledSpotOrderOf(o: SpotOrder, userId: string) {
  return {
    userId,
    symbol: o.symbol,
    orderId: o.orderId,
    clientOid: o.clientOrderId,
    priceAvg: o.type === 'limit' ? o.price : '0',
    size: spotSizeOf(o),
    orderType: o.type,
    side: o.side,
    status: SPOT_STATUS[o.status],
    basePrice: o.avgPrice === '' ? '0' : o.avgPrice,
    baseVolume: o.filledQuantity,
    quoteVolume: o.filledQuote,
    enterPointSource: 'API',
    orderSource: o.type === 'limit' ? 'normal' : 'market',
    cTime: String(o.createdAt),
    uTime: String(o.updatedAt),
  };
}

/** Bitget's fee detail of an order: what its fills cost, negative, in the coin charged. */
export function spotFeeDetailOf(fills: SpotFill[]): string | null {
  if (fills.length === 0) return null;
  const coin = fills[0]?.feeCoin ?? '';
  const total = fills.reduce((sum, f) => sum.plus(f.fee), new Decimal(0));
  return JSON.stringify({
    newFees: { c: 0, d: 0, deduction: false, r: total.neg().toFixed(), t: total.neg().toFixed() },
    [coin]: {
      deduction: false,
      feeCoinCode: coin,
      totalDeductionFee: 0,
      totalFee: total.neg().toFixed(),
    },
  });
}

export function spotFillOf(f: SpotFill, userId: string, orderType: string) {
  return {
    userId,
    symbol: f.symbol,
    orderId: f.orderId,
    tradeId: f.fillId,
    orderType,
    side: f.side,
    priceAvg: f.price,
    size: f.quantity,
    amount: f.quoteQuantity,
    feeDetail: {
      deduction: 'no',
      feeCoin: f.feeCoin,
      totalDeductionFee: '0',
      totalFee: new Decimal(f.fee).neg().toFixed(),
    },
    tradeScope: f.role,
    cTime: String(f.time),
    uTime: String(f.time),
  };
}

export const marginModeName = (m: MarginMode) =>
  m === MARGIN_MODE.isolated ? 'isolated' : 'crossed';
export const positionModeName = (m: PositionMode) =>
  m === POSITION_MODE.hedge ? 'hedge_mode' : 'one_way_mode';
const holdSideName = (s: number) => (s === POSITION_SIDE.long ? 'long' : 'short');

export function mixAccountOf(a: FuturesAccount, settings: FuturesSettings | null) {
  return {
    marginCoin: a.coin,
    locked: a.orderMargin,
    available: a.walletBalance,
    crossedMaxAvailable: a.availableBalance,
    isolatedMaxAvailable: a.availableBalance,
    maxTransferOut: a.maxTransferable,
    accountEquity: a.marginBalance,
    usdtEquity: a.marginBalance,
    btcEquity: null,
    crossedRiskRate: a.marginRatio,
    unrealizedPL: a.unrealisedPnl,
    coupon: '0',
    crossedUnrealizedPL: a.unrealisedPnl,
    isolatedUnrealizedPL: null,
    assetMode: 'single',
    posMode: positionModeName(a.positionMode),
    ...(settings
      ? {
          marginMode: marginModeName(settings.marginMode),
          crossedMarginLeverage: String(settings.longLeverage),
          isolatedLongLever: String(settings.longLeverage),
          isolatedShortLever: String(settings.shortLeverage),
        }
      : {}),
  };
}

export function leverageAnswerOf(s: FuturesSettings, coin: string) {
  return {
    symbol: pairOfPerp(s.symbol),
    marginCoin: coin,
    longLeverage: String(s.longLeverage),
    shortLeverage: String(s.shortLeverage),
    crossMarginLeverage: String(s.longLeverage),
    marginMode: marginModeName(s.marginMode),
  };
}

export function positionOf(p: FuturesPosition, coin: string, posMode: PositionMode) {
  return {
    marginCoin: coin,
    symbol: pairOfPerp(p.symbol),
    holdSide: holdSideName(p.side),
    openDelegateSize: '0',
    marginSize: p.openMarginCount,
    available: p.count,
    locked: '0',
    total: p.count,
    leverage: p.openLevel,
    achievedProfits: p.achievedProfits,
    openPriceAvg: p.openAvgPrice,
    marginMode: marginModeName(p.marginMode),
    posMode: positionModeName(posMode),
    unrealizedPL: p.unrealisedPnl,
    liquidationPrice: known(p.liquidationPrice),
    keepMarginRate: null,
    markPrice: known(p.markPrice),
    marginRatio: p.marginRatio,
    breakEvenPrice: known(p.breakEvenPrice),
    totalFee: '0',
    deductedFee: '0',
    takeProfit: known(p.takeProfitPrice),
    stopLoss: known(p.stopLossPrice),
    cTime: String(p.createdAt),
    uTime: String(p.updatedAt),
  };
}

const MIX_STATUS: Record<FuturesOrder['status'], string> = {
  NEW: 'live',
  PARTIALLY_FILLED: 'partially_filled',
  FILLED: 'filled',
  CANCELED: 'canceled',
  PARTIALLY_CANCELED: 'canceled',
};

/**
 * A futures order in Bitget's words. In hedge mode Bitget names a close by
 * the position's side (`buy` + `close` closes a long); one-way orders say
 * only buy or sell.
 */
export function mixOrderOf(o: FuturesOrder, coin: string, posMode: PositionMode) {
  const hedge = posMode === POSITION_MODE.hedge;
  const long = o.positionSide === POSITION_SIDE.long;
  const closing = hedge && (long ? o.side === 'sell' : o.side === 'buy');
  return {
    symbol: pairOfPerp(o.symbol),
    size: o.quantity,
    orderId: o.orderId,
    clientOid: o.clientOrderId,
    baseVolume: o.filledQuantity,
    fee: new Decimal(o.fee).neg().toFixed(),
    price: o.type === 'limit' ? o.price : '0',
    priceAvg: o.avgPrice === '' ? '0' : o.avgPrice,
    status: MIX_STATUS[o.status],
    side: closing ? (long ? 'buy' : 'sell') : o.side,
    force: (o.timeInForce ?? 'GTC').toLowerCase(),
    totalProfits: o.realisedPnl,
    posSide: hedge ? holdSideName(o.positionSide) : 'net',
    marginCoin: coin,
    quoteVolume: new Decimal(o.filledQuantity || '0').times(o.avgPrice || '0').toFixed(),
    leverage: o.leverage,
    marginMode: marginModeName(o.marginMode),
    reduceOnly: o.reduceOnly ? 'YES' : 'NO',
    enterPointSource: 'API',
    tradeSide: hedge ? (closing ? 'close' : 'open') : o.reduceOnly ? 'sell_single' : 'buy_single',
    posMode: positionModeName(posMode),
    orderType: o.type,
    orderSource: o.source === 'user' ? 'normal' : o.source,
    presetStopSurplusPrice: known(o.takeProfitPrice),
    presetStopLossPrice: known(o.stopLossPrice),
    cancelReason: o.cancelReason ?? '',
    cTime: String(o.createdAt),
    uTime: String(o.updatedAt),
  };
}

export function mixFillOf(f: FuturesFill, coin: string) {
  return {
    tradeId: f.fillId,
    symbol: pairOfPerp(f.symbol),
    orderId: f.orderId,
    price: f.price,
    baseVolume: f.quantity,
    feeDetail: [
      {
        deduction: 'no',
        feeCoin: coin,
        totalDeductionFee: '0',
        totalFee: new Decimal(f.fee).neg().toFixed(),
      },
    ],
    side: f.side,
    quoteVolume: new Decimal(f.price).times(f.quantity).toFixed(),
    profit: f.realisedPnl,
    enterPointSource: 'API',
    tradeSide: f.positionSide === POSITION_SIDE.long ? 'long' : 'short',
    posMode: 'one_way_mode',
    tradeScope: f.role,
    cTime: String(f.time),
  };
}

/**
 * Bitget's side of a futures order as Quay's: one-way orders are buy or sell
 * (reduce-only when asked); in hedge mode Bitget names a close by the
 * position, so `buy` + `close` closes a long (Quay sells on the long side).
 */
export function quaySidesOf(
  hedge: boolean,
  body: { side: 'buy' | 'sell'; tradeSide?: string | undefined; reduceOnly?: string | undefined },
): { side: 'buy' | 'sell'; positionSide?: 1 | 2; reduceOnly?: boolean } {
  if (!hedge)
    return body.reduceOnly === 'YES' ? { side: body.side, reduceOnly: true } : { side: body.side };
  const long = body.side === 'buy';
  const closing = body.tradeSide?.toLowerCase() === 'close';
  return {
    side: closing ? (long ? 'sell' : 'buy') : body.side,
    positionSide: long ? POSITION_SIDE.long : POSITION_SIDE.short,
  };
}
