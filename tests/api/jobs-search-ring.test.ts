import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_PER_PAGE } from '../../src/shared/jobs/enums';
import { EARTH_RADIUS_MILES } from '../../src/server/features/jobs/geo';
import { parseLocation, type Place } from '../../src/server/features/jobs/places';
import { MATCH_COUNT_BOUND } from '../../src/server/features/jobs/search-plan';
import { searchEveryMatch } from '../support/search-oracle';
import { searchJobs, type JobSearchResult } from '../../src/server/features/jobs/search.repository';
import { createRandom } from '../../src/server/features/jobs/seed';
import { DAY_MS, insertJob, NO_CRITERIA } from '../support/jobs-fixtures';
import { StatementRecorder } from '../support/statement-recorder';
import { createTestApp, type TestApp } from '../support/test-app';

// Decision 0193: a place by distance reads the featured jobs of the radius and the others within a
// ring around the place, widening the ring when it holds less than the page. The pages must be those
// of sorting every job of the radius, featured ones first even when they lie outside the ring.
let t: TestApp;
let austin: Extract<Place, { kind: 'city' }>;

/** The point `miles` from a place in the direction `bearing` (degrees from north). */
function destination(latitude: number, longitude: number, miles: number, bearing: number): { latitude: number; longitude: number } {
  const rad = Math.PI / 180;
  const angle = miles / EARTH_RADIUS_MILES;
  const lat1 = latitude * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing * rad));
  const lon2 = longitude * rad + Math.atan2(Math.sin(bearing * rad) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: lat2 / rad, longitude: lon2 / rad };
}

/** The every-match search's page as the bounded search gives it: above the bound, "1,000+". */
const bounded = (every: JobSearchResult): JobSearchResult =>
  every.total > MATCH_COUNT_BOUND ? { ...every, total: MATCH_COUNT_BOUND, totalIsLowerBound: true } : every;

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  const found = parseLocation('Austin, TX');
  if (found.status !== 'found' || found.place.kind !== 'city') throw new Error('Austin, TX not found');
  austin = found.place;
  const random = createRandom(193);
  const place = (miles: number) => destination(austin.latitude, austin.longitude, miles, random.next() * 360);
  // 400 jobs spread over 0-24 miles (the ring of 1/16 of 25 miles holds a few dozen), some sharing a
  // spot, 60 beyond the radius, and featured jobs at 15-24 miles, outside every ring but the last.
  for (let i = 0; i < 400; i += 1) {
    const spot = i % 10 === 0 ? { latitude: austin.latitude, longitude: austin.longitude } : place(random.next() * 24);
    await insertJob(t.app.db, now, { ...spot, ageDays: i % 9, posted_at: now - (i % 9) * DAY_MS - i * 1000, employment_type: i % 3 ? 'full_time' : 'part_time' });
  }
  for (let i = 0; i < 60; i += 1) await insertJob(t.app.db, now, { ...place(26 + random.next() * 10) });
  for (let i = 0; i < 3; i += 1) await insertJob(t.app.db, now, { ...place(15 + i * 4), featured: 1 });
  // More warehouse jobs near the centre, so a search for the word finds more than the bound (1,000)
  // within the radius among the smallest ring's cells: words try rings only then.
  for (let i = 0; i < 1000; i += 1) await insertJob(t.app.db, now, { ...place(random.next() * 3), ageDays: i % 7 });
  // Part-time warehouse jobs 6-7 miles east, outside a 5-mile radius but inside its smallest ring's
  // cells (Austin's centre lies on the edge of two eighth-of-a-degree cells, which reach 7.4 miles
  // east of it): the count that chooses the rings must test the radius, not the cells alone.
  for (let i = 0; i < 1000; i += 1) {
    await insertJob(t.app.db, now, { ...destination(austin.latitude, austin.longitude, 6 + random.next(), 85 + random.next() * 10), employment_type: 'part_time' });
  }
  // Jobs without the word "warehouse", near the centre and one featured, which a search for it must skip.
  const other = { title: 'Crane Operator', description: 'Operate a tower crane on site.' };
  for (let i = 0; i < 30; i += 1) await insertJob(t.app.db, now, { ...other, ...place(random.next() * 2) });
  await insertJob(t.app.db, now, { ...other, ...place(3), featured: 1 });
  // Featured warehouse jobs that filters tell apart (type, pay, age) and a closed one.
  await insertJob(t.app.db, now, { ...place(10), featured: 1, employment_type: 'part_time' });
  await insertJob(t.app.db, now, { ...place(12), featured: 1, pay_max: 45, pay_max_annual: 45 * 2080 });
  await insertJob(t.app.db, now, { ...place(8), featured: 1, ageDays: 25 });
  await insertJob(t.app.db, now, { ...place(5), featured: 1, status: 'closed' });
  // Around San Antonio, none within a quarter of the radius: both rings fall short, the whole radius answers.
  const sanAntonio = parseLocation('San Antonio, TX');
  if (sanAntonio.status !== 'found' || sanAntonio.place.kind !== 'city') throw new Error('San Antonio, TX not found');
  for (let i = 0; i < 120; i += 1) {
    await insertJob(t.app.db, now, { ...destination(sanAntonio.place.latitude, sanAntonio.place.longitude, 10 + random.next() * 14, random.next() * 360) });
  }
}, 120_000);
afterAll(async () => t.close());

describe('a place by distance within a ring', () => {
  it('gives the pages and totals of sorting every job of the radius, featured jobs first', async () => {
    const recorder = new StatementRecorder();
    for (const type of [null, 'full_time'] as const) {
      for (let page = 1; page <= 22; page += 1) {
        const criteria = { ...NO_CRITERIA, location: 'Austin, TX', sort: 'distance' as const, employmentType: type, page };
        const params = { criteria, place: austin, now: t.clock.now() };
        const every = await searchEveryMatch(t.app.db, t.app.dialect, params);
        expect(await searchJobs(t.app.db.withPlugin(recorder), t.app.dialect, params), `${type} page ${page}`).toEqual(bounded(every));
        if (page === 1 && type === null) {
          // The six open featured warehouse jobs and the featured crane operator's.
          expect(every.rows.slice(0, 7).every((row) => row.featured === 1)).toBe(true);
          expect(every.rows[7]!.distance!).toBeLessThan(1.5);
          expect(every.rows).toHaveLength(RESULTS_PER_PAGE);
        }
      }
    }
    // The ring's page came from its two arms: the radius's featured jobs and the ring's others.
    expect(recorder.statements.some((text) => text.includes('union all') && text.includes('j.featured = 1 and') && text.includes('j.featured <> 1 and'))).toBe(true);
  }, 60_000);

  it('gives the pages of sorting every match of the radius for words too, the ring asked with its cells (decision 0213)', async () => {
    const recorder = new StatementRecorder();
    // Filters apply to both arms; a radius of 5 miles, whose rings' cells reach past it; pages the
    // first ring holds, pages of the quarter ring, and pages past every ring.
    const filters = [
      {},
      { employmentType: 'part_time' as const },
      { minPay: 60_000 as const },
      { postedWithin: 7 as const },
      { radius: 5 as const },
      { radius: 5 as const, employmentType: 'part_time' as const },
    ];
    for (const filter of filters) {
      for (const page of [1, 2, 3, 10, 20, 26, 27, 30, 40, 50]) {
        const criteria = { ...NO_CRITERIA, search: 'warehouse', location: 'Austin, TX', sort: 'distance' as const, ...filter, page };
        const params = { criteria, place: austin, now: t.clock.now() };
        const every = await searchEveryMatch(t.app.db, t.app.dialect, params);
        const label = `${JSON.stringify(filter)} page ${page}`;
        const asked = new StatementRecorder();
        expect(await searchJobs(t.app.db.withPlugin(recorder).withPlugin(asked), t.app.dialect, params), label).toEqual(bounded(every));
        // Near Austin the first ring fills the first pages: its statement, which counted its cells'
        // matches, is the search's last (no sorting of every match after it).
        if (!Object.keys(filter).length && page <= 2) expect(asked.statements.at(-1), label).toContain('ring_matches');
        if (page === 1 && !Object.keys(filter).length) {
          // The six open featured warehouse jobs, not the crane operator's nor the closed one.
          expect(every.rows.slice(0, 6).every((row) => row.featured === 1 && row.title === 'Warehouse Associate')).toBe(true);
          expect(every.rows[6]!.distance!).toBeLessThan(1.5);
          expect(every.rows).toHaveLength(RESULTS_PER_PAGE);
        }
        expect(every.rows.every((row) => row.title === 'Warehouse Associate'), label).toBe(true);
      }
    }
    // The featured jobs of the radius tested for the words, the others from the full-text index with
    // the ring's cells (the finest grid).
    const featuredArm = t.app.dialect === 'sqlite' ? 'exists (select 1 from jobs_fts' : 'j.featured = 1 and';
    const ringStatements = recorder.statements.filter((text) => text.includes('union all') && text.includes(featuredArm) && /zzc8n/.test(text));
    expect(ringStatements.length).toBeGreaterThan(0);
  }, 60_000);

  it('falls back to the whole radius when no ring fills the page', async () => {
    for (let page = 1; page <= 3; page += 1) {
      const criteria = { ...NO_CRITERIA, location: 'San Antonio, TX', sort: 'distance' as const, page };
      const location = parseLocation(criteria.location);
      const params = { criteria, place: location.status === 'found' ? location.place : null, now: t.clock.now() };
      const every = await searchEveryMatch(t.app.db, t.app.dialect, params);
      expect(every.total).toBeGreaterThanOrEqual(120);
      expect(await searchJobs(t.app.db, t.app.dialect, params), `page ${page}`).toEqual(every);
    }
  });
});
