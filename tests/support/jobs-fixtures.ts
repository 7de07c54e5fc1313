import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/database';
import type { NewJob } from '../../src/server/features/jobs/jobs.table';
import { parseLocation } from '../../src/server/features/jobs/places';
import { searchJobs } from '../../src/server/features/jobs/search.repository';
import { titleKey } from '../../src/server/features/jobs/slugs';
import type { SearchCriteria } from '../../src/shared/jobs/search-url';
import { DAY_MS } from '../../src/shared/time';
export { DAY_MS };


/** A search with nothing chosen: what the results page asks for without any query parameter. */
export const NO_CRITERIA: SearchCriteria = {
  search: '',
  location: '',
  radius: 25,
  minPay: null,
  employmentType: null,
  category: null,
  postedWithin: null,
  remoteOnly: false,
  sort: 'relevance',
  page: 1,
};

/** The search repository as the results page calls it, with the place parsed from the criteria. */
export function searchWith(app: FastifyInstance, now: number, criteria: SearchCriteria) {
  const location = parseLocation(criteria.location);
  const place = location.status === 'found' ? location.place : null;
  return searchJobs(app.db, app.dialect, { criteria, place, now });
}

/** Known places (city centres) for distance tests. */
export const PLACES = {
  austin: { city: 'Austin', state: 'TX', zip: '78701', latitude: 30.2672, longitude: -97.7431 },
  roundRock: { city: 'Round Rock', state: 'TX', zip: '78664', latitude: 30.5083, longitude: -97.6789 },
  sanAntonio: { city: 'San Antonio', state: 'TX', zip: '78205', latitude: 29.4241, longitude: -98.4936 },
  dallas: { city: 'Dallas', state: 'TX', zip: '75201', latitude: 32.7767, longitude: -96.797 },
  chicago: { city: 'Chicago', state: 'IL', zip: '60601', latitude: 41.8781, longitude: -87.6298 },
} as const;

let seq = 0;

export async function insertCompany(db: Db, id = 'co-test', name = 'Test Logistics') {
  await db.insertInto('companies').values({ id, name, slug: 'test-logistics', created_at: 0 }).onConflict((oc) => oc.column('id').doNothing()).execute();
  return id;
}

/** Inserts one job with sensible defaults; pass only what the test is about. */
export async function insertJob(db: Db, now: number, overrides: Partial<NewJob> & { place?: keyof typeof PLACES; ageDays?: number } = {}) {
  const { place = 'austin', ageDays = 1, ...fields } = overrides;
  seq += 1;
  const title = fields.title ?? 'Warehouse Associate';
  const id = fields.id ?? `job${String(seq).padStart(6, '0')}`;
  const companyId = await insertCompany(db);
  const job: NewJob = {
    id,
    seq: fields.seq ?? seq,
    company_id: companyId,
    company_name: 'Test Logistics',
    title,
    title_key: titleKey(title),
    description: 'Pick and pack orders in a clean, safe warehouse.',
    category: 'warehouse',
    employment_type: 'full_time',
    ...PLACES[place],
    remote: 0,
    pay_min: 16,
    pay_max: 20,
    pay_period: 'hour',
    pay_max_annual: 20 * 2080,
    benefits: JSON.stringify(['Health insurance', 'Paid time off']),
    status: 'open',
    apply_type: 'on_site',
    external_url: null,
    listing_key: `lk_${id}`,
    listing_version_key: `lvk_${id}_1`,
    posted_at: now - ageDays * DAY_MS,
    closes_at: null,
    created_at: now - ageDays * DAY_MS,
    updated_at: now - ageDays * DAY_MS,
    ...fields,
  };
  await db.insertInto('jobs').values(job).execute();
  return job;
}
