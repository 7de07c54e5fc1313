import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';
import type { Db } from '../database';
import { ensureSearchRanges } from '../../features/jobs/search-ranges';

/**
 * Issue 16, decision 0216 (PostgreSQL only): the tokens of a job (migrations 0036, 0051) become a
 * stored generated column, `search_tokens`, and the words-and-tokens expression that the whole-table
 * GIN index, the search ranges' indexes (0054) and the extended statistics (0056) are made on becomes
 * `search_vector || search_tokens`. The planner read the statistics object's expression and inlined
 * the SQL function in it again for every reference to `jobs` in every statement it planned, and
 * inlined the function once more for each reference a search spelled: about 1 ms of planning per
 * reference at 1M on session 16's machine, a fifth of that without the function. The function stays:
 * the column is computed from it. SQLite has had its own `search_tokens` column since 0036.
 *
 * Adding a stored column rewrites the table and its indexes (about three minutes at a million jobs on
 * two cores), under a lock that keeps writes and reads out until it is done.
 */
const FUNCTION_CALL = 'jobs_search_tokens(latitude, longitude, employment_type, category, state, remote, pay_max_annual, seq)';
const OLD_EXPRESSION = `search_vector || ${FUNCTION_CALL}`;
const NEW_EXPRESSION = 'search_vector || search_tokens';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(`alter table jobs add column search_tokens tsvector generated always as (${FUNCTION_CALL}) stored`).execute(db);
  await rebuild(db, OLD_EXPRESSION, NEW_EXPRESSION);
  // A database new to 0054 has no ranges yet (see there): those a search asks now.
  await ensureSearchRanges(db as unknown as Db, { concurrently: false });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await rebuild(db, NEW_EXPRESSION, OLD_EXPRESSION);
  await sql`alter table jobs drop column search_tokens`.execute(db);
}

/**
 * Makes the statistics object, the whole-table index and every search range's index on `to` instead
 * of `from`, reading the ranges' definitions from the catalogue; a seed interrupted with its indexes
 * dropped (0057) gets its recorded definitions changed the same way.
 */
async function rebuild(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  await sql`drop statistics if exists jobs_words_and_tokens`.execute(db);
  await sql.raw(`create statistics jobs_words_and_tokens on (${to}) from jobs`).execute(db);
  const { rows } = await sql<{ name: string; definition: string }>`select indexname as name, indexdef as definition from pg_indexes
    where tablename = 'jobs' and schemaname = current_schema() and (indexname = 'jobs_search_tokens_open' or indexname like 'jobs\\_search\\_range\\_%')`.execute(db);
  for (const { name, definition } of rows) {
    if (!definition.includes(from)) throw new Error(`index ${name} is not on ${from}: ${definition}`);
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql.raw(definition.replace(from, to)).execute(db);
  }
  await sql`update seed_restore set definition = replace(definition, ${from}, ${to}) where kind = 'index'`.execute(db);
  await sql`analyze jobs`.execute(db);
}
