// npm run alerts:send: one job alert digest run, then exit (for cron, or to run it by hand).
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';

const config = loadConfig({ ...process.env, ALERT_DIGEST_INTERVAL_MINUTES: '0' });
const database = connectDatabase(config.DATABASE_URL);
await migrateToLatest(database.db);
const app = await buildApp({ config, database });
await app.ready();
try {
  const result = await app.runAlertDigest();
  app.log.info({ result }, 'job alert digest sent');
} finally {
  await app.close();
}
