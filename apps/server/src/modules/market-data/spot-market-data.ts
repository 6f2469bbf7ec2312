/**
 * The spot markets' public data, built with the app's services so that every
 * module reads the same tickers, and the spot simulator: started with the
 * app, the simulator (unless SIMULATOR=off) trades through the spot service
 * like any user and back-fills kline history for markets that have none.
 */
import { lotsToQuantity, ticksToPrice, type PublicTrade, type SpotMarketConfig } from '@quay/core';
import type { AppConfig } from '../../kernel/config';
import type { MarketDataStore as Store } from './market-data-repositories';
import type { MarketEvents } from '../../kernel/market-events';
import type { ModuleContext } from '../../kernel/module';
import { createSimulator, startPriceOf, syntheticHistory, type Simulator } from '../simulator';
import type { SpotMarkets } from '../spot';
import { registerMarketChannels } from './market-channels';
import { createMarketData, type MarketData, type MarketDataLog } from './market-data';
import type { MarketDataServices } from './market-data-services';
import { registerMarketRoutes } from './market-routes';

export function createSpotMarketData(deps: {
  events: MarketEvents;
  spotMarkets: SpotMarkets;
  store: Store;
  config: AppConfig;
  log: MarketDataLog;
}): MarketData {
  const { store, config } = deps;
  const markets: SpotMarketConfig[] = deps.spotMarkets.all().map((m) => m.config);
  const bySymbol = new Map(markets.map((m) => [m.symbol, m]));
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
  return createMarketData({
    events: deps.events,
    marketPriceBand_bps: config.marketPriceBand_bps,
    klines: store.repos.klines,
    markets,
    now: config.now,
    log: deps.log,
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
}

/** Starts the spot market data, its routes and channels, and the spot simulator; returns how to stop them. */
export async function startSpotMarketsLive({
  app,
  services,
  channels,
  config,
}: ModuleContext<MarketDataServices>): Promise<() => Promise<void>> {
  const { marketData, spotMarkets, spotHost } = services;
  const markets = spotMarkets.all().map((m) => m.config);
  /** A demo market follows its real market: same start price, same made-up history shape. */
  const realOf = (symbol: string) => spotMarkets.get(symbol)?.realSymbol ?? symbol;
  await marketData.start();
  registerMarketRoutes(app, marketData, spotMarkets);
  const stopChannels = registerMarketChannels(
    channels,
    marketData,
    spotHost,
    (symbol) => spotMarkets.get(symbol)?.side === 'demo',
  );
  marketData.startTimer();

  let simulator: Simulator | null = null;
  if (config.simulator) {
    simulator = createSimulator({
      spot: services.spot,
      ledger: services.ledger,
      ensureSystemUser: (email) => services.accounts.ensureSystemUser(email),
      book: (symbol, levels) => spotHost.book(symbol, levels),
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
    services.simulators.add(simulator);
  }
  return async () => {
    if (simulator) services.simulators.remove(simulator);
    await simulator?.close();
    stopChannels();
    await marketData.close();
  };
}
