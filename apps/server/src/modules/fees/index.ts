/** VIP tiers and trading fees: the schedule, each user's tier, the daily recompute, the hosts' rate table. */
import { runsWriters, type QuayModule } from '../../kernel/module';
import { feesRoutes } from './fees-routes';
import type { FeesServices } from './fees-services';
import { VipSchedule } from './vip-schedule';

/** How often the schedule looks at the clock and for an operator's change. */
const VIP_CHECK_MS = 2000;

export const feesModule: QuayModule<FeesServices> = {
  name: 'fees',
  async register({ app, services, config }) {
    // The hosts charge from the table: it is loaded before any order is taken.
    await services.fees.reload();
    if (runsWriters(config)) {
      const schedule = new VipSchedule(services.fees, {
        now: config.now,
        check_ms: VIP_CHECK_MS,
        onError: (err, what) => app.log.error({ err }, what),
      });
      // Once the app is ready: a standby engine (ROLE=engine) computes nothing until it writes.
      app.addHook('onReady', async () => schedule.start(await services.fees.lastComputed()));
      app.addHook('onClose', () => schedule.stop());
    }
    feesRoutes(app, services);
  },
};

export { FeesService } from './fees-service';
export type { FeesOptions, RecomputeResult } from './fees-service';
export type { FeesRepositories } from './fees-repositories';
