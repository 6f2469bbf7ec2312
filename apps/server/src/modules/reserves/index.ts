/** Proof of reserves: daily (and operator) snapshots of a Merkle tree of what users are owed, users' proofs. */
import { runsWriters, type QuayModule } from '../../kernel/module';
import { reservesRoutes } from './reserves-routes';
import type { ReservesServices } from './reserves-services';

const DAY_MS = 86_400_000;
/** How often the schedule looks at the clock. */
const RESERVES_CHECK_MS = 5000;

export const reservesModule: QuayModule<ReservesServices> = {
  name: 'reserves',
  async register({ app, services, config }) {
    let running: Promise<unknown> | null = null;
    // One snapshot a day: at the first check after a UTC midnight with none since it (so a
    // day missed while the server was down is caught up at start). A store with no snapshot
    // yet gets its first at the first midnight the server runs through, or from the operator.
    const startDay = Math.floor(config.now() / DAY_MS);
    const check = async () => {
      const latest = await services.reserves.latest();
      const day = Math.floor(config.now() / DAY_MS);
      if (latest ? latest.time < day * DAY_MS : day > startDay) await services.reserves.snapshot();
    };
    const timer = setInterval(() => {
      if (!runsWriters(config)) return;
      running ??= check()
        .catch((err: unknown) => app.log.error({ err }, 'reserves snapshot failed'))
        .finally(() => (running = null));
    }, RESERVES_CHECK_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
    reservesRoutes(app, services);
  },
};

export { ReservesService, sha256Hex } from './reserves-service';
export type { ReservesRepositories } from './reserves-repositories';
