import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { hasSqliteRank } from '../../db/connection';
import { ftsWordsPhrases, type WordGroup } from './search-words';

/** The weights of jobs_fts's title, company name and description columns in every score below (literals: FTS5 reads them per row). */
const COLUMN_WEIGHTS = sql.raw('10.0, 4.0, 1.0');

/**
 * SQLite's full text score of a row for a search's words (decision 0221): title, company name and
 * description weighted 10, 4 and 1 (the tokens column holds no word of a query), as FTS5's bm25().
 *
 * bm25() counts every row each word matches, once per statement, for the word's IDF: for a common
 * word, far more rows than the 1,200 newest candidates it ranks. Where the
 * connection has Jobwise's rank function (jobwise_bm25, built at install), the counts are made once
 * and kept until the full-text index changes, and the function scores with them: the same formula,
 * the same counts, the same scores to the last bit. Without it, bm25() itself.
 *
 * This gives the counts, or null where the connection has no rank function.
 */
export async function sqliteWordCounts(db: Db, words: readonly WordGroup[]): Promise<number[] | null> {
  if (!hasSqliteRank(db) || words.length === 0) return null;
  return phraseHits(db, ftsWordsPhrases(words));
}

/**
 * The score, for a statement that matches the words alone (`jobs_fts match ftsWordsQuery(words)`):
 * the counts are given phrase by phrase, in the query's order (a typed word or another name each). bm25() without counts.
 */
export function sqliteTextScore(counts: number[] | null): RawBuilder<number> {
  return counts ? sql<number>`jobwise_bm25(jobs_fts, 3, ${COLUMN_WEIGHTS}, ${sql.join(counts)})` : FTS5_BM25;
}

/**
 * The same score, where the statement matches the words AND `tokenPhrases` place or filter tokens
 * (search-tokens.ts) in the tokens column: those are given weight 0, so they add nothing to any row's
 * score whatever their counts (given as 0: never counted), and the words' part is the score above, to
 * the last bit. So the listing that finds a search's candidates scores them too, rather than a second
 * scan of the words' matches. Null without counts (bm25() would count every token's matches:
 * hundreds of thousands for a job type).
 */
export function sqliteListingScore(counts: number[] | null, tokenPhrases: number): RawBuilder<number> | null {
  if (!counts) return null;
  const hits = [...counts, ...Array.from({ length: tokenPhrases }, () => 0)];
  return sql<number>`jobwise_bm25(jobs_fts, 4, ${COLUMN_WEIGHTS}, 0.0, ${sql.join(hits)})`;
}

/** FTS5's own score, counting each word's matches itself. */
export const FTS5_BM25 = sql<number>`bm25(jobs_fts, ${COLUMN_WEIGHTS})`;

/** At most this many words' counts are kept per database; beyond it the oldest go first. */
const MAX_KEPT_COUNTS = 10_000;

interface KeptCounts {
  /** The full-text index's structure record when the counts were made: any write to the index changes it. */
  version: Buffer | null;
  counts: Map<string, Promise<number>>;
}

const kept = new WeakMap<Db, KeptCounts>();

/**
 * How many rows of jobs_fts each word matches, as bm25() counts them (the word alone as a query),
 * kept per database until the index's structure record changes. FTS5 writes that record whenever the
 * index changes (a job posted, edited or closed commits a new segment, and merges rewrite it), so a
 * count is never older than the index, except for a write not yet committed in the same transaction.
 */
export async function phraseHits(db: Db, phrases: string[]): Promise<number[]> {
  const { rows } = await sql<{ block: Buffer | null }>`select block from jobs_fts_data where id = ${FTS5_STRUCTURE_ROWID}`.execute(db);
  const version = rows[0]?.block ?? null;
  let entry = kept.get(db);
  if (!entry || !sameBytes(entry.version, version)) {
    entry = { version, counts: new Map() };
    kept.set(db, entry);
  }
  const { counts } = entry;
  return Promise.all(
    phrases.map((query) => {
      let count = counts.get(query);
      if (!count) {
        count = sql<{ n: number }>`select count(*) as n from jobs_fts where jobs_fts match ${query}`.execute(db).then((result) => Number(result.rows[0]?.n ?? 0));
        counts.set(query, count);
        count.catch(() => counts.delete(query));
        if (counts.size > MAX_KEPT_COUNTS) counts.delete(counts.keys().next().value!);
      }
      return count;
    }),
  );
}

/** FTS5 keeps its index's structure in this row of the `_data` table. */
const FTS5_STRUCTURE_ROWID = 10;

function sameBytes(a: Buffer | null, b: Buffer | null): boolean {
  return a === null || b === null ? a === b : a.equals(b);
}
