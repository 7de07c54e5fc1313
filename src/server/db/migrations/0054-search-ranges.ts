import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Db } from '../database';
import { ensureSearchRanges } from '../../features/jobs/search-ranges';

/**
 * Issue 16, decision 0205 (PostgreSQL only): the full-text index of words and tokens cut by seq into
 * ranges, a partial GIN index each, built here for the jobs there are (and one range ahead); from here
 * on `src/server/features/jobs/search-ranges.ts` keeps them (the scheduler, hourly). SQLite unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await ensureSearchRanges(db as unknown as Db, { concurrently: false });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
    where tablename = 'jobs' and schemaname = current_schema() and indexname like 'jobs\_search\_range\_%'`.execute(db);
  for (const { name } of rows) {
    // Names are ours (jobs_search_range_<n>); checked before they reach the statement.
    if (/^jobs_search_range_\d+$/.test(name)) await sql.raw(`drop index ${name}`).execute(db);
  }
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
