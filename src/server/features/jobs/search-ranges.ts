import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * PostgreSQL: the full-text index of words and tokens again, cut by seq into ranges of
 * SEARCH_RANGE_SEQS, one partial GIN index each (decision 0205). A text search asks the newest ranges
 * first, one branch each in seq order, and stops at its candidates: GIN then hands over the newest
 * matches from an index of a range's jobs only, instead of every match of the table (or every match of
 * eight seq-block tokens, which GIN checks one by one). The query's `seq >= from and seq < to` must be
 * spelled as the index's predicate, with constants, so the planner can prove the index applies.
 * Correctness never depends on an index being there: without it a branch reads the whole-table index.
 */
export const SEARCH_RANGE_SEQS = 131_072;

/** How many of the newest ranges one search statement asks; past them, the search as before. */
export const SEARCH_RANGES_PER_QUERY = 3;

/**
 * The words-and-tokens expression of jobs_search_tokens_open (migrations 0036, 0051, 0058), which each
 * range indexes too and the statistics object describes; a query must spell it the same way for
 * PostgreSQL to use either index. Two stored columns (decision 0216): a function of the columns here
 * was inlined again at every planning. `table` prefixes the columns (a query's alias); the indexes
 * name them bare.
 */
export function wordsAndTokens(table: 'j' | null): string {
  const column = (name: string) => (table ? `${table}.${name}` : name);
  return `(${column('search_vector')} || ${column('search_tokens')})`;
}

/** The name of a range's index: this prefix and the range's number. */
const RANGE_INDEX_PREFIX = 'jobs_search_range_';

export function searchRangeIndexName(range: number): string {
  return `${RANGE_INDEX_PREFIX}${range}`;
}

/** The seqs of a range: from (inclusive) to (exclusive). */
export function searchRangeBounds(range: number): { from: number; to: number } {
  return { from: range * SEARCH_RANGE_SEQS, to: (range + 1) * SEARCH_RANGE_SEQS };
}

/** The statement that builds one range's index (integers of ours only, no input). */
export function searchRangeIndexSql(range: number, options: { concurrently: boolean }): string {
  if (!Number.isSafeInteger(range) || range < 0) throw new Error(`not a search range: ${range}`);
  const { from, to } = searchRangeBounds(range);
  return `create index ${options.concurrently ? 'concurrently ' : ''}if not exists ${searchRangeIndexName(range)} on jobs using gin (${wordsAndTokens(null)})
    where status = 'open' and seq >= ${from} and seq < ${to}`;
}

/**
 * The ranges that have an index for `maxSeq`: those a search can ask (the newest SEARCH_RANGES_PER_QUERY
 * at or below its range) and the one after, so postings find theirs ready. Older ranges are never
 * asked (a search past the newest ones reads the whole-table index), so they get none: at 1M the seed
 * builds four range indexes instead of nine (decision 0214).
 */
export function searchRangesKept(maxSeq: number): number[] {
  const last = Math.floor(Math.max(0, maxSeq) / SEARCH_RANGE_SEQS);
  const first = Math.max(0, last - SEARCH_RANGES_PER_QUERY + 1);
  return Array.from({ length: last + 2 - first }, (_, i) => first + i);
}

/** The ranges a search asks, newest first: those of `maxSeq` and below, at most SEARCH_RANGES_PER_QUERY. */
export function newestSearchRanges(maxSeq: number): { ranges: Array<{ from: number; to: number }>; coversAll: boolean } {
  const last = Math.floor(Math.max(0, maxSeq) / SEARCH_RANGE_SEQS);
  const count = Math.min(SEARCH_RANGES_PER_QUERY, last + 1);
  return { ranges: Array.from({ length: count }, (_, i) => searchRangeBounds(last - i)), coversAll: count === last + 1 };
}

/** Lock key for building range indexes, so instances sharing a database do not build the same one at once. */
const ENSURE_LOCK = 0x6a6f6273;

/**
 * Builds the index of every range a search can ask and the one after the largest seq's (so postings
 * find theirs ready), again any whose concurrent build failed (left invalid), then drops those of
 * older ranges, which no search asks (decision 0214). Run by migration 0058 and hourly by the
 * scheduler (CONCURRENTLY there: writes go on meanwhile); the seed builds the same ranges itself
 * (`searchRangesKept`) beside its other indexes. Returns the ranges it built and dropped.
 * PostgreSQL only.
 */
export async function ensureSearchRanges(db: Db, options: { concurrently: boolean }): Promise<{ built: number[]; dropped: number[] }> {
  // One connection holds the lock and builds (a migration's transaction is one already).
  const onOneConnection = <T>(work: (connection: Db) => Promise<T>) => (db.isTransaction ? work(db) : db.connection().execute(work));
  return onOneConnection(async (connection) => {
    const locked = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${ENSURE_LOCK}) as locked`.execute(connection);
    if (!locked.rows[0]?.locked) return { built: [], dropped: [] };
    try {
      const { rows } = await sql<{ seq: number | string | null }>`select max(seq) as seq from jobs`.execute(connection);
      const kept = searchRangesKept(Number(rows[0]?.seq ?? 0));
      const concurrently = options.concurrently ? 'concurrently ' : '';
      // Built first: a drop that fails leaves the asked ranges indexed.
      const built: number[] = [];
      for (const range of kept) {
        const name = searchRangeIndexName(range);
        const found = await sql<{ valid: boolean | null }>`select (select i.indisvalid from pg_index i where i.indexrelid = to_regclass(${name})) as valid`.execute(connection);
        const valid = found.rows[0]?.valid;
        if (valid === true) continue;
        if (valid === false) await sql.raw(`drop index ${concurrently}if exists ${name}`).execute(connection);
        await sql.raw(searchRangeIndexSql(range, options)).execute(connection);
        built.push(range);
      }
      const existing = await sql<{ name: string }>`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = to_regclass('jobs') and c.relname ~ ${`^${RANGE_INDEX_PREFIX}[0-9]+$`}`.execute(connection);
      const dropped = existing.rows
        .map(({ name }) => Number(name.slice(RANGE_INDEX_PREFIX.length)))
        .filter((range) => Number.isSafeInteger(range) && range < kept[0]!)
        .sort((a, b) => a - b);
      for (const range of dropped) await sql.raw(`drop index ${concurrently}if exists ${searchRangeIndexName(range)}`).execute(connection);
      return { built, dropped };
    } finally {
      await sql`select pg_advisory_unlock(${ENSURE_LOCK})`.execute(connection);
    }
  });
}
