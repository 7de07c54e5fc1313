import { measure, percentile, type BenchScenario, type Measurement } from '../harness';
import { SEARCH_APP_ENV, SEARCH_QUERIES } from './search';

/**
 * Issue 48: the public read API's search beside the results page, on the same 100,000 seeded jobs
 * and the same fixed queries. autocannon cycles through the API's form of each query; then the results
 * page's mix is measured the same way, and each query alone (sequential requests) gives the p50 and p95
 * of both. Visitor pages are not kept (SEARCH_APP_ENV) and the API's rate limit is raised, so both
 * measure the search and the answer, not a cache or a 429.
 */
const SEED_JOBS = process.env.BENCH_SEARCH_JOBS ?? '100000';
const SAMPLES_PER_QUERY = Number(process.env.BENCH_SEARCH_SAMPLES ?? 40);

/** A results page's address as the API's: the same criteria, `remote=true`, the page as a cursor. */
export function apiPathOf(resultsPath: string): string {
  const query = new URL(resultsPath, 'http://x').searchParams;
  const api = new URLSearchParams();
  for (const [name, value] of query) {
    if (name === 'page') api.set('cursor', Buffer.from(JSON.stringify({ p: Number(value) })).toString('base64url'));
    else if (name === 'remote') api.set('remote', 'true');
    else api.set(name, value);
  }
  const text = api.toString();
  return text ? `/api/v1/jobs?${text}` : '/api/v1/jobs';
}

const QUERIES = SEARCH_QUERIES.map((query) => ({ kind: query.kind, page: query.path, api: apiPathOf(query.path) }));

async function sequential(appUrl: string, path: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES_PER_QUERY + 3; i += 1) {
    const started = performance.now();
    const response = await fetch(appUrl + path);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function besideResultsPage(appUrl: string, api: Measurement): Promise<string> {
  const pages = await measure(appUrl, { path: QUERIES[0]!.page, connections: 8, setupRequest: QUERIES.map((query) => ({ method: 'GET' as const, path: query.page })) });
  const lines = [
    `API ${api.requestsPerSecond.toFixed(0)} answers/s (p50 ${api.p50} ms, p99 ${api.p99} ms); results page ${pages.requestsPerSecond.toFixed(0)} pages/s (p50 ${pages.p50} ms, p99 ${pages.p99} ms) over the same mix.`,
    `    per query (${SAMPLES_PER_QUERY} sequential requests each):           API p50 / p95          results page p50 / p95`,
  ];
  for (const query of QUERIES) {
    const apiTimes = await sequential(appUrl, query.api);
    const pageTimes = await sequential(appUrl, query.page);
    const figures = (times: number[]) => `${percentile(times, 0.5).toFixed(1).padStart(6)} / ${percentile(times, 0.95).toFixed(1).padStart(6)} ms`;
    lines.push(`    ${query.kind.padEnd(28)} ${figures(apiTimes)}      ${figures(pageTimes)}`);
  }
  return lines.join('\n');
}

export const apiScenario: BenchScenario = {
  name: 'api',
  description: `GET /api/v1/jobs, ${QUERIES.length} fixed queries, ${SEED_JOBS} seeded jobs (SQLite), beside /jobs-search`,
  appEnv: { ...SEARCH_APP_ENV, SEED_DEMO_JOBS: SEED_JOBS, API_RATE_LIMIT_PER_MINUTE: '1000000' },
  load: { path: QUERIES[0]!.api, connections: 8, setupRequest: QUERIES.map((query) => ({ method: 'GET' as const, path: query.api })) },
  verify: besideResultsPage,
};
