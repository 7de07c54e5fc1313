import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * PostgreSQL: how common the words of the jobs' text are, from the statistics ANALYZE keeps of
 * `jobs.search_vector` (its most common lexemes and the share of jobs holding each), so a search for
 * words alone can tell, before asking, that the newest seqs cannot hold its candidates (decision
 * 0207). Only a hint: a wrong one costs a statement, never a different page.
 */
export interface LexemeStatistics {
  /** Each listed lexeme's share of the sampled jobs. */
  shares: ReadonlyMap<string, number>;
}

/** Statistics change only when ANALYZE runs again: each instance reads them this often at most. */
const STATISTICS_MAX_AGE_MS = 10 * 60_000;
const cache = new WeakMap<Db, { readAt: number; statistics: LexemeStatistics | null }>();

/** The statistics of `jobs.search_vector`, read at most every ten minutes per database handle; null before any ANALYZE. */
export async function lexemeStatistics(db: Db): Promise<LexemeStatistics | null> {
  const cached = cache.get(db);
  const now = performance.now();
  if (cached && now - cached.readAt < STATISTICS_MAX_AGE_MS) return cached.statistics;
  // pg_stats lists anyarray columns; through text they read as text[] (lexemes) and real[].
  const { rows } = await sql<{ lexemes: string[] | null; shares: number[] | null }>`select most_common_elems::text::text[] as lexemes, most_common_elem_freqs as shares
    from pg_stats where schemaname = current_schema() and tablename = 'jobs' and attname = 'search_vector'`.execute(db);
  const row = rows[0];
  let statistics: LexemeStatistics | null = null;
  if (row?.lexemes?.length && row.shares && row.shares.length >= row.lexemes.length) {
    // After the lexemes' own shares the array holds summary values (the smallest and largest): not lexemes.
    statistics = { shares: new Map(row.lexemes.map((lexeme, i) => [lexeme, Number(row.shares![i])])) };
  }
  cache.set(db, { readAt: now, statistics });
  return statistics;
}

/**
 * At most how many of `seqs` jobs hold every one of `lexemes`, by the statistics: the rarest one's
 * share of them (the words together are at most as common as the rarest). Null when that is not
 * known: no statistics, no lexemes, or a lexeme the statistics do not list (rarer than those listed,
 * but how rare is not known).
 */
export function mostMatches(statistics: LexemeStatistics | null, lexemes: readonly string[], seqs: number): number | null {
  if (!statistics || !lexemes.length) return null;
  let share = 1;
  for (const lexeme of lexemes) {
    const listed = statistics.shares.get(lexeme);
    if (listed === undefined) return null;
    share = Math.min(share, listed);
  }
  return share * seqs;
}
