// node --import tsx bench/search-queries.ts DATABASE_URL [samples]
// The search repository alone (no HTTP, no rendering) against an already seeded database, for each
// query of the search scenario: wall-clock p50/p95 and, on SQLite (in this process), CPU time per
// query, which a machine busy with other work distorts far less than wall-clock time.
import { sql } from 'kysely';
import { connectDatabase } from '../src/server/db/connection';
import { parseLocation } from '../src/server/features/jobs/places';
import { SearchQuerySchema, toCriteria } from '../src/server/features/jobs/search-query';
import { searchJobs } from '../src/server/features/jobs/search.repository';
import { SEARCH_QUERIES } from './scenarios/search';

const url = process.argv[2];
const samples = Number(process.argv[3] ?? 40);
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

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const now = Date.now();
for (const query of SEARCH_QUERIES) {
  const criteria = toCriteria(SearchQuerySchema.parse(Object.fromEntries(new URL(query.path, 'http://x').searchParams)));
  const location = parseLocation(criteria.location);
  const place = location.status === 'found' ? location.place : null;
  const wall: number[] = [];
  const cpu: number[] = [];
  let total = 0;
  for (let i = 0; i < samples + 3; i += 1) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    const result = await searchJobs(database.db, database.dialect, { criteria, place, now });
    const elapsed = performance.now() - start;
    const used = process.cpuUsage(startCpu);
    total = result.total;
    if (i < 3) continue;
    wall.push(elapsed);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const cpuText = database.dialect === 'sqlite' ? `  cpu p50 ${pct(cpu, 0.5).toFixed(1).padStart(6)} ms  p95 ${pct(cpu, 0.95).toFixed(1).padStart(6)} ms` : '';
  console.log(
    `  ${query.kind.padEnd(28)} wall p50 ${pct(wall, 0.5).toFixed(1).padStart(6)} ms  p95 ${pct(wall, 0.95).toFixed(1).padStart(6)} ms${cpuText}  (${total.toLocaleString('en-US')} results)`,
  );
}
await database.close();
