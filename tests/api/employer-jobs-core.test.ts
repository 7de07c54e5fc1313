// Posting, moderation states, job actions, expiry and figures, below the routes (tests/api/employer-jobs.test.ts
// drives them through the pages). Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, type JobDraftData } from '../../src/shared/employer-jobs/fields';
import {
  approveJob,
  closeJobs,
  duplicateJob,
  publishJob,
  rejectJob,
  renewJobs,
  reopenJob,
  type CompanyFacts,
} from '../../src/server/features/employer-jobs/employer-jobs.service';
import { JobFigureCounter, figureSeries, figureTotals } from '../../src/server/features/employer-jobs/job-figures';
import { findCompanyJob, insertDraft, listQuestions } from '../../src/server/features/employer-jobs/job-posting';
import { openJobCount, sitemapJobs } from '../../src/server/features/jobs/jobs.repository';
import { createTestApp, type TestApp } from '../support/test-app';
import { DAY_MS, NO_CRITERIA, insertCompany, searchWith } from '../support/jobs-fixtures';
import { mailbox } from '../support/registration-helpers';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await insertCompany(t.app.db, 'co-a', 'Acme Freight');
  await t.app.db.insertInto('companies').values({ id: 'co-b', name: 'Beta Foods', slug: 'beta-foods', created_at: 0 }).execute();
  // The company's person, who gets its expiry notices.
  await t.app.db.insertInto('accounts').values({ id: 'boss-1', email: 'boss@acme.example', email_normalized: 'boss@acme.example', email_alerts_opt_in: 0, created_at: 0 }).execute();
  await t.app.db.insertInto('company_members').values({ company_id: 'co-a', account_id: 'boss-1', role: 'owner', created_at: 0 }).execute();
});
afterEach(async () => t.close());

const company = (overrides: Partial<CompanyFacts> = {}): CompanyFacts => ({
  id: 'co-a',
  name: 'Acme Freight',
  approved: true,
  liveJobLimit: 25,
  liveJobLimitMessage: 'Your Free plan allows 1 live job at a time.',
  featuredJobs: false,
  ...overrides,
});
const deps = () => ({ db: t.app.db, dialect: t.app.dialect, now: t.clock.now(), rateLimitStore: t.app.rateLimits.store });
const form: JobDraftData = {
  ...EMPTY_DRAFT,
  title: 'Night Forklift Operator',
  category: 'warehouse',
  description: '## The job\n\nMove pallets safely across a busy warehouse floor.\n\n- Nights\n- Weekly pay',
  location: 'Austin, TX',
  pay_min: '19',
  pay_max: '23',
};
const publish = (body: unknown, facts = company(), jobId: string | null = null) =>
  (async () => {
    const job = jobId ? ((await findCompanyJob(t.app.db, facts.id, jobId)) ?? null) : null;
    return publishJob(deps(), { company: facts, accountId: 'acct-1', job, body });
  })();
const job = async (id: string) => (await findCompanyJob(t.app.db, 'co-a', id))!;
const search = (criteria: Partial<typeof NO_CRITERIA>) => searchWith(t.app, t.clock.now(), { ...NO_CRITERIA, ...criteria });

describe('publishing', () => {
  it('puts a published job in search, the sitemap and counts at once, and an unpublished one in none', async () => {
    const draftId = await insertDraft(t.app.db, { companyId: 'co-a', companyName: 'Acme Freight', accountId: 'acct-1', draft: form, now: t.clock.now() });
    expect((await search({ search: 'forklift' })).total).toBe(0);
    expect(await openJobCount(t.app.db)).toBe(0);

    const result = await publish(form, company(), draftId);
    expect(result).toEqual({ kind: 'done', jobId: draftId, status: 'open' });
    const found = await search({ search: 'forklift', location: 'Austin, TX' });
    expect(found.rows.map((row) => row.id)).toEqual([draftId]);
    expect((await search({ search: 'weekly pay nights' })).total).toBe(1);
    expect((await sitemapJobs(t.app.db, 0, 10)).map((row) => row.id)).toEqual([draftId]);
    const row = await job(draftId);
    expect(row).toMatchObject({ description: 'The job\nMove pallets safely across a busy warehouse floor.\n- Nights\n- Weekly pay', city: 'Austin', state: 'TX', pay_max_annual: 23 * 2080 });
    expect(row.expires_at).toBe(t.clock.now() + 30 * DAY_MS);

    await closeJobs(deps(), 'co-a', [draftId]);
    expect((await search({ search: 'forklift' })).total).toBe(0);
    expect(await sitemapJobs(t.app.db, 0, 10)).toEqual([]);
  });

  it('stores nothing when a rule fails, and lists each problem', async () => {
    const result = await publish({ ...form, title: '', pay_min: 'lots' });
    expect(result.kind).toBe('invalid');
    expect(result.kind === 'invalid' && result.errors.map((error) => error.field)).toEqual(['title', 'pay_min']);
    expect(await t.app.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });

  it("holds a new company's job for review; an approved company's publishes at once", async () => {
    const waiting = await publish(form, company({ approved: false }));
    expect(waiting.kind === 'done' && waiting.status).toBe('in_review');
    expect((await search({ search: 'forklift' })).total).toBe(0);
    const live = await publish({ ...form, title: 'Day Forklift Operator' }, company());
    expect(live.kind === 'done' && live.status).toBe('open');
  });

  it('approval puts the job live for the chosen days; rejection keeps the reason', async () => {
    const a = await publish({ ...form, expires_in_days: '45' }, company({ approved: false }));
    const b = await publish({ ...form, title: 'Loader' }, company({ approved: false }));
    if (a.kind !== 'done' || b.kind !== 'done') throw new Error('not published');
    t.clock.advance(DAY_MS);
    expect(await approveJob(deps(), await job(a.jobId), 'admin-1')).toBe(true);
    expect(await approveJob(deps(), await job(a.jobId), 'admin-1')).toBe(false);
    expect(await job(a.jobId)).toMatchObject({ status: 'open', posted_at: t.clock.now(), expires_at: t.clock.now() + 45 * DAY_MS, reviewed_by: 'admin-1' });
    expect(await rejectJob(deps(), await job(b.jobId), 'admin-1', 'Pay is not stated honestly')).toBe(true);
    expect(await job(b.jobId)).toMatchObject({ status: 'rejected', rejection_reason: 'Pay is not stated honestly' });
    expect((await search({ search: 'loader' })).total).toBe(0);
  });

  it('sends a live job back to review only when an edit adds somewhere to send people', async () => {
    const first = await publish({ ...form, apply_method: 'url', apply_url: 'https://acme.example/apply' });
    if (first.kind !== 'done') throw new Error('not published');
    const reworded = await publish({ ...form, title: 'Night Forklift Driver', apply_method: 'url', apply_url: 'https://acme.example/apply' }, company(), first.jobId);
    expect(reworded.kind === 'done' && reworded.status).toBe('open');
    const linked = await publish({ ...form, description: `${form.description}\n\n[Apply fast](https://elsewhere.example)`, apply_method: 'url', apply_url: 'https://acme.example/apply' }, company(), first.jobId);
    expect(linked.kind === 'done' && linked.status).toBe('in_review');
    expect((await search({ search: 'forklift' })).total).toBe(0);
  });

  it('refuses a publish over the plan, counting jobs waiting for review', async () => {
    const free = company({ liveJobLimit: 1, approved: false });
    expect((await publish(form, free)).kind).toBe('done');
    expect(await publish({ ...form, title: 'Loader' }, free)).toEqual({ kind: 'plan_limit', message: free.liveJobLimitMessage });
    expect(await t.app.db.selectFrom('jobs').select('id').execute()).toHaveLength(1);
  });

  it('allows 20 job posts a company a day, then refuses; edits do not count; another company is unaffected', async () => {
    let firstId = '';
    for (let n = 0; n < 20; n += 1) {
      const result = await publish({ ...form, title: `Forklift Operator ${n}` });
      expect(result.kind).toBe('done');
      if (n === 0 && result.kind === 'done') firstId = result.jobId;
    }
    const refused = await publish({ ...form, title: 'One too many' });
    expect(refused.kind).toBe('daily_limit');
    expect((await publish({ ...form, title: 'Edited title' }, company(), firstId)).kind).toBe('done');
    expect((await publish(form, company({ id: 'co-b', name: 'Beta Foods' }))).kind).toBe('done');
    t.clock.advance(DAY_MS);
    expect((await publish({ ...form, title: 'Next day' })).kind).toBe('done');
  });

  it('stores the screening questions, replacing them on edit', async () => {
    const questions = [
      { text: 'Can you lift 50 lb?', kind: 'yes_no', deal_breaker: true, expected: 'yes' },
      { text: 'Your forklift licence number?', kind: 'text', deal_breaker: false, expected: 'yes' },
    ];
    const result = await publish({ ...form, questions });
    if (result.kind !== 'done') throw new Error('not published');
    expect((await listQuestions(t.app.db, result.jobId)).map((q) => [q.text, q.kind, q.deal_breaker, q.expected])).toEqual([
      ['Can you lift 50 lb?', 'yes_no', 1, 'yes'],
      ['Your forklift licence number?', 'text', 0, null],
    ]);
    await publish({ ...form, questions: [] }, company(), result.jobId);
    expect(await listQuestions(t.app.db, result.jobId)).toEqual([]);
  });

  it('marks jobs of a plan with featured jobs, and search ranks them first among equal matches', async () => {
    const plain = await publish({ ...form, title: 'Forklift Operator' });
    t.clock.advance(1000);
    const newer = await publish({ ...form, title: 'Forklift Operator' });
    t.clock.advance(1000);
    const featured = await publish({ ...form, title: 'Forklift Operator' }, company({ id: 'co-b', name: 'Beta Foods', featuredJobs: true }));
    if (plain.kind !== 'done' || newer.kind !== 'done' || featured.kind !== 'done') throw new Error('not published');
    t.clock.advance(-500);
    // The featured job is the newest; move it back so it is the oldest of three equal matches.
    await t.app.db.updateTable('jobs').set({ posted_at: t.clock.now() - 10 * DAY_MS }).where('id', '=', featured.jobId).execute();
    for (const criteria of [{ search: 'forklift operator' }, { search: 'forklift', sort: 'date' as const }, { location: 'Austin, TX' }, {}]) {
      const { rows } = await search(criteria);
      expect(rows[0]?.id).toBe(featured.jobId);
      expect(rows[0]?.featured).toBe(1);
    }
  });
});

describe('managing jobs', () => {
  it('closes, reopens before expiry, renews near and after expiry, and duplicates as a draft', async () => {
    const a = await publish(form);
    if (a.kind !== 'done') throw new Error('not published');
    expect(await closeJobs(deps(), 'co-b', [a.jobId])).toBe(0);
    expect(await closeJobs(deps(), 'co-a', [a.jobId])).toBe(1);
    expect(await reopenJob(deps(), company(), await job(a.jobId))).toBe('reopened');
    expect((await renewJobs(deps(), company(), [await job(a.jobId)])).renewed).toBe(0);

    t.clock.advance(26 * DAY_MS);
    const before = (await job(a.jobId)).expires_at!;
    expect((await renewJobs(deps(), company(), [await job(a.jobId)])).renewed).toBe(1);
    expect((await job(a.jobId)).expires_at).toBe(before + 30 * DAY_MS);

    t.clock.advance(40 * DAY_MS);
    await t.app.runJobExpiryAndMail();
    expect((await job(a.jobId)).status).toBe('expired');
    expect(await reopenJob(deps(), company(), await job(a.jobId))).toBe('not_allowed');
    expect((await renewJobs(deps(), company(), [await job(a.jobId)])).renewed).toBe(1);
    expect(await job(a.jobId)).toMatchObject({ status: 'open', expires_at: t.clock.now() + 30 * DAY_MS });

    const copyId = await duplicateJob(deps(), company(), 'acct-2', await job(a.jobId));
    expect(await job(copyId)).toMatchObject({ status: 'draft', title: 'Night Forklift Operator', posted_by: 'acct-2' });
  });

  it('tells everyone who saved a job, once, that it closes soon, with the company’s notice', async () => {
    const a = await publish(form, company());
    if (a.kind !== 'done') throw new Error('not published');
    const saver = await t.app.db.insertInto('accounts').values({ id: 'saver-1', email: 'saver@example.com', email_normalized: 'saver@example.com', email_alerts_opt_in: 0, created_at: 0 }).execute().then(() => 'saver-1');
    await t.app.db.insertInto('saved_jobs').values({ account_id: saver, job_id: a.jobId, created_at: t.clock.now() }).execute();
    t.clock.advance(28 * DAY_MS);
    const run = () => t.app.runJobExpiryAndMail();
    await run();
    await run();
    const told = await t.app.db.selectFrom('notifications').select(['kind', 'text']).where('account_id', '=', saver).execute();
    expect(told).toEqual([{ kind: 'saved_job_closing', text: expect.stringMatching(/^Night Forklift Operator at Acme Freight, a job you saved, closes on \w+ \d+\.$/) }]);
  });

  it('renews an expired job only while the plan has room', async () => {
    const a = await publish(form, company({ liveJobLimit: 1 }));
    if (a.kind !== 'done') throw new Error('not published');
    t.clock.advance(31 * DAY_MS);
    await t.app.runJobExpiryAndMail();
    expect((await publish({ ...form, title: 'Loader' }, company({ liveJobLimit: 1 }))).kind).toBe('done');
    expect(await renewJobs(deps(), company({ liveJobLimit: 1 }), [await job(a.jobId)])).toEqual({ renewed: 0, overPlan: 1 });
  });
});

describe('expiry', () => {
  it('closes jobs past their date and tells the company 3 days before, once, even run twice at once', async () => {
    const a = await publish({ ...form, expires_in_days: '10' });
    if (a.kind !== 'done') throw new Error('not published');
    t.clock.advance(6 * DAY_MS);
    expect(await t.app.runJobExpiry()).toEqual({ expired: 0, noticesQueued: 0, noticesUnsent: 0 });
    t.clock.advance(DAY_MS + 1);
    const [one, two] = await Promise.all([t.app.runJobExpiryAndMail(), t.app.runJobExpiryAndMail()]);
    // One expiry run in this process at a time: both calls answer the same run (the mailbox shows one send).
    expect([one.noticesQueued, two.noticesQueued]).toEqual([1, 1]);
    expect(await t.app.runJobExpiryAndMail()).toEqual({ expired: 0, noticesQueued: 0, noticesUnsent: 0, sent: 0, skipped: 0, failed: 0 });
    const mails = await mailbox(t.app, 'boss@acme.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Night Forklift Operator');

    t.clock.advance(3 * DAY_MS);
    const [x, y] = await Promise.all([t.app.runJobExpiry(), t.app.runJobExpiry()]);
    expect([x.expired, y.expired]).toEqual([1, 1]);
    expect((await job(a.jobId)).status).toBe('expired');
    expect((await search({ search: 'forklift' })).total).toBe(0);
  });

  it('claims a notice once even when the company has nobody to tell', async () => {
    await t.app.db.deleteFrom('company_members').execute();
    const a = await publish({ ...form, expires_in_days: '2' });
    if (a.kind !== 'done') throw new Error('not published');
    expect(await t.app.runJobExpiryAndMail()).toMatchObject({ noticesQueued: 0, noticesUnsent: 1, sent: 0 });
    expect(await t.app.runJobExpiryAndMail()).toMatchObject({ noticesQueued: 0, noticesUnsent: 0, sent: 0 });
  });
});

describe('figures', () => {
  it('counts in memory and adds on flush, from two counters (two instances) and across days', async () => {
    const a = await publish(form);
    if (a.kind !== 'done') throw new Error('not published');
    const one = new JobFigureCounter(t.app.db, t.clock.now);
    const two = new JobFigureCounter(t.app.db, t.clock.now);
    for (let n = 0; n < 5; n += 1) one.count(a.jobId, 'views');
    two.count(a.jobId, 'views');
    two.countMany([a.jobId, a.jobId], 'search_appearances');
    one.count(a.jobId, 'apply_clicks');
    one.count(a.jobId, 'applications');
    expect(await t.app.db.selectFrom('job_daily_figures').selectAll().execute()).toEqual([]);
    await Promise.all([one.flush(), two.flush()]);
    t.clock.advance(DAY_MS);
    one.count(a.jobId, 'views');
    await one.flush();
    expect(await one.flush()).toBe(0);

    const series = await figureSeries(t.app.db, a.jobId, t.clock.now());
    expect(series.days).toHaveLength(30);
    expect(series.views.slice(-2)).toEqual([6, 1]);
    expect(series.totals).toEqual({ views: 7, search_appearances: 2, apply_clicks: 1, applications: 1 });
    expect((await figureTotals(t.app.db, [a.jobId], t.clock.now())).get(a.jobId)).toEqual(series.totals);

    t.clock.advance(30 * DAY_MS);
    expect((await figureSeries(t.app.db, a.jobId, t.clock.now())).totals.views).toBe(0);
  });
});
