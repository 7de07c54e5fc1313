import { PostgresAdapter, type Kysely } from 'kysely';

/** Whether a migration runs on PostgreSQL rather than SQLite: the one test its dialect's own steps ask. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
