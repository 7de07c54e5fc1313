// Posting, moderation and managing jobs through the pages and the API. SQLite by default; PostgreSQL with
// TEST_DATABASE_URL. Every route is also tried with a second company's session (404).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_POSTS_PER_DAY } from '../../src/shared/employer-jobs/fields';
import { POSTING_MESSAGES } from '../../src/shared/employer-jobs/page-props';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';
import { DAY_MS } from '../support/jobs-fixtures';
import { CookieJar, mailbox } from '../support/registration-helpers';
import { getPage, postForm, signIn } from '../support/seeker-helpers';
import { JOB_FORM, employerOfNewCompany, postJobForm, signedInAdmin } from '../support/employer-jobs-helpers';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000' });
});
afterEach(async () => t.close());

const jobIdOf = async (title: string) => (await t.app.db.selectFrom('jobs').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
const statusOf = async (id: string) => (await t.app.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const jobPagePath = async (id: string) => {
  const row = await t.app.db.selectFrom('jobs').select(['title', 'city', 'state']).where('id', '=', id).executeTakeFirstOrThrow();
  const { jobPath } = await import('../../src/server/features/jobs/slugs');
  return jobPath({ id, ...row });
};
const searchPage = (query: string) => getPage(t.app, `/jobs-search?${query}`);

describe('posting a job', () => {
  it("holds a new company's first job for review; an admin approves it; then it is in search by title and place", async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight', approved: false });
    const posted = await postJobForm(t.app, jar, '/post-a-job', JOB_FORM);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/dashboard?notice=in_review');
    const id = await jobIdOf('Night Forklift Operator');
    expect(await statusOf(id)).toBe('in_review');
    expect((await searchPage('search=forklift&location=Austin%2C+TX')).body).not.toContain('Night Forklift Operator');
    expect((await getPage(t.app, await jobPagePath(id))).headers.location).toBe('/?closed_job_redirect=1');
    expect((await getPage(t.app, posted.headers.location as string, jar)).body).toContain('Your job is waiting for review.');

    const adminJar = await signedInAdmin(t.app, 'admin@jobwise.example');
    const queue = await getPage(t.app, '/admin/moderation', adminJar);
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain('Night Forklift Operator');
    const approved = await postForm(t.app, `/admin/moderation/${id}/approve`, {}, { jar: adminJar, xhr: false });
    expect(approved.statusCode).toBe(303);
    expect(await statusOf(id)).toBe('open');
    expect((await mailbox(t.app, 'boss@acme.example')).some((mail) => mail.subject.includes('is live'))).toBe(true);

    const results = await searchPage('search=forklift+operator&location=Austin%2C+TX');
    expect(results.body).toContain('Night Forklift Operator');
    const sitemap = await getPage(t.app, '/sitemaps/jobs-1.xml');
    expect(sitemap.body).toContain(id);

    // The company is approved now: its next job publishes at once.
    const second = await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: 'Day Loader' });
    expect(second.headers.location).toBe('/dashboard?notice=published');
    expect(await statusOf(await jobIdOf('Day Loader'))).toBe('open');
  });

  it('rejects with a reason that is emailed and shown; a reason is required; only admins moderate', async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight', approved: false });
    await postJobForm(t.app, jar, '/post-a-job', JOB_FORM);
    const id = await jobIdOf('Night Forklift Operator');
    const seekerJar = await signIn(t.app, 'seeker@example.com');
    for (const who of [seekerJar, jar, new CookieJar()]) {
      expect((await getPage(t.app, '/admin/moderation', who)).statusCode).toBe(404);
      const attempt = await postForm(t.app, `/admin/moderation/${id}/approve`, {}, { jar: who });
      expect(attempt.statusCode).toBe(404);
    }
    const adminJar = await signedInAdmin(t.app, 'admin@jobwise.example');
    const blank = await postForm(t.app, `/admin/moderation/${id}/reject`, { reason: ' ' }, { jar: adminJar, xhr: false });
    expect(blank.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('in_review');
    const rejected = await postForm(t.app, `/admin/moderation/${id}/reject`, { reason: 'The pay is not stated honestly.' }, { jar: adminJar, xhr: false });
    expect(rejected.statusCode).toBe(303);
    expect(await statusOf(id)).toBe('rejected');
    const mail = (await mailbox(t.app, 'boss@acme.example')).find((message) => message.subject.includes('not approved'));
    expect(mail?.text).toContain('The pay is not stated honestly.');
    expect((await getPage(t.app, '/dashboard?status=rejected', jar)).body).toContain('The pay is not stated honestly.');
    expect((await getPage(t.app, `/post-a-job/${id}`, jar)).body).toContain('The pay is not stated honestly.');
  });

  it('answers bad fields with their messages and keeps what was typed (no script), storing nothing', async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const response = await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: 'Forklift <Operator>', location: 'Atlantis, ZZ', pay_min: 'lots', apply_method: 'email', apply_email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Location: we could not find');
    expect(response.body).toContain('Pay: enter an amount such as 18.50 or 52000.');
    expect(response.body).toContain('Application email: enter an email address such as jobs@example.com.');
    expect(response.body).toContain('value="Forklift &lt;Operator&gt;"');
    expect(response.body).toContain('value="Atlantis, ZZ"');
    expect(response.body).toContain('value="lots"');
    expect(await t.app.db.selectFrom('jobs').select('id').execute()).toEqual([]);

    const json = await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: '' }, { xhr: true });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ status: 'PROTO_VALIDATION_ERROR', errors: [{ field: 'title', message: 'Job title: enter the job title.' }] });
  });

  it('takes the form as JSON too; broken JSON or a wrong type is the spec’s 400 and stores nothing (decision 0330)', async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const postJson = (url: string, payload: string) => t.app.inject({ method: 'POST', url, headers: { ...sameOriginHeaders, 'content-type': 'application/json', cookie: jar.header() }, payload });
    const saved = await postJson('/post-a-job', JSON.stringify({ ...JOB_FORM, title: 'Json Loader', intent: 'draft' }));
    expect(saved.statusCode).toBe(200);
    const id = saved.json<{ job_id: string }>().job_id;
    expect(saved.json()).toEqual({ status: 'DRAFT_SAVED', job_id: id, preview_path: `/post-a-job/${id}/preview` });
    const stored = () => t.app.db.selectFrom('jobs').select(['id', 'title', 'status', 'draft_data', 'updated_at']).orderBy('id').execute();
    const before = await stored();
    t.clock.advance(1000);

    const attempts: Array<[string, string]> = [
      ['/post-a-job', '{"title":'],
      ['/post-a-job', JSON.stringify({ ...JOB_FORM, pay_min: 19 })],
      ['/post-a-job', JSON.stringify({ ...JOB_FORM, benefits: [{ name: 'Dental insurance' }] })],
      ['/post-a-job', JSON.stringify({ ...JOB_FORM, questions: 'Can you lift 50 lb?' })],
      ['/post-a-job', JSON.stringify({ ...JOB_FORM, intent: 'draft', title: { text: 'Loader' } })],
      [`/post-a-job/${id}`, '{"title": "Loader",'],
      [`/post-a-job/${id}`, JSON.stringify({ ...JOB_FORM, title: ['Loader', 2], intent: 'draft' })],
      [`/post-a-job/${id}`, JSON.stringify({ ...JOB_FORM, questions: [{ text: 'Can you lift 50 lb?', kind: 3 }] })],
      [`/post-a-job/${id}`, '["publish"]'],
    ];
    for (const [url, payload] of attempts) {
      const refused = await postJson(url, payload);
      expect(refused.statusCode, `${url} ${payload}`).toBe(400);
      expect(refused.json(), `${url} ${payload}`).toMatchObject({ status: 'PROTO_VALIDATION_ERROR', error_message: expect.any(String) });
    }
    expect(await stored()).toEqual(before);
    expect(await t.app.db.selectFrom('job_screening_questions').select('job_id').execute()).toEqual([]);

    // Each declared answer keeps its fields: scheduled, taken off the schedule, then published.
    const scheduled = await postJson(`/post-a-job/${id}`, JSON.stringify({ ...JOB_FORM, title: 'Json Loader', intent: 'schedule', publish_at: '2026-11-22T09:00', time_zone: 'America/Chicago' }));
    expect(scheduled.json()).toEqual({ status: 'SCHEDULED', job_id: id, publish_at: '2026-11-22T15:00:00.000Z' });
    const unscheduled = await postJson(`/post-a-job/${id}`, JSON.stringify({ ...JOB_FORM, title: 'Json Loader', intent: 'unschedule' }));
    expect(unscheduled.json()).toEqual({ status: 'DRAFT_SAVED', job_id: id });
    // The JSON shape: questions as a list, a deal-breaker as a boolean, benefits as a list.
    const question = { text: 'Can you lift 50 lb?', kind: 'yes_no', deal_breaker: true, expected: 'yes' };
    const published = await postJson(`/post-a-job/${id}`, JSON.stringify({ ...JOB_FORM, title: 'Json Loader', questions: [question] }));
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({ status: 'PUBLISHED', job_id: id, message: POSTING_MESSAGES.published, path: await jobPagePath(id), share_path: `/post-a-job/${id}/share` });
    expect(await t.app.db.selectFrom('job_screening_questions').select(['text', 'kind', 'deal_breaker', 'expected']).where('job_id', '=', id).execute()).toEqual([{ ...question, deal_breaker: 1 }]);
    expect(JSON.parse((await t.app.db.selectFrom('jobs').select('benefits').where('id', '=', id).executeTakeFirstOrThrow()).benefits)).toEqual(JOB_FORM.benefits);
  });

  it('keeps a draft with invalid fields, lists it at /my-jobs?show=draft, and previews it as the real page marked and noindex', async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const saved = await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, pay_min: 'ask me', expires_in_days: '90' }, { intent: 'draft' });
    expect(saved.statusCode).toBe(303);
    const id = await jobIdOf('Night Forklift Operator');
    expect(saved.headers.location).toBe(`/post-a-job/${id}?notice=draft`);
    const form = await getPage(t.app, saved.headers.location as string, jar);
    expect(form.body).toContain('value="ask me"');
    expect(form.body).toContain('value="90"');
    const drafts = await getPage(t.app, '/my-jobs?show=draft', jar);
    expect(drafts.statusCode).toBe(200);
    expect(drafts.body).toContain('Night Forklift Operator');
    expect((await searchPage('search=forklift')).body).not.toContain('Night Forklift Operator');

    const preview = await getPage(t.app, `/post-a-job/${id}/preview`, jar);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('<meta name="robots" content="noindex');
    expect(preview.body).toContain('job seekers do not see this job yet');
    expect(preview.body).toContain('<h3>The job</h3>');
    expect(preview.body).not.toContain('application/ld+json');

    const publish = await postJobForm(t.app, jar, `/post-a-job/${id}`, { ...JOB_FORM, pay_min: 'ask me', expires_in_days: '90' });
    expect(publish.statusCode).toBe(400);
    expect(publish.body).toContain('Days until the job expires: enter a whole number of days from 1 to 60.');
    expect(await statusOf(id)).toBe('draft');
    const fixed = await postJobForm(t.app, jar, `/post-a-job/${id}`, { ...JOB_FORM, expires_in_days: '60' });
    expect(fixed.headers.location).toBe('/dashboard?notice=published');
    const row = await t.app.db.selectFrom('jobs').select(['status', 'expires_at', 'posted_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
    expect(Number(row.expires_at) - Number(row.posted_at)).toBe(60 * DAY_MS);
  });

  it('refuses the 21st job post of a company in a day with 429 and a clear message', async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    for (let n = 0; n < MAX_POSTS_PER_DAY; n += 1) {
      const response = await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: `Forklift Operator ${n}` }, { xhr: true });
      expect(response.statusCode).toBe(200);
    }
    const refused = await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: 'One too many' }, { xhr: true });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error_message).toBe(POSTING_MESSAGES.dailyLimit);
    const page = await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: 'One too many' });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('posted 20 jobs today');
    expect(page.body).toContain('value="One too many"');
  });

  it("tells a Free company why it cannot publish a second live job and offers the plans", async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight', plan: 'free' });
    expect((await postJobForm(t.app, jar, '/post-a-job', JOB_FORM)).statusCode).toBe(303);
    const second = await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: 'Day Loader' });
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('Your Free plan allows 1 live job at a time.');
    expect(second.body).toContain('href="/plans"');
    const json = await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: 'Day Loader' }, { xhr: true });
    expect(json.json()).toMatchObject({ status: 'PLAN_LIMIT', plans_url: '/plans' });
  });

  it('renders hostile Markdown inert on the job page, and gives it JSON-LD with the required fields', async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const hostile = `Great job!\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) <style>body{display:none}</style> [ok](https://acme.example/about)`;
    await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, description: hostile, place_type: 'remote', location: '', pay_currency: 'EUR', pay_period: 'month', pay_min: '3000', pay_max: '' });
    const id = await jobIdOf('Night Forklift Operator');
    const page = await getPage(t.app, await jobPagePath(id));
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script>alert|<img|<[a-z][^>]*\sonerror=|href="javascript:|<style>body/i);
    expect(page.body).toContain('<a href="https://acme.example/about" rel="nofollow ugc">ok</a>');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)![1]!);
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      hiringOrganization: { '@type': 'Organization', name: 'Acme Freight' },
      baseSalary: { currency: 'EUR', value: { minValue: 3000, maxValue: 3000, unitText: 'MONTH' } },
      employmentType: 'FULL_TIME',
      jobLocationType: 'TELECOMMUTE',
    });
    expect(Date.parse(ld.validThrough)).toBe(t.clock.now() + 30 * DAY_MS);
    expect(ld.description).not.toMatch(/<script|<img|<[a-z][^>]*\sonerror=|href="javascript:/i);
  });
});

describe('review holds until an admin approves (issue 41)', () => {
  const linked = { ...JOB_FORM, description: `${JOB_FORM.description}\n\n[Apply fast](https://phish.example/login)` };
  const datesOf = async (id: string) => t.app.db.selectFrom('jobs').select(['status', 'posted_at', 'expires_at']).where('id', '=', id).executeTakeFirstOrThrow();

  async function liveJobSentBackToReview() {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    await postJobForm(t.app, jar, '/post-a-job', JOB_FORM);
    const id = await jobIdOf('Night Forklift Operator');
    const live = await datesOf(id);
    t.clock.advance(20 * DAY_MS);
    const edited = await postJobForm(t.app, jar, `/post-a-job/${id}`, linked);
    expect(edited.headers.location).toBe('/dashboard?notice=edit_in_review');
    const adminJar = await signedInAdmin(t.app, 'admin@jobwise.example');
    const rejected = await postForm(t.app, `/admin/moderation/${id}/reject`, { reason: 'This link asks for passwords.' }, { jar: adminJar, xhr: false });
    expect(rejected.statusCode).toBe(303);
    expect(await statusOf(id)).toBe('rejected');
    return { jar, id, live, adminJar };
  }

  it('sends a rejected job published again back to review, where the admin sees it', async () => {
    const { jar, id, adminJar } = await liveJobSentBackToReview();
    const again = await postJobForm(t.app, jar, `/post-a-job/${id}`, linked);
    expect(again.headers.location).toBe('/dashboard?notice=in_review');
    expect(await statusOf(id)).toBe('in_review');
    expect((await searchPage('search=forklift')).body).not.toContain('Night Forklift Operator');
    expect((await getPage(t.app, '/admin/moderation', adminJar)).body).toContain('Night Forklift Operator');
  });

  it('sends a rejected job saved as a draft and then published back to review', async () => {
    const { jar, id } = await liveJobSentBackToReview();
    expect((await postJobForm(t.app, jar, `/post-a-job/${id}`, linked, { intent: 'draft' })).statusCode).toBe(303);
    expect(await statusOf(id)).toBe('draft');
    await postJobForm(t.app, jar, `/post-a-job/${id}`, linked);
    expect(await statusOf(id)).toBe('in_review');
  });

  it('sends a job waiting for review, saved as a draft and published, back to review', async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    await postJobForm(t.app, jar, '/post-a-job', JOB_FORM);
    const id = await jobIdOf('Night Forklift Operator');
    await postJobForm(t.app, jar, `/post-a-job/${id}`, linked);
    expect(await statusOf(id)).toBe('in_review');
    await postJobForm(t.app, jar, `/post-a-job/${id}`, linked, { intent: 'draft' });
    await postJobForm(t.app, jar, `/post-a-job/${id}`, linked);
    expect(await statusOf(id)).toBe('in_review');
  });

  it('keeps the dates a live job had through review: approval does not extend it', async () => {
    const { jar, id, live, adminJar } = await liveJobSentBackToReview();
    await postJobForm(t.app, jar, `/post-a-job/${id}`, linked);
    await postForm(t.app, `/admin/moderation/${id}/approve`, {}, { jar: adminJar, xhr: false });
    expect(await datesOf(id)).toEqual({ status: 'open', posted_at: live.posted_at, expires_at: live.expires_at });
  });

  it('expires a job whose end passed while it waited for review, and says so to the company', async () => {
    const { jar, id, live, adminJar } = await liveJobSentBackToReview();
    await postJobForm(t.app, jar, `/post-a-job/${id}`, linked);
    t.clock.advance(Number(live.expires_at) - t.clock.now() + DAY_MS);
    await postForm(t.app, `/admin/moderation/${id}/approve`, {}, { jar: adminJar, xhr: false });
    expect(await datesOf(id)).toEqual({ status: 'expired', posted_at: live.posted_at, expires_at: live.expires_at });
    const mail = (await mailbox(t.app, 'boss@acme.example')).find((message) => message.subject === 'Your job "Night Forklift Operator" was approved');
    expect(mail?.text).toContain('its listing ended while it waited for review');
  });
});

describe('a refused publish', () => {
  it('does not count toward the 20 posts a day', async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight', plan: 'free' });
    expect((await postJobForm(t.app, jar, '/post-a-job', JOB_FORM)).statusCode).toBe(303);
    for (let n = 0; n < MAX_POSTS_PER_DAY; n += 1) {
      expect((await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: `Loader ${n}` }, { xhr: true })).statusCode).toBe(409);
    }
    await t.app.db.updateTable('companies').set({ plan: 'premium' }).where('id', '=', 'acme').execute();
    const next = await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: 'Day Loader' }, { xhr: true });
    expect(next.statusCode).toBe(200);
  });
});

describe('mail about a company’s jobs', () => {
  it('goes to its members only: a removed recruiter hears nothing more of the jobs they posted', async () => {
    const { jar: ownerJar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight', approved: false });
    const recruiterJar = await signIn(t.app, 'rec@acme.example');
    const recruiter = await t.app.db.selectFrom('accounts').select('id').where('email', '=', 'rec@acme.example').executeTakeFirstOrThrow();
    await t.app.db.updateTable('sessions').set({ side: 'employer' }).where('account_id', '=', recruiter.id).execute();
    await t.app.db.insertInto('company_members').values({ company_id: 'acme', account_id: recruiter.id, role: 'recruiter', created_at: 0 }).execute();
    await postJobForm(t.app, recruiterJar, '/post-a-job', JOB_FORM);
    await postJobForm(t.app, recruiterJar, '/post-a-job', { ...JOB_FORM, title: 'Secret Project Lead' });
    const removed = await postForm(t.app, `/employer/team/members/${recruiter.id}/remove`, {}, { jar: ownerJar, xhr: false });
    expect(removed.headers.location).toBe('/employer/team?notice=removed');

    const adminJar = await signedInAdmin(t.app, 'admin@jobwise.example');
    await postForm(t.app, `/admin/moderation/${await jobIdOf('Secret Project Lead')}/reject`, { reason: 'Say what the project is.' }, { jar: adminJar, xhr: false });
    const forkliftId = await jobIdOf('Night Forklift Operator');
    await postForm(t.app, `/admin/moderation/${forkliftId}/approve`, {}, { jar: adminJar, xhr: false });
    const expiresAt = (await t.app.db.selectFrom('jobs').select('expires_at').where('id', '=', forkliftId).executeTakeFirstOrThrow()).expires_at;
    t.clock.advance(Number(expiresAt) - t.clock.now() - DAY_MS);
    const expiry = await t.app.runJobExpiryAndMail();
    expect(expiry).toMatchObject({ noticesQueued: 1, sent: 1 });

    const toOwner = (await mailbox(t.app, 'boss@acme.example')).map((mail) => mail.subject);
    expect(toOwner).toEqual(expect.arrayContaining(['Your job "Secret Project Lead" was not approved', 'Your job "Night Forklift Operator" is live on Jobwise']));
    expect(toOwner.some((subject) => subject.includes('expires'))).toBe(true);
    expect(await mailbox(t.app, 'rec@acme.example')).toEqual([expect.objectContaining({ subject: expect.stringContaining('code') })]);
  });
});

describe('a job past its end', () => {
  it('takes no application, on site or by its link, before the expiry run closes it', async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    await postJobForm(t.app, jar, '/post-a-job', JOB_FORM);
    await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: 'Yard Driver', apply_method: 'url', apply_url: 'https://acme.example/apply' });
    const onSite = await t.app.db.selectFrom('jobs').select(['listing_key', 'expires_at']).where('title', '=', 'Night Forklift Operator').executeTakeFirstOrThrow();
    const external = await t.app.db.selectFrom('jobs').select('listing_key').where('title', '=', 'Yard Driver').executeTakeFirstOrThrow();
    t.clock.advance(Number(onSite.expires_at) - t.clock.now() + 60_000);
    const seeker = await signIn(t.app, 'sam@example.com');
    await postForm(t.app, '/candidate/about', { full_name: 'Sam Seeker', phone: '+1 512 555 0100', location: 'Austin, TX', headline: '' }, { jar: seeker, xhr: false });
    const applied = await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: onSite.listing_key, answer_1: 'yes' }, { jar: seeker });
    expect(applied.statusCode).toBe(404);
    expect(applied.json().status).toBe('JOB_CLOSED');
    expect(await t.app.db.selectFrom('job_applications').select('id').execute()).toEqual([]);
    const link = await getPage(t.app, `/candidate/external_apply/${external.listing_key}`, seeker);
    expect(link.headers.location).toBe('/?closed_job_redirect=1');
    expect(await statusOf(await jobIdOf('Night Forklift Operator'))).toBe('open');
  });
});

describe('managing jobs', () => {
  it('lists every job by status with search, filters, sort and 25 a page', async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    for (let n = 0; n < 26; n += 1) {
      await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: `Picker ${String(n).padStart(2, '0')}`, location: n % 2 ? 'Chicago, IL' : 'Austin, TX' }, { intent: 'draft' });
      t.clock.advance(1000);
    }
    await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: 'Welder', expires_in_days: '5' });
    const all = await getPage(t.app, '/dashboard', jar);
    expect(all.body).toContain('27 jobs');
    expect(all.body.match(/class="card dashboard-job"/g)).toHaveLength(25);
    expect(all.body).toContain('Welder');
    expect((await getPage(t.app, '/dashboard?page=2', jar)).body.match(/class="card dashboard-job"/g)).toHaveLength(2);
    const byTitle = await getPage(t.app, '/dashboard?q=PICKER+0', jar);
    expect(byTitle.body).toContain('10 jobs');
    const live = await getPage(t.app, '/dashboard?status=open', jar);
    expect(live.body).toContain('1 job<');
    const chicago = await getPage(t.app, '/dashboard?place=Chicago%2C+IL', jar);
    expect(chicago.body).toContain('13 jobs');
    const byExpiry = await getPage(t.app, '/dashboard?sort=expiry', jar);
    expect(byExpiry.body.indexOf('Welder')).toBeLessThan(byExpiry.body.indexOf('Picker'));
    const drafts = await getPage(t.app, '/my-jobs?show=draft', jar);
    expect(drafts.body).toContain('26 jobs');
  });

  it('closes (the page then redirects to the closed-job notice), reopens, renews near expiry, duplicates, and closes a selection', async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    await postJobForm(t.app, jar, '/post-a-job', JOB_FORM);
    await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: 'Day Loader' });
    const a = await jobIdOf('Night Forklift Operator');
    const b = await jobIdOf('Day Loader');
    const path = await jobPagePath(a);

    const closed = await postForm(t.app, '/dashboard/jobs/actions', { action: 'close', job_id: a }, { jar, xhr: false });
    expect(closed.headers.location).toBe('/dashboard?notice=closed');
    expect((await getPage(t.app, path)).headers.location).toBe('/?closed_job_redirect=1');
    const reopened = await postForm(t.app, '/dashboard/jobs/actions', { action: 'reopen', job_id: a }, { jar });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toEqual({ status: 'DONE', message: 'Reopened. The job is live again until its expiry date.' });
    expect((await getPage(t.app, path)).statusCode).toBe(200);

    // Our fetch client's answers keep every field the declared answer names (decision 0325).
    expect((await postForm(t.app, '/dashboard/jobs/actions', { action: 'renew', job_id: a }, { jar })).json()).toEqual({
      status: 'DONE',
      message: 'Nothing was renewed: renewing is offered from 5 days before a job expires.',
      renewed: 0,
      over_plan: 0,
    });
    t.clock.advance(26 * DAY_MS);
    expect((await postForm(t.app, '/dashboard/jobs/actions', { action: 'renew', job_id: a }, { jar })).json()).toEqual({ status: 'DONE', message: 'Renewed for 30 more days.', renewed: 1, over_plan: 0 });

    const copy = await postForm(t.app, '/dashboard/jobs/actions', { action: 'duplicate', job_id: b }, { jar });
    const copyId = copy.json().job_id as string;
    expect(copy.json()).toEqual({ status: 'DONE', message: 'A copy was made as a new draft.', job_id: copyId });
    expect(await statusOf(copyId)).toBe('draft');
    const closedByCall = await postForm(t.app, '/dashboard/jobs/actions', { action: 'close', job_id: copyId }, { jar });
    expect(closedByCall.json()).toEqual({ status: 'DONE', message: 'Nothing was closed: only live jobs can be closed.', closed: 0 });

    const bulk = await t.app.inject({
      method: 'POST',
      url: '/dashboard/jobs/actions',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      payload: `action=close&job_id=${a}&job_id=${b}`,
    });
    expect(bulk.statusCode).toBe(303);
    expect([await statusOf(a), await statusOf(b)]).toEqual(['closed', 'closed']);
  });

  it('counts views, search appearances, apply clicks and applications, and charts them', async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, questions: [{ text: 'Can you lift 50 lb?', kind: 'yes_no', deal_breaker: true, expected: 'yes' }] });
    const id = await jobIdOf('Night Forklift Operator');
    await getPage(t.app, await jobPagePath(id));
    await getPage(t.app, await jobPagePath(id));
    await searchPage('search=forklift');
    const seeker = await signIn(t.app, 'seeker@example.com');
    await postForm(t.app, '/candidate/about', { full_name: 'Sam Seeker', phone: '+1 512 555 0100', location: 'Austin, TX', headline: '' }, { jar: seeker, xhr: false });
    const listingKey = `lk_${id}`;
    const unanswered = await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: listingKey }, { jar: seeker });
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.json()).toMatchObject({ status: 'ANSWERS_REQUIRED', error_message: 'Answer yes or no: Can you lift 50 lb?' });
    const applied = await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: listingKey, answer_1: 'no' }, { jar: seeker });
    expect(applied.json().status).toBe('APPLIED');
    const application = await t.app.db.selectFrom('job_applications').select(['id', 'failed_deal_breaker']).where('job_id', '=', id).executeTakeFirstOrThrow();
    expect(application.failed_deal_breaker).toBe(1);
    expect(await t.app.db.selectFrom('job_application_answers').select(['question', 'answer', 'deal_breaker_failed']).where('application_id', '=', application.id).execute()).toEqual([
      { question: 'Can you lift 50 lb?', answer: 'no', deal_breaker_failed: 1 },
    ]);

    await t.app.jobFigures.flush();
    const figures = await getPage(t.app, `/dashboard/jobs/${id}/figures`, jar);
    expect(figures.statusCode).toBe(200);
    const series = figures.json();
    expect(series.days).toHaveLength(30);
    expect([series.views.at(-1), series.search_appearances.at(-1), series.apply_clicks.at(-1), series.applications.at(-1)]).toEqual([2, 1, 1, 1]);
    // The words agree with each count (issue 44): "1 apply click", never "1 apply clicks".
    const dashboard = (await getPage(t.app, '/dashboard', jar)).body;
    for (const figure of ['2 views', '1 apply click', '1 application']) expect(dashboard).toContain(`<li>${figure}</li>`);
  });
});

describe('another company', () => {
  it('gets 404 on every route of a job that is not its own', async () => {
    const { jar } = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    await postJobForm(t.app, jar, '/post-a-job', JOB_FORM);
    const id = await jobIdOf('Night Forklift Operator');
    const other = (await employerOfNewCompany(t.app, 'boss@beta.example', { id: 'beta', name: 'Beta Foods' })).jar;
    for (const url of [`/post-a-job/${id}`, `/post-a-job/${id}/preview`, `/dashboard/jobs/${id}/figures`]) {
      expect((await getPage(t.app, url, other)).statusCode).toBe(404);
    }
    expect((await postJobForm(t.app, other, `/post-a-job/${id}`, { ...JOB_FORM, title: 'Hijacked' })).statusCode).toBe(404);
    expect((await postJobForm(t.app, other, `/post-a-job/${id}`, JOB_FORM, { intent: 'draft' })).statusCode).toBe(404);
    for (const action of ['close', 'renew', 'reopen', 'duplicate']) {
      expect((await postForm(t.app, '/dashboard/jobs/actions', { action, job_id: id }, { jar: other })).statusCode).toBe(404);
    }
    expect((await getPage(t.app, '/dashboard', other)).body).not.toContain('Night Forklift Operator');
    expect((await t.app.db.selectFrom('jobs').select(['title', 'status']).where('id', '=', id).executeTakeFirstOrThrow())).toEqual({ title: 'Night Forklift Operator', status: 'open' });
  });

  it('sends visitors and job seekers to the employer login', async () => {
    const seeker = await signIn(t.app, 'seeker@example.com');
    for (const jar of [new CookieJar(), seeker]) {
      const response = await getPage(t.app, '/post-a-job', jar);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toMatch(/^\/authn\/employer\/login\?next=%2Fpost-a-job/);
    }
  });
});
