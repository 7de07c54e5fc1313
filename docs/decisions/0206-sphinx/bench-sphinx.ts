// Sphinx 2.2.11 beside the product's search repository, issue 16. Scratch only; reads only.
// cd /work/main && nice -n 19 node --import tsx .scratch/sphinx/bench-sphinx.ts [samples] [1m|100k] [--sqlite] [--no-repo]
// For each of the 12 bench queries, interleaved per iteration in this one process:
//   sphinx all   every match ranked (index jobs_<size>, id = seq); one round trip over one persistent
//                mysql2 connection: SELECT ... ; SHOW META
//   sphinx bound as the product's bounded search (index jobs_<size>_rev, id = 1e9 - seq, so Sphinx walks
//                newest first): OPTION cutoff=1200 ranks the newest 1,200 text matches; a place without
//                words is listed through the `tokens` field (cells, state, remote) and sorted whole
//   bound+rows   the bounded one, then the page's 20 rows read from PostgreSQL by primary key (what a page needs)
//   pg repo      searchJobs on PostgreSQL (the product's repository, as bench/search-queries.ts)
//   sqlite repo  searchJobs on the SQLite copy (with --sqlite)
// 3 warm-up runs, then `samples` timed runs; p50/p95 of the wall-clock round trip from Node.
import mysql from 'mysql2/promise';
import { sql } from 'kysely';
import { connectDatabase } from '../../src/server/db/connection';
import { boundingBox } from '../../src/server/features/jobs/geo';
import { parseLocation, type Place } from '../../src/server/features/jobs/places';
import { SearchQuerySchema, toCriteria } from '../../src/server/features/jobs/search-query';
import { searchEveryMatch, searchJobs, searchTerms } from '../../src/server/features/jobs/search.repository';
import type { SearchCriteria } from '../../src/shared/jobs/search-url';
import { SEARCH_QUERIES } from '../../bench/scenarios/search';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const samples = Number(args[0] ?? 40);
const size = args[1] ?? '1m';
const withSqlite = process.argv.includes('--sqlite');
const withRepo = !process.argv.includes('--no-repo');
const PG_URL = 'postgres://postgres@127.0.0.1:5432/jobwise_bench_search_1m';
const SQLITE_URL = 'sqlite:/tmp/jobwise-bench-search-1m.sqlite';
const DAY_MS = 86_400_000;
const MILE_M = 1609.344;
const EMPLOYMENT_CODES: Record<string, number> = { full_time: 1, part_time: 2, contract: 3, temporary: 4, internship: 5 };
// As the product: relevance x title boost x recency (half at 14 days); bm25f with the weights of SQLite's bm25.
const RANKER =
  "ranker=expr('10000*bm25f(1.2,0.75,{title=10,company_name=4,description=1})*(1+2*sum((user_weight==10)*word_count)/query_word_count)'), field_weights=(title=10,company_name=4,description=1)";

function sphinxQuery(criteria: SearchCriteria, place: Place | null, now: number, bounded = false): string {
  const index = bounded ? `jobs_${size}_rev` : `jobs_${size}`;
  const newest = bounded ? 'id ASC' : 'id DESC';
  const terms = searchTerms(criteria.search);
  const select = ['id', 'job_id'];
  const where: string[] = [];
  let distance = false;
  let cellsOnly = false;
  if (terms.length) where.push(`MATCH('${terms.join(' ')}')`);
  if (place && (place.kind === 'city' || place.kind === 'zip')) {
    const rad = (deg: number) => ((deg * Math.PI) / 180).toFixed(8);
    select.push(`GEODIST(lat_rad, lon_rad, ${rad(place.latitude)}, ${rad(place.longitude)}) AS dist`);
    where.push(`dist <= ${(criteria.radius * MILE_M).toFixed(1)}`);
    distance = true;
    if (bounded && !terms.length) {
      // The radius's box as one-degree cells, each a word of the `tokens` field: the full-text index
      // lists the box's jobs instead of a scan of every job's coordinates.
      const box = boundingBox(place.latitude, place.longitude, criteria.radius);
      const cells: string[] = [];
      for (let a = Math.floor(box.minLatitude + 90); a <= Math.floor(box.maxLatitude + 90); a += 1)
        for (let o = Math.floor(box.minLongitude + 180); o <= Math.floor(box.maxLongitude + 180); o += 1) cells.push(`zz${a}q${o}`);
      where.unshift(`MATCH('@tokens (${cells.join(' | ')})')`);
      cellsOnly = true;
    }
  } else if (place?.kind === 'state') {
    if (bounded && !terms.length) {
      where.push(`MATCH('@tokens st${place.state.toLowerCase()}')`);
      cellsOnly = true;
    } else where.push(`state_code = ${place.state.charCodeAt(0) * 256 + place.state.charCodeAt(1)}`);
  } else if (place?.kind === 'remote') {
    if (bounded && !terms.length) {
      where.push(`MATCH('@tokens rm1')`);
      cellsOnly = true;
    } else where.push('remote = 1');
  }
  if (criteria.remoteOnly) where.push('remote = 1');
  if (criteria.minPay !== null) where.push(`pay_max_annual >= ${criteria.minPay}`);
  if (criteria.employmentType !== null) where.push(`employment_code = ${EMPLOYMENT_CODES[criteria.employmentType]}`);
  if (criteria.postedWithin !== null) where.push(`posted_at >= ${now - criteria.postedWithin * DAY_MS}`);
  let order: string;
  let option = 'max_matches=1000';
  if (terms.length && criteria.sort === 'relevance') {
    select.push(`WEIGHT() * 14.0 / (14.0 + (${now} - posted_at) / ${DAY_MS}.0) AS score`);
    order = `featured DESC, score DESC, ${newest}`;
    option += `, ${RANKER}`;
    if (bounded) option = option.replace('max_matches=1000', 'max_matches=1200, cutoff=1200');
  } else if (criteria.sort === 'distance' && distance) {
    order = 'featured DESC, dist ASC, posted_at DESC';
    if (terms.length || cellsOnly) option += ', ranker=none';
  } else {
    order = `featured DESC, posted_at DESC, ${newest}`;
    if (terms.length || cellsOnly) option += ', ranker=none';
    // Without words, exact: every job of the place sorted by date (a cutoff would keep the newest seqs,
    // and posted_at is not exactly in seq order).
    if (bounded && terms.length) option += ', cutoff=1001';
  }
  const offset = (criteria.page - 1) * 20;
  return `SELECT ${select.join(', ')} FROM ${index}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} LIMIT ${offset}, 20 OPTION ${option}`;
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const fmt = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return `${pct(s, 0.5).toFixed(1).padStart(5)} / ${pct(s, 0.95).toFixed(1).padStart(5)}`;
};

const sphinx = await mysql.createConnection({ host: '127.0.0.1', port: 19306, multipleStatements: true });
const pgdb = connectDatabase(PG_URL);
const lite = withSqlite ? connectDatabase(SQLITE_URL, { checkpointer: false }) : null;
const now = Date.now();
const { uptime } = await import('node:os');
console.log(`${new Date().toISOString()} indexes jobs_${size} and jobs_${size}_rev, ${samples} runs after 3 warm-up; load ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}; uptime ${uptime()} s`);
console.log('query                         | sphinx all    | sphinx bound  | bound+rows    | pg repo       | sqlite repo   | totals (sphinx all ; bound ; pg repo)');

async function runSphinx(q: string) {
  const [results] = (await sphinx.query(q + '; SHOW META')) as unknown as [[Array<{ id: number; job_id: string }>, Array<{ Variable_name: string; Value: string }>]];
  const [rows, meta] = results;
  const found = Number(meta.find((m) => m.Variable_name === 'total_found')?.Value ?? 0);
  return { ids: rows.map((r) => r.job_id), found };
}
async function pageRows(ids: string[]) {
  if (!ids.length) return [];
  const { rows } = await sql`select id, listing_key, category, title, company_name, city, state, remote, hybrid, featured, pay_min, pay_max,
    pay_period, pay_currency, employment_type, posted_at, substr(description, 1, 240) as snippet from jobs where id = any(${ids})`.execute(pgdb.db);
  return rows;
}

const pages: Record<string, { sphinx: string[]; bound: string[]; repo: string[] }> = {};
const show = (found: number) => (found > 1000 ? `1,000+ (${found})` : found.toLocaleString('en-US'));
for (const query of SEARCH_QUERIES) {
  const criteria = toCriteria(SearchQuerySchema.parse(Object.fromEntries(new URL(query.path, 'http://x').searchParams)));
  const location = parseLocation(criteria.location);
  const place = location.status === 'found' ? location.place : null;
  const params = { criteria, place, now };
  const q = sphinxQuery(criteria, place, now);
  const qb = sphinxQuery(criteria, place, now, true);
  const t: Record<string, number[]> = { s: [], sb: [], sr: [], pg: [], lite: [] };
  let sTotal = '';
  let bTotal = '';
  let pgTotal = '';
  for (let i = 0; i < samples + 3; i += 1) {
    let start = performance.now();
    const s = await runSphinx(q);
    const sMs = performance.now() - start;
    start = performance.now();
    const b = await runSphinx(qb);
    const sbMs = performance.now() - start;
    start = performance.now();
    const s2 = await runSphinx(qb);
    const rows = await pageRows(s2.ids);
    const srMs = performance.now() - start;
    if (rows.length !== s2.ids.length) throw new Error('rows missing');
    sTotal = show(s.found);
    bTotal = show(b.found);
    pages[query.kind] = { sphinx: s.ids, bound: b.ids, repo: pages[query.kind]?.repo ?? [] };
    let pgMs = 0;
    if (withRepo) {
      start = performance.now();
      const r = await searchJobs(pgdb.db, pgdb.dialect, params);
      pgMs = performance.now() - start;
      pgTotal = `${r.total.toLocaleString('en-US')}${r.totalIsLowerBound ? '+' : ''}`;
      pages[query.kind]!.repo = r.rows.map((row) => row.id);
    }
    let liteMs = 0;
    if (lite) {
      start = performance.now();
      await searchJobs(lite.db, lite.dialect, params);
      liteMs = performance.now() - start;
    }
    if (i < 3) continue;
    t.s!.push(sMs);
    t.sb!.push(sbMs);
    t.sr!.push(srMs);
    t.pg!.push(pgMs);
    t.lite!.push(liteMs);
  }
  console.log(
    `${query.kind.padEnd(29)} | ${fmt(t.s!)} | ${fmt(t.sb!)} | ${fmt(t.sr!)} | ${withRepo ? fmt(t.pg!) : '      -      '} | ${lite ? fmt(t.lite!) : '      -      '} | ${sTotal} ; ${bTotal} ; ${pgTotal}`,
  );
}

// Quality: the first page of three queries, Sphinx against the product (bounded search) and against
// the product's every-match ranking (searchEveryMatch: every match ranked, as Sphinx does).
if (withRepo && size === '1m') {
  console.log('\nfirst pages, ids in common of 20: sphinx all vs searchJobs | sphinx bound vs searchJobs | sphinx all vs searchEveryMatch | searchJobs vs searchEveryMatch');
  for (const kind of ['title only', 'title only, two words', 'title + city, 25 mi']) {
    const query = SEARCH_QUERIES.find((x) => x.kind === kind)!;
    const criteria = toCriteria(SearchQuerySchema.parse(Object.fromEntries(new URL(query.path, 'http://x').searchParams)));
    const location = parseLocation(criteria.location);
    const place = location.status === 'found' ? location.place : null;
    const every = (await searchEveryMatch(pgdb.db, pgdb.dialect, { criteria, place, now })).rows.map((r) => r.id);
    const { sphinx: s, bound, repo } = pages[kind]!;
    const common = (a: string[], b: string[]) => a.filter((id) => b.includes(id)).length;
    const top10 = (a: string[], b: string[]) => a.slice(0, 10).filter((id) => b.slice(0, 10).includes(id)).length;
    console.log(`  ${kind.padEnd(24)} ${common(s, repo)}/20 | ${common(bound, repo)}/20 (top 10: ${top10(bound, repo)}/10) | ${common(s, every)}/20 | ${common(repo, every)}/20`);
    for (const [name, ids] of [['sphinx all', s], ['sphinx bound', bound], ['searchJobs', repo], ['everyMatch', every]] as const) {
      const { rows } = await sql<{ title: string; age: number }>`select title, (${now} - posted_at) / 86400000.0 as age from jobs where id = any(${ids})`.execute(pgdb.db);
      const words = criteria.search.toLowerCase().split(' ');
      const inTitle = rows.filter((r) => words.every((w) => r.title.toLowerCase().includes(w.replace(/ed$/, '')))).length;
      const ages = rows.map((r) => Number(r.age)).sort((a, b) => a - b);
      console.log(`    ${name.padEnd(12)} all words in title: ${inTitle}/20, age ${ages[0]?.toFixed(1)}-${ages.at(-1)?.toFixed(1)} days, titles: ${[...new Set(rows.map((r) => r.title))].slice(0, 6).join('; ')}`);
    }
    console.log(`    sphinx: ${s.join(' ')}\n    bound:  ${bound.join(' ')}\n    repo:   ${repo.join(' ')}\n    every:  ${every.join(' ')}`);
  }
  console.log('\nfirst page, ids in common with searchJobs (sphinx all | sphinx bound), every query:');
  for (const query of SEARCH_QUERIES) {
    const { sphinx: s, bound, repo } = pages[query.kind]!;
    const common = (a: string[]) => a.filter((id) => repo.includes(id)).length;
    console.log(`  ${query.kind.padEnd(29)} ${common(s)}/${repo.length} | ${common(bound)}/${repo.length}`);
  }
  console.log('\nSphinxQL of each query:');
  for (const query of SEARCH_QUERIES) {
    const criteria = toCriteria(SearchQuerySchema.parse(Object.fromEntries(new URL(query.path, 'http://x').searchParams)));
    const location = parseLocation(criteria.location);
    const place = location.status === 'found' ? location.place : null;
    console.log(`  ${query.kind}:\n    ${sphinxQuery(criteria, place, now)}\n    ${sphinxQuery(criteria, place, now, true)}`);
  }
}
await sphinx.end();
await pgdb.close();
await lite?.close();
