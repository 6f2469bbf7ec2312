/** Margin trading: cross and isolated accounts, borrowing and interest, margin orders on the spot books, calls and liquidation. */
import { runsWriters, type QuayModule } from '../../kernel/module';
import type { MarginRepos } from './margin-repositories';
import { marginRoutes } from './margin-routes';
import type { MarginServices } from './margin-services';

export const marginModule: QuayModule<MarginServices, MarginRepos> = {
  name: 'margin',
  async register({ app, services, config }) {
    if (runsWriters(config)) {
      await services.marginRisk.seed();
      const stopListening = services.marginOrders.listen();
      services.marginRisk.startTimer(config.markIntervalMs);
      app.addHook('onClose', async () => {
        stopListening();
        await services.marginRisk.stop();
      });
    }
    marginRoutes(app, services);
  },
};

export { MarginService } from './margin-service';
export { MarginOrders } from './margin-orders';
export { MarginRisk, type MarginMail } from './margin-risk';
export { MarginTerms } from './margin-terms';
export { marginSettingsOf } from './margin-settings';
export { MARGIN_FUND, MARGIN_POOL } from './margin-accounts';
export type { MarginRepositories } from './margin-repositories';
