import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { searchEveryMatch } from '../../tests/support/search-oracle';
import { searchJobs, type JobSearchResult } from '../../src/server/features/jobs/search.repository';
import { seedJobs } from '../../tools/seed/jobs';
import { percentile, startAppServer, type BenchScenario, type Measurement } from '../harness';
import { perQueryLatencies, SEARCH_APP_ENV, SEARCH_LOAD, SEARCH_QUERIES, searchParamsOf } from './search';

/**
 * Issue 16: the search scenario at 1,000,000 jobs, on SQLite and on PostgreSQL (both named
 * `search-1m`). Seeding a million takes a minute or two, so the databases are kept between runs:
 * BENCH_SEARCH_1M_SQLITE (a file, default in the system's temp directory) and the PostgreSQL database
 * `jobwise_bench_search_1m` (BENCH_PG_URL's server), seeded only when they hold fewer jobs. After the
 * HTTP figures, the repository alone: each query's p95 on the bounded search beside the every-match
 * search (the search before decision 0170), measured in the same run, and their ratio. Then the
 * issue's scaling rule (at most 2x from 100,000 to 1,000,000 jobs): each query's p50 on a second kept
 * database of 100,000 jobs (BENCH_SEARCH_SMALL_JOBS; kept as BENCH_SEARCH_SMALL_SQLITE and
 * `jobwise_bench_search_100k`, named by their size), the two sizes asked in turn, query by query, so
 * that a busy machine slows both alike: the rendered page over HTTP (a second server on the small
 * database, port BENCH_SMALL_APP_PORT) and the repository alone. Both databases are seeded relative
 * to the time they were seeded; the report says when their newest postings are far apart.
 */
const JOBS = Number(process.env.BENCH_SEARCH_1M_JOBS ?? 1_000_000);
const SMALL_JOBS = Number(process.env.BENCH_SEARCH_SMALL_JOBS ?? 100_000);
/** The scaling rule's bound: a query may cost at most this many times more at JOBS than at SMALL_JOBS. */
const SCALING_BOUND = 2;
const SMALL_LABEL = SMALL_JOBS % 1000 === 0 ? `${SMALL_JOBS / 1000}k` : String(SMALL_JOBS);
/** The scenario's server has BENCH_APP_PORT and its baseline the next one (run.ts): the small database's server the one after. */
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3300);
const SMALL_APP_PORT = Number(process.env.BENCH_SMALL_APP_PORT ?? APP_PORT + 2);
/** Databases whose newest postings are further apart than this differ in every job's age ("posted within", recency). */
const SEED_TIME_TOLERANCE_MS = 3_600_000;
const EVERY_SAMPLES = Number(process.env.BENCH_SEARCH_1M_EVERY_SAMPLES ?? 3);
const BOUNDED_SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 40);

export async function ensureSeeded(url: string, jobs: number): Promise<void> {
  // As npm run seed (tools/seed/cli.ts): no WAL checkpointer, so the seed writes through a journal in memory (decision 0203).
  const handle = connectDatabase(url, { checkpointer: false });
  try {
    await migrateToLatest(handle.db);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from jobs`.execute(handle.db);
    const have = Number(rows[0]?.n ?? 0);
    if (have >= jobs) return;
    const seeded = await seedJobs(handle.db, handle.dialect, { jobs: jobs - have, now: Date.now() });
    console.log(`search-1m: seeded ${seeded.jobs.toLocaleString('en-US')} jobs into ${handle.dialect} in ${(seeded.milliseconds / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }
}

/** The q-quantile of unsorted times. */
const quantile = (times: number[], q: number) => percentile([...times].sort((a, b) => a - b), q);

/** The repository alone, bounded against every-match, query by query, in this process. */
async function repositoryComparison(url: string): Promise<string> {
  const handle = connectDatabase(url);
  const lines = [`repository alone, p95 of ${BOUNDED_SAMPLES} runs (bounded) and ${EVERY_SAMPLES} runs (every match, the search before 0170):`];
  const totalText = (result: JobSearchResult) => `${result.total.toLocaleString('en-US')}${result.totalIsLowerBound ? '+' : ''}`;
  try {
    const now = Date.now();
    for (const query of SEARCH_QUERIES) {
      const params = searchParamsOf(query.path, now);
      const time = async (search: typeof searchJobs, samples: number) => {
        const times: number[] = [];
        let result: JobSearchResult | null = null;
        for (let i = 0; i < samples + 2; i += 1) {
          const started = performance.now();
          result = await search(handle.db, handle.dialect, params);
          if (i >= 2) times.push(performance.now() - started);
        }
        return { p95: quantile(times, 0.95), total: totalText(result!) };
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

/**
 * Each query asked of both sizes in turn (which goes first alternates), BOUNDED_SAMPLES times after two
 * warm-ups: p50 at each size and their ratio, marked where it is over the bound. `prepare`
 * turns a query's path into what is timed, outside the timing.
 */
async function scalingLines(title: string, prepare: (path: string) => (size: Size) => Promise<void>): Promise<string> {
  const lines = [`${title}, p50 of ${BOUNDED_SAMPLES} runs at ${SMALL_JOBS.toLocaleString('en-US')} and at ${JOBS.toLocaleString('en-US')} jobs, asked in turn (bound ${SCALING_BOUND}x):`];
  let over = 0;
  for (const query of SEARCH_QUERIES) {
    const ask = prepare(query.path);
    const times: Record<Size, number[]> = { large: [], small: [] };
    for (let i = 0; i < BOUNDED_SAMPLES + 2; i += 1) {
      for (const size of i % 2 === 0 ? SIZES : [...SIZES].reverse()) {
        const started = performance.now();
        await ask(size);
        if (i >= 2) times[size].push(performance.now() - started);
      }
    }
    const [smallP50, largeP50] = [quantile(times.small, 0.5), quantile(times.large, 0.5)];
    const ratio = largeP50 / smallP50;
    if (ratio > SCALING_BOUND) over += 1;
    lines.push(`    ${query.kind.padEnd(28)} ${smallP50.toFixed(1).padStart(6)} ms -> ${largeP50.toFixed(1).padStart(6)} ms  ratio ${ratio.toFixed(2)}${ratio > SCALING_BOUND ? '  OVER' : ''}`);
  }
  lines.push(`    ${over} of ${SEARCH_QUERIES.length} queries over ${SCALING_BOUND}x`);
  return lines.join('\n');
}
type Size = 'large' | 'small';
const SIZES: readonly Size[] = ['large', 'small'];

/** Both databases opened (the first closed again if the second fails), for `work`, then closed. */
async function withBoth<T>(urls: Record<Size, string>, work: (handles: Record<Size, DatabaseHandle>) => Promise<T>): Promise<T> {
  const large = connectDatabase(urls.large);
  try {
    const small = connectDatabase(urls.small);
    try {
      return await work({ large, small });
    } finally {
      await small.close();
    }
  } finally {
    await large.close();
  }
}

/** The repository alone at both sizes (searchJobs in this process). */
async function scalingComparison(largeUrl: string, smallUrl: string): Promise<string> {
  return withBoth({ large: largeUrl, small: smallUrl }, async (handles) => {
    const now = Date.now();
    return scalingLines('repository alone', (path) => {
      const params = searchParamsOf(path, now);
      return async (size) => {
        await searchJobs(handles[size].db, handles[size].dialect, params);
      };
    });
  });
}

/** The rendered results page over HTTP at both sizes: the scenario's server (large) and one more on the small database. */
async function httpScalingComparison(appUrl: string, smallUrl: string): Promise<string> {
  if (SMALL_APP_PORT === APP_PORT || SMALL_APP_PORT === APP_PORT + 1) throw new Error(`BENCH_SMALL_APP_PORT ${SMALL_APP_PORT} is the scenario's or its baseline's port`);
  const small = await startAppServer(SMALL_APP_PORT, { ...SEARCH_APP_ENV, DATABASE_URL: smallUrl, SEED_DEMO_DATA: 'false' });
  try {
    const bases: Record<Size, string> = { large: appUrl, small: small.url };
    return await scalingLines('results page over HTTP', (path) => async (size) => {
      const response = await fetch(bases[size] + path);
      await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    });
  } finally {
    await small.stop();
  }
}

/** Where the two databases' newest postings are far apart (seeded at different times), a line that says so. */
async function seedTimeWarning(largeUrl: string, smallUrl: string): Promise<string | null> {
  const newest = await withBoth({ large: largeUrl, small: smallUrl }, async (handles) => {
    const read = async (handle: DatabaseHandle) => {
      const { rows } = await sql<{ at: number | string | null }>`select max(posted_at) as at from jobs`.execute(handle.db);
      return Number(rows[0]?.at ?? 0);
    };
    return { large: await read(handles.large), small: await read(handles.small) };
  });
  const apart = Math.abs(newest.large - newest.small);
  if (apart <= SEED_TIME_TOLERANCE_MS) return null;
  return `NOTE: the two databases' newest postings are ${(apart / 3_600_000).toFixed(1)} hours apart (seeded at different times): "posted within" and recency see jobs of different ages; drop the older database to have it seeded again.`;
}

function verifyWith(urls: () => { large: string; small: string }) {
  return async (appUrl: string, result: Measurement) => {
    const { large, small } = urls();
    const lines = [
      await perQueryLatencies(appUrl, result),
      await repositoryComparison(large),
      await seedTimeWarning(large, small),
      await httpScalingComparison(appUrl, small),
      await scalingComparison(large, small),
    ];
    return lines.filter((line): line is string => line !== null).join('\n  ');
  };
}

/** A PostgreSQL database on the bench's server, made if missing; its URL, or null if the server is not reachable. */
async function postgresDatabase(adminUrl: string, database: string): Promise<string | null> {
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
  return adminUrl.replace(/\/[^/]*$/, `/${database}`);
}

const sqliteUrls = { large: '', small: '' };
export const search1mSqliteScenario: BenchScenario = {
  name: 'search-1m',
  description: `GET /jobs-search, ${SEARCH_QUERIES.length} fixed queries, ${JOBS.toLocaleString('en-US')} seeded jobs (SQLite)`,
  async prepare() {
    const temp = process.env.TMPDIR ?? '/tmp';
    const files = {
      large: process.env.BENCH_SEARCH_1M_SQLITE ?? `${temp}/jobwise-bench-search-1m.sqlite`,
      small: process.env.BENCH_SEARCH_SMALL_SQLITE ?? `${temp}/jobwise-bench-search-${SMALL_LABEL}.sqlite`,
    };
    for (const [size, jobs] of [['large', JOBS], ['small', SMALL_JOBS]] as const) {
      if (!existsSync(files[size])) console.log(`search-1m: seeding ${files[size]} (once; kept for later runs)`);
      sqliteUrls[size] = `sqlite:${files[size]}`;
      await ensureSeeded(sqliteUrls[size], jobs);
    }
    return { DATABASE_URL: sqliteUrls.large };
  },
  appEnv: SEARCH_APP_ENV,
  load: SEARCH_LOAD,
  verify: verifyWith(() => sqliteUrls),
};

const postgresUrls = { large: '', small: '' };
export const search1mPostgresScenario: BenchScenario = {
  name: 'search-1m',
  description: `GET /jobs-search, ${SEARCH_QUERIES.length} fixed queries, ${JOBS.toLocaleString('en-US')} seeded jobs (PostgreSQL)`,
  async prepare() {
    const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const databases = {
      large: process.env.BENCH_SEARCH_1M_PG_DATABASE ?? 'jobwise_bench_search_1m',
      small: process.env.BENCH_SEARCH_SMALL_PG_DATABASE ?? `jobwise_bench_search_${SMALL_LABEL}`,
    };
    for (const [size, jobs] of [['large', JOBS], ['small', SMALL_JOBS]] as const) {
      const url = await postgresDatabase(adminUrl, databases[size]);
      if (!url) return null;
      postgresUrls[size] = url;
      await ensureSeeded(url, jobs);
    }
    return { DATABASE_URL: postgresUrls.large };
  },
  appEnv: SEARCH_APP_ENV,
  load: SEARCH_LOAD,
  verify: verifyWith(() => postgresUrls),
};
