/** Public market data of the spot markets (tickers, klines, trades, depth) and the spot simulator. */
import type { QuayModule } from '../../kernel/module';
import type { MarketDataServices } from './market-data-services';
import { startSpotMarketsLive } from './spot-market-data';

export const marketDataModule: QuayModule<MarketDataServices> = {
  name: 'market-data',
  async register(context) {
    const stop = await startSpotMarketsLive(context);
    // Trading stops and the last klines are written before the engine hosts drain.
    context.app.addHook('onClose', stop);
  },
};

export { registerMarketChannels } from './market-channels';
export { RECENT_TRADES, createMarketData } from './market-data';
export type { MarketData, MarketDataLog } from './market-data';
export { registerMarketDataRoutes, tickerSchema } from './market-routes';
export { createSpotMarketData } from './spot-market-data';
export type { MarketDataRepositories } from './market-data-repositories';
