import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { percentile, type BenchScenario, type Measurement } from '../harness';
import { seedInbox } from '../seed-applicants';

/**
 * Issue 12: a job's applicant inbox with 5,000 applicants (bench/seed-applicants.ts), read by its
 * employer: pages of 25 rendered over HTTP, newest first, by match, a deep page and filters. autocannon
 * cycles through them; then each alone, one request at a time, gives its p50 and p95.
 */
const APPLICANTS = Number(process.env.BENCH_INBOX_APPLICANTS ?? 5000);
const SAMPLES = Number(process.env.BENCH_INBOX_SAMPLES ?? 60);
const cookie = { value: '' };
let jobId = '';

const pages = () => [
  { kind: 'job, newest first', path: `/candidates?job=${jobId}` },
  { kind: 'job, best match first', path: `/candidates?job=${jobId}&sort=match` },
  { kind: 'job, by match, page 100', path: `/candidates?job=${jobId}&sort=match&page=100` },
  { kind: 'stage + rating + deal-breaker', path: `/candidates?job=${jobId}&stage=new&rating=2&deal_breaker=passed&sort=match` },
  { kind: 'text search', path: `/candidates?job=${jobId}&q=forklift` },
  { kind: 'all jobs, newest', path: '/candidates' },
];


const load = {
  path: '/candidates',
  connections: 4,
  headers: {} as Record<string, string>,
  setupRequest: [] as Array<{ method: 'GET'; path: string; headers: Record<string, string> }>,
};

async function perPage(appUrl: string, result: Measurement): Promise<string> {
  const lines = [`${result.requestsPerSecond.toFixed(0)} inbox pages/s over the mix; per page (${SAMPLES} sequential requests each, ${APPLICANTS} applicants):`];
  for (const page of pages()) {
    const times: number[] = [];
    let shown = '';
    for (let i = 0; i < SAMPLES + 3; i += 1) {
      const started = performance.now();
      const response = await fetch(appUrl + page.path, { headers: { cookie: cookie.value } });
      const body = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
      if (i >= 3) times.push(elapsed);
      shown ||= /"total":(\d+)/.exec(body)?.[1] ?? '?';
    }
    times.sort((a, b) => a - b);
    lines.push(`    ${page.kind.padEnd(30)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms  (${shown} match)`);
  }
  return lines.join('\n');
}

export const inboxScenario: BenchScenario = {
  name: 'inbox',
  description: `GET /candidates as the employer, ${APPLICANTS} applicants to one job, pages of 25 (SQLite)`,
  async prepare() {
    const dir = mkdtempSync(path.join(tmpdir(), 'jobwise-bench-inbox-'));
    const url = `sqlite:${path.join(dir, 'inbox.sqlite')}`;
    const handle = connectDatabase(url);
    try {
      await migrateToLatest(handle.db);
      const started = performance.now();
      const seeded = await seedInbox(handle.db, handle.dialect, { applicants: APPLICANTS, now: Date.now() });
      console.log(`inbox: seeded ${seeded.applicants} applicants with their matches in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      cookie.value = seeded.sessionCookie;
      jobId = seeded.jobId;
    } finally {
      await handle.close();
    }
    load.path = pages()[1]!.path;
    load.headers = { cookie: cookie.value };
    load.setupRequest = pages().map((page) => ({ method: 'GET' as const, path: page.path, headers: { cookie: cookie.value } }));
    return { DATABASE_URL: url, DATA_DIR: dir };
  },
  load,
  verify: perPage,
};
