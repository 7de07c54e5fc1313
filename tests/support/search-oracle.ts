import type { Db, DialectName } from '../../src/server/db/database';
import { newestMatches } from '../../src/server/features/jobs/search-paths';
import { boundTotal, resolveSearch, type JobSearchParams, type JobSearchResult } from '../../src/server/features/jobs/search-plan';
import { NEAR_FIRST_MIN_MATCHES } from '../../src/server/features/jobs/search.sqlite';
import { countTextMatches } from '../../src/server/features/jobs/search-sql';
import { matchSource } from '../../src/server/features/jobs/search-source';
import { runSearchStatement } from '../../src/server/features/jobs/search-statement';
import { chooseStrategy, POSTGRES_WINDOW_STRATEGIES } from '../../src/server/features/jobs/search-strategy';
import { searchJobs } from '../../src/server/features/jobs/search.repository';

/**
 * The search's oracle: every match counted and ranked, one statement, as the search was before the
 * bound (decisions 0040, 0045, 0170). Exact at any size, and what every path of `searchJobs` must
 * give (with its total bounded: compare with `boundTotal`). The total is not bounded here.
 */
export async function searchEveryMatch(db: Db, dialect: DialectName, params: JobSearchParams): Promise<JobSearchResult> {
  const plan = resolveSearch(params);
  // SQLite lists a common word's box first, as the every-match-by-distance path does (NEAR_FIRST_MIN_MATCHES).
  const boxFirst = dialect === 'sqlite' && plan.terms.length > 0 && plan.radius !== null && (await countTextMatches(db, plan.words)) >= NEAR_FIRST_MIN_MATCHES;
  return runSearchStatement(db, dialect, plan, matchSource(dialect, plan, { boxFirst }), { knownTotal: null, newestCandidates: false });
}

/**
 * `searchJobs` without PostgreSQL's windows (seq blocks, search ranges, place blocks): the newest
 * candidates from the whole index in one statement, for a test to compare the windows with.
 */
export async function searchWithoutWindows(db: Db, dialect: DialectName, params: JobSearchParams): Promise<JobSearchResult> {
  const plan = resolveSearch(params);
  if (!POSTGRES_WINDOW_STRATEGIES.includes(chooseStrategy(plan, dialect))) return searchJobs(db, dialect, params);
  return boundTotal(await newestMatches(db, dialect, plan), plan.bound);
}
