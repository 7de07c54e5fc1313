import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregatorFeed } from '../../src/server/features/open-data/aggregator-feed';
import { openJobsInPages } from '../../src/server/features/open-data/open-jobs.repository';
import { parseXml } from '../support/feed-parsing';
import { insertJob } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

interface FeedJob {
  title: string;
  date: string;
  referencenumber: string;
  url: string;
  applyurl: string;
  company: string;
  city: string;
  state: string;
  country: string;
  postalcode: string | number;
  description: string;
  salary: string;
  jobtype: string;
  category: string;
  expirationdate?: string;
  remotetype?: string;
}

let t: TestApp;
const feed = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/feeds/jobs.xml' });
  expect(response.statusCode).toBe(200);
  const { source } = parseXml<{ source: { publisher: string; publisherurl: string; lastBuildDate: string; job?: FeedJob[] } }>(response.body);
  return { response, source, jobs: source.job ?? [] };
};
const openKeys = async () => (await t.app.db.selectFrom('jobs').select('listing_key').where('status', '=', 'open').orderBy('seq').execute()).map((row) => row.listing_key);

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  for (let i = 0; i < 23; i += 1) await insertJob(t.app.db, now, { id: `aggr${String(i).padStart(4, '0')}`, title: `Picker ${i}`, employment_type: i % 2 ? 'full_time' : 'part_time' });
  await insertJob(t.app.db, now, {
    id: 'aggrmark01',
    title: 'Night <Lead> & "Trainer"',
    description: 'Plain text',
    description_markdown: '## Duties\n\n- Lead the ]]> night shift\u0007',
    apply_type: 'external',
    external_url: 'https://careers.example/apply',
    remote: 1,
    expires_at: now + 30 * 86_400_000,
  });
  await insertJob(t.app.db, now, { id: 'aggrclos01', status: 'closed' });
  await insertJob(t.app.db, now, { id: 'aggrdraf01', status: 'draft' });
  await insertJob(t.app.db, now, { id: 'aggrrevw01', status: 'in_review' });
});
afterAll(async () => t.close());

describe('/feeds/jobs.xml', () => {
  it('lists every open job, and no closed, draft or in-review one', async () => {
    const { source, jobs } = await feed();
    expect(source.publisher).toBe('Jobwise');
    expect(jobs.map((job) => job.referencenumber)).toEqual(await openKeys());
    for (const key of ['lk_aggrclos01', 'lk_aggrdraf01', 'lk_aggrrevw01']) expect(jobs.map((job) => job.referencenumber)).not.toContain(key);
  });

  it('gives each job its title, company, place, pay, type, description, dates and apply address', async () => {
    const { jobs } = await feed();
    const plain = jobs.find((job) => job.referencenumber === 'lk_aggr0001')!;
    expect(plain).toEqual({
      title: 'Picker 1',
      date: new Date(t.clock.now() - 86_400_000).toUTCString(),
      referencenumber: 'lk_aggr0001',
      url: 'http://localhost:3000/job/picker-1-austin-tx-aggr0001',
      applyurl: 'http://localhost:3000/job/picker-1-austin-tx-aggr0001',
      company: 'Test Logistics',
      city: 'Austin',
      state: 'TX',
      country: 'US',
      postalcode: 78701,
      description: '<p>Pick and pack orders in a clean, safe warehouse.</p>',
      salary: '$16.00 - $20.00 an hour',
      jobtype: 'fulltime',
      category: 'Warehouse and Forklift',
    });
    const marked = jobs.find((job) => job.referencenumber === 'lk_aggrmark01')!;
    expect(marked.title).toBe('Night <Lead> & "Trainer"');
    expect(marked.applyurl).toBe('http://localhost:3000/candidate/external_apply/lk_aggrmark01');
    expect(marked.remotetype).toBe('Fully remote');
    expect(marked.description).toContain('<h3>Duties</h3>');
    expect(marked.description).toContain('Lead the ]]&gt; night shift');
    expect(marked.expirationdate).toBe(new Date(t.clock.now() + 30 * 86_400_000).toUTCString());
  });

  it('shows a job posted or closed at the next request, and lets caches keep it at most a minute', async () => {
    const { response } = await feed();
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    await t.app.db.updateTable('jobs').set({ status: 'closed' }).where('id', '=', 'aggr0002').execute();
    await insertJob(t.app.db, t.clock.now(), { id: 'aggrnew001', title: 'Just Posted' });
    const keys = (await feed()).jobs.map((job) => job.referencenumber);
    expect(keys).not.toContain('lk_aggr0002');
    expect(keys).toContain('lk_aggrnew001');
  });

  it('is written a page of jobs at a time, each page read after the last one ends', async () => {
    const pages: string[][] = [];
    for await (const page of openJobsInPages(t.app.db, 7)) pages.push(page.map((job) => job.listing_key));
    expect(pages.length).toBe(Math.ceil((await openKeys()).length / 7));
    expect(pages.every((page) => page.length <= 7)).toBe(true);
    expect(pages.flat()).toEqual(await openKeys());
    const chunks: string[] = [];
    for await (const chunk of aggregatorFeed(t.app.db, 'http://localhost:3000', t.clock.now(), 7)) chunks.push(String(chunk));
    // The head, one chunk per page, the end.
    expect(chunks).toHaveLength(pages.length + 2);
  });
});
