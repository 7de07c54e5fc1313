// node --import tsx bench/search-queries.ts DATABASE_URL [samples]
// The search repository alone (no HTTP, no rendering) against an already seeded database, for each
// query of the search scenario: wall-clock p50/p95 and, on SQLite (in this process), CPU time per
// query, which a machine busy with other work distorts far less than wall-clock time.
// With --every, each query is also timed on the path that counts and ranks every match (the search
// before decision 0170), in the same run, and the line shows both and their ratio.
import { sql } from 'kysely';
import { connectDatabase } from '../src/server/db/connection';
import { searchEveryMatch } from '../tests/support/search-oracle';
import { searchJobs } from '../src/server/features/jobs/search.repository';
import { percentile } from './harness';
import { SEARCH_QUERIES, searchParamsOf } from './scenarios/search';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const withEvery = process.argv.includes('--every');
const url = args[0];
const samples = Number(args[1] ?? 40);
if (!url) {
  console.error('usage: node --import tsx bench/search-queries.ts DATABASE_URL [samples]');
  process.exit(1);
}
const database = connectDatabase(url);
if (database.dialect === 'sqlite') {
  // As the jobs routes set them at start-up.
  await sql`pragma cache_size = -65536`.execute(database.db);
  await sql`pragma mmap_size = 268435456`.execute(database.db);
}
const jobs = await database.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
console.log(`${database.dialect}: ${Number(jobs.n)} jobs; ${samples} runs of each query after 3 warm-up runs`);

const now = Date.now();
type Search = typeof searchJobs;
async function time(search: Search, params: Parameters<Search>[2]) {
  const wall: number[] = [];
  const cpu: number[] = [];
  let totalText = '';
  for (let i = 0; i < samples + 3; i += 1) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    const result = await search(database.db, database.dialect, params);
    const elapsed = performance.now() - start;
    const used = process.cpuUsage(startCpu);
    totalText = `${result.total.toLocaleString('en-US')}${result.totalIsLowerBound ? '+' : ''}`;
    if (i < 3) continue;
    wall.push(elapsed);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(wall, 0.5), p95: percentile(wall, 0.95), cpu50: percentile(cpu, 0.5), cpu95: percentile(cpu, 0.95), totalText };
}
const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
for (const query of SEARCH_QUERIES) {
  const params = searchParamsOf(query.path, now);
  const bounded = await time(searchJobs, params);
  const cpuText = database.dialect === 'sqlite' ? `  cpu p50 ${ms(bounded.cpu50)}  p95 ${ms(bounded.cpu95)}` : '';
  let everyText = '';
  if (withEvery) {
    const every = await time(searchEveryMatch, params);
    everyText = `  | every match: p95 ${ms(every.p95)} (${every.totalText})  ratio ${(bounded.p95 / every.p95).toFixed(2)}`;
  }
  console.log(`  ${query.kind.padEnd(28)} wall p50 ${ms(bounded.p50)}  p95 ${ms(bounded.p95)}${cpuText}  (${bounded.totalText} results)${everyText}`);
}
await database.close();
