import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchCriteria } from '../../src/shared/jobs/search-url';
import { parseLocation } from '../../src/server/features/jobs/places';
import { boundTotal, MATCH_COUNT_BOUND } from '../../src/server/features/jobs/search-plan';
import { searchJobs } from '../../src/server/features/jobs/search.repository';
import { searchEveryMatch } from '../support/search-oracle';
import { insertJob, NO_CRITERIA } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/** Abbreviations and other names of titles, on both databases (decision 0260). */
let t: TestApp;
const criteriaOf = (criteria: Partial<SearchCriteria>): SearchCriteria => ({ ...NO_CRITERIA, ...criteria });
const paramsOf = (criteria: Partial<SearchCriteria>) => {
  const full = criteriaOf(criteria);
  const location = parseLocation(full.location);
  return { criteria: full, place: location.status === 'found' ? location.place : null, now: t.clock.now() };
};
const search = (criteria: Partial<SearchCriteria>) => searchJobs(t.app.db, t.app.dialect, paramsOf(criteria));
const titles = (result: { rows: Array<{ title: string }> }) => result.rows.map((row) => row.title);

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  const db = t.app.db;
  const job = (title: string, description: string, ageDays: number, category: 'healthcare' | 'driving' | 'office' | 'retail' | 'personal_care' = 'healthcare') =>
    insertJob(db, now, { title, description, category, ageDays });
  await job('Registered Nurse', 'Care for patients on a busy medical floor.', 3);
  await job('RN - ICU', 'Night shifts in the intensive care unit.', 2);
  await job('Licensed Practical Nurse', 'Give medications and keep charts.', 4);
  await job('LPN Charge Nurse', 'Lead a small team on the day shift.', 5);
  await job('Certified Nursing Assistant', 'Help residents with daily living.', 1);
  await job('CNA - Evenings', 'Help residents in the evening.', 2);
  await job('Home Health Aide', 'Visit clients at home.', 3, 'personal_care');
  await job('Medical Assistant', 'Room patients and take vitals.', 2);
  await job('CDL-A Truck Driver', 'Regional routes, home weekly.', 2, 'driving');
  await job('Class A Driver', 'Tractor trailer, local.', 3, 'driving');
  await job('Customer Service Representative', 'Answer calls and emails.', 2, 'office');
  await job('CSR - Bilingual', 'Answer calls in English and Spanish.', 1, 'office');
  await job('HR Coordinator', 'Schedule interviews and onboard new hires.', 2, 'office');
  await job('Human Resources Coordinator', 'Keep personnel files.', 4, 'office');
  await job('Waitress', 'Serve guests at a diner.', 2, 'retail');
  // A description that only mentions the abbreviation's letters inside other words must not count.
  await job('Journeyman Welder', 'Turn and learn on the job.', 1, 'retail');
  // Other names are names of titles: a description's "RN" is no Registered Nurse job.
  await job('Unit Secretary', 'Report to the RN on duty.', 6, 'office');
});
afterAll(async () => t.close());

describe('abbreviations and other names of titles', () => {
  it('nursing: "RN" finds Registered Nurse jobs, and "registered nurse" finds titles written "RN - ICU"', async () => {
    expect(titles(await search({ search: 'RN' })).sort()).toEqual(['RN - ICU', 'Registered Nurse', 'Unit Secretary']);
    expect(titles(await search({ search: 'registered nurse' })).sort()).toEqual(['RN - ICU', 'Registered Nurse']);
    expect(titles(await search({ search: 'lpn' })).sort()).toEqual(['LPN Charge Nurse', 'Licensed Practical Nurse']);
  });

  it('care and medical: CNA, HHA, MA', async () => {
    expect(titles(await search({ search: 'cna' })).sort()).toEqual(['CNA - Evenings', 'Certified Nursing Assistant']);
    expect(titles(await search({ search: 'certified nursing assistants' })).sort()).toEqual(['CNA - Evenings', 'Certified Nursing Assistant']);
    expect(titles(await search({ search: 'HHA' }))).toEqual(['Home Health Aide']);
    expect(titles(await search({ search: 'MA' }))).toEqual(['Medical Assistant']);
  });

  it('driving: CDL finds the CDL-A and the Class A jobs', async () => {
    expect(titles(await search({ search: 'cdl' })).sort()).toEqual(['CDL-A Truck Driver', 'Class A Driver']);
    expect(titles(await search({ search: 'truck driver' })).sort()).toEqual(['CDL-A Truck Driver', 'Class A Driver']);
  });

  it('customer service, human resources and food service', async () => {
    expect(titles(await search({ search: 'csr' })).sort()).toEqual(['CSR - Bilingual', 'Customer Service Representative']);
    expect(titles(await search({ search: 'customer service rep' })).sort()).toEqual(['CSR - Bilingual', 'Customer Service Representative']);
    expect(titles(await search({ search: 'hr coordinator' })).sort()).toEqual(['HR Coordinator', 'Human Resources Coordinator']);
    expect(titles(await search({ search: 'server' }))).toEqual(['Waitress']);
  });

  it('ranks the words the seeker typed first', async () => {
    // Both match; the title with the typed abbreviation is first, though the other is newer or equal.
    expect(titles(await search({ search: 'RN' }))[0]).toBe('RN - ICU');
    expect(titles(await search({ search: 'registered nurse' }))[0]).toBe('Registered Nurse');
    expect(titles(await search({ search: 'cna' }))[0]).toBe('CNA - Evenings');
    expect(titles(await search({ search: 'certified nursing assistant' }))[0]).toBe('Certified Nursing Assistant');
  });

  it('gives the page and total of ranking every match (the oracle), by each order and with a place', async () => {
    for (const text of ['rn', 'registered nurse', 'nurse', 'cna evenings', 'cdl driver', 'hr', 'csr bilingual']) {
      for (const extra of [{}, { sort: 'date' as const }, { location: 'Austin, TX', sort: 'distance' as const }, { location: 'TX' }, { category: 'healthcare' as const }]) {
        const params = paramsOf({ search: text, ...extra });
        const oracle = boundTotal(await searchEveryMatch(t.app.db, t.app.dialect, params), MATCH_COUNT_BOUND);
        const result = await searchJobs(t.app.db, t.app.dialect, params);
        expect({ text, extra, ids: result.rows.map((row) => row.id), total: result.total }).toEqual({ text, extra, ids: oracle.rows.map((row) => row.id), total: oracle.total });
      }
    }
  });

  it('leaves the words as typed when told to', async () => {
    const typedOnly = await searchJobs(t.app.db, t.app.dialect, { ...paramsOf({ search: 'rn' }), synonyms: false });
    expect(titles(typedOnly)).toEqual(['RN - ICU', 'Unit Secretary']);
  });
});
