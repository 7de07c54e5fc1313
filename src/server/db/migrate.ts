import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations';

/** Applies every migration not yet applied (on PostgreSQL, tests each have a database of their own). */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
