/**
 * Public market data and the market simulator, started with the app: market
 * data listens to the engine host, serves /v1/spot market routes and the
 * public WebSocket channels; the simulator (unless SIMULATOR=off) trades
 * through the spot service like any user and back-fills kline history for
 * markets that have none.
 */
import { lotsToQuantity, ticksToPrice, type PublicTrade, type SpotMarketConfig } from '@quay/core';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import type { Services } from './domain/services';
import { registerMarketRoutes } from './http/routes/market-routes';
import type { ChannelHub } from './http/routes/ws-routes';
import { registerMarketChannels } from './market-data/market-channels';
import { createMarketData, type MarketData } from './market-data/market-data';
import { createSimulator, startPriceOf, type Simulator } from './simulator/simulator';
import { syntheticHistory } from './simulator/synthetic-history';
import type { Store } from './store/db';

export interface MarketsLive {
  marketData: MarketData;
  simulator: Simulator | null;
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
      now: config.now,
      log: app.log,
      // A demo index starts where it left off, else at its real market's price.
      initialPrice: (symbol) =>
        marketData.ticker(symbol).last || marketData.ticker(realOf(symbol)).last || null,
    });
    await simulator.start();
    simulator.startTimer();
  }
  // Hooks run last-registered first: this one stops trading and writes the
  // last klines before the engine host drains and the store closes.
  app.addHook('onClose', async () => {
    await simulator?.close();
    stopChannels();
    await marketData.close();
  });
  return { marketData, simulator };
}
