/**
 * Public market data and the market simulator, started with the app: market
 * data listens to the engine host, serves /v1/spot market routes and the
 * public WebSocket channels; the simulator (unless SIMULATOR=off) trades
 * through the spot service like any user and back-fills kline history for
 * markets that have none.
 */
import {
  Decimal,
  FUTURES_CHANNELS,
  FUTURES_PATHS,
  lotsToQuantity,
  ticksToPrice,
  type PerpTicker,
  type PublicTrade,
  type SpotMarketConfig,
  type SpotOrder,
  type Ticker,
} from '@quay/core';
import { appError } from '../../kernel/app-error';
import { ok } from '../../kernel/http/envelope';
import { commonQuery } from '../../kernel/http/schemas';
import { sideOf } from '../../kernel/http/simulation-header';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../kernel/config';
import type { Services } from '../../services';
import { registerMarketDataRoutes, registerMarketRoutes } from './market-routes';
import type { ChannelHub } from '../../kernel/http/ws-routes';
import { registerMarketChannels } from './market-channels';
import { createMarketData, type MarketData } from './market-data';
import { createSimulator, startPriceOf, type Simulator } from '../simulator/simulator';
import { syntheticHistory } from '../simulator/synthetic-history';
import type { Store } from '../../kernel/db/db';

export interface MarketsLive {
  marketData: MarketData;
  simulator: Simulator | null;
  perpData: MarketData;
  perpSimulator: Simulator | null;
}

/**
 * The perpetuals' market data (klines, tickers, depth and trade channels by
 * the perpetual's symbol, `futures.tickers`) and their simulator: a maker
 * and a taker trading each perpetual around its spot market's price, through
 * the futures service like any user.
 */
async function startPerpetualsLive(
  app: FastifyInstance,
  services: Services,
  store: Store,
  channels: ChannelHub,
  config: AppConfig,
  spotData: MarketData,
) {
  const { futures, futuresHost, perpMarkets } = services;
  const markets: SpotMarketConfig[] = perpMarkets.all().map((m) => m.config);
  const bySymbol = new Map(perpMarkets.all().map((m) => [m.config.symbol, m]));
  const recentTrades = async (symbol: string, limit: number): Promise<PublicTrade[]> => {
    const market = bySymbol.get(symbol);
    if (!market) return [];
    const docs = (await store.repos.futures.recentTakerFills(symbol, limit))
      .map(
        (text) =>
          JSON.parse(text) as {
            id: number;
            role: string;
            priceTicks: number;
            lots: number;
            side: string;
            time: number;
          },
      )
      .filter((f) => f.role === 'taker' && f.priceTicks > 0);
    return docs
      .slice(0, limit)
      .reverse()
      .map((f) => ({
        id: String(f.id),
        price: ticksToPrice(f.priceTicks, market.config),
        quantity: lotsToQuantity(f.lots, market.config),
        side: f.side === 'sell' ? 'sell' : 'buy',
        time: f.time,
      }));
  };
  const spotPrice = (spotSymbol: string) => spotData.ticker(spotSymbol).last || null;
  const marketData = createMarketData({
    events: futuresHost,
    klines: store.repos.klines,
    markets,
    now: config.now,
    log: app.log,
    recentTrades,
    history: config.simulator
      ? (market, now) => {
          const endPrice = startPriceOf(bySymbol.get(market.symbol)?.spotSymbol ?? '');
          return endPrice
            ? syntheticHistory(market, now, { endPrice, seed: config.simulatorSeed + 7 })
            : {};
        }
      : null,
  });
  await marketData.start();
  const isDemo = (symbol: string) => bySymbol.get(symbol)?.side === 'demo';
  const withMarks = (list: Ticker[]): PerpTicker[] =>
    list.map((t) => {
      const mark = futures.markInfo(t.symbol, isDemo(t.symbol) ? 'demo' : 'real');
      return {
        ...t,
        markPrice: mark.markPrice,
        indexPrice: mark.indexPrice,
        fundingRate: mark.fundingRate,
        nextFundingTime: mark.nextFundingTime,
      };
    });
  registerMarketDataRoutes(app, marketData, {
    paths: {
      depth: FUTURES_PATHS.depth,
      trades: FUTURES_PATHS.trades,
      klines: FUTURES_PATHS.klines,
    },
    sideSymbols: (request) =>
      new Set(perpMarkets.ofSide(sideOf(request)).map((m) => m.config.symbol)),
    named: (request, symbol) => futures.market(symbol, sideOf(request)).config.symbol,
    symbolSchema: { type: 'string', minLength: 1, maxLength: 30, pattern: '^[A-Z0-9_]{1,30}$' },
    tag: 'futures',
  });
  app.get<{ Querystring: { symbol?: string } }>(
    FUTURES_PATHS.tickers,
    {
      schema: {
        tags: ['futures'],
        summary: '24h tickers of the perpetuals with mark, index and funding',
        querystring: {
          ...commonQuery,
          properties: {
            ...commonQuery.properties,
            symbol: { type: 'string', maxLength: 30, pattern: '^[A-Z0-9_]{1,30}$' },
          },
        },
      },
    },
    async (request) => {
      const side = sideOf(request);
      const wanted = request.query.symbol;
      const symbols = wanted
        ? [futures.market(wanted, side).config.symbol]
        : perpMarkets.ofSide(side).map((m) => m.config.symbol);
      return ok(request, withMarks(symbols.map((s) => marketData.ticker(s))));
    },
  );
  const stopChannels = registerMarketChannels(
    channels,
    marketData,
    futuresHost,
    isDemo,
    FUTURES_CHANNELS.tickers,
    (list) => withMarks(list),
  );
  marketData.startTimer();

  let simulator: Simulator | null = null;
  if (config.simulator) {
    const follow = (symbol: string) => {
      const market = bySymbol.get(symbol);
      return market ? spotPrice(market.spotSymbol) : null;
    };
    simulator = createSimulator({
      spot: {
        placeOrder: async (userId, body) => {
          const market = bySymbol.get(body.symbol);
          let quantity = body.quantity;
          if (!quantity && body.quoteAmount && market) {
            // A buy by amount: the quantity it buys at the best ask.
            const ask = futuresHost.book(body.symbol, 1).asks[0]?.[0];
            if (!ask) throw appError('NO_LIQUIDITY');
            quantity = new Decimal(body.quoteAmount)
              .div(ask)
              .toDecimalPlaces(market.scale.quantityDecimals, Decimal.ROUND_DOWN)
              .toFixed();
          }
          const order = await futures.placeOrder(userId, market?.side ?? 'real', {
            symbol: body.symbol,
            side: body.side,
            type: body.type,
            ...(body.type === 'limit' ? { price: body.price, timeInForce: body.timeInForce } : {}),
            quantity: quantity ?? '0',
          });
          return order as unknown as SpotOrder;
        },
        cancelOrder: async (userId, symbol, orderId) =>
          (await futures.cancelOrder(
            userId,
            bySymbol.get(symbol)?.side ?? 'real',
            symbol,
            orderId,
          )) as unknown as SpotOrder,
        cancelAll: (userId, symbol) =>
          futures.cancelAll(userId, bySymbol.get(symbol)?.side ?? 'real', symbol),
        openOrders: async (userId, symbol) =>
          futures.openOrders(userId, bySymbol.get(symbol)?.side ?? 'real', symbol),
      },
      ledger: {
        deposit: (userId, coin, amount) => futures.systemDeposit(userId, coin, amount),
        balances: async (userId) => futures.walletBalances(userId),
      },
      ensureSystemUser: async (email) => {
        const id = await services.accounts.ensureSystemUser(email);
        futuresHost.feeFreeOwners.add(id);
        return id;
      },
      book: (symbol, levels) => futuresHost.book(symbol, levels),
      markets,
      seed: config.simulatorSeed + 7,
      minuteVolatility: config.simulatorMinuteVolatility,
      now: config.now,
      log: app.log,
      follow,
      fundedCoins: [...new Set(markets.map((m) => m.quote))],
      initialPrice: (symbol) =>
        follow(symbol) || startPriceOf(bySymbol.get(symbol)?.spotSymbol ?? '') || null,
    });
    await simulator.start();
    simulator.startTimer();
  }
  return { marketData, simulator, stopChannels };
}

export async function startMarketsLive(
  app: FastifyInstance,
  services: Services,
  store: Store,
  channels: ChannelHub,
  config: AppConfig,
): Promise<MarketsLive> {
  const markets: SpotMarketConfig[] = services.spotMarkets.all().map((m) => m.config);
  const bySymbol = new Map(markets.map((m) => [m.symbol, m]));
  /** A demo market follows its real market: same start price, same made-up history shape. */
  const realOf = (symbol: string) => services.spotMarkets.get(symbol)?.realSymbol ?? symbol;
  const recentTrades = async (symbol: string, limit: number): Promise<PublicTrade[]> => {
    const market = bySymbol.get(symbol);
    if (!market) return [];
    const fills = await store.repos.spot.recentFills(symbol, limit);
    return fills.reverse().map((f) => ({
      id: String(f.id),
      price: ticksToPrice(f.price_ticks, market),
      quantity: lotsToQuantity(f.lots, market),
      side: f.taker_side === 'sell' ? 'sell' : 'buy',
      time: f.created_at,
    }));
  };
  const marketData = createMarketData({
    events: services.spotHost,
    klines: store.repos.klines,
    markets,
    now: config.now,
    log: app.log,
    recentTrades,
    // History is made up: only worth showing where made-up trading follows it.
    history: config.simulator
      ? (market, now) => {
          const endPrice = startPriceOf(market.symbol);
          return endPrice
            ? syntheticHistory(market, now, { endPrice, seed: config.simulatorSeed })
            : {};
        }
      : null,
  });
  await marketData.start();
  registerMarketRoutes(app, marketData, services.spotMarkets);
  const stopChannels = registerMarketChannels(
    channels,
    marketData,
    services.spotHost,
    (symbol) => services.spotMarkets.get(symbol)?.side === 'demo',
  );
  marketData.startTimer();

  let simulator: Simulator | null = null;
  if (config.simulator) {
    simulator = createSimulator({
      spot: services.spot,
      ledger: services.ledger,
      ensureSystemUser: (email) => services.accounts.ensureSystemUser(email),
      book: (symbol, levels) => services.spotHost.book(symbol, levels),
      markets,
      seed: config.simulatorSeed,
      minuteVolatility: config.simulatorMinuteVolatility,
      now: config.now,
      log: app.log,
      // A demo index starts where it left off, else at its real market's price.
      initialPrice: (symbol) =>
        marketData.ticker(symbol).last || marketData.ticker(realOf(symbol)).last || null,
    });
    await simulator.start();
    simulator.startTimer();
  }
  const perps = await startPerpetualsLive(app, services, store, channels, config, marketData);
  // Hooks run last-registered first: this one stops trading and writes the
  // last klines before the engine host drains and the store closes.
  app.addHook('onClose', async () => {
    await perps.simulator?.close();
    await simulator?.close();
    stopChannels();
    perps.stopChannels();
    await marketData.close();
    await perps.marketData.close();
  });
  return { marketData, simulator, perpData: perps.marketData, perpSimulator: perps.simulator };
}
