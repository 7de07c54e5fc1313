import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { percentile, type BenchScenario, type Measurement } from '../harness';
import { seedResumeDatabase } from '../seed-resume-database';

/**
 * Issue 12: the résumé database's results page over 100,000 opted-in job seekers (SQLite), as the
 * Standard company's owner sees it. The database is seeded before the server starts (bench/seed-resume-database.ts);
 * autocannon cycles through the queries, then each alone gives its p50 and p95 over HTTP.
 */
export const RESUME_QUERIES: Array<{ kind: string; path: string }> = [
  { kind: 'words', path: '/resume-database?q=forklift' },
  { kind: 'two words', path: '/resume-database?q=registered+nurse' },
  { kind: 'words + city, 25 mi', path: '/resume-database?q=driver&location=Chicago%2C+IL' },
  { kind: 'words + ZIP, 50 mi', path: '/resume-database?q=warehouse&location=10001&radius=50' },
  { kind: 'city only, 50 mi', path: '/resume-database?location=Houston%2C+TX&radius=50' },
  { kind: 'state + active 30 days', path: '/resume-database?location=TX&active=30' },
  { kind: 'active 7 days', path: '/resume-database?active=7' },
  { kind: 'skill + active 90 days', path: '/resume-database?q=bilingual&active=90' },
  { kind: 'words, page 10', path: '/resume-database?q=experience&page=10' },
  { kind: 'no match', path: '/resume-database?q=astronaut' },
  { kind: 'everyone, most active', path: '/resume-database' },
];

const SEEKERS = Number(process.env.BENCH_RESUME_SEEKERS ?? 100_000);
const SAMPLES_PER_QUERY = Number(process.env.BENCH_SEARCH_SAMPLES ?? 40);
const headers: Record<string, string> = {};


async function perQueryLatencies(appUrl: string, result: Measurement): Promise<string> {
  const lines = [`${result.requestsPerSecond.toFixed(0)} results pages/s over the mix; per query (${SAMPLES_PER_QUERY} sequential requests each):`];
  const p95s: number[] = [];
  for (const query of RESUME_QUERIES) {
    const times: number[] = [];
    let total = '';
    for (let i = 0; i < SAMPLES_PER_QUERY + 3; i += 1) {
      const started = performance.now();
      const response = await fetch(appUrl + query.path, { headers, redirect: 'manual' });
      const body = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${query.path} answered ${response.status}`);
      if (i >= 3) times.push(elapsed);
      total ||= /"totalText":"([^"]+)"/.exec(body)?.[1] ?? '?';
    }
    times.sort((a, b) => a - b);
    p95s.push(percentile(times, 0.95));
    lines.push(`    ${query.kind.padEnd(28)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms  (${total})`);
  }
  lines.push(`    worst p95 ${Math.max(...p95s).toFixed(1)} ms (target < 50 ms)`);
  return lines.join('\n');
}

export const resumeDatabaseScenario: BenchScenario = {
  name: 'resume-database',
  description: `GET /resume-database as a Standard company, ${RESUME_QUERIES.length} fixed queries, ${SEEKERS.toLocaleString('en-US')} opted-in seekers (SQLite)`,
  async prepare() {
    const dir = mkdtempSync(path.join(tmpdir(), 'jobwise-bench-resumes-'));
    const url = `sqlite:${path.join(dir, 'bench.sqlite')}`;
    const handle = connectDatabase(url);
    try {
      await migrateToLatest(handle.db);
      const seeded = await seedResumeDatabase(handle.db, { seekers: SEEKERS, now: Date.now() });
      headers.cookie = seeded.cookie;
      console.log(`resume-database: seeded ${SEEKERS.toLocaleString('en-US')} seekers in ${(seeded.milliseconds / 1000).toFixed(1)} s`);
    } finally {
      await handle.close();
    }
    return { DATABASE_URL: url, DATA_DIR: dir };
  },
  load: {
    path: RESUME_QUERIES[0]!.path,
    connections: 8,
    headers,
    setupRequest: RESUME_QUERIES.map((query) => ({ method: 'GET' as const, path: query.path, headers })),
  },
  verify: perQueryLatencies,
};
