/** USDT-margined perpetual futures: their single writer, positions, plans, funding, liquidation and market data. */
import { runsWriters, type QuayModule } from '../../kernel/module';
import { registerFuturesChannels } from './futures-channels';
import { futuresRoutes } from './futures-routes';
import type { FuturesRepos } from './futures-repositories';
import type { FuturesServices } from './futures-services';
import { startPerpetualsLive } from './perps-live';

export const futuresModule: QuayModule<FuturesServices, FuturesRepos> = {
  name: 'futures',
  async register(context) {
    const { app, services, channels, config } = context;
    // On a gateway (ROLE=gateway) the host keeps a copy of the engine's state and sends commands.
    await services.futuresHost.start();
    if (runsWriters(config)) {
      services.futuresHost.startTimer(config.markIntervalMs);
      app.addHook('onClose', async () => {
        services.futuresHost.stopTimer();
        await services.futuresHost.idle();
      });
    }
    futuresRoutes(app, services);
    registerFuturesChannels(channels, services, app.log);
    // Registered after the host's hook, so it runs first on close.
    app.addHook('onClose', await startPerpetualsLive(context));
  },
};

export { FuturesHost } from './futures-host';
export { FUTURES_TOPIC, FuturesEngineLink } from './cluster/futures-engine-link';
export { FuturesGatewayLink } from './cluster/futures-gateway-link';
export type { CheckedFuturesOrder, FuturesDesk, FuturesFillHook } from './futures-host';
export {
  LONG,
  SHORT,
  fromMinorText,
  pnlAt,
  walletOf,
  valueOf,
  type FillDoc,
  type Order,
  type Position,
} from './futures-state';
export { FuturesService } from './futures-service';
export { PerpMarkets } from './perp-markets';
export { isolatedMarginHoldings } from './futures-holdings';
export type { FuturesRepositories } from './futures-repositories';
