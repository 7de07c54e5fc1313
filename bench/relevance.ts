// `npm run bench -- relevance`: how often the search finds what a job seeker means (issue 49, decision
// 0263). Each query of bench/relevance-queries.json is searched as the results page searches it today
// (a place read from the "What" box, abbreviations and other names, typos corrected) and as before
// (the words as typed), on a seeded SQLite file; printed are the share of queries whose top 5 results
// carry an expected title and the share with no results, each beside the baseline, by class.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { connectDatabase } from '../src/server/db/connection';
import type { Db, DialectName } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { parseLocation } from '../src/server/features/jobs/places';
import { searchAsMeant } from '../src/server/features/jobs/search-as-meant';
import { withAvailableSort } from '../src/server/features/jobs/search-query';
import { searchJobs, type JobSearchResult } from '../src/server/features/jobs/search.repository';
import type { SearchCriteria } from '../src/shared/jobs/search-url';
import { seedJobs } from '../tools/seed/jobs';

const QuerySetSchema = z.object({
  about: z.string(),
  queries: z.array(z.object({ query: z.string().min(1), class: z.string(), expect: z.array(z.string()).min(1), location: z.string().optional() })),
});
export type RelevanceQuery = z.infer<typeof QuerySetSchema>['queries'][number];

/** The query sets: `labelled` was written beside the synonym table; `held-out` never tuned it (decision 0306). */
export const QUERY_SETS = { labelled: 'relevance-queries.json', 'held-out': 'relevance-holdout.json' } as const;

export function relevanceQueries(set: keyof typeof QUERY_SETS = 'labelled'): RelevanceQuery[] {
  return QuerySetSchema.parse(JSON.parse(readFileSync(new URL(`./${QUERY_SETS[set]}`, import.meta.url), 'utf8'))).queries;
}

/** How many of the top results a query's expected titles are looked for in. */
export const TOP = 5;

export interface RelevanceShares {
  queries: number;
  /** The share of queries whose top TOP results carry an expected title. */
  topHit: number;
  /** The share of queries with no results. */
  zero: number;
}

export interface RelevanceReport {
  today: RelevanceShares;
  baseline: RelevanceShares;
  byClass: Map<string, { today: RelevanceShares; baseline: RelevanceShares }>;
  /** Queries today's search misses, for reading. */
  misses: Array<{ query: RelevanceQuery; titles: string[] }>;
}

const criteriaOf = (query: RelevanceQuery): SearchCriteria => ({
  search: query.query,
  location: query.location ?? '',
  radius: 25,
  minPay: null,
  employmentType: null,
  category: null,
  postedWithin: null,
  remoteOnly: false,
  sort: 'relevance',
  page: 1,
});

/** The search before issue 49: the words as typed, no other names, no correction, no place read from the words. */
async function searchBefore(db: Db, dialect: DialectName, query: RelevanceQuery, now: number): Promise<JobSearchResult> {
  const location = parseLocation(query.location ?? '');
  const place = location.status === 'found' ? location.place : null;
  return searchJobs(db, dialect, { criteria: withAvailableSort(criteriaOf(query), place), place, now, synonyms: false });
}

function shares(outcomes: Array<{ hit: boolean; zero: boolean }>): RelevanceShares {
  const n = outcomes.length;
  return { queries: n, topHit: n ? outcomes.filter((o) => o.hit).length / n : 0, zero: n ? outcomes.filter((o) => o.zero).length / n : 0 };
}

/** Every query searched today and as before, on the given database. */
export async function measureRelevance(db: Db, dialect: DialectName, queries: RelevanceQuery[], now: number): Promise<RelevanceReport> {
  const outcomes: Array<{ query: RelevanceQuery; today: { hit: boolean; zero: boolean }; baseline: { hit: boolean; zero: boolean }; titles: string[] }> = [];
  for (const query of queries) {
    const expected = new Set(query.expect.map((title) => title.toLowerCase()));
    const judge = (result: JobSearchResult) => ({ hit: result.rows.slice(0, TOP).some((row) => expected.has(row.title.toLowerCase())), zero: result.total === 0 });
    const today = (await searchAsMeant(db, dialect, criteriaOf(query), now, { asTyped: false })).result;
    const before = await searchBefore(db, dialect, query, now);
    outcomes.push({ query, today: judge(today), baseline: judge(before), titles: today.rows.slice(0, TOP).map((row) => row.title) });
  }
  const byClass = new Map<string, { today: RelevanceShares; baseline: RelevanceShares }>();
  for (const cls of [...new Set(queries.map((query) => query.class))]) {
    const inClass = outcomes.filter((o) => o.query.class === cls);
    byClass.set(cls, { today: shares(inClass.map((o) => o.today)), baseline: shares(inClass.map((o) => o.baseline)) });
  }
  return {
    today: shares(outcomes.map((o) => o.today)),
    baseline: shares(outcomes.map((o) => o.baseline)),
    byClass,
    misses: outcomes.filter((o) => !o.today.hit).map((o) => ({ query: o.query, titles: o.titles })),
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1).padStart(5)}%`;

/** The bench: a fresh SQLite file seeded with BENCH_RELEVANCE_JOBS jobs (default 50,000), every query on it. */
export async function runRelevanceBench(): Promise<boolean> {
  const jobs = Number(process.env.BENCH_RELEVANCE_JOBS ?? 50_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jobwise-relevance-'));
  const file = path.join(dir, 'relevance.sqlite');
  const now = Date.UTC(2026, 10, 1);
  try {
    const seeding = connectDatabase(`sqlite:${file}`, { checkpointer: false });
    await migrateToLatest(seeding.db);
    await seedJobs(seeding.db, seeding.dialect, { jobs, now });
    await seeding.close();
    const handle = connectDatabase(`sqlite:${file}`);
    for (const set of Object.keys(QUERY_SETS) as Array<keyof typeof QUERY_SETS>) {
      const queries = relevanceQueries(set);
      const report = await measureRelevance(handle.db, handle.dialect, queries, now);
      console.log(`relevance, ${set} set: ${queries.length} queries (bench/${QUERY_SETS[set]}) on ${jobs.toLocaleString('en-US')} seeded jobs, SQLite`);
      console.log(`  ${'class'.padEnd(18)} ${'queries'.padStart(7)}   top ${TOP} hit: today  baseline   no results: today  baseline`);
      const line = (name: string, today: RelevanceShares, baseline: RelevanceShares) =>
        console.log(`  ${name.padEnd(18)} ${String(today.queries).padStart(7)}   ${' '.repeat(10)}${percent(today.topHit)}  ${percent(baseline.topHit)}   ${' '.repeat(12)}${percent(today.zero)}  ${percent(baseline.zero)}`);
      for (const [cls, { today, baseline }] of report.byClass) line(cls, today, baseline);
      line('all', report.today, report.baseline);
      for (const miss of report.misses) console.log(`  missed: "${miss.query.query}"${miss.query.location ? ` in ${miss.query.location}` : ''} -> ${miss.titles.join(', ') || 'no results'}`);
    }
    await handle.close();
    console.log('');
    return true;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
