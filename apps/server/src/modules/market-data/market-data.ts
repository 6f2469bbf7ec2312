/**
 * Public market data of every spot market: recent trades, the 24h ticker,
 * klines of every interval and grouped depth. It listens to the engine host's
 * MarketEvents (trades arrive only once durable), keeps the live state in
 * memory and writes the klines that changed in batches, at most once a tick.
 * Everything outside reads market data through this file.
 */
import {
  KLINE_INTERVALS,
  type DepthSnapshot,
  type Kline,
  type KlineInterval,
  type PublicTrade,
  type SpotMarketConfig,
  type SpotMarketInfo,
  type Ticker,
} from '@quay/core';
import { appError } from '../../kernel/app-error';
import { unitsOfText } from '../../kernel/money';
import type { MarketEvents, MarketTrade } from '../../kernel/market-events';
import type { KlineRow } from './klines-repository';
import { aggregateLevels } from './depth';
import {
  KlineBook,
  klineFormatOf,
  liveKlineOf,
  wireKline,
  type KlineFormat,
  type LiveKline,
} from './kline-book';
import { depthStepTicks, marketInfoOf } from '../spot';
import { DAY_MINUTES, RollingDay } from './rolling-day';

/** Trades kept per market for /v1/spot/trades. */
export const RECENT_TRADES = 200;
export const DEPTH_LIMIT_DEFAULT = 50;
export const DEPTH_LIMIT_MAX = 200;
export const KLINES_LIMIT_MAX = 1000;
/** Raw book levels read for one grouped answer, however coarse the step. */
const RAW_LEVELS_MAX = 5000;
/** Trades held while the state loads at start; beyond this the oldest are dropped. */
const PENDING_TRADES_MAX = 100_000;

/** The store methods market data uses (the klines repository). */
export interface KlineRows {
  upsert(rows: readonly KlineRow[]): Promise<void>;
  until(symbol: string, interval: string, endTime: number, limit: number): Promise<KlineRow[]>;
  since(symbol: string, interval: string, from: number, limit: number): Promise<KlineRow[]>;
  latest(symbol: string, interval: string): Promise<KlineRow | undefined>;
}

export interface MarketDataLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** Synthetic kline history for a market with none yet: klines per interval, oldest first. */
export type KlineHistory = (
  market: SpotMarketConfig,
  now: number,
) => Partial<Record<KlineInterval, Kline[]>> | Promise<Partial<Record<KlineInterval, Kline[]>>>;

export interface MarketDataOptions {
  events: MarketEvents;
  klines: KlineRows;
  markets: readonly SpotMarketConfig[];
  now: () => number;
  log: MarketDataLog;
  /** The latest trades of a market, newest last (from the store's fills), loaded at start. */
  recentTrades?: ((symbol: string, limit: number) => Promise<PublicTrade[]>) | undefined;
  /** Back-fills a market that has no klines at all; null leaves it empty. */
  history?: KlineHistory | null | undefined;
  /** The market orders' price band the markets describe (MARKET_PRICE_BAND_BPS; 500). */
  marketPriceBand_bps?: number;
}

export interface MarketDataListener {
  /** New trades of one market, oldest first. */
  trades?(symbol: string, trades: PublicTrade[]): void;
  /** The klines of one market that a batch of trades changed, one per interval. */
  klines?(symbol: string, klines: Array<[KlineInterval, Kline]>): void;
  /** Tickers that changed since the last tick, and every ticker. */
  tickers?(changed: Ticker[], all: Ticker[]): void;
}

interface MarketState {
  config: SpotMarketConfig;
  info: SpotMarketInfo;
  format: KlineFormat;
  book: KlineBook;
  day: RollingDay;
  /** Newest last, at most RECENT_TRADES. */
  trades: PublicTrade[];
  /** The last trade's price in units of 10^-`format.price`. */
  last: bigint | null;
  /** The last ticker pushed, without its time, to tell a change. */
  pushed: string;
  /** The last ticker computed, and what it was computed from. */
  ticker: Ticker | null;
  tickerKey: string;
  tradeCount: number;
}

export interface MarketData {
  /** Loads stored klines and recent trades, back-filling empty markets. Call once, before use. */
  start(): Promise<void>;
  /** One step: tickers recomputed and pushed when changed, changed klines written. */
  tick(now: number): Promise<void>;
  /** Ticks once a second until close. */
  startTimer(period_ms?: number): void;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
  listen(listener: MarketDataListener): () => void;
  markets(): SpotMarketInfo[];
  market(symbol: string): SpotMarketConfig;
  tickers(): Ticker[];
  ticker(symbol: string): Ticker;
  /** Grouped depth; `step` must be one of the market's depth steps (default: the tick). */
  depth(symbol: string, step: string | undefined, limit: number): DepthSnapshot;
  /** The latest trades, newest first. */
  trades(symbol: string, limit: number): PublicTrade[];
  /** Klines opening at or before endTime (default: now), oldest first. */
  klines(
    symbol: string,
    interval: KlineInterval,
    limit: number,
    endTime?: number,
  ): Promise<Kline[]>;
  /** The newest kline of an interval, or null before the first trade. */
  currentKline(symbol: string, interval: KlineInterval): Kline | null;
}

function rowOf(symbol: string, k: LiveKline, f: KlineFormat): KlineRow {
  const w = wireKline(k, f);
  return {
    symbol,
    interval: k.interval,
    open_time: w.t,
    o: w.o,
    h: w.h,
    l: w.l,
    c: w.c,
    v: w.v,
    qv: w.qv,
  };
}

function klineOfRow(row: KlineRow): Kline {
  return { t: Number(row.open_time), o: row.o, h: row.h, l: row.l, c: row.c, v: row.v, qv: row.qv };
}

const keyOf = (symbol: string, k: LiveKline) => `${symbol}|${k.interval}|${k.t}`;

export function createMarketData(options: MarketDataOptions): MarketData {
  const { events, klines: store, log } = options;
  const states = new Map<string, MarketState>();
  for (const config of options.markets) {
    const format = klineFormatOf(config);
    states.set(config.symbol, {
      config,
      info: marketInfoOf(config, options.marketPriceBand_bps ?? 500),
      format,
      book: new KlineBook(format),
      day: new RollingDay(),
      trades: [],
      last: null,
      pushed: '',
      ticker: null,
      tickerKey: '',
      tradeCount: 0,
    });
  }
  const listeners = new Set<MarketDataListener>();
  /** Klines changed since the last write, by market, interval and open time. */
  const dirty = new Map<string, { symbol: string; kline: LiveKline }>();
  /** Rows being written right now: still answered from memory until they land. */
  let writing = new Map<string, KlineRow>();
  let writeInFlight: Promise<void> | null = null;
  let started = false;
  let pending: MarketTrade[] | null = [];
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const stateOf = (symbol: string): MarketState => {
    const state = states.get(symbol);
    if (!state) throw appError('MARKET_UNKNOWN');
    return state;
  };

  /**
   * The ticker now. Summing the day's minutes is the costly part, so it is
   * redone only when a trade, the book or the minute moved since last time.
   */
  const tickerOf = (state: MarketState, now: number): Ticker => {
    const book = events.book(state.config.symbol, 1);
    const key = `${state.tradeCount}|${book.seq}|${RollingDay.windowStart(now)}`;
    if (state.ticker && state.tickerKey === key) return { ...state.ticker, time: now };
    const best = { bid: book.bids[0]?.[0] ?? '', ask: book.asks[0]?.[0] ?? '' };
    state.ticker = state.day.ticker(state.config.symbol, now, state.last, best, state.format);
    state.tickerKey = key;
    return state.ticker;
  };

  const applyTrades = (batch: readonly MarketTrade[]) => {
    const bySymbol = new Map<string, MarketTrade[]>();
    for (const trade of batch) {
      const list = bySymbol.get(trade.symbol);
      if (list) list.push(trade);
      else bySymbol.set(trade.symbol, [trade]);
    }
    for (const [symbol, trades] of bySymbol) {
      const state = states.get(symbol);
      if (!state) continue;
      const touched = new Map<KlineInterval, LiveKline>();
      const prints: PublicTrade[] = [];
      for (const trade of trades) {
        for (const k of state.book.apply(trade)) {
          touched.set(k.interval, k);
          dirty.set(keyOf(symbol, k), { symbol, kline: k });
          if (k.interval === '1m') state.day.add(k);
        }
        state.last = unitsOfText(trade.price, state.format.price);
        state.tradeCount += 1;
        const print: PublicTrade = {
          id: trade.id,
          price: trade.price,
          quantity: trade.quantity,
          side: trade.side,
          time: trade.time,
        };
        prints.push(print);
        state.trades.push(print);
      }
      if (state.trades.length > RECENT_TRADES) {
        state.trades.splice(0, state.trades.length - RECENT_TRADES);
      }
      const changed = [...touched.values()].map(
        (k) => [k.interval, wireKline(k, state.format)] as [KlineInterval, Kline],
      );
      for (const listener of listeners) {
        try {
          listener.trades?.(symbol, prints);
          listener.klines?.(symbol, changed);
        } catch (err) {
          log.error({ err, symbol }, 'market data listener failed');
        }
      }
    }
  };

  events.onTrades((batch) => {
    if (closed) return;
    if (pending) {
      pending.push(...batch);
      if (pending.length > PENDING_TRADES_MAX)
        pending.splice(0, pending.length - PENDING_TRADES_MAX);
      return;
    }
    applyTrades(batch);
  });

  const write = async (): Promise<void> => {
    if (writeInFlight || dirty.size === 0) return;
    const batch = new Map<string, KlineRow>();
    for (const [key, { symbol, kline }] of dirty) {
      const state = states.get(symbol);
      if (state) batch.set(key, rowOf(symbol, kline, state.format));
    }
    dirty.clear();
    writing = batch;
    writeInFlight = (async () => {
      try {
        await store.upsert([...batch.values()]);
      } catch (err) {
        log.error({ err, klines: batch.size }, 'writing klines failed; retrying next tick');
        // Rows not changed again since are written next time, from memory.
        for (const [key, row] of batch) {
          if (dirty.has(key)) continue;
          const state = states.get(row.symbol);
          if (!state) continue;
          const live = state.book.get(row.interval as KlineInterval);
          dirty.set(key, {
            symbol: row.symbol,
            kline:
              live && live.t === row.open_time
                ? live
                : liveKlineOf(row.interval as KlineInterval, klineOfRow(row), state.format),
          });
        }
      } finally {
        writing = new Map();
        writeInFlight = null;
      }
    })();
    await writeInFlight;
  };

  const loadMarket = async (state: MarketState, now: number) => {
    const { symbol } = state.config;
    if (options.history && !(await store.latest(symbol, '1m'))) {
      const history = await options.history(state.config, now);
      const rows: KlineRow[] = [];
      // Minutes go last: their presence is what marks a market as back-filled,
      // so a start cut short during the write tries again next time.
      for (const interval of [...KLINE_INTERVALS].reverse()) {
        for (const { t, ...figures } of history[interval] ?? []) {
          rows.push({ symbol, interval, open_time: t, ...figures });
        }
      }
      await store.upsert(rows);
      log.info({ symbol, klines: rows.length }, 'synthetic kline history written');
    }
    for (const interval of KLINE_INTERVALS) {
      const row = await store.latest(symbol, interval);
      if (row) state.book.restore(liveKlineOf(interval, klineOfRow(row), state.format));
    }
    const minutes = await store.since(symbol, '1m', RollingDay.windowStart(now), DAY_MINUTES);
    const live1m = state.book.get('1m');
    for (const row of minutes) {
      const t = Number(row.open_time);
      state.day.add(
        live1m && live1m.t === t ? live1m : liveKlineOf('1m', klineOfRow(row), state.format),
      );
    }
    if (live1m) state.last = live1m.c;
    if (options.recentTrades) {
      state.trades = (await options.recentTrades(symbol, RECENT_TRADES)).slice(-RECENT_TRADES);
      const newest = state.trades[state.trades.length - 1];
      if (newest && (!live1m || newest.time >= live1m.t)) {
        state.last = unitsOfText(newest.price, state.format.price);
      }
    }
  };

  const tick = async (now: number): Promise<void> => {
    if (!started) return;
    const changed: Ticker[] = [];
    const all: Ticker[] = [];
    for (const state of states.values()) {
      const ticker = tickerOf(state, now);
      all.push(ticker);
      const { time: _time, ...rest } = ticker;
      const signature = JSON.stringify(rest);
      if (signature !== state.pushed) {
        state.pushed = signature;
        changed.push(ticker);
      }
    }
    if (changed.length > 0) {
      for (const listener of listeners) {
        try {
          listener.tickers?.(changed, all);
        } catch (err) {
          log.error({ err }, 'market data listener failed');
        }
      }
    }
    await write();
  };

  return {
    async start() {
      if (started) return;
      const now = options.now();
      for (const state of states.values()) await loadMarket(state, now);
      started = true;
      const held = pending ?? [];
      pending = null;
      if (held.length > 0) applyTrades(held);
      for (const state of states.values()) {
        const { time: _time, ...rest } = tickerOf(state, now);
        state.pushed = JSON.stringify(rest);
      }
    },

    tick,

    startTimer(period_ms = 1000) {
      if (timer || closed) return;
      let busy = false;
      timer = setInterval(() => {
        if (busy) return;
        busy = true;
        tick(options.now())
          .catch((err: unknown) => log.error({ err }, 'market data tick failed'))
          .finally(() => {
            busy = false;
          });
      }, period_ms);
      timer.unref();
    },

    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      if (closed) return;
      closed = true;
      if (writeInFlight) await writeInFlight;
      await write();
    },

    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    markets: () => [...states.values()].map((s) => s.info),

    market: (symbol) => stateOf(symbol).config,

    tickers: () => [...states.values()].map((s) => tickerOf(s, options.now())),

    ticker: (symbol) => tickerOf(stateOf(symbol), options.now()),

    depth(symbol, step, limit) {
      const state = stateOf(symbol);
      const stepTicks = step === undefined ? 1 : depthStepTicks(state.config, step);
      if (stepTicks === null) throw appError('FIELD_FORMAT', { field: 'step' });
      const book = events.book(symbol, Math.min(RAW_LEVELS_MAX, limit * stepTicks));
      return {
        symbol,
        seq: book.seq,
        bids: aggregateLevels(book.bids, state.config, stepTicks, 'bid', limit),
        asks: aggregateLevels(book.asks, state.config, stepTicks, 'ask', limit),
      };
    },

    trades(symbol, limit) {
      return stateOf(symbol).trades.slice(-limit).reverse();
    },

    async klines(symbol, interval, limit, endTime) {
      const state = stateOf(symbol);
      const end = endTime ?? Number.MAX_SAFE_INTEGER;
      const rows = await store.until(symbol, interval, end, limit);
      const byTime = new Map<number, Kline>();
      for (const row of rows) byTime.set(Number(row.open_time), klineOfRow(row));
      // What is still in memory is newer than what the store holds.
      for (const row of writing.values()) {
        if (row.symbol === symbol && row.interval === interval && row.open_time <= end) {
          byTime.set(row.open_time, klineOfRow(row));
        }
      }
      for (const { symbol: s, kline } of dirty.values()) {
        if (s === symbol && kline.interval === interval && kline.t <= end) {
          byTime.set(kline.t, wireKline(kline, state.format));
        }
      }
      return [...byTime.values()].sort((a, b) => a.t - b.t).slice(-limit);
    },

    currentKline(symbol, interval) {
      const state = stateOf(symbol);
      const k = state.book.get(interval);
      return k ? wireKline(k, state.format) : null;
    },
  };
}
