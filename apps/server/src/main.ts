import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await buildApp(config);

// On SIGTERM/SIGINT: stop accepting, finish what is in flight, close the store.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    store: config.databaseUrl ? 'postgres' : 'sqlite',
    dataDir: config.dataDir,
    smtp: Boolean(config.smtp),
  },
  'Quay is up',
);
