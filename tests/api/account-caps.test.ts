// Issue 14, finding 11: what one account can store is capped, with a clear 4xx message, and stores nothing past it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ALERTS, SEEKER_MESSAGES } from '../../src/shared/seeker/constants';
import { insertJob } from '../support/jobs-fixtures';
import { getPage, pdfBytes, postForm, signIn, upload } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({
    SEEKER_MAX_SAVED_JOBS: '3',
    SEEKER_MAX_APPLICATIONS_PER_DAY: '2',
    SEEKER_MAX_RESUME_UPLOADS_PER_DAY: '2',
    SEEKER_MAX_KEPT_SEARCHES: '4',
  });
});
afterEach(async () => t.close());

const DAY = 24 * 60 * 60 * 1000;
const PROFILE = { full_name: 'Ada Lovelace', phone: '(512) 555-0142', location: 'Austin, TX', headline: 'Forklift operator' };
const count = async (table: 'saved_jobs' | 'job_applications' | 'job_searches' | 'job_alerts') =>
  Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

describe('per-account caps', () => {
  it('saves at most SEEKER_MAX_SAVED_JOBS jobs, then 409 with a message; re-saving one already saved still works', async () => {
    const jar = await signIn(t.app, 'saver@example.com');
    const jobs = [];
    for (let i = 0; i < 4; i += 1) jobs.push(await insertJob(t.app.db, t.clock.now()));
    for (const job of jobs.slice(0, 3)) expect((await postForm(t.app, '/candidate/toggle_job_save', { archive: '0', listing_key: job.listing_key }, { jar })).statusCode).toBe(200);
    const refused = await postForm(t.app, '/candidate/toggle_job_save', { archive: '0', listing_key: jobs[3]!.listing_key }, { jar });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'SAVED_LIMIT', error_message: SEEKER_MESSAGES.tooManySavedJobs(3) });
    expect(await count('saved_jobs')).toBe(3);
    expect((await postForm(t.app, '/candidate/toggle_job_save', { archive: '0', listing_key: jobs[0]!.listing_key }, { jar })).statusCode).toBe(200);
    await postForm(t.app, '/candidate/toggle_job_save', { archive: '1', listing_key: jobs[0]!.listing_key }, { jar });
    expect((await postForm(t.app, '/candidate/toggle_job_save', { archive: '0', listing_key: jobs[3]!.listing_key }, { jar })).statusCode).toBe(200);
  });

  it('applies to at most SEEKER_MAX_APPLICATIONS_PER_DAY jobs a day, then 429 with a message, and again the next day', async () => {
    const jar = await signIn(t.app, 'applicant@example.com');
    await postForm(t.app, '/candidate/about', PROFILE, { jar });
    const jobs = [];
    for (let i = 0; i < 4; i += 1) jobs.push(await insertJob(t.app.db, t.clock.now()));
    for (const job of jobs.slice(0, 2)) expect((await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: job.listing_key }, { jar })).statusCode).toBe(200);
    const refused = await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: jobs[2]!.listing_key }, { jar });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 'APPLICATION_LIMIT', error_message: SEEKER_MESSAGES.tooManyApplications(2) });
    expect(await count('job_applications')).toBe(2);
    t.clock.advance(DAY + 1000);
    expect((await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: jobs[2]!.listing_key }, { jar })).statusCode).toBe(200);
  });

  it('takes at most SEEKER_MAX_RESUME_UPLOADS_PER_DAY résumés a day, then 429 with a message', async () => {
    const jar = await signIn(t.app, 'uploader@example.com');
    for (let i = 0; i < 2; i += 1) expect((await upload(t.app, jar, 'cv.pdf', 'application/pdf', pdfBytes(2000 + i))).statusCode).toBe(200);
    const refused = await upload(t.app, jar, 'cv.pdf', 'application/pdf', pdfBytes(3000));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 'RESUME_REJECTED', error_message: SEEKER_MESSAGES.tooManyResumeUploads(2) });
    const kept = await t.app.db.selectFrom('resumes').select('size_bytes').executeTakeFirstOrThrow();
    expect(Number(kept.size_bytes)).toBe(2001);
  });

  it('keeps at most SEEKER_MAX_KEPT_SEARCHES searches made by GETs, the newest', async () => {
    const jar = await signIn(t.app, 'searcher@example.com');
    for (let i = 0; i < 7; i += 1) {
      t.clock.advance(1000);
      expect((await getPage(t.app, `/jobs-search?search=term${i}`, jar)).statusCode).toBe(200);
    }
    const kept = await t.app.db.selectFrom('job_searches').select('search').orderBy('created_at', 'desc').execute();
    expect(kept.map((row) => row.search)).toEqual(['term6', 'term5', 'term4', 'term3']);
  });

  it('keeps at most MAX_ALERTS alerts (409 with a message)', async () => {
    const jar = await signIn(t.app, 'alerts@example.com');
    for (let i = 0; i < MAX_ALERTS; i += 1) {
      expect((await postForm(t.app, '/candidate/alerts', { search: `nurse ${i}`, location: 'Austin, TX', radius: '25', frequency: 'daily' }, { jar })).json().status).toBe('CREATED');
    }
    const refused = await postForm(t.app, '/candidate/alerts', { search: 'one more', location: 'Austin, TX', radius: '25', frequency: 'daily' }, { jar });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'ALERT_LIMIT', error_message: SEEKER_MESSAGES.tooManyAlerts });
    expect(await count('job_alerts')).toBe(MAX_ALERTS);
  });
});
