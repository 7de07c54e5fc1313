import { parseLocation } from '../../src/server/features/jobs/places';
import { SearchQuerySchema, toCriteria } from '../../src/server/features/jobs/search-query';
import type { JobSearchParams } from '../../src/server/features/jobs/search.repository';
import { connectDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedJobs } from '../../tools/seed/jobs';
import { freshPostgresDatabase, percentile, type BenchScenario, type Measurement } from '../harness';

/**
 * Issue 6: job search against 100,000 seeded jobs. The server seeds them into its fresh database at
 * start (SEED_DEMO_JOBS). autocannon cycles through the fixed queries for results pages per second;
 * then each query alone, one request at a time, gives its own p50 and p95.
 */
export const SEARCH_QUERIES: Array<{ kind: string; path: string }> = [
  { kind: 'title only', path: '/jobs-search?search=forklift' },
  { kind: 'title only, two words', path: '/jobs-search?search=registered+nurse' },
  { kind: 'title + city, 25 mi', path: '/jobs-search?search=driver&location=Chicago%2C+IL' },
  { kind: 'title + ZIP, 50 mi', path: '/jobs-search?search=warehouse&location=10001&radius=50' },
  { kind: 'place only, city', path: '/jobs-search?location=Los+Angeles%2C+CA' },
  { kind: 'place only, state', path: '/jobs-search?location=TX' },
  { kind: 'place only, remote', path: '/jobs-search?location=Remote' },
  { kind: 'filters', path: '/jobs-search?search=cook&min_pay=40000&type=full_time&posted=7' },
  { kind: 'filters + city by distance', path: '/jobs-search?location=Houston%2C+TX&radius=50&type=part_time&sort=distance' },
  { kind: 'title + city by distance', path: '/jobs-search?search=driver&location=Chicago%2C+IL&sort=distance' },
  { kind: 'title, page 10', path: '/jobs-search?search=assistant&page=10' },
  { kind: 'no match', path: '/jobs-search?search=astronaut' },
  { kind: 'everything, newest', path: '/jobs-search' },
];

/** A bench query's path as the repository's search parameters, as the results page reads them. */
export function searchParamsOf(path: string, now: number): JobSearchParams {
  const criteria = toCriteria(SearchQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams)));
  const location = parseLocation(criteria.location);
  return { criteria, place: location.status === 'found' ? location.place : null, now };
}

const SEED_JOBS = process.env.BENCH_SEARCH_JOBS ?? '100000';
/**
 * Results pages are kept briefly for visitors (decision 0183), so the same query asked again would
 * measure the kept page, not the search: every search scenario turns that off.
 */
export const SEARCH_APP_ENV = { JOB_PAGES_CACHE_SECONDS: '0' };
const SAMPLES_PER_QUERY = Number(process.env.BENCH_SEARCH_SAMPLES ?? 40);


export async function perQueryLatencies(appUrl: string, result: Measurement): Promise<string> {
  const lines = [`${result.requestsPerSecond.toFixed(0)} results pages/s over the mix; per query (${SAMPLES_PER_QUERY} sequential requests each):`];
  for (const query of SEARCH_QUERIES) {
    const times: number[] = [];
    let total = '';
    for (let i = 0; i < SAMPLES_PER_QUERY + 3; i += 1) {
      const started = performance.now();
      const response = await fetch(appUrl + query.path);
      const body = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${query.path} answered ${response.status}`);
      if (i >= 3) times.push(elapsed);
      total ||= /"totalText":"([^"]+)"/.exec(body)?.[1] ?? '?';
    }
    times.sort((a, b) => a - b);
    lines.push(
      `    ${query.kind.padEnd(28)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms  (${total} results)`,
    );
  }
  return lines.join('\n');
}

export const SEARCH_LOAD = {
  path: SEARCH_QUERIES[0]!.path,
  connections: 8,
  // autocannon sends each connection through this list in turn, then starts over.
  setupRequest: SEARCH_QUERIES.map((query) => ({ method: 'GET' as const, path: query.path })),
};

export const searchSqliteScenario: BenchScenario = {
  name: 'search',
  description: `GET /jobs-search, ${SEARCH_QUERIES.length} fixed queries, ${SEED_JOBS} seeded jobs (SQLite)`,
  appEnv: { ...SEARCH_APP_ENV, SEED_DEMO_JOBS: SEED_JOBS },
  load: SEARCH_LOAD,
  verify: perQueryLatencies,
};

/**
 * The same on PostgreSQL, in a database of its own, made afresh and seeded here before the server
 * starts (so the listings' ages match the run and the server's start-up wait covers no seeding).
 */
export const searchPostgresScenario: BenchScenario = {
  name: 'search-pg',
  description: `GET /jobs-search, ${SEARCH_QUERIES.length} fixed queries, ${SEED_JOBS} seeded jobs (PostgreSQL)`,
  appEnv: { ...SEARCH_APP_ENV, SEED_DEMO_JOBS: SEED_JOBS },
  async prepare() {
    const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const database = `jobwise_bench_search_${SEED_JOBS}`;
    // The name is ours (digits only from SEED_JOBS), never user input.
    const url = await freshPostgresDatabase(adminUrl, database);
    if (!url) {
      console.log(`search-pg: PostgreSQL is not reachable at ${adminUrl}`);
      return null;
    }
    const handle = connectDatabase(url);
    try {
      await migrateToLatest(handle.db);
      const seeded = await seedJobs(handle.db, handle.dialect, { jobs: Number(SEED_JOBS), now: Date.now() });
      console.log(`search-pg: seeded ${seeded.jobs.toLocaleString('en-US')} jobs in ${(seeded.milliseconds / 1000).toFixed(1)} s`);
    } finally {
      await handle.close();
    }
    return { DATABASE_URL: url };
  },
  load: SEARCH_LOAD,
  verify: perQueryLatencies,
};
