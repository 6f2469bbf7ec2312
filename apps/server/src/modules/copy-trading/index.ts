/** Copy trading of USDT-M perpetuals: lead traders, followers' copy accounts, copying in the lead's batch, the daily profit share on a high-water mark. */
import { runsWriters, type QuayModule } from '../../kernel/module';
import type { CopyTradingRepos } from './copy-trading-repositories';
import { copyTradingRoutes } from './copy-trading-routes';
import type { CopyTradingServices } from './copy-trading-services';

export const copyTradingModule: QuayModule<CopyTradingServices, CopyTradingRepos> = {
  name: 'copy-trading',
  async register({ app, services, config }) {
    if (runsWriters(config)) {
      await services.copyTrading.start();
      services.copyTrading.startTimer();
      // Registered after the futures module's hook: runs before the host closes.
      app.addHook('onClose', () => services.copyTrading.stop());
    }
    copyTradingRoutes(app, services);
  },
};

export { CopyTradingService } from './copy-trading-service';
export { copyTradingSettingsOf } from './copy-trading-settings';
export type { CopyTradingRepositories } from './copy-trading-repositories';
