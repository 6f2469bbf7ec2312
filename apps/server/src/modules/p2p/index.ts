/** P2P trading: payment methods, ads, escrowed orders with their chat, timeouts and appeals. */
import { runsWriters, type QuayModule } from '../../kernel/module';
import { registerP2pChannels } from './p2p-channels';
import type { P2pRepos } from './p2p-repositories';
import { p2pRoutes } from './p2p-routes';
import type { P2pServices } from './p2p-services';

export const p2pModule: QuayModule<P2pServices, P2pRepos> = {
  name: 'p2p',
  async register({ app, services, config, channels }) {
    if (runsWriters(config)) services.p2pOrders.startTimer(config.markIntervalMs);
    const stopPushing = registerP2pChannels(channels, services.p2pOrders);
    app.addHook('onClose', async () => {
      stopPushing();
      await services.p2pOrders.stop();
    });
    p2pRoutes(app, services);
  },
};

export { P2pService, type ChangeConfirmation } from './p2p-service';
export { P2pOrders } from './p2p-orders';
export { P2P_ESCROW } from './p2p-jobs';
export type { P2pRepositories } from './p2p-repositories';
