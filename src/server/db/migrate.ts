import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations';

/**
 * `schema` (PostgreSQL) names where the migration tables live. Without it Kysely looks for them in
 * every schema of the database, so another schema's tables (tests running in parallel) fool it.
 */
export async function migrateToLatest(db: Kysely<Database>, options: { schema?: string } = {}): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
