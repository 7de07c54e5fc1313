import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Issue 16, decision 0205 (PostgreSQL only): the full-text index of words and tokens cut by seq into
 * ranges, a partial GIN index each, kept by `src/server/features/jobs/search-ranges.ts` (the
 * scheduler, hourly). This migration built them for the jobs there were; since decision 0216 their
 * expression names a column that migration 0058 adds, so a database migrated from here on gets its
 * ranges from 0058, and those built here before are made again there. SQLite unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
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
