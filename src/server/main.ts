import { buildApp } from './app';
import { ConfigError, loadConfig, loadEnvFile } from './config';
import { connectDatabase } from './db/connection';
import { migrateToLatest, pendingMigrations } from './db/migrate';
import { prepareDemoData } from '../../tools/seed/start-up';

/** Starts the site: configuration, migrations, then listening until SIGTERM or SIGINT. */
async function main() {
  let config;
  try {
    loadEnvFile();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const dev = process.argv.includes('--dev');
  const database = connectDatabase(config.DATABASE_URL);
  if (config.MIGRATE_ON_START) await migrateToLatest(database.db);
  else {
    // Several instances migrate once, beforehand (npm run migrate): one started before that stops here.
    const pending = await pendingMigrations(database.db);
    if (pending.length) {
      console.error(`The database lacks ${pending.length} migration(s) this version needs (${pending[0]} first): run npm run migrate, or start with MIGRATE_ON_START=true.`);
      await database.close();
      process.exit(1);
    }
  }
  const app = await buildApp({ config, database, dev, processMetrics: true });
  // A seed killed half-way is mended, and an empty database gets the demo data when SEED_DEMO_DATA asks.
  await prepareDemoData(database, { seed: config.SEED_DEMO_DATA, jobs: config.SEED_DEMO_JOBS, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const drainMs = config.SHUTDOWN_DRAIN_SECONDS * 1000;
    const forced = setTimeout(() => {
      app.log.error('requests did not finish within 10 s; exiting');
      process.exit(1);
    }, drainMs + 10_000);
    forced.unref();
    // Behind a load balancer: readiness fails first, the balancer stops sending, then we close (decision 0142).
    app.startDraining();
    if (drainMs > 0) {
      app.log.info({ signal, drainMs }, 'shutting down: not ready any more, still serving while the balancer drains');
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Jobwise is serving ${config.PUBLIC_URL}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
