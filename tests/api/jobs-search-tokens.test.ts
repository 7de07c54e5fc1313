import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchCriteria } from '../../src/shared/jobs/search-url';
import { insertJob, NO_CRITERIA, PLACES, searchWith } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

// Decision 0171: a text search with a place or filters asks the full-text index for its words and
// the place's cells and filters' tokens. The tokens follow the job: an edit of its place, type or pay
// moves it between searches (SQLite's FTS triggers, PostgreSQL's expression index).
let t: TestApp;
const search = (criteria: Partial<SearchCriteria>) => searchWith(t.app, t.clock.now(), { ...NO_CRITERIA, ...criteria });
const ids = async (criteria: Partial<SearchCriteria>) => (await search(criteria)).rows.map((row) => row.id);

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  await insertJob(t.app.db, now, { id: 'tok-austin', title: 'Crane Wrangler', place: 'austin' });
  await insertJob(t.app.db, now, { id: 'tok-chicago', title: 'Crane Wrangler', place: 'chicago', employment_type: 'part_time', pay_max: 40, pay_max_annual: 40 * 2080 });
});
afterAll(async () => t.close());

describe('place and filter tokens', () => {
  it('find a word within a radius, by type and by pay', async () => {
    expect(await ids({ search: 'wrangler', location: 'Austin, TX' })).toEqual(['tok-austin']);
    expect(await ids({ search: 'wrangler', location: 'Chicago, IL', radius: 5 })).toEqual(['tok-chicago']);
    expect(await ids({ search: 'wrangler', employmentType: 'part_time' })).toEqual(['tok-chicago']);
    expect(await ids({ search: 'wrangler', minPay: 60_000 })).toEqual(['tok-chicago']);
    expect(await ids({ search: 'wrangler', location: 'TX' })).toEqual(['tok-austin']);
  });

  it('follow an edit of the place, type and pay', async () => {
    await t.app.db
      .updateTable('jobs')
      .set({ ...PLACES.chicago, employment_type: 'part_time', pay_max: 40, pay_max_annual: 40 * 2080 })
      .where('id', '=', 'tok-austin')
      .execute();
    expect(await ids({ search: 'wrangler', location: 'Austin, TX' })).toEqual([]);
    expect((await ids({ search: 'wrangler', location: 'Chicago, IL', employmentType: 'part_time', minPay: 60_000 })).sort()).toEqual(['tok-austin', 'tok-chicago']);
    expect(await ids({ search: 'wrangler', location: 'TX' })).toEqual([]);
  });
});
