import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchCriteria } from '../../src/shared/jobs/search-url';
import { DAY_MS, insertJob, NO_CRITERIA, searchWith } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const search = (criteria: Partial<SearchCriteria>) => searchWith(t.app, t.clock.now(), { ...NO_CRITERIA, ...criteria });
const ids = (result: { rows: Array<{ id: string }> }) => result.rows.map((row) => row.id);

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  const db = t.app.db;
  // Ranking: a title match beats a description-only match; among equals, the newer listing wins.
  await insertJob(db, now, { id: 'rankdesc01', title: 'Warehouse Associate', description: 'You may drive a forklift now and then.', ageDays: 2 });
  await insertJob(db, now, { id: 'ranktitle1', title: 'Forklift Operator', description: 'Move pallets safely.', ageDays: 2 });
  await insertJob(db, now, { id: 'rankold001', title: 'Forklift Operator', description: 'Move pallets safely.', ageDays: 20 });
  // Places around Austin for radius and distance; Chicago for state; a remote job.
  await insertJob(db, now, { id: 'placeatx01', title: 'Dispatcher', place: 'austin', ageDays: 5 });
  await insertJob(db, now, { id: 'placerr001', title: 'Dispatcher', place: 'roundRock', ageDays: 4 });
  await insertJob(db, now, { id: 'placesa001', title: 'Dispatcher', place: 'sanAntonio', ageDays: 3 });
  await insertJob(db, now, { id: 'placedal01', title: 'Dispatcher', place: 'dallas', ageDays: 2 });
  await insertJob(db, now, { id: 'placechi01', title: 'Dispatcher', place: 'chicago', ageDays: 2 });
  await insertJob(db, now, { id: 'remote0001', title: 'Dispatcher', place: 'chicago', remote: 1, ageDays: 6 });
  // Filters: pay, type, category, posted within.
  await insertJob(db, now, { id: 'filterpay1', title: 'Registered Nurse', category: 'healthcare', pay_min: 80_000, pay_max: 95_000, pay_period: 'year', pay_max_annual: 95_000, place: 'dallas', ageDays: 10 });
  await insertJob(db, now, { id: 'filterpt01', title: 'Cashier', category: 'retail', employment_type: 'part_time', place: 'dallas', ageDays: 0.5 });
  // Closed jobs never show.
  await insertJob(db, now, { id: 'closed0001', title: 'Forklift Operator', status: 'closed', ageDays: 1 });
});
afterAll(async () => t.close());

describe('full-text search', () => {
  it('ranks a title match above a description-only match, and newer above older', async () => {
    const result = await search({ search: 'forklift' });
    expect(ids(result)).toEqual(['ranktitle1', 'rankold001', 'rankdesc01']);
    expect(result.total).toBe(3);
  });

  it('matches word forms (stemming) and leaves closed jobs out', async () => {
    expect(ids(await search({ search: 'dispatchers' }))).toHaveLength(6);
    expect(ids(await search({ search: 'forklift' }))).not.toContain('closed0001');
  });

  it('requires every word', async () => {
    expect(ids(await search({ search: 'forklift pallets' }))).toEqual(['ranktitle1', 'rankold001']);
  });

  it('treats search syntax as plain words, never as an error', async () => {
    for (const text of ['"foo* OR (', 'title:forklift', 'forklift OR nurse', 'NEAR(a b)', "'; drop table jobs; --", '*', '"', '\\']) {
      const result = await search({ search: text });
      expect(result.total).toBeGreaterThanOrEqual(0);
    }
    // "OR" is an ordinary word here, so this finds nothing rather than forklift-or-nurse jobs.
    expect((await search({ search: 'forklift OR nurse' })).total).toBe(0);
  });

  it('sorts by date when asked, whatever the text score', async () => {
    // Same day: the later listing (higher seq) first.
    expect(ids(await search({ search: 'forklift', sort: 'date' }))).toEqual(['ranktitle1', 'rankdesc01', 'rankold001']);
  });
});

describe('location and radius', () => {
  it('keeps jobs within the radius and shows their distance', async () => {
    const near = await search({ search: 'dispatcher', location: 'Austin, TX', radius: 25 });
    expect(ids(near).sort()).toEqual(['placeatx01', 'placerr001']);
    expect(near.total).toBe(2);
    const roundRock = near.rows.find((row) => row.id === 'placerr001')!;
    expect(roundRock.distance).toBeGreaterThan(10);
    expect(roundRock.distance).toBeLessThan(25);
    const wide = await search({ search: 'dispatcher', location: 'Austin, TX', radius: 100 });
    expect(ids(wide).sort()).toEqual(['placeatx01', 'placerr001', 'placesa001']);
  });

  it('uses exact distance, not just the bounding box', async () => {
    // San Antonio is about 74 miles from Austin: inside a 100-mile box and circle, outside 50.
    expect(ids(await search({ search: 'dispatcher', location: 'Austin, TX', radius: 50 })).sort()).toEqual(['placeatx01', 'placerr001']);
  });

  it('sorts by distance, nearest first', async () => {
    const result = await search({ search: 'dispatcher', location: '78701', radius: 100, sort: 'distance' });
    expect(ids(result)).toEqual(['placeatx01', 'placerr001', 'placesa001']);
    const distances = result.rows.map((row) => row.distance!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it('filters by state', async () => {
    expect(ids(await search({ search: 'dispatcher', location: 'IL' })).sort()).toEqual(['placechi01', 'remote0001']);
  });

  it('counts a place search without text, whatever the sort', async () => {
    for (const sort of ['relevance', 'date', 'distance'] as const) {
      const result = await search({ location: 'Austin, TX', radius: 100, sort });
      // Round Rock and San Antonio, and every job placed in Austin by default (ranking, filters).
      expect(result.total).toBe(result.rows.length);
      expect(ids(result)).toEqual(expect.arrayContaining(['placeatx01', 'placerr001', 'placesa001']));
      expect(ids(result)).not.toContain('placedal01');
    }
  });

  it('"Remote" and "remote only" both keep remote jobs', async () => {
    expect(ids(await search({ location: 'Remote' }))).toEqual(['remote0001']);
    expect(ids(await search({ search: 'dispatcher', remoteOnly: true }))).toEqual(['remote0001']);
  });
});

describe('filters', () => {
  it('minimum pay compares yearly pay (hourly times 2,080)', async () => {
    expect(ids(await search({ minPay: 80_000 }))).toEqual(['filterpay1']);
    // $20 an hour is $41,600 a year: in at $40,000, out at $50,000.
    expect(ids(await search({ search: 'cashier', minPay: 40_000 }))).toEqual(['filterpt01']);
    expect(ids(await search({ search: 'cashier', minPay: 50_000 }))).toEqual([]);
  });

  it('employment type', async () => {
    expect(ids(await search({ employmentType: 'part_time' }))).toEqual(['filterpt01']);
  });

  it('category', async () => {
    expect(ids(await search({ category: 'healthcare' }))).toEqual(['filterpay1']);
  });

  it('posted within a number of days', async () => {
    expect(ids(await search({ postedWithin: 1 }))).toEqual(['filterpt01']);
    const week = ids(await search({ postedWithin: 7 }));
    expect(week).toContain('placeatx01');
    expect(week).not.toContain('filterpay1');
    expect(week).not.toContain('rankold001');
  });

  it('lists the newest open jobs when nothing is asked', async () => {
    const result = await search({});
    expect(result.total).toBe(11);
    expect(result.rows[0]!.id).toBe('filterpt01');
  });
});

describe('pagination', () => {
  it('gives 20 a page with the total', async () => {
    const now = t.clock.now();
    for (let i = 0; i < 25; i += 1) await insertJob(t.app.db, now, { id: `pagejob${String(i).padStart(3, '0')}`, title: 'Pallet Counter', ageDays: 1 + i / 100 });
    const first = await search({ search: 'pallet counter', sort: 'date' });
    const second = await search({ search: 'pallet counter', sort: 'date', page: 2 });
    expect(first.total).toBe(25);
    expect(first.rows).toHaveLength(20);
    expect(second.rows).toHaveLength(5);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(25);
    expect(ids(first)[0]).toBe('pagejob000');
  });
});

describe('counts and closing', () => {
  it('gives the total on a page past the last result', async () => {
    const result = await search({ search: 'dispatcher', page: 2 });
    expect(result.rows).toEqual([]);
    expect(result.total).toBe(6);
    const placed = await search({ search: 'dispatcher', location: 'Austin, TX', radius: 100, page: 2 });
    expect(placed.rows).toEqual([]);
    expect(placed.total).toBe(3);
  });

  it('a job that closes leaves text search at once, and comes back when reopened', async () => {
    await insertJob(t.app.db, t.clock.now(), { id: 'closing001', title: 'Glassblower', ageDays: 1 });
    expect(ids(await search({ search: 'glassblower' }))).toEqual(['closing001']);
    await t.app.db.updateTable('jobs').set({ status: 'closed' }).where('id', '=', 'closing001').execute();
    const closed = await search({ search: 'glassblower' });
    expect(closed.rows).toEqual([]);
    expect(closed.total).toBe(0);
    await t.app.db.updateTable('jobs').set({ status: 'open' }).where('id', '=', 'closing001').execute();
    expect(ids(await search({ search: 'glassblower' }))).toEqual(['closing001']);
    await t.app.db.deleteFrom('jobs').where('id', '=', 'closing001').execute();
  });
});

describe('time moves', () => {
  it('"posted within 1 day" follows the clock', async () => {
    t.clock.advance(2 * DAY_MS);
    expect(ids(await search({ postedWithin: 1 }))).toEqual([]);
    t.clock.advance(-2 * DAY_MS);
  });
});
