/**
 * The process: reads the environment, builds the app, listens, and on
 * SIGTERM/SIGINT stops accepting, lets requests in flight finish, closes the
 * sockets and the store, then exits. An engine (ROLE=engine) builds the app
 * as standby and waits there for the writer's lease (the spot host's start),
 * answering /health and /metrics meanwhile.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './kernel/config';
import { standbyServer } from './kernel/cluster/standby-server';

const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();

const standby =
  config.cluster.role === 'engine' ? await standbyServer(config.port, config.host) : null;
// A standby stopped while it waits has nothing to drain.
const stopStandby = () => process.exit(0);
if (standby) {
  process.once('SIGTERM', stopStandby);
  process.once('SIGINT', stopStandby);
}

const app = await buildApp(config);
if (standby) {
  process.off('SIGTERM', stopStandby);
  process.off('SIGINT', stopStandby);
  await standby.close();
}

closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
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
