/**
 * The live klines of one market: the newest kline of every interval, kept
 * as exact decimals and advanced trade by trade. A trade opens a new kline
 * when its time passes the current one; a trade stamped earlier than the
 * current kline (a clock step back) joins the current one rather than
 * rewriting history.
 */
import {
  Decimal,
  KLINE_INTERVALS,
  decimalsOfStep,
  klineOpenTime,
  type DecimalValue,
  type Kline,
  type KlineInterval,
  type SpotMarketConfig,
} from '@quay/core';

export interface LiveKline {
  interval: KlineInterval;
  t: number;
  o: DecimalValue;
  h: DecimalValue;
  l: DecimalValue;
  c: DecimalValue;
  v: DecimalValue;
  qv: DecimalValue;
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
    o: k.o.toFixed(f.price),
    h: k.h.toFixed(f.price),
    l: k.l.toFixed(f.price),
    c: k.c.toFixed(f.price),
    v: k.v.toFixed(f.volume),
    qv: k.qv.toFixed(f.quoteVolume),
  };
}

export function liveKlineOf(interval: KlineInterval, k: Kline): LiveKline {
  return {
    interval,
    t: k.t,
    o: new Decimal(k.o),
    h: new Decimal(k.h),
    l: new Decimal(k.l),
    c: new Decimal(k.c),
    v: new Decimal(k.v),
    qv: new Decimal(k.qv),
  };
}

export class KlineBook {
  private readonly current = new Map<KlineInterval, LiveKline>();

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
    const price = new Decimal(trade.price);
    const quantity = new Decimal(trade.quantity);
    const quote = new Decimal(trade.quoteQuantity);
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
        if (price.gt(k.h)) k.h = price;
        if (price.lt(k.l)) k.l = price;
        k.c = price;
        k.v = k.v.plus(quantity);
        k.qv = k.qv.plus(quote);
        touched.push(k);
      }
    }
    return touched;
  }
}
