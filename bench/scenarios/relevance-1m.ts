import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../../src/server/db/connection';
import { migrations } from '../../src/server/db/migrations';
import { QUERY_SETS, relevanceQueries } from '../relevance';
import { percentile, startAppServer, type BenchScenario, type RunningServer } from '../harness';
import { SEARCH_APP_ENV, SEARCH_LOAD, SEARCH_QUERIES } from './search';
import { ensureSeeded } from './search-1m';

/**
 * Issue 49's speed rule: every results page of the relevance query sets (bench/relevance-queries.json:
 * abbreviations, other names, typos, a place in the What box; bench/relevance-holdout.json) and of the search scenario's queries,
 * over HTTP at a million jobs, under RESULTS_PAGE_BOUND_MS at p95, measured beside the code before
 * issue 49 in the same run. BENCH_RELEVANCE_BASE names that code's checkout (a directory with
 * node_modules and `npm run build` done: `git worktree add /tmp/relevance-base b41e9c4`); it runs on
 * a copy of the database migrated down to its own last migration. Without it, this code alone.
 * The databases are search-1m's kept ones (seeded the first time).
 */
const RESULTS_PAGE_BOUND_MS = 30;
const SAMPLES = Number(process.env.BENCH_RELEVANCE_SAMPLES ?? 20);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3300);
const BASE_APP_PORT = APP_PORT + 2;
const BASE = process.env.BENCH_RELEVANCE_BASE;

type Side = 'this' | 'base';

function queryPaths(): Array<{ label: string; path: string }> {
  const sets = Object.keys(QUERY_SETS) as Array<keyof typeof QUERY_SETS>;
  const relevance = sets.flatMap((set) => relevanceQueries(set)).map((query) => {
    const params = new URLSearchParams({ search: query.query });
    if (query.location) params.set('location', query.location);
    return { label: `${query.class}: ${query.query}${query.location ? ` in ${query.location}` : ''}`, path: `/jobs-search?${params}` };
  });
  return [...relevance, ...SEARCH_QUERIES.map((query) => ({ label: `search: ${query.kind}`, path: query.path }))];
}

/** The base checkout's newest migration: its database is this one's migrated down to it. */
function baseLastMigration(base: string): string {
  const names = readdirSync(path.join(base, 'src/server/db/migrations')).filter((file) => /^\d{4}-.*\.ts$/.test(file)).map((file) => file.replace(/\.ts$/, ''));
  const last = names.sort().at(-1);
  if (!last || !(last in migrations)) throw new Error(`relevance-1m: the base's last migration ${last} is not one of this checkout's`);
  return last;
}

async function migrateDownTo(url: string, name: string): Promise<void> {
  const handle = connectDatabase(url, { checkpointer: false });
  try {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    const result = await migrator.migrateTo(name);
    if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  } finally {
    await handle.close();
  }
}

/** Each query asked of both servers in turn (which goes first alternates), SAMPLES times after two warm-ups. */
async function comparison(servers: Partial<Record<Side, string>>): Promise<string> {
  const sides = (Object.keys(servers) as Side[]).sort();
  const paths = queryPaths();
  const lines = [`results pages over HTTP, p95 of ${SAMPLES} runs each (bound ${RESULTS_PAGE_BOUND_MS} ms)${servers.base ? ', this code beside the base, asked in turn' : ''}:`];
  const over: Record<Side, number> = { this: 0, base: 0 };
  const worst: Record<Side, number> = { this: 0, base: 0 };
  for (const [index, query] of paths.entries()) {
    const times: Record<Side, number[]> = { this: [], base: [] };
    const totals: Record<Side, string> = { this: '', base: '' };
    for (let i = 0; i < SAMPLES + 2; i += 1) {
      for (const side of (i + index) % 2 === 0 ? sides : [...sides].reverse()) {
        const started = performance.now();
        const response = await fetch(servers[side] + query.path);
        const body = await response.text();
        const elapsed = performance.now() - started;
        if (response.status !== 200) throw new Error(`${side}: ${query.path} answered ${response.status}`);
        if (i >= 2) times[side].push(elapsed);
        totals[side] ||= /"totalText":"([^"]+)"/.exec(body)?.[1] ?? '?';
      }
    }
    const cells = sides.map((side) => {
      const p95 = percentile([...times[side]].sort((a, b) => a - b), 0.95);
      if (p95 > RESULTS_PAGE_BOUND_MS) over[side] += 1;
      worst[side] = Math.max(worst[side], p95);
      return `${side} ${p95.toFixed(1).padStart(6)} ms (${totals[side]})${p95 > RESULTS_PAGE_BOUND_MS ? ' OVER' : ''}`;
    });
    lines.push(`    ${query.label.slice(0, 44).padEnd(44)} ${cells.join('   ')}`);
  }
  for (const side of sides) lines.push(`    ${side}: ${over[side]} of ${paths.length} pages over ${RESULTS_PAGE_BOUND_MS} ms at p95; the slowest ${worst[side].toFixed(1)} ms`);
  return lines.join('\n');
}

function verifyWith(urls: () => { base: string | null }) {
  return async (appUrl: string): Promise<string> => {
    const baseUrl = urls().base;
    let base: RunningServer | null = null;
    if (BASE && baseUrl) base = await startAppServer(BASE_APP_PORT, { ...SEARCH_APP_ENV, DATABASE_URL: baseUrl, SEED_DEMO_DATA: 'false' }, { cwd: BASE });
    try {
      return await comparison(base ? { this: appUrl, base: base.url } : { this: appUrl });
    } finally {
      await base?.stop();
    }
  };
}

const sqliteUrls = { base: null as string | null };
export const relevance1mSqliteScenario: BenchScenario = {
  name: 'relevance-1m',
  description: `GET /jobs-search, the labelled relevance queries and the search scenario's, 1,000,000 seeded jobs (SQLite)`,
  async prepare() {
    const file = process.env.BENCH_SEARCH_1M_SQLITE ?? `${process.env.TMPDIR ?? '/tmp'}/jobwise-bench-search-1m.sqlite`;
    await ensureSeeded(`sqlite:${file}`, 1_000_000);
    if (BASE) {
      const last = baseLastMigration(BASE);
      const copy = `${file}.${last}`;
      if (!existsSync(copy)) copyFileSync(file, copy);
      await migrateDownTo(`sqlite:${copy}`, last);
      sqliteUrls.base = `sqlite:${copy}`;
    }
    return { DATABASE_URL: `sqlite:${file}` };
  },
  appEnv: SEARCH_APP_ENV,
  load: SEARCH_LOAD,
  verify: verifyWith(() => sqliteUrls),
};

const postgresUrls = { base: null as string | null };
export const relevance1mPostgresScenario: BenchScenario = {
  name: 'relevance-1m',
  description: `GET /jobs-search, the labelled relevance queries and the search scenario's, 1,000,000 seeded jobs (PostgreSQL)`,
  async prepare() {
    const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const database = process.env.BENCH_SEARCH_1M_PG_DATABASE ?? 'jobwise_bench_search_1m';
    const admin = new pg.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
    } catch {
      console.log(`relevance-1m: PostgreSQL is not reachable at ${adminUrl}`);
      return null;
    }
    const urlOf = (name: string) => adminUrl.replace(/\/[^/]*$/, `/${name}`);
    try {
      const exists = async (name: string) => Boolean((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount);
      // The names are ours (the default, or the operator's environment), never request input.
      if (!(await exists(database))) await admin.query(`create database ${pg.escapeIdentifier(database)}`);
      await ensureSeeded(urlOf(database), 1_000_000);
      if (BASE) {
        const last = baseLastMigration(BASE);
        const copy = `${database}_${last.slice(0, 4)}`;
        if (!(await exists(copy))) await admin.query(`create database ${pg.escapeIdentifier(copy)} template ${pg.escapeIdentifier(database)}`);
        await migrateDownTo(urlOf(copy), last);
        postgresUrls.base = urlOf(copy);
      }
    } finally {
      await admin.end();
    }
    return { DATABASE_URL: urlOf(database) };
  },
  appEnv: SEARCH_APP_ENV,
  load: SEARCH_LOAD,
  verify: verifyWith(() => postgresUrls),
};
