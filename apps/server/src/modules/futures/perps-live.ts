import {
  Decimal,
  FUTURES_CHANNELS,
  FUTURES_PATHS,
  KLINE_INTERVALS,
  decimalsOfStep,
  lotsToQuantity,
  ticksToPrice,
  type DecimalValue,
  type Kline,
  type KlineInterval,
  type PerpTicker,
  type PublicTrade,
  type SpotMarketConfig,
  type Ticker,
} from '@quay/core';
import { appError } from '../../kernel/app-error';
import { ok } from '../../kernel/http/envelope';
import { commonQuery, envelopeOf, errorEnvelope } from '../../kernel/http/schemas';
import { sideOf } from '../../kernel/http/simulation-header';
import { runsWriters, type ModuleContext } from '../../kernel/module';
import {
  createMarketData,
  registerMarketChannels,
  registerMarketDataRoutes,
  tickerSchema,
} from '../market-data';
import { HISTORY_KEEP, basisOf, createSimulator, startPriceOf, type Simulator } from '../simulator';
import type { FuturesRepos } from './futures-repositories';
import type { FuturesServices } from './futures-services';

/**
 * The perpetuals' market data (klines, tickers, depth and trade channels by
 * the perpetual's symbol, `futures.tickers`) and their simulator: a maker
 * and a taker trading each perpetual around its spot market's price, through
 * the futures service like any user.
 */
/** A perpetual's ticker: the 24h ticker with mark, index and funding. */
const perpTickerSchema = {
  ...tickerSchema,
  required: [...tickerSchema.required, 'markPrice', 'indexPrice', 'fundingRate', 'nextFundingTime'],
  properties: {
    ...tickerSchema.properties,
    markPrice: { type: 'string' },
    indexPrice: { type: 'string' },
    fundingRate: { type: 'string' },
    nextFundingTime: { type: 'integer' },
  },
} as const;

export async function startPerpetualsLive({
  app,
  services,
  store,
  channels,
  config,
}: ModuleContext<FuturesServices, FuturesRepos>): Promise<() => Promise<void>> {
  const spotData = services.marketData;
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
  /** The index a perpetual trades around: its spot market's mid, else its last price. */
  const spotIndex = (spotSymbol: string): DecimalValue | null => {
    const ticker = spotData.ticker(spotSymbol);
    if (ticker.bestBid && ticker.bestAsk)
      return new Decimal(ticker.bestBid).plus(ticker.bestAsk).div(2);
    return ticker.last ? new Decimal(ticker.last) : null;
  };
  const marketData = createMarketData({
    events: futuresHost,
    klines: store.repos.klines,
    markets,
    now: config.now,
    log: app.log,
    marketPriceBand_bps: config.marketPriceBand_bps,
    recentTrades,
    // Made-up history: the spot market's own (the index the perpetual follows), interval by interval.
    history: config.simulator
      ? async (market) => {
          const spotSymbol = bySymbol.get(market.symbol)?.spotSymbol ?? '';
          const history: Partial<Record<KlineInterval, Kline[]>> = {};
          for (const interval of KLINE_INTERVALS) {
            history[interval] = await spotData.klines(spotSymbol, interval, HISTORY_KEEP[interval]);
          }
          return history;
        }
      : null,
  });
  await marketData.start();
  futures.liveData = marketData;
  const isDemo = (symbol: string) => bySymbol.get(symbol)?.side === 'demo';
  const withMarks = (list: Ticker[]): PerpTicker[] =>
    list.map((t) => {
      const mark = futures.info.markInfo(t.symbol, isDemo(t.symbol) ? 'demo' : 'real');
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
        response: {
          200: envelopeOf({ type: 'array', items: perpTickerSchema }),
          400: errorEnvelope,
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
  // The simulator's system accounts trade fee-free on the writer: it runs where the writer does.
  if (config.simulator && runsWriters(config)) {
    /** The spot index plus the perpetual's basis, on its tick grid. */
    const follow = (symbol: string) => {
      const market = bySymbol.get(symbol);
      const index = market && spotIndex(market.spotSymbol);
      if (!market || !index) return null;
      const tick = market.config.tickSize;
      const ticks = index
        .times(1 + basisOf(market.realSymbol, config.now()))
        .div(tick)
        .toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
      return ticks.gt(0) ? ticks.times(tick).toFixed(decimalsOfStep(tick)) : null;
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
          const order = await futures.trading.placeOrder(userId, market?.side ?? 'real', {
            symbol: body.symbol,
            side: body.side,
            type: body.type,
            ...(body.type === 'limit' ? { price: body.price, timeInForce: body.timeInForce } : {}),
            quantity: quantity ?? '0',
          });
          return order;
        },
        cancelOrder: (userId, symbol, orderId) =>
          futures.trading.cancelOrder(
            userId,
            bySymbol.get(symbol)?.side ?? 'real',
            symbol,
            orderId,
          ),
        cancelAll: (userId, symbol) =>
          futures.trading.cancelAll(userId, bySymbol.get(symbol)?.side ?? 'real', symbol),
        openOrders: async (userId, symbol) =>
          futures.trading.openOrders(userId, bySymbol.get(symbol)?.side ?? 'real', symbol),
      },
      ledger: {
        deposit: (userId, coin, amount) => futures.accounts.systemDeposit(userId, coin, amount),
        balances: async (userId) => futures.accounts.walletBalances(userId),
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
    services.simulators.add(simulator);
  }
  // Hooks run last-registered first: trading stops and the last klines are
  // written before the engine hosts drain and the store closes.
  return async () => {
    if (simulator) services.simulators.remove(simulator);
    await simulator?.close();
    stopChannels();
    await marketData.close();
  };
}
