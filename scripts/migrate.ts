// npm run migrate: apply the migrations once, on their own (issue 47). Before starting several instances
// with MIGRATE_ON_START=false, so they never race to migrate (docs/operations.md).
import { loadConfig, loadEnvFile } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';

loadEnvFile();
const config = loadConfig();
const database = connectDatabase(config.DATABASE_URL);
try {
  const result = await migrateToLatest(database.db);
  const applied = (result.results ?? []).filter((migration) => migration.status === 'Success').map((migration) => migration.migrationName);
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
}
