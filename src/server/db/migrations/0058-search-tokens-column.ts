import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

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
  await ensureSearchRanges(db);
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

// The search ranges as this migration built them (decision 0205, 0214), copied here from
// src/server/features/jobs/search-ranges.ts and frozen: a migration carries the code it runs, so it
// does the same whatever the feature becomes (decision 0253).
const SEARCH_RANGE_SEQS = 131_072;
const SEARCH_RANGES_PER_QUERY = 3;
const RANGE_INDEX_PREFIX = 'jobs_search_range_';
/** The search ranges' lock key, shared with the scheduler's hourly job, which builds the same indexes. */
const ENSURE_LOCK = 0x6a6f6273;

/**
 * Builds the index of every range a search can ask and the one after the largest seq's, again any left
 * invalid, then drops those of older ranges; each range a partial GIN index on NEW_EXPRESSION.
 */
async function ensureSearchRanges(db: Kysely<unknown>): Promise<void> {
  // One connection holds the lock and builds (a migration's transaction is one already).
  const onOneConnection = <T>(work: (connection: Kysely<unknown>) => Promise<T>) => (db.isTransaction ? work(db) : db.connection().execute(work));
  await onOneConnection(async (connection) => {
    const locked = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${ENSURE_LOCK}) as locked`.execute(connection);
    if (!locked.rows[0]?.locked) return;
    try {
      const { rows } = await sql<{ seq: number | string | null }>`select max(seq) as seq from jobs`.execute(connection);
      const last = Math.floor(Math.max(0, Number(rows[0]?.seq ?? 0)) / SEARCH_RANGE_SEQS);
      const first = Math.max(0, last - SEARCH_RANGES_PER_QUERY + 1);
      const kept = Array.from({ length: last + 2 - first }, (_, i) => first + i);
      for (const range of kept) {
        const name = `${RANGE_INDEX_PREFIX}${range}`;
        const found = await sql<{ valid: boolean | null }>`select (select i.indisvalid from pg_index i where i.indexrelid = to_regclass(${name})) as valid`.execute(connection);
        const valid = found.rows[0]?.valid;
        if (valid === true) continue;
        if (valid === false) await sql.raw(`drop index if exists ${name}`).execute(connection);
        // Integers of ours only, no input.
        await sql
          .raw(
            `create index if not exists ${name} on jobs using gin ((${NEW_EXPRESSION}))
    where status = 'open' and seq >= ${range * SEARCH_RANGE_SEQS} and seq < ${(range + 1) * SEARCH_RANGE_SEQS}`,
          )
          .execute(connection);
      }
      const existing = await sql<{ name: string }>`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = to_regclass('jobs') and c.relname ~ ${`^${RANGE_INDEX_PREFIX}[0-9]+$`}`.execute(connection);
      const dropped = existing.rows
        .map(({ name }) => Number(name.slice(RANGE_INDEX_PREFIX.length)))
        .filter((range) => Number.isSafeInteger(range) && range < kept[0]!)
        .sort((a, b) => a - b);
      for (const range of dropped) await sql.raw(`drop index if exists ${RANGE_INDEX_PREFIX}${range}`).execute(connection);
    } finally {
      await sql`select pg_advisory_unlock(${ENSURE_LOCK})`.execute(connection);
    }
  });
}
