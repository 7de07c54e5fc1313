import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureRelevance, relevanceQueries, type RelevanceReport } from '../../bench/relevance';
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedJobs } from '../../tools/seed/jobs';
import { testDialect } from '../support/test-database';

/**
 * The floor under the search's relevance (issue 49, decision 0263): the labelled queries of
 * bench/relevance-queries.json on a seeded SQLite file of modest size. `npm run bench -- relevance`
 * prints the same shares on a larger seed, by class, beside the words as typed.
 */
const FLOOR = { topHit: 0.95, zero: 0.01 } as const;
/** The search as before issue 49, for the record: the floor is far above it. */
const BASELINE_CEILING = { topHit: 0.5 } as const;

describe.skipIf(testDialect() !== 'sqlite')('relevance of the labelled queries (decision 0263)', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let report: RelevanceReport;
  const now = Date.UTC(2026, 10, 1);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'jobwise-relevance-'));
    const file = path.join(dir, 'relevance.sqlite');
    const seeding = connectDatabase(`sqlite:${file}`, { checkpointer: false });
    await migrateToLatest(seeding.db);
    await seedJobs(seeding.db, seeding.dialect, { jobs: 8_000, now });
    await seeding.close();
    handle = connectDatabase(`sqlite:${file}`);
    report = await measureRelevance(handle.db, handle.dialect, relevanceQueries(), now);
  }, 240_000);
  afterAll(async () => {
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has an expected title in the top 5 for nearly every query, and almost no query without results', () => {
    const missed = report.misses.map((miss) => `${miss.query.query} -> ${miss.titles.join(', ')}`);
    expect(report.today.topHit, missed.join('\n')).toBeGreaterThanOrEqual(FLOOR.topHit);
    expect(report.today.zero).toBeLessThanOrEqual(FLOOR.zero);
  });

  it('does far better than the words as typed on abbreviations, other names and typos', () => {
    expect(report.baseline.topHit).toBeLessThan(BASELINE_CEILING.topHit);
    for (const cls of ['abbreviation', 'synonym', 'typo']) expect(report.byClass.get(cls)!.today.topHit).toBeGreaterThan(report.byClass.get(cls)!.baseline.topHit);
  });
});
