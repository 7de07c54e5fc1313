import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESULT_PAGE, RESULTS_PER_PAGE } from '../../src/shared/jobs/enums';
import type { SearchCriteria } from '../../src/shared/jobs/search-url';
import type { NewJob } from '../../src/server/features/jobs/jobs.table';
import { MATCH_COUNT_BOUND, RANKED_CANDIDATES, RANKED_WINDOW } from '../../src/server/features/jobs/search-plan';
import { titleKey } from '../../src/server/features/jobs/slugs';
import { DAY_MS, insertCompany, insertJob, NO_CRITERIA, PLACES, searchWith } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

// Two-stage ranking (docs/decisions/0045): every match gets the cheap score (title share x recency),
// the best RANKED_WINDOW are ordered by that times the text score. The window must cover every page a
// person can reach, and the total must count every match, not the window.
let t: TestApp;
const MATCHES = RANKED_WINDOW + 30;
const search = (criteria: Partial<SearchCriteria>) => searchWith(t.app, t.clock.now(), { ...NO_CRITERIA, search: 'pallet', ...criteria });

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  const companyId = await insertCompany(t.app.db);
  const rows: NewJob[] = [];
  for (let i = 0; i < MATCHES; i += 1) {
    // Half say "pallet" in the title, half only in the description; ages spread over 40 days.
    const inTitle = i % 2 === 0;
    const title = inTitle ? 'Pallet Builder' : 'Yard Hand';
    const posted = now - ((i * 37) % 40) * DAY_MS - i * 1000;
    const id = `win${String(i).padStart(5, '0')}`;
    rows.push({
      id, seq: 100_000 + i, company_id: companyId, company_name: 'Test Logistics', title, title_key: titleKey(title),
      description: inTitle ? 'Build and repair wooden skids.' : 'Stack every pallet neatly in the yard.',
      category: 'warehouse', employment_type: 'full_time', ...PLACES.austin, remote: 0, pay_min: 16, pay_max: 20, pay_period: 'hour',
      pay_max_annual: 41_600, benefits: '[]', status: 'open', apply_type: 'on_site', external_url: null, listing_key: `lk_${id}`,
      listing_version_key: `lvk_${id}_1`, posted_at: posted, closes_at: null, created_at: posted, updated_at: posted,
    });
  }
  for (let i = 0; i < rows.length; i += 500) await t.app.db.insertInto('jobs').values(rows.slice(i, i + 500)).execute();
  // One more, through the usual fixture (its own seq), so the total is not a round figure.
  await insertJob(t.app.db, now, { id: 'oldtitle01', title: 'Pallet Builder', ageDays: 44 });
}, 60_000);
afterAll(async () => t.close());

describe('ranking window', () => {
  it('covers every page a person can reach', () => {
    expect(RANKED_WINDOW).toBeGreaterThanOrEqual(MAX_RESULT_PAGE * RESULTS_PER_PAGE);
  });

  it('counts up to the bound, then says "at least", and fills the last page', async () => {
    const last = await search({ page: MAX_RESULT_PAGE });
    expect(MATCHES + 1).toBeGreaterThan(MATCH_COUNT_BOUND);
    expect(last).toMatchObject({ total: MATCH_COUNT_BOUND, totalIsLowerBound: true });
    expect(last.rows).toHaveLength(RESULTS_PER_PAGE);
  });

  it('pages never repeat or skip a listing, and title matches lead', async () => {
    const seen = new Set<string>();
    const titles: string[] = [];
    for (let page = 1; page <= MAX_RESULT_PAGE; page += 1) {
      const result = await search({ page });
      for (const row of result.rows) {
        expect(seen.has(row.id)).toBe(false);
        seen.add(row.id);
        titles.push(row.title);
      }
    }
    expect(seen.size).toBe(MAX_RESULT_PAGE * RESULTS_PER_PAGE);
    // The first page is all title matches: a title match scores up to 3x a description-only one.
    expect(titles.slice(0, RESULTS_PER_PAGE).every((title) => title === 'Pallet Builder')).toBe(true);
  }, 60_000);

  it('orders by date over every match (all within the newest candidates), not only the window', async () => {
    expect(MATCHES + 1).toBeLessThanOrEqual(RANKED_CANDIDATES);
    const result = await search({ sort: 'date', page: 1 });
    const posted = result.rows.map((row) => row.posted_at);
    expect([...posted].sort((a, b) => b - a)).toEqual(posted);
    expect(result.rows[0]!.posted_at).toBe(Math.max(...posted));
  });
});
