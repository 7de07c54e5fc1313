import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Issue 16, decision 0171: place-cell and filter tokens in the full-text index, so a text search with
 * a radius or filters is intersected by the index itself (src/server/features/jobs/search-tokens.ts
 * spells the same tokens for the queries). Per open job: its cell at 1/8, 1/4, 1/2 and 1 degree,
 * its employment type, category, state, remote, and each pay threshold its yearly pay reaches.
 * - SQLite: a virtual generated column `search_tokens` (computed when read, nothing stored in the
 *   row) becomes a fourth column of the FTS5 table, which is rebuilt; the triggers carry it and fire
 *   on changes of its inputs too.
 * - PostgreSQL: an immutable SQL function of the job's columns, and a second partial GIN index on
 *   `search_vector || jobs_search_tokens(...)`. Its tokens add the job's block of 16,384 seqs, so a
 *   search can ask for its newest matches within the newest blocks and the table reads only those. The words-only index stays: for a broad word alone the
 *   planner needs the column's statistics (it walks seq backwards), which an expression lacks.
 * FTS5 tables, triggers, functions and expression indexes have no schema-builder form: constant raw
 * SQL (no input).
 */
const LEVELS = [8, 4, 2, 1];
const PAY_THRESHOLDS = [30_000, 40_000, 50_000, 60_000, 80_000, 100_000];
/** PostgreSQL only: seq's block of this many, so a search can ask the index for the newest blocks alone. */
const SEQ_BUCKET = 16_384;

const SQLITE_TOKENS = [
  ...LEVELS.map((m, i) => `${i ? `' zzc${m}n'` : `'zzc${m}n'`} || cast((latitude + 90) * ${m} as integer) || 'n' || cast((longitude + 180) * ${m} as integer)`),
  `' zzt' || replace(employment_type, '_', '') || '0'`,
  `' zzk' || replace(category, '_', '') || '0'`,
  `' zzs' || lower(state) || '0'`,
  `case when remote = 1 then ' zzr1' else '' end`,
  ...PAY_THRESHOLDS.map((pay) => `case when pay_max_annual >= ${pay} then ' zzp${pay}' else '' end`),
].join(' || ');

/** The token list of this migration's function: migration 0051 adds to it. */
/** The token list of this migration's function, SQL joined by commas: migration 0051 adds to it. */
export const POSTGRES_TOKENS = [
  ...LEVELS.map((m) => `'zzc${m}n' || floor((latitude + 90) * ${m})::int::text || 'n' || floor((longitude + 180) * ${m})::int::text`),
  `'zzt' || replace(employment_type, '_', '') || '0'`,
  `'zzk' || replace(category, '_', '') || '0'`,
  `'zzs' || lower(state) || '0'`,
  `case when remote = 1 then 'zzr1' end`,
  ...PAY_THRESHOLDS.map((pay) => `case when pay_max_annual >= ${pay} then 'zzp${pay}' end`),
  `'zzq' || (seq / ${SEQ_BUCKET})::text`,
].join(',\n  ');

const FTS_COLUMNS = 'title, company_name, description, search_tokens';
const FTS_NEW = 'new.title, new.company_name, new.description, new.search_tokens';
const FTS_OLD = 'old.title, old.company_name, old.description, old.search_tokens';
const TOKEN_INPUTS = 'latitude, longitude, employment_type, category, state, remote, pay_max_annual';
export const POSTGRES_TOKEN_INPUTS = `${TOKEN_INPUTS}, seq`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(`create function jobs_search_tokens(latitude double precision, longitude double precision, employment_type text,
      category text, state text, remote integer, pay_max_annual double precision, seq bigint)
      returns tsvector language sql immutable parallel safe
      as $$ select array_to_tsvector(array_remove(array[\n  ${POSTGRES_TOKENS}\n], null)) $$`).execute(db);
    await sql.raw(`create index jobs_search_tokens_open on jobs using gin ((search_vector || jobs_search_tokens(${POSTGRES_TOKEN_INPUTS}))) where status = 'open'`).execute(db);
    return;
  }
  await db.schema.alterTable('jobs').addColumn('search_tokens', 'text', (col) => col.generatedAlwaysAs(sql.raw(SQLITE_TOKENS))).execute();
  await rebuildFts(db, FTS_COLUMNS, FTS_NEW, FTS_OLD, `title, company_name, description, seq, status, ${TOKEN_INPUTS}`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index jobs_search_tokens_open`.execute(db);
    await sql`drop function jobs_search_tokens`.execute(db);
    return;
  }
  await rebuildFts(db, 'title, company_name, description', 'new.title, new.company_name, new.description', 'old.title, old.company_name, old.description', 'title, company_name, description, seq, status');
  await db.schema.alterTable('jobs').dropColumn('search_tokens').execute();
}

/** SQLite: the FTS5 table of open jobs and its three triggers, made anew with these columns (as in 0003). */
async function rebuildFts(db: Kysely<unknown>, columns: string, newValues: string, oldValues: string, updateOf: string): Promise<void> {
  for (const trigger of ['jobs_fts_insert', 'jobs_fts_delete', 'jobs_fts_update']) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql`drop table if exists jobs_fts`.execute(db);
  await sql.raw(`create virtual table jobs_fts using fts5(${columns}, content='jobs', content_rowid='seq', tokenize='porter unicode61 remove_diacritics 2')`).execute(db);
  await sql.raw(`insert into jobs_fts(rowid, ${columns}) select seq, ${columns} from jobs where status = 'open'`).execute(db);
  await sql.raw(`create trigger jobs_fts_insert after insert on jobs when new.status = 'open' begin
    insert into jobs_fts(rowid, ${columns}) values (new.seq, ${newValues});
  end`).execute(db);
  await sql.raw(`create trigger jobs_fts_delete after delete on jobs when old.status = 'open' begin
    insert into jobs_fts(jobs_fts, rowid, ${columns}) values ('delete', old.seq, ${oldValues});
  end`).execute(db);
  await sql.raw(`create trigger jobs_fts_update after update of ${updateOf} on jobs begin
    insert into jobs_fts(jobs_fts, rowid, ${columns}) select 'delete', old.seq, ${oldValues} where old.status = 'open';
    insert into jobs_fts(rowid, ${columns}) select new.seq, ${newValues} where new.status = 'open';
  end`).execute(db);
}
