import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchCriteria } from '../../src/shared/jobs/search-url';
import type { NewJob } from '../../src/server/features/jobs/jobs.table';
import { parseLocation } from '../../src/server/features/jobs/places';
import { MATCH_COUNT_BOUND } from '../../src/server/features/jobs/search-plan';
import { NEAR_FIRST_MIN_MATCHES } from '../../src/server/features/jobs/search.sqlite';
import { searchEveryMatch } from '../support/search-oracle';
import { titleKey } from '../../src/server/features/jobs/slugs';
import { DAY_MS, insertCompany, NO_CRITERIA, PLACES, searchWith } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

// A broad word within a radius: on SQLite, from 8,000 text matches the every-match search (and the
// order by distance where no cells cover the radius, decision 0213) lists the radius's box first and
// keeps the text matches among them (search.sqlite.ts, NEAR_FIRST_MIN_MATCHES). The
// results must be the same as any other way: only jobs inside the radius, every other filter applied,
// counted exactly.
let t: TestApp;
const PER_PLACE = 2_800;
const where = ['austin', 'roundRock', 'dallas'] as const;
const base: SearchCriteria = { ...NO_CRITERIA, search: 'loader', location: 'Austin, TX' };
const search = (criteria: Partial<SearchCriteria>) => searchWith(t.app, t.clock.now(), { ...base, ...criteria });
/** The every-match search (decision 0170 keeps it), which counts past the bound: the near plan's exact totals. */
const searchEvery = (criteria: Partial<SearchCriteria>) => {
  const full = { ...base, ...criteria };
  const location = parseLocation(full.location);
  return searchEveryMatch(t.app.db, t.app.dialect, { criteria: full, place: location.status === 'found' ? location.place : null, now: t.clock.now() });
};
/** A bounded search's total for `exact` matches, and the exact count from the every-match search. */
async function expectTotal(criteria: Partial<SearchCriteria>, exact: number) {
  const result = await search(criteria);
  expect(result).toMatchObject({ total: Math.min(exact, MATCH_COUNT_BOUND), totalIsLowerBound: exact > MATCH_COUNT_BOUND });
  expect((await searchEvery(criteria)).total).toBe(exact);
  return result;
}

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  const companyId = await insertCompany(t.app.db);
  const rows: NewJob[] = [];
  for (let i = 0; i < PER_PLACE * where.length; i += 1) {
    const place = where[i % where.length]!;
    // Every other job in each place pays $100,000 a year; the rest $20 an hour.
    const wellPaid = Math.floor(i / where.length) % 2 === 0;
    const title = i % 2 === 0 ? 'Truck Loader' : 'Dock Worker';
    const posted = now - (i % 30) * DAY_MS - i * 1000;
    const id = `near${String(i).padStart(5, '0')}`;
    rows.push({
      id, seq: 200_000 + i, company_id: companyId, company_name: 'Test Logistics', title, title_key: titleKey(title),
      description: 'Load and unload trailers; every loader works safely.', category: 'warehouse', employment_type: 'full_time',
      ...PLACES[place], remote: 0, pay_min: wellPaid ? 90_000 : 16, pay_max: wellPaid ? 100_000 : 20, pay_period: wellPaid ? 'year' : 'hour',
      pay_max_annual: wellPaid ? 100_000 : 41_600, benefits: '[]', status: i % 50 === 0 ? 'closed' : 'open', apply_type: 'on_site',
      external_url: null, listing_key: `lk_${id}`, listing_version_key: `lvk_${id}_1`, posted_at: posted, closes_at: null,
      created_at: posted, updated_at: posted,
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await t.app.db.insertInto('jobs').values(rows.slice(i, i + 1000)).execute();
}, 120_000);
afterAll(async () => t.close());

/** What the search should find, computed from the rows themselves. */
async function expected(filter: { places: Array<(typeof where)[number]>; minPay?: number }) {
  const cities = filter.places.map((place) => PLACES[place].city);
  let query = t.app.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'open').where('city', 'in', cities);
  if (filter.minPay) query = query.where('pay_max_annual', '>=', filter.minPay);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

describe('a broad word within a radius', () => {
  it('has enough text matches that SQLite takes the box-first plan (else these tests would check the other one)', async () => {
    const open = Number((await t.app.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow()).n);
    expect(open).toBeGreaterThanOrEqual(NEAR_FIRST_MIN_MATCHES);
  });

  it('finds and counts only the jobs inside the radius, best first', async () => {
    const result = await expectTotal({}, await expected({ places: ['austin', 'roundRock'] }));
    expect(result.rows).toHaveLength(20);
    for (const row of result.rows) {
      expect(['Austin', 'Round Rock']).toContain(row.city);
      expect(row.distance).toBeLessThan(25);
      // A title match scores up to 3x a description-only one: the first page is all title matches.
      expect(row.title).toBe('Truck Loader');
    }
  });

  it('applies the other filters too', async () => {
    const result = await expectTotal({ minPay: 100_000 }, await expected({ places: ['austin', 'roundRock'], minPay: 100_000 }));
    expect(result.rows.every((row) => row.pay_max === 100_000)).toBe(true);
  });

  it('sorts by distance and by date over the same jobs', async () => {
    const total = await expected({ places: ['austin', 'roundRock'] });
    const byDistance = await expectTotal({ sort: 'distance' }, total);
    expect(byDistance.rows.every((row) => row.city === 'Austin')).toBe(true);
    const byDate = await expectTotal({ sort: 'date' }, total);
    const posted = byDate.rows.map((row) => row.posted_at);
    expect([...posted].sort((a, b) => b - a)).toEqual(posted);
  });

  it('a wider radius takes in the next city', async () => {
    // Dallas is about 180 miles from Austin: still outside 100 miles.
    await expectTotal({ radius: 100 }, await expected({ places: ['austin', 'roundRock'] }));
    await expectTotal({ location: 'Dallas, TX' }, await expected({ places: ['dallas'] }));
  });
});
