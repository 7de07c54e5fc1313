import { Migrator, sql, type Kysely, type MigrationResultSet } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations';

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(await migrationTableSchema(db)) });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}

/**
 * On PostgreSQL, Kysely looks for its migration tables in every schema unless told which one: with
 * two schemas in one database (tests give each file its own) it finds the other's tables and fails.
 * Pin it to the connection's current schema.
 */
async function migrationTableSchema(db: Kysely<Database>): Promise<{ migrationTableSchema?: string }> {
  try {
    const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = result.rows[0]?.schema;
    return schema ? { migrationTableSchema: schema } : {};
  } catch {
    return {}; // SQLite has no current_schema(): one database per file, nothing to pin.
  }
}
