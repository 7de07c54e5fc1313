import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datedScanCount, MATCH_COUNT_BOUND, prefersDatedScan, searchEveryMatch, searchJobs } from '../../src/server/features/jobs/search.repository';
import { parseLocation, type Place } from '../../src/server/features/jobs/places';
import { createRandom } from '../../src/server/features/jobs/seed';
import { DAY_MS, insertJob, NO_CRITERIA } from '../support/jobs-fixtures';
import { StatementRecorder } from '../support/statement-recorder';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';

// Decision 0198: a place without words, in date order, walks the open jobs newest first and tests
// each against the box when the box holds many of the jobs, instead of reading the whole box from the
// place index and sorting it. The pages must be those of sorting every job of the radius.
let t: TestApp;
let austin: Place;
const IN_RADIUS = MATCH_COUNT_BOUND + 150;


beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  const found = parseLocation('Austin, TX');
  if (found.status !== 'found') throw new Error('Austin, TX not found');
  austin = found.place;
  const random = createRandom(198);
  // Jobs around Austin (within 0.2 degrees), ages spread over 30 days and some sharing a posting time
  // so seq breaks ties, a few featured; and some in Dallas, outside the radius.
  for (let i = 0; i < IN_RADIUS; i += 1) {
    const posted = now - Math.floor(random.next() * 30) * DAY_MS - (i % 4 === 0 ? 0 : i * 1000);
    await insertJob(t.app.db, now, {
      latitude: 30.2672 + (random.next() - 0.5) * 0.2,
      longitude: -97.7431 + (random.next() - 0.5) * 0.2,
      posted_at: posted,
      featured: i % 97 === 0 ? 1 : 0,
      employment_type: i % 3 ? 'full_time' : 'part_time',
    });
  }
  for (let i = 0; i < 60; i += 1) await insertJob(t.app.db, now, { place: 'dallas', ageDays: i % 5 });
}, 180_000);
afterAll(async () => t.close());

describe('a place without words in date order', () => {
  it('gives the pages of sorting every job of the radius, with "1,000+" above the bound', async () => {
    const recorder = new StatementRecorder();
    const db = t.app.db.withPlugin(recorder);
    for (const type of [null, 'full_time'] as const) {
      for (const sort of ['date', 'relevance'] as const) {
        for (const page of [1, 2, 7, 50]) {
          const criteria = { ...NO_CRITERIA, location: 'Austin, TX', sort, employmentType: type, page };
          const params = { criteria, place: austin, now: t.clock.now() };
          const every = await searchEveryMatch(t.app.db, t.app.dialect, params);
          const result = await searchJobs(db, t.app.dialect, params);
          expect(result.rows, `${type} ${sort} page ${page}`).toEqual(every.rows);
          if (every.total > MATCH_COUNT_BOUND) expect(result).toMatchObject({ total: MATCH_COUNT_BOUND, totalIsLowerBound: true });
          else expect(result.total).toBe(every.total);
        }
      }
    }
    // The walk in date order was taken: on SQLite, unary plus on the coordinates (the box tested on
    // each row); on PostgreSQL, the open jobs' subquery in the page's order.
    const walk = t.app.dialect === 'sqlite' ? '+j.latitude between' : 'order by featured desc, posted_at desc, seq desc offset 0) j';
    expect(recorder.statements.some((text) => text.includes(walk))).toBe(true);
  }, 120_000);

  it.runIf(testDialect() === 'sqlite')('walks the date index alone, the coordinates tested from it (migration 0060; SQLite)', async () => {
    // The walk as the search spells it: the box kept off the place indexes by unary plus.
    const { rows } = await sql<{ detail: string }>`explain query plan
      select j.seq, j.featured, j.posted_at from jobs j where j.status = 'open'
        and +j.latitude between 30.1 and 30.4 and +j.longitude between -97.9 and -97.6
      order by j.featured desc, j.posted_at desc, j.seq desc limit 20 offset 980`.execute(t.app.db);
    const plan = rows.map((row) => row.detail).join('\n');
    expect(plan).toContain('COVERING INDEX jobs_status_featured_posted');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('by distance, a deep page of a radius holding more than the bound comes from a ring when one holds it (decision 0193)', async () => {
    for (const page of [1, 13, 50]) {
      const recorder = new StatementRecorder();
      const criteria = { ...NO_CRITERIA, location: 'Austin, TX', sort: 'distance' as const, page };
      const params = { criteria, place: austin, now: t.clock.now() };
      const every = await searchEveryMatch(t.app.db, t.app.dialect, params);
      expect(await searchJobs(t.app.db.withPlugin(recorder), t.app.dialect, params), `page ${page}`).toEqual({ ...every, total: MATCH_COUNT_BOUND, totalIsLowerBound: true });
      // Page 13 needs 260 rows: more than a quarter of the capped count, yet the ring of a quarter
      // of the radius holds them, so the radius is not sorted whole.
      if (page === 13) expect(recorder.statements.some((text) => text.includes('j.featured <> 1 and'))).toBe(true);
    }
  }, 60_000);
});

describe('walking or reading the box (decision 0198, amended)', () => {
  // What the search decides from: the box's jobs counted up to datedScanCount.
  const decide = (boxJobs: number, maxSeq: number, page: number) => prefersDatedScan(Math.min(boxJobs, datedScanCount(maxSeq, page)), maxSeq, page);

  it('walks a dense box at any size, where a count capped at 5,001 made it look small', () => {
    // Los Angeles's 25 miles: 55,815 jobs at 1M, about 110,000 at 2M.
    expect(decide(110_000, 2_000_000, 1)).toBe(true);
    expect(decide(55_815, 1_000_000, 2)).toBe(true);
    expect(decide(55_815, 1_000_000, 50)).toBe(true);
  });

  it('reads a box smaller than the walk would read, and counts no further than that decision needs', () => {
    // 20 x 2,000,000 / 3,000 = 13,333 rows walked against 3,000 read.
    expect(decide(3_000, 2_000_000, 1)).toBe(false);
    expect(decide(MATCH_COUNT_BOUND, 20_000, 1)).toBe(false);
    expect(datedScanCount(2_000_000, 1)).toBe(6_326);
    // The count is also the total: never below the bound + 1.
    expect(datedScanCount(1_000, 1)).toBe(MATCH_COUNT_BOUND + 1);
  });
});
