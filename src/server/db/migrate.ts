import { Migrator, PostgresAdapter, sql, type Kysely, type MigrationResultSet } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations';

/**
 * PostgreSQL tables a migration rewrites, vacuumed once it has run (VACUUM cannot run in the
 * migration's transaction). A rewritten table has no visibility map, so its index-only scans read the
 * table's pages too until a vacuum, and a rewrite does not count towards autovacuum's thresholds: at
 * 1M jobs "place only, city" took 77 ms after 0058 where it took 8-16 before.
 */
const VACUUM_AFTER: Record<string, readonly string[]> = { '0058-search-tokens-column': ['jobs'] };

/** The names of the migrations this code has that the database has not applied yet. */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  return (await migrator.getMigrations()).filter((migration) => !migration.executedAt).map((migration) => migration.name);
}

/** Applies every migration not yet applied (on PostgreSQL, tests each have a database of their own). */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const applied = (result.results ?? []).filter((migration) => migration.status === 'Success');
    const tables = new Set(applied.flatMap((migration) => VACUUM_AFTER[migration.migrationName] ?? []));
    for (const table of tables) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  }
  return result;
}
