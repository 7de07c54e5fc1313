// The job pages and results pages kept in memory for visitors (decision 0183): keyed by URL, never for a
// signed-in person, dropped when an employer changes a job here, and at most JOB_PAGES_CACHE_SECONDS old
// when the change was made elsewhere (another instance: here, a write straight to the database), unless
// the instances share an engine that tells them (decision 0281).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobPath } from '../../src/server/features/jobs/slugs';
import { figureTotals } from '../../src/server/features/employer-jobs/job-figures';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSharedTestDatabase, type SharedTestDatabase } from '../support/test-database';
import { JOB_FORM, employerOfNewCompany, postJobForm } from '../support/employer-jobs-helpers';
import { getPage, postForm, signIn } from '../support/seeker-helpers';

let t: TestApp;

async function postedJob() {
  const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
  expect((await postJobForm(t.app, jar, '/post-a-job', JOB_FORM)).statusCode).toBe(303);
  const row = await t.app.db.selectFrom('jobs').select(['id', 'title', 'city', 'state']).where('title', '=', JOB_FORM.title).executeTakeFirstOrThrow();
  return { employer: jar, id: row.id, path: jobPath(row) };
}

/** Another instance changes the job: only the database sees it. */
const renameElsewhere = (id: string, companyName: string) => t.app.db.updateTable('jobs').set({ company_name: companyName }).where('id', '=', id).execute();
const RESULTS = '/jobs-search?search=forklift';

describe('with the default 10 seconds', () => {
  beforeEach(async () => {
    t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000' });
  });
  afterEach(async () => t.close());

  it("answers a visitor from memory until JOB_PAGES_CACHE_SECONDS pass, when another instance's change shows", async () => {
    const job = await postedJob();
    expect((await getPage(t.app, job.path)).body).toContain('Night Forklift Operator');
    expect((await getPage(t.app, RESULTS)).body).toContain('Night Forklift Operator');
    await renameElsewhere(job.id, 'Beta Haulage');
    t.clock.advance(9_000);
    expect((await getPage(t.app, job.path)).body).not.toContain('Beta Haulage');
    expect((await getPage(t.app, RESULTS)).body).not.toContain('Beta Haulage');
    t.clock.advance(1_000);
    expect((await getPage(t.app, job.path)).body).toContain('Beta Haulage');
    expect((await getPage(t.app, RESULTS)).body).toContain('Beta Haulage');
    // Another URL is another page.
    expect((await getPage(t.app, '/jobs-search?search=forklift&page=2')).body).not.toContain('Night Forklift');
  });

  it("drops the kept pages at once when an employer closes the job on this instance", async () => {
    const job = await postedJob();
    expect((await getPage(t.app, job.path)).statusCode).toBe(200);
    expect((await getPage(t.app, RESULTS)).body).toContain('Night Forklift Operator');
    const closed = await postForm(t.app, '/dashboard/jobs/actions', { action: 'close', job_id: job.id }, { jar: job.employer, xhr: false });
    expect(closed.statusCode).toBe(303);
    expect((await getPage(t.app, job.path)).headers.location).toBe('/?closed_job_redirect=1');
    expect((await getPage(t.app, RESULTS)).body).not.toContain('Night Forklift Operator');
  });

  it('never answers a signed-in person from memory, and never keeps a page rendered for one', async () => {
    const job = await postedJob();
    const seeker = await signIn(t.app, 'seeker@example.com');
    const seekerPage = await getPage(t.app, job.path, seeker);
    expect(seekerPage.body).toContain('seeker@example.com');
    expect(seekerPage.headers['cache-control']).toBe('private, no-store');
    const visitorPage = await getPage(t.app, job.path);
    expect(visitorPage.body).not.toContain('seeker@example.com');
    expect(visitorPage.headers['cache-control']).toBe('no-cache');
    // The visitor's page is kept now; the signed-in person still gets their own.
    await renameElsewhere(job.id, 'Beta Haulage');
    expect((await getPage(t.app, job.path)).body).not.toContain('Beta Haulage');
    const again = await getPage(t.app, job.path, seeker);
    expect(again.body).toContain('Beta Haulage');
    expect(again.body).toContain('seeker@example.com');
  });

  it('counts a view and search appearances for every answer from memory', async () => {
    const job = await postedJob();
    for (let i = 0; i < 3; i += 1) {
      expect((await getPage(t.app, job.path)).statusCode).toBe(200);
      expect((await getPage(t.app, RESULTS)).statusCode).toBe(200);
    }
    await t.app.jobFigures.flush();
    const totals = (await figureTotals(t.app.db, [job.id], t.clock.now())).get(job.id);
    expect(totals).toMatchObject({ views: 3, search_appearances: 3 });
  });
});

describe('two instances on one database', () => {
  let shared: SharedTestDatabase;
  let other: TestApp;
  beforeEach(async () => {
    shared = await createSharedTestDatabase();
    t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000' }, { database: shared.connect() });
    other = await createTestApp({}, { database: shared.connect() });
    other.clock.time = t.clock.time;
  });
  afterEach(async () => {
    await t.close();
    await other.close();
    await shared.close();
  });

  it('a job closed on one shows closed there at once, and on the other at once when they share an engine, else within JOB_PAGES_CACHE_SECONDS', async () => {
    const job = await postedJob();
    expect((await getPage(other.app, job.path)).statusCode).toBe(200);
    const closed = await postForm(t.app, '/dashboard/jobs/actions', { action: 'close', job_id: job.id }, { jar: job.employer, xhr: false });
    expect(closed.statusCode).toBe(303);
    expect((await getPage(t.app, job.path)).headers.location).toBe('/?closed_job_redirect=1');
    if (other.app.visitorPagesSharing !== 'none') {
      // PostgreSQL (decision 0281): the other instance hears of it, its clock standing still.
      await expect.poll(async () => (await getPage(other.app, job.path)).headers.location).toBe('/?closed_job_redirect=1');
      return;
    }
    other.clock.advance(9_999);
    expect((await getPage(other.app, job.path)).statusCode).toBe(200);
    other.clock.advance(1);
    expect((await getPage(other.app, job.path)).headers.location).toBe('/?closed_job_redirect=1');
  });
});

describe('with JOB_PAGES_CACHE_SECONDS=0', () => {
  beforeEach(async () => {
    t = await createTestApp({ JOB_PAGES_CACHE_SECONDS: '0' });
  });
  afterEach(async () => t.close());

  it('renders every request', async () => {
    const job = await postedJob();
    expect((await getPage(t.app, job.path)).body).not.toContain('Beta Haulage');
    await renameElsewhere(job.id, 'Beta Haulage');
    expect((await getPage(t.app, job.path)).body).toContain('Beta Haulage');
  });
});
