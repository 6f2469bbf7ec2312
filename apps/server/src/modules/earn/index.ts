/** Earn: flexible and fixed-term products with tiered APR, paid daily from a funded interest account. */
import { runsWriters, type QuayModule } from '../../kernel/module';
import { EarnSchedule } from './earn-schedule';
import { earnRoutes } from './earn-routes';
import type { EarnServices } from './earn-services';

/** How often the schedule looks at the clock. */
const EARN_CHECK_MS = 2000;

export const earnModule: QuayModule<EarnServices> = {
  name: 'earn',
  async register({ app, services, config }) {
    if (runsWriters(config)) {
      // No platform fund is seeded while the protection fund's seed is 0 (the test harness).
      await services.earn.seed(config.protectionFundSeed.trim() !== '0');
      const schedule = new EarnSchedule(services.earn, {
        check_ms: EARN_CHECK_MS,
        onError: (err, what) => app.log.error({ err }, what),
      });
      // Days missed while the server was down are settled at once.
      await schedule.check();
      schedule.start();
      app.addHook('onClose', () => schedule.stop());
    }
    earnRoutes(app, services);
  },
};

export { EarnService } from './earn-service';
export { earnSettingsOf } from './earn-settings';
export { EARN_INTEREST, earnAccount } from './earn-jobs';
export type { EarnRepositories } from './earn-repositories';
