import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchCriteria } from '../../src/shared/jobs/search-url';
import { parseLocation } from '../../src/server/features/jobs/places';
import { searchEveryMatch } from '../support/search-oracle';
import { searchJobs } from '../../src/server/features/jobs/search.repository';
import { insertJob, NO_CRITERIA, PLACES, searchWith } from '../support/jobs-fixtures';
import { StatementRecorder } from '../support/statement-recorder';
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

  it('ask for a word within a radius by distance with the place\'s cells, for the same page', async () => {
    // "driver" by distance within 25 miles of Chicago at 1M: PostgreSQL ANDed the words' 152,000
    // matches with the box's 32,000 jobs (609 ms), SQLite listed the box first (68 ms); with the
    // cells the index hands over the 5,521 matches near Chicago (24 and 18 ms).
    const now = t.clock.now();
    await insertJob(t.app.db, now, { id: 'tok-near', title: 'Gravel Hauler', place: 'chicago' });
    await insertJob(t.app.db, now, { id: 'tok-far', title: 'Gravel Hauler', place: 'dallas' });
    const criteria = { ...NO_CRITERIA, search: 'hauler', location: 'Chicago, IL', radius: 25 as const, sort: 'distance' as const };
    const location = parseLocation(criteria.location);
    const params = { criteria, place: location.status === 'found' ? location.place : null, now };
    const recorder = new StatementRecorder();
    const result = await searchJobs(t.app.db.withPlugin(recorder), t.app.dialect, params);
    expect(result).toEqual(await searchEveryMatch(t.app.db, t.app.dialect, params));
    expect(result.rows.map((row) => row.id)).toEqual(['tok-near']);
    // Each statement asks the index for the words and the cells: a count among the smallest ring's
    // cells (too few for a ring here), then every match of the radius, listed, sorted and counted.
    const searches = recorder.statements.filter((text) => text.includes('hauler'));
    expect(searches).toHaveLength(2);
    expect(searches.every((text) => /zzc\d+n\d+n\d+/.test(text))).toBe(true);
  });

  it('find for words that are all stop words what every match finds, within a radius too', async () => {
    // PostgreSQL drops stop words ("the"): the words' query is empty and matches nothing, where ANDed
    // with the place's cells it would have matched every job near Chicago.
    const now = t.clock.now();
    for (const sort of ['relevance', 'date', 'distance'] as const) {
      for (const where of [{ location: 'Chicago, IL' }, { location: '' }, { location: 'TX' }]) {
        const criteria = { ...NO_CRITERIA, search: 'the', sort, ...where };
        const location = parseLocation(criteria.location);
        const params = { criteria, place: location.status === 'found' ? location.place : null, now };
        const result = await searchJobs(t.app.db, t.app.dialect, params);
        expect(result, `${sort} ${where.location}`).toEqual(await searchEveryMatch(t.app.db, t.app.dialect, params));
        if (t.app.dialect === 'postgres') expect(result.total).toBe(0);
      }
    }
  });

  it('give a search by distance without a city or ZIP the page and the statements of relevance, as the results page does', async () => {
    // Only a radius has a centre; the page searches a typed address asking for distance without one by
    // relevance (withAvailableSort), and the repository did not: it sorted every match by date
    // ("forklift" at 1M: 75 ms).
    const now = t.clock.now();
    const run = async (criteria: SearchCriteria) => {
      const location = parseLocation(criteria.location);
      const recorder = new StatementRecorder();
      const result = await searchJobs(t.app.db.withPlugin(recorder), t.app.dialect, { criteria, place: location.status === 'found' ? location.place : null, now });
      return { result, statements: recorder.statements };
    };
    for (const where of [{ search: 'wrangler', location: '' }, { search: 'wrangler', location: 'TX' }, { search: '', location: 'Remote' }]) {
      const byRelevance = await run({ ...NO_CRITERIA, ...where, sort: 'relevance' });
      expect(await run({ ...NO_CRITERIA, ...where, sort: 'distance' }), JSON.stringify(where)).toEqual(byRelevance);
    }
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
