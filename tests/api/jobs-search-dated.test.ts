import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_COUNT_BOUND } from '../../src/server/features/jobs/search-plan';
import { searchEveryMatch } from '../support/search-oracle';
import { searchJobs } from '../../src/server/features/jobs/search.repository';
import { walkBudget } from '../../src/server/features/jobs/search-paths';
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
const ELSEWHERE = 3000;
/** The walk's subquery as the search spells it (decision 0198). */
const WALK = "from jobs where status = 'open' order by featured desc, posted_at desc, seq desc limit";
/** A page of the box read and sorted whole. */
const BOX_PAGE = 'j.posted_at desc, j.seq desc';


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
  // Many more elsewhere, as old as the others: the newest jobs a walk may test hold too few of the
  // radius's for its deepest pages, which then read the box (decision 0198, amended).
  for (let i = 0; i < ELSEWHERE; i += 1) await insertJob(t.app.db, now, { place: 'dallas', ageDays: i % 30 });
}, 180_000);
afterAll(async () => t.close());

describe('a place without words in date order', () => {
  it('gives the pages of sorting every job of the radius, with "1,000+" above the bound', async () => {
    // No filter; a filter that leaves fewer than the bound; one that leaves more, on a column the date
    // index does not hold (the walk then reads the jobs' rows).
    const filterings = [{}, { employmentType: 'full_time' as const }, { category: 'warehouse' as const }];
    for (const filtering of filterings) {
      for (const sort of ['date', 'relevance'] as const) {
        for (const page of [1, 2, 7, 50]) {
          const recorder = new StatementRecorder();
          const criteria = { ...NO_CRITERIA, location: 'Austin, TX', sort, ...filtering, page };
          const params = { criteria, place: austin, now: t.clock.now() };
          const every = await searchEveryMatch(t.app.db, t.app.dialect, params);
          const result = await searchJobs(t.app.db.withPlugin(recorder), t.app.dialect, params);
          const label = `${JSON.stringify(filtering)} ${sort} page ${page}`;
          expect(result.rows, label).toEqual(every.rows);
          if (every.total > MATCH_COUNT_BOUND) expect(result).toMatchObject({ total: MATCH_COUNT_BOUND, totalIsLowerBound: true });
          else expect(result.total).toBe(every.total);
          // Above the bound the newest jobs are walked first (their subquery in the page's order,
          // limited); page 1 finds its rows there, page 50 does not (a quarter of the jobs are the
          // radius's: 2,052 walked hold about 560 of them) and reads the box.
          const walked = recorder.statements.some((text) => text.includes(WALK));
          const boxRead = recorder.statements.some((text) => text.includes(BOX_PAGE));
          if (every.total > MATCH_COUNT_BOUND && page === 1) expect([walked, boxRead], label).toEqual([true, false]);
          if (every.total > MATCH_COUNT_BOUND && page === 50) expect([walked, boxRead], label).toEqual([true, true]);
          if (every.total <= MATCH_COUNT_BOUND) expect(walked, label).toBe(false);
        }
      }
    }
  }, 120_000);

  it.runIf(testDialect() === 'sqlite')('walks the date index alone, the coordinates tested from it (migration 0060; SQLite)', async () => {
    // The walk as the search spells it: the newest open jobs, the box tested on them.
    const { rows } = await sql<{ detail: string }>`explain query plan
      select j.seq, j.featured, j.posted_at from (select status, featured, posted_at, seq, latitude, longitude from jobs where status = 'open'
        order by featured desc, posted_at desc, seq desc limit 1100) j
      where j.status = 'open' and j.latitude between 30.1 and 30.4 and j.longitude between -97.9 and -97.6 limit 20 offset 980`.execute(t.app.db);
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

describe('the walk\'s budget (decision 0198, amended)', () => {
  it('is the square root of the page\'s last row times the jobs: enough for a dense box, little for a sparse one', () => {
    // Los Angeles's 25 miles hold about 5.6% of the jobs: page 1 needs about 360 of the newest, page
    // 50 about 17,900, at any size.
    expect(walkBudget(100_000, 1)).toBe(1_415);
    expect(walkBudget(2_000_000, 1)).toBe(6_325);
    expect(walkBudget(1_000_000, 50)).toBe(31_623);
    expect(walkBudget(1_000_000, 50)).toBeGreaterThan(Math.ceil((50 * 20 * 1_000_000) / 55_815));
    expect(walkBudget(0, 1)).toBe(5);
  });
});
