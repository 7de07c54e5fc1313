import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchParamsOf } from '../../bench/scenarios/search';
import { connectDatabase, hasSqliteRank, type DatabaseHandle } from '../../src/server/db/connection';
import type { Db } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { FTS5_BM25, sqliteTextScore, sqliteWordCounts } from '../../src/server/features/jobs/search-rank';
import { searchEveryMatch } from '../support/search-oracle';
import { searchJobs } from '../../src/server/features/jobs/search.repository';
import { searchTerms } from '../../src/server/features/jobs/search-terms';
import { ftsWordsQuery, groupWords } from '../../src/server/features/jobs/search-words';
import { seedJobs } from '../../tools/seed/jobs';
import { insertJob } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';

// Decision 0221: SQLite ranks with jobwise_bm25(), FTS5's bm25() formula given each word's count of
// matches from counts kept until the full-text index changes. The scores must be bm25()'s, bit for bit,
// before and after the index changes; and the function must be there wherever the tests run (CI builds
// it at `npm ci`), or the searches would quietly fall back to bm25()'s count of every match.
describe.skipIf(testDialect() !== 'sqlite')('SQLite rank function (decision 0221)', () => {
  let t: TestApp;
  let db: Db;
  // Each word in well under half of the rows, so its IDF is above bm25()'s floor and moves with its count.
  const JOBS = [
    { title: 'Forklift Operator', description: 'Forklift operator for a busy warehouse; forklift certification provided.' },
    { title: 'Delivery Driver', description: 'Drive a box truck on a city route. Driver experience helps.' },
    { title: 'Warehouse Associate', description: 'Pick, pack and load trucks. Forklift training for the right person.' },
    { title: 'Warehouse Associate', description: 'Pick and pack orders in a clean, safe warehouse.' },
    { title: 'Cook', description: 'Prepare meals for a busy kitchen.' },
    { title: 'Cashier', description: 'Greet customers and run the register.' },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.db;
    const now = t.clock.now();
    for (let i = 0; i < 180; i += 1) await insertJob(db, now, { ...JOBS[i % JOBS.length]!, ageDays: i % 20 });
  });
  afterAll(() => t.close());

  /** Each matching row's score from the search's function and from bm25() itself, in one statement. */
  async function scores(text: string): Promise<Array<{ seq: number; ours: number; fts5: number }>> {
    const words = groupWords(searchTerms(text));
    const counts = await sqliteWordCounts(db, words);
    expect(counts).not.toBeNull();
    const ours = sqliteTextScore(counts);
    const { rows } = await sql<{ seq: number; ours: number; fts5: number }>`select f.rowid as seq, ${ours} as ours, ${FTS5_BM25} as fts5
      from jobs_fts f where jobs_fts match ${ftsWordsQuery(words)} order by f.rowid`.execute(db);
    return rows;
  }

  it('is loaded on the test database', () => {
    expect(hasSqliteRank(db)).toBe(true);
  });

  it("gives bm25()'s scores exactly, for one word and for several", async () => {
    // "forklift operator", "delivery driver" and "truck driver" are titles with other names (decision 0260): a phrase each, counted each.
    for (const text of ['forklift', 'driver', 'forklift warehouse', 'pick pack warehouse', 'forklift operator', 'delivery driver', 'truck driver']) {
      const rows = await scores(text);
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) expect(row.ours).toBe(row.fts5);
    }
    // The function was asked, not bm25() under another name: a word in a title and a word in a
    // description score differently.
    expect(new Set((await scores('forklift')).map((row) => row.ours)).size).toBeGreaterThan(1);
  });

  it('counts again once the full-text index changes: jobs posted, then closed', async () => {
    const before = await scores('driver');
    for (const row of before) expect(row.ours).toBe(row.fts5);
    // Forty more jobs with "driver" change its count of matches, and so its IDF: a count kept from
    // before would give every row another score.
    for (let i = 0; i < 40; i += 1) await insertJob(db, t.clock.now(), { title: 'Delivery Driver', description: 'A driver route downtown.' });
    const posted = await scores('driver');
    expect(posted.length).toBe(before.length + 40);
    for (const row of posted) expect(row.ours).toBe(row.fts5);
    await db.updateTable('jobs').set({ status: 'closed' }).where('description', '=', 'A driver route downtown.').execute();
    const closed = await scores('driver');
    expect(closed.length).toBe(before.length);
    for (const row of closed) expect(row.ours).toBe(row.fts5);
  });

  it('refuses counts that do not match the phrases of the query', async () => {
    await expect(
      sql`select jobwise_bm25(jobs_fts, 3, 10.0, 4.0, 1.0, 5, 6) from jobs_fts where jobs_fts match ${ftsWordsQuery(groupWords(['forklift']))}`.execute(db),
    ).rejects.toThrow(/one count per phrase/);
  });
});

// The same searches on the same seeded file through a connection with the rank function and one
// without it (bm25() alone): every page and total must be the same, on each path a search can take
// (words alone, words with a place, with filters, by date and by distance, deep pages, every match).
describe.skipIf(testDialect() !== 'sqlite')('pages with and without the rank function (decision 0221)', () => {
  let file = '';
  let ranked: DatabaseHandle;
  let plain: DatabaseHandle;
  const now = Date.UTC(2026, 10, 29, 12);

  beforeAll(async () => {
    file = path.join(mkdtempSync(path.join(tmpdir(), 'jobwise-rank-')), 'jobs.sqlite');
    const seeding = connectDatabase(`sqlite:${file}`, { checkpointer: false });
    await migrateToLatest(seeding.db);
    await seedJobs(seeding.db, seeding.dialect, { jobs: 30_000, now });
    await seeding.close();
    ranked = connectDatabase(`sqlite:${file}`);
    plain = connectDatabase(`sqlite:${file}`, { sqliteRank: false });
  }, 120_000);
  afterAll(async () => {
    await ranked?.close();
    await plain?.close();
    if (file) rmSync(path.dirname(file), { recursive: true, force: true });
  });

  const PATHS = [
    '/jobs-search?search=driver',
    '/jobs-search?search=registered+nurse',
    '/jobs-search?search=assistant&page=10',
    '/jobs-search?search=driver&location=Chicago%2C+IL',
    '/jobs-search?search=warehouse&location=10001&radius=50',
    '/jobs-search?search=cook&min_pay=40000&type=full_time&posted=7',
    '/jobs-search?search=associate&location=TX&page=3',
    '/jobs-search?search=driver&location=Chicago%2C+IL&sort=distance',
    '/jobs-search?search=nurse&sort=date&page=2',
    '/jobs-search?search=cashier+part+time&location=Remote',
  ];

  it('gives the same pages and totals', async () => {
    expect(hasSqliteRank(ranked.db)).toBe(true);
    expect(hasSqliteRank(plain.db)).toBe(false);
    let listed = 0;
    for (const query of PATHS) {
      const params = searchParamsOf(query, now);
      for (const search of [searchJobs, searchEveryMatch]) {
        const [a, b] = [await search(ranked.db, 'sqlite', params), await search(plain.db, 'sqlite', params)];
        expect({ query, search: search.name, total: a.total, lower: a.totalIsLowerBound, ids: a.rows.map((row) => row.id) }).toEqual({
          query,
          search: search.name,
          total: b.total,
          lower: b.totalIsLowerBound,
          ids: b.rows.map((row) => row.id),
        });
        listed += a.rows.length;
      }
    }
    // Not a comparison of empty pages.
    expect(listed).toBeGreaterThan(PATHS.length * 2 * 15);
  });
});
