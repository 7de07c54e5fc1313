import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations';

/**
 * `schema` (PostgreSQL) names where the migration bookkeeping tables live. Without it Kysely looks for
 * them across every schema, so a second schema in the same database (tests give each file its own)
 * would think they already exist.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
