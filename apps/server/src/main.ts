/**
 * The process: reads the environment, builds the app, listens, and on
 * SIGTERM/SIGINT stops accepting, lets requests in flight finish, closes the
 * sockets and the store, then exits.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './kernel/config';

const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();
const app = await buildApp(config);

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
  },
  'Quay is up',
);
