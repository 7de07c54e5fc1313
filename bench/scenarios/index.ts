import type { BenchScenario } from '../harness';
import { apiScenario } from './api';
import { inboxScenario } from './inbox';
import { landingCompiledScenario, landingScenario } from './landing';
import { jobPageScenario, resultsPageScenario } from './pages';
import { observePostgresScenario, observeSqliteScenario } from './observations';
import { relevance1mPostgresScenario, relevance1mSqliteScenario } from './relevance-1m';
import { registerAndLogInScenario, registerScenario } from './registration';
import { resumeDatabaseScenario } from './resume-database';
import { searchPostgresScenario, searchSqliteScenario } from './search';
import { search1mPostgresScenario, search1mSqliteScenario } from './search-1m';

/** Every benchmark `npm run bench` runs, in order. Add a scenario file and list it here. */
export const scenarios: BenchScenario[] = [
  landingScenario,
  landingCompiledScenario,
  jobPageScenario,
  resultsPageScenario,
  registerScenario,
  registerAndLogInScenario,
  searchSqliteScenario,
  searchPostgresScenario,
  resumeDatabaseScenario,
  observeSqliteScenario,
  observePostgresScenario,
  inboxScenario,
  apiScenario,
];

/** Run only when named (`npm run bench -- search-1m`): they seed a million jobs the first time. */
export const namedOnlyScenarios: BenchScenario[] = [search1mSqliteScenario, search1mPostgresScenario, relevance1mSqliteScenario, relevance1mPostgresScenario];
