// npm run jobs:expire: one job expiry run (close expired jobs, send 3-day notices), then exit.
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';

const config = loadConfig({ ...process.env, JOB_EXPIRY_INTERVAL_MINUTES: '0', ALERT_DIGEST_INTERVAL_MINUTES: '0' });
const database = connectDatabase(config.DATABASE_URL);
await migrateToLatest(database.db);
const app = await buildApp({ config, database });
await app.ready();
try {
  const result = await app.runJobExpiryAndMail();
  app.log.info({ result }, 'job expiry run');
} finally {
  await app.close();
}
