import type { DialectName } from '../../db/database';
import type { SearchPlan } from './search-plan';

/**
 * Stage two of the search pipeline (decision 0246): which path a plan takes. Every path gives the
 * same page and total as ranking every match would (the tests' oracle, tests/support/search-oracle.ts);
 * they differ only in the statements they ask. Each path that tries a narrower read first falls back
 * to a wider one within its executor.
 */
export type SearchStrategy =
  /** Words by relevance or date: the newest RANKED_CANDIDATES matches ranked in one statement (decision 0170). */
  | 'newest-matches'
  /** PostgreSQL, words alone: the newest two seq blocks (decisions 0171, 0207), the search ranges (0205), then newest-matches. */
  | 'newest-seq-blocks'
  /** PostgreSQL, words with filter tokens and no radius: the search ranges (0205), then newest-matches. */
  | 'newest-search-ranges'
  /** PostgreSQL, words within a radius no tokens narrow: the newest 2, then 8 seq blocks (0171), then newest-matches. */
  | 'newest-seq-windows'
  /** PostgreSQL, words within a radius with tokens: the place's newest cell blocks (0199), the search ranges (0215), then newest-matches. */
  | 'newest-place-blocks'
  /** Words by distance, the radius covered by cells: rings around the place (0213), then every match of the radius. */
  | 'nearest-rings-with-words'
  /** Words by distance, no cells cover the radius: every match of the radius (SQLite lists a common word's box first). */
  | 'every-match-by-distance'
  /** No words, within a radius, in date order: the newest jobs walked and tested against the box (0198), then the box read. */
  | 'dated-walk'
  /** No words, by distance: rings around the place (0193), then the whole radius. */
  | 'nearest-rings'
  /** No words, no radius: in index order, stopping after the page. */
  | 'listing';

/** The strategies only PostgreSQL takes: each asks the GIN index for a narrower window of seqs first. */
export const POSTGRES_WINDOW_STRATEGIES: readonly SearchStrategy[] = ['newest-seq-blocks', 'newest-search-ranges', 'newest-seq-windows', 'newest-place-blocks'];

/** The path of a plan on a database (pure: the plan and the dialect say it all). */
export function chooseStrategy(plan: SearchPlan, dialect: DialectName): SearchStrategy {
  const { terms, radius, sort } = plan;
  if (terms.length === 0) {
    if (!radius) return 'listing';
    return sort === 'distance' ? 'nearest-rings' : 'dated-walk';
  }
  if (sort === 'distance') return radius?.cells ? 'nearest-rings-with-words' : 'every-match-by-distance';
  if (dialect === 'sqlite') return 'newest-matches';
  // PostgreSQL's GIN index finds every match but orders none (decision 0171): each path below asks
  // it for the newest seqs first, through whichever tokens the plan has beside the words.
  if (!radius) return plan.filterTokens ? 'newest-search-ranges' : 'newest-seq-blocks';
  return radius.cells || plan.filterTokens ? 'newest-place-blocks' : 'newest-seq-windows';
}
