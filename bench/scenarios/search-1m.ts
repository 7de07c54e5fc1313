import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { parseLocation } from '../../src/server/features/jobs/places';
import { SearchQuerySchema, toCriteria } from '../../src/server/features/jobs/search-query';
import { searchEveryMatch, searchJobs, type JobSearchResult } from '../../src/server/features/jobs/search.repository';
import { seedJobs } from '../../src/server/features/jobs/seed';
import type { BenchScenario, Measurement } from '../harness';
import { perQueryLatencies, SEARCH_APP_ENV, SEARCH_LOAD, SEARCH_QUERIES } from './search';

/**
 * Issue 16: the search scenario at 1,000,000 jobs, on SQLite and on PostgreSQL (both named
 * `search-1m`). Seeding a million takes a minute or two, so the databases are kept between runs:
 * BENCH_SEARCH_1M_SQLITE (a file, default in the system's temp directory) and the PostgreSQL database
 * `jobwise_bench_search_1m` (BENCH_PG_URL's server), seeded only when they hold fewer jobs. After the
 * HTTP figures, the repository alone: each query's p95 on the bounded search beside the every-match
 * search (the search before decision 0170), measured in the same run, and their ratio.
 */
const JOBS = Number(process.env.BENCH_SEARCH_1M_JOBS ?? 1_000_000);
const EVERY_SAMPLES = Number(process.env.BENCH_SEARCH_1M_EVERY_SAMPLES ?? 3);
const BOUNDED_SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 40);

async function ensureSeeded(url: string): Promise<void> {
  // As scripts/seed.ts: no WAL checkpointer, so the seed writes through a journal in memory (decision 0203).
  const handle = connectDatabase(url, { checkpointer: false });
  try {
    await migrateToLatest(handle.db);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from jobs`.execute(handle.db);
    const have = Number(rows[0]?.n ?? 0);
    if (have >= JOBS) return;
    const seeded = await seedJobs(handle.db, handle.dialect, { jobs: JOBS - have, now: Date.now() });
    console.log(`search-1m: seeded ${seeded.jobs.toLocaleString('en-US')} jobs into ${handle.dialect} in ${(seeded.milliseconds / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }
}

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;
}

/** The repository alone, bounded against every-match, query by query, in this process. */
async function repositoryComparison(url: string): Promise<string> {
  const handle = connectDatabase(url);
  const lines = [`repository alone, p95 of ${BOUNDED_SAMPLES} runs (bounded) and ${EVERY_SAMPLES} runs (every match, the search before 0170):`];
  const totalText = (result: JobSearchResult) => `${result.total.toLocaleString('en-US')}${result.totalIsLowerBound ? '+' : ''}`;
  try {
    const now = Date.now();
    for (const query of SEARCH_QUERIES) {
      const criteria = toCriteria(SearchQuerySchema.parse(Object.fromEntries(new URL(query.path, 'http://x').searchParams)));
      const location = parseLocation(criteria.location);
      const params = { criteria, place: location.status === 'found' ? location.place : null, now };
      const time = async (search: typeof searchJobs, samples: number) => {
        const times: number[] = [];
        let result: JobSearchResult | null = null;
        for (let i = 0; i < samples + 2; i += 1) {
          const started = performance.now();
          result = await search(handle.db, handle.dialect, params);
          if (i >= 2) times.push(performance.now() - started);
        }
        return { p95: p95(times), total: totalText(result!) };
      };
      const bounded = await time(searchJobs, BOUNDED_SAMPLES);
      const every = await time(searchEveryMatch, EVERY_SAMPLES);
      lines.push(
        `    ${query.kind.padEnd(28)} bounded p95 ${bounded.p95.toFixed(1).padStart(7)} ms (${bounded.total})  every match p95 ${every.p95.toFixed(1).padStart(7)} ms (${every.total})  ratio ${(bounded.p95 / every.p95).toFixed(2)}`,
      );
    }
  } finally {
    await handle.close();
  }
  return lines.join('\n');
}

function verifyWith(url: () => string) {
  return async (appUrl: string, result: Measurement) => `${await perQueryLatencies(appUrl, result)}\n  ${await repositoryComparison(url())}`;
}

let sqliteUrl = '';
export const search1mSqliteScenario: BenchScenario = {
  name: 'search-1m',
  description: `GET /jobs-search, ${SEARCH_QUERIES.length} fixed queries, ${JOBS.toLocaleString('en-US')} seeded jobs (SQLite)`,
  async prepare() {
    const file = process.env.BENCH_SEARCH_1M_SQLITE ?? `${process.env.TMPDIR ?? '/tmp'}/jobwise-bench-search-1m.sqlite`;
    sqliteUrl = `sqlite:${file}`;
    if (!existsSync(file)) console.log(`search-1m: seeding ${file} (once; kept for later runs)`);
    await ensureSeeded(sqliteUrl);
    return { DATABASE_URL: sqliteUrl };
  },
  appEnv: SEARCH_APP_ENV,
  load: SEARCH_LOAD,
  verify: verifyWith(() => sqliteUrl),
};

let postgresUrl = '';
export const search1mPostgresScenario: BenchScenario = {
  name: 'search-1m',
  description: `GET /jobs-search, ${SEARCH_QUERIES.length} fixed queries, ${JOBS.toLocaleString('en-US')} seeded jobs (PostgreSQL)`,
  async prepare() {
    const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const database = process.env.BENCH_SEARCH_1M_PG_DATABASE ?? 'jobwise_bench_search_1m';
    const admin = new pg.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
    } catch {
      console.log(`search-1m: PostgreSQL is not reachable at ${adminUrl}`);
      return null;
    }
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
      // The name is ours (the default, or the operator's environment), never request input.
      if (!exists.rowCount) await admin.query(`create database ${pg.escapeIdentifier(database)}`);
    } finally {
      await admin.end();
    }
    postgresUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);
    await ensureSeeded(postgresUrl);
    return { DATABASE_URL: postgresUrl };
  },
  appEnv: SEARCH_APP_ENV,
  load: SEARCH_LOAD,
  verify: verifyWith(() => postgresUrl),
};
