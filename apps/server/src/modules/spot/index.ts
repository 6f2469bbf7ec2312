/** Spot trading: the spot books' single writer, orders and fills, and the private order, fill and balance channels. */
import type { QuayModule } from '../../kernel/module';
import { registerPrivateChannels } from './spot-channels';
import { spotRoutes } from './spot-routes';
import { spotPlanRoutes } from './spot-plan-routes';
import type { SpotServices } from './spot-services';

export const spotModule: QuayModule<SpotServices> = {
  name: 'spot',
  async register({ app, services, channels }) {
    await services.spotHost.start();
    // Every acknowledged order is committed before the store closes.
    app.addHook('onClose', () => services.spotHost.idle());
    spotRoutes(app, services);
    spotPlanRoutes(app, services);
    registerPrivateChannels(channels, services, app.log);
  },
};

export { depthStepTicks, marketInfoOf } from './market-info';
export { marketOf } from './market-of';
export { SpotHost, namedJob } from './spot-host';
export { SpotEngineLink } from './cluster/spot-engine-link';
export { SpotGatewayLink } from './cluster/spot-gateway-link';
export type {
  CheckedOrder,
  HostCommand,
  HostResult,
  LedgerJob,
  LedgerJobContext,
  NamedJob,
  UserUpdates,
} from './spot-host';
export { SpotMarkets, fillToWire, orderToWire } from './spot-markets';
export { spotOrderHoldings } from './spot-holdings';
export {
  fillSchema as spotFillSchema,
  orderSchema as spotOrderSchema,
  placeOrderProperties,
  symbolField as spotSymbolField,
} from './spot-routes';
export type { SpotMarket } from './spot-markets';
export { SpotService } from './spot-service';
export { planToWire as spotPlanToWire } from './spot-plan-service';
export type { SpotRepositories } from './spot-repositories';
export type { SpotOrderRow } from './spot-repository';
