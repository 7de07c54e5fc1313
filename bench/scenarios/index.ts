import type { BenchScenario } from '../harness';
import { landingScenario } from './landing';
import { observePostgresScenario, observeSqliteScenario } from './observations';
import { registerAndLogInScenario, registerScenario } from './registration';
import { searchPostgresScenario, searchSqliteScenario } from './search';

/** Every benchmark `npm run bench` runs, in order. Add a scenario file and list it here. */
export const scenarios: BenchScenario[] = [
  landingScenario,
  registerScenario,
  registerAndLogInScenario,
  searchSqliteScenario,
  searchPostgresScenario,
  observeSqliteScenario,
  observePostgresScenario,
];
