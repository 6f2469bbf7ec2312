/** Spot trading: the spot books' single writer, orders and fills, and the private order, fill and balance channels. */
import type { QuayModule } from '../../kernel/module';
import { registerPrivateChannels } from './spot-channels';
import { spotRoutes } from './spot-routes';
import type { SpotServices } from './spot-services';

export const spotModule: QuayModule<SpotServices> = {
  name: 'spot',
  async register({ app, services, channels }) {
    await services.spotHost.start();
    // Every acknowledged order is committed before the store closes.
    app.addHook('onClose', () => services.spotHost.idle());
    spotRoutes(app, services);
    registerPrivateChannels(channels, services, app.log);
  },
};

export { depthStepTicks, marketInfoOf } from './market-info';
export { marketOf } from './market-of';
export { SpotHost } from './spot-host';
export type { CheckedOrder, HostCommand, HostResult, UserUpdates } from './spot-host';
export { SpotMarkets } from './spot-markets';
export { spotOrderHoldings } from './spot-holdings';
export type { SpotMarket } from './spot-markets';
export { SpotService } from './spot-service';
export type { SpotRepositories } from './spot-repositories';
