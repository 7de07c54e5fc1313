import type { Db, DialectName } from '../../db/database';
import { boundTotal, resolveSearch, type JobSearchParams, type JobSearchResult } from './search-plan';
import { searchOnPostgres } from './search.postgres';
import { searchOnSqlite } from './search.sqlite';
import { phraseHits } from './search-rank';
import { chooseStrategy } from './search-strategy';
import { withoutUnmatchedNames } from './search-words';

export type { JobSearchParams, JobSearchResult, JobSummaryRow } from './search-plan';

/**
 * The job search, a pipeline in three stages (decision 0246): the criteria resolved once into a plan
 * (search-plan.ts), a pure choice of the path (search-strategy.ts), and the database's executor
 * (search.sqlite.ts, search.postgres.ts, both through search-paths.ts and the statement of
 * search-statement.ts). Totals above the bound say "1,000+" (decision 0170).
 */
export async function searchJobs(db: Db, dialect: DialectName, params: JobSearchParams): Promise<JobSearchResult> {
  let plan = resolveSearch(params);
  // SQLite: other names no title holds are left out before any statement (decision 0260).
  if (dialect === 'sqlite') plan = { ...plan, words: await withoutUnmatchedNames(plan.words, (phrases) => phraseHits(db, phrases)) };
  const strategy = chooseStrategy(plan, dialect);
  const result = dialect === 'sqlite' ? await searchOnSqlite(db, plan, strategy) : await searchOnPostgres(db, plan, strategy);
  return boundTotal(result, plan.bound);
}
