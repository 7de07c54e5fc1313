import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';
import { POSTGRES_TOKEN_INPUTS, POSTGRES_TOKENS } from './0036-search-tokens';

/**
 * Issue 16, decision 0199 (PostgreSQL only): two more kinds of token in the GIN index of words and
 * tokens (migration 0036), each one index entry where a search asked GIN for several:
 * - `zzx<type>p<pay>`: the employment type with each pay threshold the yearly pay reaches, so a
 *   search with both filters intersects its words with one large entry instead of two;
 * - `zzg<lat>n<lon>b<block>`: the job's one-degree place cell with its block of 131,072 seqs, so a
 *   text search within a radius can ask for the newest blocks of the few cells that cover the radius
 *   and the table reads only those matches, not every match of the words and the place.
 * `src/server/features/jobs/search-tokens.ts` spells the same tokens for the queries. The function
 * keeps its arguments; the index that uses it is built again. SQLite is unchanged. Constant raw SQL.
 */
const PAY_THRESHOLDS = [30_000, 40_000, 50_000, 60_000, 80_000, 100_000];
const PLACE_SEQ_BLOCK = 131_072;

const ADDED_TOKENS = [
  ...PAY_THRESHOLDS.map((pay) => `case when pay_max_annual >= ${pay} then 'zzx' || replace(employment_type, '_', '') || 'p${pay}' end`),
  `'zzg' || floor(latitude + 90)::int::text || 'n' || floor(longitude + 180)::int::text || 'b' || (seq / ${PLACE_SEQ_BLOCK})::text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await rebuild(db, `${POSTGRES_TOKENS},\n  ${ADDED_TOKENS.join(',\n  ')}`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await rebuild(db, POSTGRES_TOKENS);
}

/** An index on a function is not rebuilt when the function changes: drop it, replace the body, build it. */
async function rebuild(db: Kysely<unknown>, tokens: string): Promise<void> {
  await sql`drop index jobs_search_tokens_open`.execute(db);
  await sql.raw(`create or replace function jobs_search_tokens(latitude double precision, longitude double precision, employment_type text,
      category text, state text, remote integer, pay_max_annual double precision, seq bigint)
      returns tsvector language sql immutable parallel safe
      as $$ select array_to_tsvector(array_remove(array[\n  ${tokens}\n], null)) $$`).execute(db);
  await sql.raw(`create index jobs_search_tokens_open on jobs using gin ((search_vector || jobs_search_tokens(${POSTGRES_TOKEN_INPUTS}))) where status = 'open'`).execute(db);
}
