/**
 * Public WebSocket channels of market data: tickers, ticker:SYM, depth:SYM,
 * trades:SYM and kline:SYM:INTERVAL (spot-api.ts, WS_CHANNELS). Each push is
 * serialised once and the same text goes to every subscriber, so a thousand
 * subscribers cost a thousand socket writes and one JSON.stringify.
 */
import {
  KLINE_INTERVALS,
  WS_CHANNELS,
  demoChannelOf,
  type ChannelPush,
  type DepthPush,
  type Ticker,
} from '@quay/core';
import type { BookChange, MarketEvents } from '../../kernel/market-events';
import type { ChannelContext, ChannelHub } from '../../kernel/http/ws-routes';
import type { MarketData } from './market-data';

/** Levels each side of the snapshot a depth subscriber starts from. */
export const DEPTH_SNAPSHOT_LEVELS = 200;

function pushText<T>(channel: string, data: T): string {
  const push: ChannelPush<T> = { op: 'push', channel, data };
  return JSON.stringify(push);
}

/** The subscribers of one channel; a push is serialised only when someone listens. */
class Audience {
  readonly subscribers = new Set<ChannelContext>();

  constructor(readonly channel: string) {}

  publish(data: unknown): void {
    if (this.subscribers.size === 0) return;
    const bytes = Buffer.from(pushText(this.channel, data));
    for (const subscriber of this.subscribers) subscriber.sendRaw(bytes);
  }

  join(context: ChannelContext): () => void {
    this.subscribers.add(context);
    return () => this.subscribers.delete(context);
  }
}

/**
 * One market's depth channel. Every subscriber starts from a snapshot and
 * then gets each change whose seq follows the last one it got; a change it
 * already has (the snapshot was taken after it) is skipped, and a gap earns
 * it a fresh snapshot, so the seq contract holds per subscriber.
 */
class DepthAudience {
  private readonly subscribers = new Map<ChannelContext, { seq: number }>();

  constructor(
    readonly channel: string,
    private readonly symbol: string,
    private readonly events: MarketEvents,
  ) {}

  private snapshotText(): { seq: number; text: string } {
    const book = this.events.book(this.symbol, DEPTH_SNAPSHOT_LEVELS);
    const data: DepthPush = { kind: 'snapshot', seq: book.seq, bids: book.bids, asks: book.asks };
    return { seq: book.seq, text: pushText(this.channel, data) };
  }

  join(context: ChannelContext): () => void {
    const { seq, text } = this.snapshotText();
    context.sendRaw(text);
    this.subscribers.set(context, { seq });
    return () => this.subscribers.delete(context);
  }

  change(change: BookChange): void {
    if (this.subscribers.size === 0) return;
    let delta: Buffer | null = null;
    let snapshot: { seq: number; text: string } | null = null;
    for (const [context, state] of this.subscribers) {
      if (change.seq <= state.seq) continue;
      if (change.seq === state.seq + 1) {
        delta ??= Buffer.from(
          pushText(this.channel, {
            kind: 'delta',
            seq: change.seq,
            bids: change.bids,
            asks: change.asks,
          } satisfies DepthPush),
        );
        context.sendRaw(delta);
        state.seq = change.seq;
      } else {
        snapshot ??= this.snapshotText();
        context.sendRaw(snapshot.text);
        state.seq = snapshot.seq;
      }
    }
  }
}

/**
 * Registers every market channel on the hub; returns how to stop listening.
 * Demo markets (simulation mode) have their own channels by their demo
 * symbols; `tickers` lists the real markets and `tickers:demo` the demo ones.
 */
export function registerMarketChannels(
  hub: ChannelHub,
  marketData: MarketData,
  events: MarketEvents,
  isDemo: (symbol: string) => boolean = () => false,
  /** The list channel's name: `tickers` for spot, `futures.tickers` for the perpetuals. */
  tickersChannel: string = WS_CHANNELS.tickers,
  /** What the list channel carries for a list of tickers (the perpetuals add mark and funding). */
  tickerList: (list: Ticker[]) => unknown[] = (list) => list,
): () => void {
  const tickers = new Audience(tickersChannel);
  const demoTickers = new Audience(demoChannelOf(tickersChannel));
  const real = (list: Ticker[]) => tickerList(list.filter((t) => !isDemo(t.symbol)));
  const demo = (list: Ticker[]) => tickerList(list.filter((t) => isDemo(t.symbol)));
  const perTicker = new Map<string, Audience>();
  const trades = new Map<string, Audience>();
  const klines = new Map<string, Audience>();
  const depths = new Map<string, DepthAudience>();

  hub.register(tickers.channel, {
    private: false,
    subscribe(context) {
      context.sendRaw(pushText(tickers.channel, real(marketData.tickers())));
      return tickers.join(context);
    },
  });
  hub.register(demoTickers.channel, {
    private: false,
    subscribe(context) {
      context.sendRaw(pushText(demoTickers.channel, demo(marketData.tickers())));
      return demoTickers.join(context);
    },
  });

  for (const { symbol } of marketData.markets()) {
    const ticker = new Audience(WS_CHANNELS.ticker(symbol));
    perTicker.set(symbol, ticker);
    hub.register(ticker.channel, {
      private: false,
      subscribe(context) {
        context.sendRaw(pushText(ticker.channel, marketData.ticker(symbol)));
        return ticker.join(context);
      },
    });

    const trade = new Audience(WS_CHANNELS.trades(symbol));
    trades.set(symbol, trade);
    hub.register(trade.channel, { private: false, subscribe: (context) => trade.join(context) });

    const depth = new DepthAudience(WS_CHANNELS.depth(symbol), symbol, events);
    depths.set(symbol, depth);
    hub.register(depth.channel, { private: false, subscribe: (context) => depth.join(context) });

    for (const interval of KLINE_INTERVALS) {
      const kline = new Audience(WS_CHANNELS.kline(symbol, interval));
      klines.set(kline.channel, kline);
      hub.register(kline.channel, {
        private: false,
        subscribe(context) {
          const current = marketData.currentKline(symbol, interval);
          if (current) context.sendRaw(pushText(kline.channel, current));
          return kline.join(context);
        },
      });
    }
  }

  const stopData = marketData.listen({
    trades: (symbol, list) => trades.get(symbol)?.publish(list),
    klines: (symbol, changed) => {
      for (const [interval, k] of changed) {
        klines.get(WS_CHANNELS.kline(symbol, interval))?.publish(k);
      }
    },
    tickers: (changed, all) => {
      if (tickers.subscribers.size > 0) tickers.publish(real(all));
      if (demoTickers.subscribers.size > 0) demoTickers.publish(demo(all));
      for (const t of changed) perTicker.get(t.symbol)?.publish(t);
    },
  });
  const stopBook = events.onBookChange((change) => depths.get(change.symbol)?.change(change));
  return () => {
    stopData();
    stopBook();
  };
}
