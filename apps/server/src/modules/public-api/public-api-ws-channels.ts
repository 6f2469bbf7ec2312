/**
 * The channels of the public API's WebSocket (Bitget v2), each one fed by
 * the same in-process channels the web app's /v1/ws subscribes to (market
 * data's tickers, depth, trades and klines; the spot and futures hosts'
 * orders, fills, balances, positions and accounts), renamed into Bitget's
 * shapes. A channel sends its snapshot first, then its updates.
 */
import {
  KLINE_INTERVALS,
  FUTURES_CHANNELS,
  WS_CHANNELS,
  pairOfPerp,
  type DepthPush,
  type FuturesOrder,
  type FuturesPosition,
  type FuturesAccount,
  type KlineInterval,
  type Kline,
  type PublicTrade,
  type SpotFill,
  type SpotOrder,
} from '@quay/core';
import { Decimal } from '@quay/core';
import type { ChannelContext, ChannelHub } from '../../kernel/http/ws-routes';
import { RECENT_TRADES } from '../market-data';
import {
  mixAccountOf,
  mixFillOf,
  mixOrderOf,
  positionOf,
  spotCandleOf,
  spotFillOf,
  unfilledSpotOrderOf,
} from './public-api-bitget';
import type { PublicApiServices } from './public-api-services';
import { liveOf, publicViews } from './public-api-views';
import { SubscriberBook } from './public-api-ws-book';

/** One subscription as Bitget names it. */
export interface WsArg {
  instType: string;
  channel: string;
  instId: string;
}

/** Where a channel sends its pushes. */
export interface FeedSink {
  push(action: 'snapshot' | 'update', data: unknown[], extra?: Record<string, unknown>): void;
  /** The account a private channel is for. */
  userId: string | null;
  onError(err: unknown): void;
}

export interface Feed {
  private: boolean;
  /** Starts pushing; returns how to stop. */
  open(sink: FeedSink): () => void;
}

/** Bitget's candle channels Quay keeps (its days and weeks open at 00:00 UTC). */
const CANDLES: Record<string, KlineInterval> = {
  candle1m: '1m',
  candle5m: '5m',
  candle15m: '15m',
  candle30m: '30m',
  candle1H: '1h',
  candle4H: '4h',
  candle1Dutc: '1d',
  candle1Wutc: '1w',
};
const CANDLE_SNAPSHOT = 100;
const BOOK_LEVELS: Record<string, number> = { books1: 1, books5: 5, books15: 15 };
/** A Bitget product type Quay lists no contract of: a subscription that never pushes. */
const OTHER_PRODUCTS = new Set(['COIN-FUTURES', 'USDC-FUTURES']);
const SPOT = 'SPOT';
const PERPS = 'USDT-FUTURES';
const silent: Feed = { private: false, open: () => () => undefined };
const silentPrivate: Feed = { private: true, open: () => () => undefined };

/**
 * Subscribes to one of the hub's channels as a socket would, handing each
 * push's data to `onData`; a private one acts for `userId`.
 */
function listen(
  hub: ChannelHub,
  name: string,
  userId: string | null,
  onData: (data: unknown) => void,
): () => void {
  const channel = hub.get(name);
  if (!channel) return () => undefined;
  const read = (text: string | Buffer) => {
    const push = JSON.parse(typeof text === 'string' ? text : text.toString('utf8')) as {
      data: unknown;
    };
    onData(push.data);
  };
  let open = true;
  const context: ChannelContext = {
    send: (message) => open && onData((message as { data: unknown }).data),
    sendRaw: (text) => open && read(text),
    user: userId === null ? null : { userRowId: userId, tokenHash: '', expiresAt: Infinity },
    signedIn: () => open,
  };
  const stop = channel.subscribe(context);
  return () => {
    open = false;
    stop();
  };
}

const spotWsOrderOf = (o: SpotOrder, userId: string) => {
  const { priceAvg: price, basePrice, ...rest } = unfilledSpotOrderOf(o, userId);
  return {
    ...rest,
    instId: o.symbol,
    price,
    newSize: rest.size,
    notional: o.filledQuote,
    force: (o.timeInForce ?? 'GTC').toLowerCase(),
    accBaseVolume: o.filledQuantity,
    priceAvg: basePrice,
    feeDetail: [],
  };
};

export function wsFeeds(services: PublicApiServices, hub: ChannelHub, now: () => number) {
  const views = publicViews(services);
  const { futures, marketData } = services;
  const coin = () => services.perpMarkets.ofSide('real')[0]?.config.quote ?? 'USDT';

  const spotSymbol = (instId: string) =>
    services.spotMarkets.resolve(instId.toUpperCase(), 'real')?.config.symbol ?? null;
  const perpSymbol = (instId: string) =>
    services.perpMarkets.resolve(instId.toUpperCase(), 'real')?.config.symbol ?? null;

  /** The market data of an instType: spot's, or the perpetuals'. */
  const dataOf = (instType: string) => (instType === SPOT ? marketData : liveOf(services));

  const tickerFeed = (instType: string, symbol: string): Feed => ({
    private: false,
    open: (sink) =>
      listen(hub, WS_CHANNELS.ticker(symbol), null, () => {
        const t = instType === SPOT ? views.spotTicker(symbol) : views.mixTicker(symbol);
        sink.push('snapshot', [{ instId: t.symbol, open24h: t.openUtc, ...t }]);
      }),
  });

  const tradeOf = (t: PublicTrade) => ({
    ts: String(t.time),
    price: t.price,
    size: t.quantity,
    side: t.side,
    tradeId: t.id,
  });
  const tradeFeed = (instType: string, symbol: string): Feed => ({
    private: false,
    open(sink) {
      sink.push('snapshot', dataOf(instType).trades(symbol, RECENT_TRADES).map(tradeOf));
      return listen(hub, WS_CHANNELS.trades(symbol), null, (data) =>
        sink.push('update', (data as PublicTrade[]).map(tradeOf).reverse()),
      );
    },
  });

  const candleFeed = (instType: string, symbol: string, interval: KlineInterval): Feed => ({
    private: false,
    open(sink) {
      let stop: (() => void) | null = null;
      let closed = false;
      dataOf(instType)
        .klines(symbol, interval, CANDLE_SNAPSHOT)
        .then((klines) => {
          if (closed) return;
          sink.push('snapshot', klines.map(spotCandleOf));
          stop = listen(hub, WS_CHANNELS.kline(symbol, interval), null, (k) =>
            sink.push('update', [spotCandleOf(k as Kline)]),
          );
        }, sink.onError);
      return () => {
        closed = true;
        stop?.();
      };
    },
  });

  const bookFeed = (symbol: string, levels: number | null): Feed => ({
    private: false,
    open(sink) {
      const book = new SubscriberBook();
      return listen(hub, WS_CHANNELS.depth(symbol), null, (data) => {
        const push = book.apply(data as DepthPush);
        if (!push) return;
        const ts = String(now());
        if (levels === null) {
          const { action, bids, asks, checksum, seq } = push;
          sink.push(action, [{ asks, bids, checksum, seq, ts }]);
        } else {
          sink.push('snapshot', [{ ...book.top(levels), checksum: 0, seq: push.seq, ts }]);
        }
      });
    },
  });

  /** A private feed: its snapshot (read once subscribed, so no update is missed), then its updates. */
  const privateFeed = (
    hubChannel: string,
    snapshot: (userId: string) => Promise<unknown[]> | unknown[],
    update: (userId: string, data: unknown) => Promise<unknown[]> | unknown[],
  ): Feed => ({
    private: true,
    open(sink) {
      const userId = sink.userId;
      if (userId === null) return () => undefined;
      let chain: Promise<void> = Promise.resolve(snapshot(userId)).then((list) =>
        sink.push('snapshot', list),
      );
      const stop = listen(hub, hubChannel, userId, (data) => {
        chain = chain
          .then(() => update(userId, data))
          .then((list) => {
            if (list.length > 0) sink.push('update', list);
          });
        chain.catch(sink.onError);
      });
      chain.catch(sink.onError);
      return stop;
    },
  });

  const spotOrdersFeed = (symbol: string | null) =>
    privateFeed(
      WS_CHANNELS.orders,
      async (userId) =>
        (await services.spot.openOrders(userId, symbol, 'real')).map((o) =>
          spotWsOrderOf(o, userId),
        ),
      (userId, data) => {
        const o = data as SpotOrder;
        return symbol === null || o.symbol === symbol ? [spotWsOrderOf(o, userId)] : [];
      },
    );

  const mixWsOrderOf = (userId: string) => {
    const mode = futures.accounts.account(userId, 'real').positionMode;
    return (o: FuturesOrder) => ({
      ...mixOrderOf(o, coin(), mode),
      instId: pairOfPerp(o.symbol),
      accBaseVolume: o.filledQuantity,
      notionalUsd: new Decimal(o.quantity).times(o.price || o.avgPrice || '0').toFixed(),
      feeDetail: [{ feeCoin: coin(), fee: new Decimal(o.fee).neg().toFixed() }],
    });
  };
  const perpOrdersFeed = privateFeed(
    FUTURES_CHANNELS.orders,
    (userId) => futures.trading.openOrders(userId, 'real').map(mixWsOrderOf(userId)),
    (userId, data) => [mixWsOrderOf(userId)(data as FuturesOrder)],
  );

  const spotAccountFeed = privateFeed(
    WS_CHANNELS.balances,
    (userId) => services.publicApi.spotAssets(userId, undefined, 'hold_only'),
    (userId) => services.publicApi.spotAssets(userId, undefined, 'hold_only'),
  );
  const mixWsAccountOf = (a: FuturesAccount) => ({
    ...mixAccountOf(a, null),
    frozen: a.orderMargin,
    maxOpenPosAvailable: a.availableBalance,
    equity: a.marginBalance,
  });
  const perpAccountFeed = privateFeed(
    FUTURES_CHANNELS.account,
    (userId) => [mixWsAccountOf(futures.accounts.account(userId, 'real'))],
    (_userId, data) => [mixWsAccountOf(data as FuturesAccount)],
  );

  const positionsOf = (userId: string, list: FuturesPosition[]) => {
    const mode = futures.accounts.account(userId, 'real').positionMode;
    return list.map((p) => ({
      ...positionOf(p, coin(), mode),
      instId: pairOfPerp(p.symbol),
      posId: p.positionId,
    }));
  };
  const positionsFeed: Feed = {
    private: true,
    open(sink) {
      const userId = sink.userId;
      if (userId === null) return () => undefined;
      sink.push('snapshot', positionsOf(userId, futures.trading.positions(userId, 'real')));
      // Bitget sends the whole list on each change.
      return listen(hub, FUTURES_CHANNELS.positions, userId, (data) =>
        sink.push('snapshot', positionsOf(userId, data as FuturesPosition[])),
      );
    },
  };

  const spotFillFeed = privateFeed(
    WS_CHANNELS.fills,
    () => [],
    (userId, data) =>
      (data as SpotFill[]).map((f) => {
        const fill = spotFillOf(f, userId, 'limit');
        return { ...fill, feeDetail: [fill.feeDetail] };
      }),
  );
  /** Futures fills: read for each order update that filled more, each fill sent once. */
  const perpFillFeed: Feed = {
    private: true,
    open(sink) {
      const sent = new Set<string>();
      const filled = new Map<string, string>();
      return privateFeed(
        FUTURES_CHANNELS.orders,
        () => [],
        async (userId, data) => {
          const o = data as FuturesOrder;
          if (o.filledQuantity === (filled.get(o.orderId) ?? '0')) return [];
          if (o.status === 'FILLED' || o.status.endsWith('CANCELED')) filled.delete(o.orderId);
          else filled.set(o.orderId, o.filledQuantity);
          const page = await futures.records.fills(
            userId,
            'real',
            { symbol: o.symbol },
            { pageNo: 1, pageSize: 100, offset: 0, limit: 100 },
          );
          const fresh = page.items.filter((f) => f.orderId === o.orderId && !sent.has(f.fillId));
          for (const f of fresh) sent.add(f.fillId);
          return fresh.map((f) => ({ ...mixFillOf(f, coin()), instId: pairOfPerp(f.symbol) }));
        },
      ).open(sink);
    },
  };

  /** The feed a subscription names, or null when Bitget would say the channel does not exist. */
  return (arg: WsArg): Feed | null => {
    const instType = arg.instType.toUpperCase();
    const { channel, instId } = arg;
    const known = instType === SPOT || instType === PERPS;
    if (!known && !OTHER_PRODUCTS.has(instType)) return null;
    const priv = ['orders', 'account', 'positions', 'fill'].includes(channel);
    if (priv) {
      if (!known) return silentPrivate;
      if (channel === 'positions') return instType === PERPS ? positionsFeed : null;
      if (channel === 'account') return instType === SPOT ? spotAccountFeed : perpAccountFeed;
      if (channel === 'fill') return instType === SPOT ? spotFillFeed : perpFillFeed;
      if (instType === PERPS) return perpOrdersFeed;
      if (instId === 'default') return spotOrdersFeed(null);
      const symbol = spotSymbol(instId);
      return symbol === null ? null : spotOrdersFeed(symbol);
    }
    if (!known) return silent;
    const symbol = instType === SPOT ? spotSymbol(instId) : perpSymbol(instId);
    if (symbol === null) return null;
    if (channel === 'ticker') return tickerFeed(instType, symbol);
    if (channel === 'trade') return tradeFeed(instType, symbol);
    if (channel === 'books') return bookFeed(symbol, null);
    const levels = BOOK_LEVELS[channel];
    if (levels !== undefined) return bookFeed(symbol, levels);
    const interval = CANDLES[channel];
    if (interval !== undefined && KLINE_INTERVALS.includes(interval)) {
      return candleFeed(instType, symbol, interval);
    }
    return null;
  };
}
