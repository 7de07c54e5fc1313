import type { Db } from '../../db/database';
import { everyMatchByDistance, searchOnEither } from './search-paths';
import type { JobSearchResult, SearchPlan } from './search-plan';
import { countTextMatches } from './search-sql';
import { POSTGRES_WINDOW_STRATEGIES, type SearchStrategy } from './search-strategy';

/**
 * SQLite: from this many text matches, a text search by distance within a radius its cells do not
 * narrow lists the radius's box first and keeps the text matches among it, a hash probe each, rather
 * than an index probe per text match (decision 0213).
 */
export const NEAR_FIRST_MIN_MATCHES = 8000;

/**
 * Stage three on SQLite (decision 0246). FTS5 hands over a word's matches newest first (by rowid, the
 * seq), so a text search by relevance or date lists its newest candidates straight from the index and
 * needs no windows; the rank function scores them from kept counts (decision 0221).
 */
export async function searchOnSqlite(db: Db, plan: SearchPlan, strategy: SearchStrategy): Promise<JobSearchResult> {
  if (strategy === 'every-match-by-distance') {
    const boxFirst = plan.radius !== null && (await countTextMatches(db, plan.words, NEAR_FIRST_MIN_MATCHES)) >= NEAR_FIRST_MIN_MATCHES;
    return everyMatchByDistance(db, 'sqlite', plan, { knownTotal: null, boxFirst });
  }
  if (POSTGRES_WINDOW_STRATEGIES.includes(strategy)) throw new Error(`the ${strategy} search is PostgreSQL's`);
  return searchOnEither(db, 'sqlite', plan, strategy);
}
