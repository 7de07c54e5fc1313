import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESULT_PAGE, RESULTS_PER_PAGE } from '../../src/shared/jobs/enums';
import type { SearchCriteria } from '../../src/shared/jobs/search-url';
import type { NewJob } from '../../src/server/features/jobs/jobs.table';
import { parseLocation } from '../../src/server/features/jobs/places';
import { MATCH_COUNT_BOUND, RANKED_CANDIDATES } from '../../src/server/features/jobs/search-plan';
import { searchEveryMatch } from '../support/search-oracle';
import { searchJobs } from '../../src/server/features/jobs/search.repository';
import { seedJobs } from '../../src/server/features/jobs/seed';
import { titleKey } from '../../src/server/features/jobs/slugs';
import { DAY_MS, insertCompany, NO_CRITERIA, PLACES, searchWith } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

// Decision 0170: totals are exact up to MATCH_COUNT_BOUND and a lower bound above it ("1,000+"); a
// text search ranks its newest RANKED_CANDIDATES matches; pages stop at MAX_RESULT_PAGE with a clear
// answer. Below the bound a search gives exactly what the every-match search gives.
let t: TestApp;
const html = { accept: 'text/html' };
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: html });
const pageData = (body: string) => JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(body)![1]!);
// More than the candidates a text search ranks, so the oldest of them must never show.
const PALLETS = RANKED_CANDIDATES + 150;
// Descriptions that say "pallet" more or less often and at different lengths, so text scores differ.
const DESCRIPTIONS = [
  'Stack every pallet neatly in the yard.',
  'Stack every pallet neatly in the yard, and wrap each pallet before it ships.',
  'Pallet work: stack, wrap and label pallets at the dock, count the pallets, and keep the yard clear.',
  'Load trucks, sweep the yard and help the team with whatever the day brings, a pallet now and then.',
  'Stack every pallet neatly in the yard.',
];

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  // A demo catalogue (its words, places and filters give totals on both sides of the bound) ...
  await seedJobs(t.app.db, t.app.dialect, { jobs: 6000, now, seed: 16 });
  // ... and more "pallet" jobs than the bound, in Austin, posted newest last.
  const companyId = await insertCompany(t.app.db);
  const rows: NewJob[] = [];
  for (let i = 0; i < PALLETS; i += 1) {
    const title = i % 3 === 0 ? 'Pallet Builder' : 'Yard Hand';
    const posted = now - (PALLETS - i) * 60_000 - (i % 7) * DAY_MS;
    const id = `bnd${String(i).padStart(6, '0')}`;
    rows.push({
      id, seq: 900_000 + i, company_id: companyId, company_name: 'Bound Logistics', title, title_key: titleKey(title),
      description: DESCRIPTIONS[i % DESCRIPTIONS.length]!, category: 'warehouse', employment_type: 'full_time', ...PLACES.austin, remote: 0,
      pay_min: 16, pay_max: 20, pay_period: 'hour', pay_max_annual: 41_600, benefits: '[]', status: 'open', apply_type: 'on_site',
      external_url: null, listing_key: `lk_${id}`, listing_version_key: `lvk_${id}_1`, posted_at: posted, closes_at: null, created_at: posted, updated_at: posted,
    });
  }
  for (let i = 0; i < rows.length; i += 400) await t.app.db.insertInto('jobs').values(rows.slice(i, i + 400)).execute();
}, 180_000);
afterAll(async () => t.close());

const search = (criteria: Partial<SearchCriteria>) => searchWith(t.app, t.clock.now(), { ...NO_CRITERIA, ...criteria });

describe('count bound', () => {
  it('gives a lower bound above the bound, on every sort', async () => {
    for (const sort of ['relevance', 'date', 'distance'] as const) {
      const result = await search({ search: 'pallet', location: 'Austin, TX', sort });
      expect(result.totalIsLowerBound).toBe(true);
      expect(result.total).toBe(MATCH_COUNT_BOUND);
      expect(result.rows).toHaveLength(RESULTS_PER_PAGE);
    }
    const everything = await search({});
    expect(everything).toMatchObject({ total: MATCH_COUNT_BOUND, totalIsLowerBound: true });
  });

  it('ranks the newest matches above the bound: pages neither repeat nor skip, and title matches lead', async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= MAX_RESULT_PAGE; page += 1) {
      for (const row of (await search({ search: 'pallet', page })).rows) {
        expect(seen.has(row.id)).toBe(false);
        seen.add(row.id);
      }
    }
    expect(seen.size).toBe(MAX_RESULT_PAGE * RESULTS_PER_PAGE);
    // Only the newest RANKED_CANDIDATES are ranked, however they are found (on PostgreSQL within the
    // newest seq blocks, decision 0171): the older pallet jobs never show.
    for (let i = 0; i < PALLETS - RANKED_CANDIDATES; i += 1) expect(seen.has(`bnd${String(i).padStart(6, '0')}`)).toBe(false);
    const first = await search({ search: 'pallet' });
    expect(first.rows.every((row) => row.title === 'Pallet Builder')).toBe(true);
    expect(RANKED_CANDIDATES).toBeGreaterThan(MATCH_COUNT_BOUND);
  }, 60_000);

  it('ranks words alone as the same words with a filter every match meets (decision 0190)', async () => {
    // Every "pallet" job is a warehouse job: with the filter the candidates are the same newest ones,
    // scored by looking each up in the full-text index; without, scored in the scan that lists them.
    for (const page of [1, 2, 17, MAX_RESULT_PAGE]) {
      const alone = await search({ search: 'pallet', page });
      expect(alone.totalIsLowerBound).toBe(true);
      expect(alone).toEqual(await search({ search: 'pallet', category: 'warehouse', page }));
    }
  });

  it('shows "1,000+" on the results page and says where pages stop, never an error', async () => {
    const first = await get('/jobs-search?search=pallet');
    expect(first.statusCode).toBe(200);
    const data = pageData(first.body);
    expect(data.props.totalText).toBe('1,000+');
    expect(data.props.pageCount).toBe(MAX_RESULT_PAGE);
    expect(first.body).toContain('We found 1,000+ open positions for &quot;pallet&quot;');
    expect(first.body).not.toContain('Results stop at page');
    for (const page of [MAX_RESULT_PAGE, MAX_RESULT_PAGE + 1, 100_000]) {
      const deep = await get(`/jobs-search?search=pallet&page=${page}`);
      expect(deep.statusCode).toBe(200);
      expect(pageData(deep.body).props.criteria.page).toBe(MAX_RESULT_PAGE);
      expect(pageData(deep.body).props.jobs).toHaveLength(RESULTS_PER_PAGE);
      expect(deep.body).toContain('Results stop at page 50 (1,000 jobs): add words, a place or a filter to see others');
    }
  });

  it('keeps exact totals and no cap message below the bound', async () => {
    const response = await get('/jobs-search?search=pallet+builder&location=Austin%2C+TX');
    const data = pageData(response.body);
    expect(data.props.total).toBeLessThanOrEqual(MATCH_COUNT_BOUND);
    expect(data.props.totalText).not.toContain('+');
    expect(response.body).not.toContain('Results stop at page');
  });
});

describe('below the bound, the same pages and totals as the every-match search', () => {
  const queries = [
    'search=forklift', 'search=registered+nurse', 'search=driver&location=Chicago%2C+IL', 'search=warehouse&location=10001&radius=50',
    'location=Los+Angeles%2C+CA', 'location=TX', 'location=Remote', 'search=cook&min_pay=40000&type=full_time&posted=7',
    'location=Houston%2C+TX&radius=50&type=part_time&sort=distance', 'search=assistant', 'search=astronaut', 'search=cashier&sort=date',
    'search=nurse&location=TX', 'search=manager&category=retail', 'search=driver&remote=1', 'search=pallet+builder', 'category=education&posted=3',
    'search=warehouse&location=Dallas%2C+TX&radius=100&sort=distance', 'search=clerk&type=part_time&min_pay=30000',
  ];
  it('for each query and page where the every-match total is at most the bound', async () => {
    const { SearchQuerySchema, toCriteria } = await import('../../src/server/features/jobs/search-query');
    let compared = 0;
    let bounded = 0;
    for (const query of queries) {
      for (const page of [1, 2, 5, 50]) {
        const criteria = toCriteria(SearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(`${query}&page=${page}`))));
        const location = parseLocation(criteria.location);
        const params = { criteria, place: location.status === 'found' ? location.place : null, now: t.clock.now() };
        const every = await searchEveryMatch(t.app.db, t.app.dialect, params);
        const result = await searchJobs(t.app.db, t.app.dialect, params);
        if (every.total <= MATCH_COUNT_BOUND) {
          expect(result, `${query} page ${page}`).toEqual(every);
          compared += 1;
        } else {
          expect(result, `${query} page ${page}`).toMatchObject({ total: MATCH_COUNT_BOUND, totalIsLowerBound: true });
          bounded += 1;
        }
      }
    }
    // The list must exercise both sides of the bound.
    expect(compared).toBeGreaterThan(40);
    expect(bounded).toBeGreaterThanOrEqual(4);
  }, 120_000);
});
