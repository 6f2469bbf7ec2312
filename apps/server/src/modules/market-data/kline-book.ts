/**
 * The live klines of one market: the newest kline of every interval, kept
 * as exact integers of the market's wire places and advanced trade by
 * trade. A trade opens a new kline when its time passes the current one; a
 * trade stamped earlier than the current kline (a clock step back) joins
 * the current one rather than rewriting history.
 */
import {
  KLINE_INTERVALS,
  decimalsOfStep,
  klineOpenTime,
  type Kline,
  type KlineInterval,
  type SpotMarketConfig,
} from '@quay/core';
import { unitsFixed, unitsOfText } from '../../kernel/money';

/**
 * One kline: prices in units of 10^-`KlineFormat.price`, the base volume of
 * 10^-`volume` and the quote volume of 10^-`quoteVolume` (a price times a
 * quantity has exactly those places), so a trade adds by integer sums.
 */
export interface LiveKline {
  interval: KlineInterval;
  t: number;
  o: bigint;
  h: bigint;
  l: bigint;
  c: bigint;
  v: bigint;
  qv: bigint;
}

export interface TradePrint {
  price: string;
  quantity: string;
  quoteQuantity: string;
  time: number;
}

/** Decimal places of a market's prices, base volumes and quote volumes on the wire. */
export interface KlineFormat {
  price: number;
  volume: number;
  quoteVolume: number;
}

export function klineFormatOf(market: SpotMarketConfig): KlineFormat {
  const price = decimalsOfStep(market.tickSize);
  const volume = decimalsOfStep(market.lotSize);
  return { price, volume, quoteVolume: price + volume };
}

export function wireKline(k: LiveKline, f: KlineFormat): Kline {
  return {
    t: k.t,
    o: unitsFixed(k.o, f.price),
    h: unitsFixed(k.h, f.price),
    l: unitsFixed(k.l, f.price),
    c: unitsFixed(k.c, f.price),
    v: unitsFixed(k.v, f.volume),
    qv: unitsFixed(k.qv, f.quoteVolume),
  };
}

/** A kline as written (the store, a back-fill), in the market's wire places. */
export function liveKlineOf(interval: KlineInterval, k: Kline, f: KlineFormat): LiveKline {
  return {
    interval,
    t: k.t,
    o: unitsOfText(k.o, f.price),
    h: unitsOfText(k.h, f.price),
    l: unitsOfText(k.l, f.price),
    c: unitsOfText(k.c, f.price),
    v: unitsOfText(k.v, f.volume),
    qv: unitsOfText(k.qv, f.quoteVolume),
  };
}

export class KlineBook {
  private readonly current = new Map<KlineInterval, LiveKline>();

  constructor(private readonly format: KlineFormat) {}

  /** The newest kline of an interval, or undefined before the first. */
  get(interval: KlineInterval): LiveKline | undefined {
    return this.current.get(interval);
  }

  /** Continues from stored klines (the newest of each interval). */
  restore(kline: LiveKline): void {
    const existing = this.current.get(kline.interval);
    if (!existing || existing.t <= kline.t) this.current.set(kline.interval, kline);
  }

  /** Adds a trade to every interval; returns the klines it touched, 1m first. */
  apply(trade: TradePrint): LiveKline[] {
    const f = this.format;
    const price = unitsOfText(trade.price, f.price);
    const quantity = unitsOfText(trade.quantity, f.volume);
    const quote = unitsOfText(trade.quoteQuantity, f.quoteVolume);
    const touched: LiveKline[] = [];
    for (const interval of KLINE_INTERVALS) {
      const t = klineOpenTime(trade.time, interval);
      const k = this.current.get(interval);
      if (!k || t > k.t) {
        const opened: LiveKline = {
          interval,
          t,
          o: price,
          h: price,
          l: price,
          c: price,
          v: quantity,
          qv: quote,
        };
        this.current.set(interval, opened);
        touched.push(opened);
      } else {
        if (price > k.h) k.h = price;
        if (price < k.l) k.l = price;
        k.c = price;
        k.v += quantity;
        k.qv += quote;
        touched.push(k);
      }
    }
    return touched;
  }
}
