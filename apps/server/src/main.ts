/**
 * The process: reads the environment, builds the app, listens, and on
 * SIGTERM/SIGINT stops accepting, lets requests in flight finish, closes the
 * sockets and the store, then exits. An engine (ROLE=engine) first waits as
 * standby until it holds the writer's lease, answering /health and /metrics
 * meanwhile.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './kernel/config';
import { SPOT_WRITER } from './cluster';
import { WriterLease } from './kernel/db/writer-lease';
import { standbyServer } from './kernel/cluster/standby-server';

const SHUTDOWN_GRACE_MS = 10_000;
/** How often a standby engine tries the lease: takeover within about this. */
const LEASE_POLL_MS = 500;

const config = loadConfig();

let lease: WriterLease | null = null;
if (config.cluster.role === 'engine' && config.databaseUrl) {
  lease = new WriterLease({
    databaseUrl: config.databaseUrl,
    name: `${config.cluster.name}:${SPOT_WRITER}`,
    poll_ms: LEASE_POLL_MS,
    onLost: (err) => {
      // PostgreSQL frees the lock with the connection: another engine may write now.
      console.error('the writer lease connection failed; stopping', err);
      process.exit(75);
    },
  });
  const standby = await standbyServer(config.port, config.host);
  const stopStandby = async () => {
    await lease?.stop();
    await standby.close();
    process.exit(0);
  };
  process.once('SIGTERM', stopStandby);
  process.once('SIGINT', stopStandby);
  await lease.acquire();
  process.off('SIGTERM', stopStandby);
  process.off('SIGINT', stopStandby);
  await standby.close();
}

const app = await buildApp(config);

closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await lease?.stop();
});

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error({ err }, 'cannot listen');
  await app.close();
  process.exit(1);
}
app.log.info(
  {
    store: config.databaseUrl ? 'postgres' : 'sqlite',
    dataDir: config.dataDir,
    mail: config.smtp ? 'smtp' : 'outbox',
    role: config.cluster.role,
  },
  'Quay is up',
);
