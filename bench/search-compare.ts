// node --import tsx bench/search-compare.ts DATABASE_URL BASE_CHECKOUT [samples]
// The search repository of this checkout beside another checkout's (BASE_CHECKOUT: a directory, for
// example `git worktree add /tmp/search-base <commit>` with a node_modules symlink and, for SQLite,
// `node scripts/build-sqlite-rank.mjs` run in it), on one already seeded database, in the same run:
// for each query of the search scenario, the two asked in turn (which goes first alternates), each
// through its own checkout's connection module (so each loads its own rank function), wall-clock
// p50 and p95 of each and their ratios (this / base), marked OVER past RATIO_BOUND at p50.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { connectDatabase, type DatabaseHandle } from '../src/server/db/connection';
import { searchJobs, type JobSearchResult } from '../src/server/features/jobs/search.repository';
import { percentile } from './harness';
import { SEARCH_QUERIES, searchParamsOf } from './scenarios/search';

/** The guard of issue 40: a query may take at most this many times the base checkout's time. */
const RATIO_BOUND = 1.5;

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const [url, base] = args;
const samples = Number(args[2] ?? 40);
if (!url || !base) {
  console.error('usage: node --import tsx bench/search-compare.ts DATABASE_URL BASE_CHECKOUT [samples]');
  process.exit(1);
}
type Search = typeof searchJobs;
const module = (file: string) => pathToFileURL(path.resolve(base, file)).href;
const baseSearch = ((await import(module('src/server/features/jobs/search.repository.ts'))) as { searchJobs: Search }).searchJobs;
const baseConnect = ((await import(module('src/server/db/connection.ts'))) as { connectDatabase: typeof connectDatabase }).connectDatabase;

async function open(connect: typeof connectDatabase): Promise<DatabaseHandle> {
  const handle = connect(url!);
  if (handle.dialect === 'sqlite') {
    // As the jobs routes set them at start-up.
    await sql`pragma cache_size = -65536`.execute(handle.db);
    await sql`pragma mmap_size = 268435456`.execute(handle.db);
  }
  return handle;
}
const sides = { base: { search: baseSearch, handle: await open(baseConnect) }, this: { search: searchJobs, handle: await open(connectDatabase) } };
type Side = keyof typeof sides;
const SIDES: readonly Side[] = ['base', 'this'];

const jobs = await sides.this.handle.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
console.log(`${sides.this.handle.dialect}: ${Number(jobs.n).toLocaleString('en-US')} jobs; this checkout beside ${base}, ${samples} runs of each query after a warm-up pass and 3 warm-up runs, asked in turn`);
const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
const totalText = (result: JobSearchResult) => `${result.total.toLocaleString('en-US')}${result.totalIsLowerBound ? '+' : ''}`;
const now = Date.now();
// Each side's code compiles and its caches fill over its first searches: one pass of every query
// on both sides first, so the first query measured is not the one that pays for it.
for (const query of SEARCH_QUERIES) for (const side of SIDES) await sides[side].search(sides[side].handle.db, sides[side].handle.dialect, searchParamsOf(query.path, now));
let over = 0;
for (const query of SEARCH_QUERIES) {
  const params = searchParamsOf(query.path, now);
  const times: Record<Side, number[]> = { base: [], this: [] };
  const totals: Record<Side, string> = { base: '', this: '' };
  for (let i = 0; i < samples + 3; i += 1) {
    for (const side of i % 2 === 0 ? SIDES : [...SIDES].reverse()) {
      const { search, handle } = sides[side];
      const started = performance.now();
      const result = await search(handle.db, handle.dialect, params);
      if (i >= 3) times[side].push(performance.now() - started);
      totals[side] = totalText(result);
    }
  }
  const stats = (side: Side) => {
    const sorted = [...times[side]].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
  };
  const [before, after] = [stats('base'), stats('this')];
  const ratio = after.p50 / before.p50;
  if (ratio > RATIO_BOUND) over += 1;
  const totalsText = totals.base === totals.this ? `(${totals.this} results)` : `(totals differ: ${totals.base} / ${totals.this})`;
  console.log(
    `  ${query.kind.padEnd(28)} base p50 ${ms(before.p50)} p95 ${ms(before.p95)} | this p50 ${ms(after.p50)} p95 ${ms(after.p95)} | ratio p50 ${ratio.toFixed(2)} p95 ${(after.p95 / before.p95).toFixed(2)}${ratio > RATIO_BOUND ? '  OVER' : ''}  ${totalsText}`,
  );
}
console.log(`  ${over} of ${SEARCH_QUERIES.length} queries over ${RATIO_BOUND}x`);
for (const side of SIDES) await sides[side].handle.close();
