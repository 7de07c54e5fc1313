import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchCriteria } from '../../src/shared/jobs/search-url';
import type { NewJob } from '../../src/server/features/jobs/jobs.table';
import { parseLocation } from '../../src/server/features/jobs/places';
import { createRandom } from '../../src/server/features/jobs/seed';
import { MATCH_COUNT_BOUND, RANKED_CANDIDATES } from '../../src/server/features/jobs/search-plan';
import { searchJobs } from '../../src/server/features/jobs/search.repository';
import { PLACE_SEQ_BLOCK } from '../../src/server/features/jobs/search-tokens';
import { titleKey } from '../../src/server/features/jobs/slugs';
import { DAY_MS, insertCompany, NO_CRITERIA, PLACES } from '../support/jobs-fixtures';
import { searchWithoutWindows } from '../support/search-oracle';
import { StatementRecorder } from '../support/statement-recorder';
import { createTestApp, type TestApp } from '../support/test-app';

// Decision 0199: on PostgreSQL a text search within a radius asks the index for the newest blocks of
// seqs of the one-degree cells covering the radius, widening once, and otherwise every block. The
// pages must be those of asking every block: the same newest candidates, ranked the same.
let t: TestApp;
const AROUND_AUSTIN = 3000;
const BLOCKS = 8;
const STRIDE = Math.floor((BLOCKS * PLACE_SEQ_BLOCK) / AROUND_AUSTIN);


beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  const companyId = await insertCompany(t.app.db);
  const random = createRandom(199);
  const rows: NewJob[] = [];
  const job = (i: number, seq: number, place: { latitude: number; longitude: number; city: string; state: string; zip: string }): NewJob => {
    const title = i % 4 === 0 ? 'Crate Builder' : 'Yard Hand';
    const posted = now - Math.floor(random.next() * 40) * DAY_MS - i * 1000;
    const pay = 15 + (i % 11);
    const id = `pw${String(i).padStart(6, '0')}`;
    return {
      id, seq, company_id: companyId, company_name: 'Window Freight', title, title_key: titleKey(title),
      description: i % 3 === 0 ? 'Build a crate, then another crate.' : 'Load a crate onto the truck.', category: 'warehouse',
      employment_type: i % 3 === 0 ? 'part_time' : 'full_time', ...place, remote: 0, featured: i % 211 === 0 ? 1 : 0,
      pay_min: pay - 3, pay_max: pay, pay_period: 'hour', pay_max_annual: pay * 2080, benefits: '[]', status: 'open', apply_type: 'on_site',
      external_url: null, listing_key: `lk_${id}`, listing_version_key: `lvk_${id}_1`, posted_at: posted, closes_at: null, created_at: posted, updated_at: posted,
    };
  };
  // Crate jobs around Austin spread evenly over eight blocks of seqs (the newest three hold too few
  // of them, so the window widens), and crate jobs in Dallas, outside the radius, between them.
  for (let i = 0; i < AROUND_AUSTIN; i += 1) {
    const spot = { ...PLACES.austin, latitude: PLACES.austin.latitude + (random.next() - 0.5) * 0.3, longitude: PLACES.austin.longitude + (random.next() - 0.5) * 0.3 };
    rows.push(job(i, 1 + i * STRIDE, spot));
    if (i % 5 === 0) rows.push(job(AROUND_AUSTIN + i, 2 + i * STRIDE, PLACES.dallas));
  }
  for (let i = 0; i < rows.length; i += 400) await t.app.db.insertInto('jobs').values(rows.slice(i, i + 400)).execute();
}, 180_000);
afterAll(async () => t.close());

describe('a text search within a radius, newest blocks first', () => {
  it('gives the pages of asking every block', async () => {
    const austin = parseLocation('Austin, TX');
    if (austin.status !== 'found') throw new Error('Austin, TX not found');
    const recorder = new StatementRecorder();
    const db = t.app.db.withPlugin(recorder);
    const variants: Array<Partial<SearchCriteria>> = [
      { search: 'crate' },
      { search: 'crate', sort: 'date' },
      { search: 'crate builder' },
      { search: 'crate', employmentType: 'full_time', minPay: 40_000 },
    ];
    let windowAnswered = 0;
    for (const variant of variants) {
      for (const page of [1, 2, 30, 50]) {
        const criteria = { ...NO_CRITERIA, location: 'Austin, TX', ...variant, page };
        const params = { criteria, place: austin.place, now: t.clock.now() };
        recorder.statements = [];
        const result = await searchJobs(db, t.app.dialect, params);
        const everyBlock = await searchWithoutWindows(t.app.db, t.app.dialect, params);
        expect(result, `${JSON.stringify(variant)} page ${page}`).toEqual(everyBlock);
        // The last full-text statement asked for cell-and-block tokens: a window answered.
        if (/zzg\d+n\d+b\d+/.test(recorder.statements.filter((text) => text.includes('@@')).at(-1) ?? '')) windowAnswered += 1;
        if (variant.search === 'crate' && !variant.employmentType) {
          expect(result).toMatchObject({ total: MATCH_COUNT_BOUND, totalIsLowerBound: true });
        }
      }
    }
    expect(AROUND_AUSTIN).toBeGreaterThan(RANKED_CANDIDATES);
    // On PostgreSQL a window answered the broad searches (on SQLite there are no windows).
    if (t.app.dialect === 'postgres') expect(windowAnswered).toBeGreaterThanOrEqual(8);
    else expect(windowAnswered).toBe(0);
  }, 120_000);
});
