// Issue 44, plans honestly self-serve (decision 0288) and closing and reactivating (decision 0289): the
// free trial once per company and by the owner only, the plan & usage figures, the trial's end pausing
// the extra live jobs and a plan with room running them again, the owner's close and reactivate within
// 90 days. Every new route is also called with a second company's session: it sees and changes only its
// own company (these routes name no company or job, so there is no other company's id to 404 on).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCompanyPlan } from '../../src/server/features/companies/company.repository';
import type { CompanyReactivateProps, PlansPageProps, PlanTrialProps, PlanUsageProps } from '../../src/shared/companies/page-props';
import type { DashboardPageProps } from '../../src/shared/employer-jobs/page-props';
import { ownerOf, pageData, signInEmployer } from '../support/employer-helpers';
import { DAY_MS, NO_CRITERIA, insertJob, searchWith } from '../support/jobs-fixtures';
import { navigate } from '../support/navigation';
import { mailbox, type CookieJar } from '../support/registration-helpers';
import { getPage, postForm, signIn } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000000' });
});
afterEach(async () => t.close());

const TRIAL_MS = 7 * DAY_MS;

async function companyRow(id: string) {
  return t.app.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function statuses(companyId: string): Promise<Record<string, string>> {
  const rows = await t.app.db.selectFrom('jobs').select(['title', 'status']).where('company_id', '=', companyId).execute();
  return Object.fromEntries(rows.map((row) => [row.title, row.status]));
}

/** A job of the company, posted `ageDays` ago, live unless told otherwise, ending in 30 days. */
async function jobOf(company: { companyId: string }, title: string, ageDays: number, status: 'open' | 'in_review' | 'draft' = 'open', expiresAt = t.clock.now() + 30 * DAY_MS) {
  return insertJob(t.app.db, t.clock.now(), { company_id: company.companyId, company_name: 'Acme', title, ageDays, status, expires_at: expiresAt, closes_at: expiresAt });
}

/** A recruiter of the owner's company, signed in on the employer side. */
async function recruiterOf(owner: { companyId: string }, email: string): Promise<CookieJar> {
  const jar = await signInEmployer(t.app, email);
  const account = await t.app.db.selectFrom('accounts').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow();
  await t.app.db.insertInto('company_members').values({ company_id: owner.companyId, account_id: account.id, role: 'recruiter', created_at: t.clock.now() }).execute();
  return jar;
}

async function usage(jar: CookieJar, path = '/user/set-plan') {
  const page = await getPage(t.app, path, jar);
  expect(page.statusCode, path).toBe(200);
  expect(pageData(page.body).page).toBe('plan-usage');
  return pageData<PlanUsageProps>(page.body).props;
}

async function trialPage(jar: CookieJar) {
  const page = await getPage(t.app, '/user/purchase-plan-simple', jar);
  expect(page.statusCode).toBe(200);
  return pageData<PlanTrialProps>(page.body).props;
}

const startTrial = (jar: CookieJar, xhr = false) => postForm(t.app, '/user/purchase-plan-simple', {}, { jar, xhr });
const endTrials = async () => (await t.app.scheduler.runDue())['plan-trials'];

describe('the free trial of Standard (decision 0288)', () => {
  it('the owner starts it once: Standard for 7 days; a second try is refused with a clear message', async () => {
    const owner = await ownerOf(t.app, 'owner@trial.example', 'Trial Freight');
    expect(await trialPage(owner.jar)).toMatchObject({ state: 'can_start', planName: 'Standard', days: 7, message: null });
    expect((await usage(owner.jar)).trialHref).toBe('/user/purchase-plan-simple');

    const started = await startTrial(owner.jar);
    expect(started.statusCode).toBe(303);
    expect(started.headers.location).toBe('/user/set-plan?notice=trial_started');
    const company = await companyRow(owner.companyId);
    expect(company).toMatchObject({ plan: 'standard', trial_started_at: t.clock.now(), trial_ends_at: t.clock.now() + TRIAL_MS });

    const plan = await usage(owner.jar, '/user/set-plan?notice=trial_started');
    expect(plan.notice).toBe('Your free trial of Standard has started.');
    expect(plan.planName).toBe('Standard (free trial)');
    expect(plan.trial).toEqual({ endsAt: 'Nov 28, 2026 at 12:00 PM UTC', daysLeft: '7 days left' });
    expect(plan.trialHref).toBeNull();
    expect(await trialPage(owner.jar)).toMatchObject({ state: 'running', message: 'Your free trial of Standard runs until Nov 28, 2026 at 12:00 PM UTC.' });

    const again = await startTrial(owner.jar, true);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'TRIAL_USED', error_message: expect.stringContaining('already had its free trial'), error: expect.any(String) });

    // After it ends, still once: the page says why, and a post is refused.
    t.clock.advance(TRIAL_MS);
    expect(await endTrials()).toBe('ran');
    expect(await trialPage(owner.jar)).toMatchObject({ state: 'used', message: expect.stringContaining('each company can try it once') });
    const late = await startTrial(owner.jar);
    expect(late.statusCode).toBe(409);
    expect(pageData<PlanTrialProps>(late.body).props.state).toBe('used');
    expect(await companyRow(owner.companyId)).toMatchObject({ plan: 'free', trial_ends_at: null, trial_started_at: company.trial_started_at });
  });

  it('only the owner may start it: a recruiter sees why not, and their post changes nothing', async () => {
    const owner = await ownerOf(t.app, 'owner@team.example', 'Team Freight');
    const recruiter = await recruiterOf(owner, 'recruiter@team.example');
    expect(await trialPage(recruiter)).toMatchObject({ state: 'owner_only', message: 'Only the company’s owner can start the free trial. Ask your company’s owner to start it.' });
    const json = await startTrial(recruiter, true);
    expect(json.statusCode).toBe(403);
    expect(json.json()).toMatchObject({ status: 'OWNER_ONLY' });
    const form = await startTrial(recruiter);
    expect(form.statusCode).toBe(403);
    expect(form.body).toContain('Only the company’s owner can start the free trial.');
    expect(await companyRow(owner.companyId)).toMatchObject({ plan: 'free', trial_started_at: null });
    // The recruiter sees the plan page, without the owner's way to close the company.
    expect((await usage(recruiter)).closeHref).toBeNull();
    expect((await usage(owner.jar)).closeHref).toBe('/employer/close');
  });

  it('is not offered to a company on a paid plan', async () => {
    const owner = await ownerOf(t.app, 'owner@paid.example', 'Paid Freight');
    await setCompanyPlan(t.app.db, owner.slug, 'premium', t.clock.now());
    expect(await trialPage(owner.jar)).toMatchObject({ state: 'paid' });
    const refused = await startTrial(owner.jar, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 'PLAN_ALREADY_PAID' });
    expect(await companyRow(owner.companyId)).toMatchObject({ plan: 'premium', trial_started_at: null });
  });

  it('a visitor is sent to the employer login, and back', async () => {
    for (const path of ['/user/purchase-plan-simple', '/user/set-plan', '/user/purchase-upgrade', '/user/change-card', '/employer/close', '/employer/reactivate']) {
      const page = await getPage(t.app, path);
      expect(page.statusCode, path).toBe(303);
      expect(page.headers.location, path).toBe(`/authn/employer/login?next=${encodeURIComponent(path)}`);
    }
  });
});

describe('the plan & usage page', () => {
  it('shows the same content at the three paths, each with its own heading, in the workspace', async () => {
    const owner = await ownerOf(t.app, 'owner@usage.example', 'Usage Freight');
    for (const [path, heading] of [
      ['/user/set-plan', 'Your plan'],
      ['/user/purchase-upgrade', 'Upgrade your plan'],
      ['/user/change-card', 'Billing'],
    ] as const) {
      const page = await getPage(t.app, path, owner.jar);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<title>${heading} | Jobwise</title>`);
      expect(page.headers['cache-control']).toContain('no-store');
      const data = pageData<PlanUsageProps>(page.body);
      expect(data.props.heading).toBe(heading);
      expect(data.shell.employer?.links.find((link) => link.current)?.label, path).toBe('Plans');
      expect(page.body).toContain('Paid plans are arranged with our sales team');
    }
  });

  it('counts live jobs against the plan’s limit and résumé views this month as the résumé database counts them', async () => {
    const owner = await ownerOf(t.app, 'owner@figures.example', 'Figures Freight');
    await jobOf(owner, 'Forklift Driver', 3);
    await jobOf(owner, 'Draft Only', 1, 'draft');
    const free = await usage(owner.jar);
    expect(free.planName).toBe('Free');
    expect(free.usage).toEqual([
      { label: 'Live jobs', text: '1 of 1 live job', full: true },
      { label: 'Résumé views', text: 'The résumé database is not part of your plan', full: false },
    ]);

    expect((await startTrial(owner.jar)).statusCode).toBe(303);
    await jobOf(owner, 'Dock Lead', 1);
    // A job seeker who lets employers find them; the company opens their profile once (twice counts once).
    const seeker = await signIn(t.app, 'seeker@figures.example');
    await postForm(t.app, '/candidate/about', { full_name: 'Maria Lopez', location: 'Austin, TX', headline: 'Forklift operator', phone: '(512) 555-0142' }, { jar: seeker, xhr: false });
    await postForm(t.app, '/candidate/about/find-me', { find_me: 'on', experience: '' }, { jar: seeker, xhr: false });
    const listed = await t.app.db.selectFrom('resume_seekers').select('public_id').executeTakeFirstOrThrow();
    for (let i = 0; i < 2; i += 1) expect((await navigate(t.app, `/resume-database/${listed.public_id}`, { jar: owner.jar })).statusCode).toBe(200);

    const trial = await usage(owner.jar);
    expect(trial.usage).toEqual([
      { label: 'Live jobs', text: '2 of 5 live jobs', full: false },
      { label: 'Résumé views', text: '1 of 250 résumé views this month', full: false },
    ]);
    // A new month starts the count again.
    t.clock.advance(10 * DAY_MS);
    expect((await usage(owner.jar)).usage[1]!.text).toBe('0 of 250 résumé views this month');
  });

  it('records a request for a paid plan; an unknown plan is refused and nothing is stored', async () => {
    const owner = await ownerOf(t.app, 'owner@ask.example', 'Ask Freight');
    const asked = await postForm(t.app, '/user/set-plan/request', { plan: 'premium' }, { jar: owner.jar, xhr: false });
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe('/user/set-plan?notice=requested&plan=premium');
    const after = await usage(owner.jar, asked.headers.location as string);
    expect(after.notice).toBe('Thanks: we’ve told our sales team you’d like Premium. They’ll email you within one business day.');
    expect(after.request.lastAsked).toBe('You asked for Premium on Nov 21, 2026. Our sales team will be in touch by email.');
    expect(await t.app.db.selectFrom('plan_requests').select(['company_id', 'plan', 'requested_by']).execute()).toEqual([{ company_id: owner.companyId, plan: 'premium', requested_by: owner.accountId }]);
    // Nothing is bought: the plan stays until sales sets it.
    expect((await companyRow(owner.companyId)).plan).toBe('free');

    for (const plan of ['gold', 'free', '']) {
      const refused = await postForm(t.app, '/user/set-plan/request', { plan }, { jar: owner.jar, xhr: true });
      expect(refused.statusCode, plan).toBe(400);
      expect(refused.json()).toMatchObject({ status: 'PLAN_UNKNOWN', error_message: 'Choose Standard or Premium.' });
    }
    const form = await postForm(t.app, '/user/set-plan/request', { plan: 'gold' }, { jar: owner.jar, xhr: false });
    expect(form.statusCode).toBe(400);
    expect(pageData<PlanUsageProps>(form.body).props.request.error).toBe('Choose Standard or Premium.');
    const notAForm = await t.app.inject({ method: 'POST', url: '/user/set-plan/request', headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', cookie: owner.jar.header() }, payload: '["premium"]' });
    expect(notAForm.statusCode).toBe(400);
    expect(await t.app.db.selectFrom('plan_requests').select('id').execute()).toHaveLength(1);
  });
});

describe('when a trial ends (decision 0288)', () => {
  it('goes back to Free: the oldest-posted live jobs keep running, the rest wait as paused, and a plan with room runs them again', async () => {
    const owner = await ownerOf(t.app, 'owner@pause.example', 'Pause Freight');
    expect((await startTrial(owner.jar)).statusCode).toBe(303);
    await jobOf(owner, 'Oldest Zebra Keeper', 5);
    await jobOf(owner, 'Middle Zebra Keeper', 3);
    await jobOf(owner, 'Newest Zebra Keeper', 1);
    await jobOf(owner, 'Waiting Zebra Keeper', 1, 'in_review');

    // Not yet: a minute before the end nothing changes.
    t.clock.advance(TRIAL_MS - 60_000);
    expect(await endTrials()).toBe('ran');
    expect((await companyRow(owner.companyId)).plan).toBe('standard');

    t.clock.advance(10 * 60_000);
    expect(await endTrials()).toBe('ran');
    expect(await companyRow(owner.companyId)).toMatchObject({ plan: 'free', trial_ends_at: null });
    expect(await statuses(owner.companyId)).toEqual({
      'Oldest Zebra Keeper': 'open',
      'Middle Zebra Keeper': 'paused',
      'Newest Zebra Keeper': 'paused',
      'Waiting Zebra Keeper': 'in_review',
    });
    // Nothing is lost, and a second run changes nothing.
    expect(await t.app.db.selectFrom('jobs').select('id').where('company_id', '=', owner.companyId).execute()).toHaveLength(4);
    t.clock.advance(10 * 60_000);
    expect(await endTrials()).toBe('ran');
    expect((await statuses(owner.companyId))['Middle Zebra Keeper']).toBe('paused');

    // Paused jobs are not in search; the employer sees them as Paused.
    const found = await searchWith(t.app, t.clock.now(), { ...NO_CRITERIA, search: 'zebra keeper' });
    expect(found.rows.map((row) => row.title)).toEqual(['Oldest Zebra Keeper']);
    const dashboard = pageData<DashboardPageProps>((await getPage(t.app, '/dashboard?status=paused', owner.jar)).body).props;
    expect(dashboard.jobs.map((job) => [job.title, job.statusLabel, job.canClose]).sort()).toEqual([
      ['Middle Zebra Keeper', 'Paused', true],
      ['Newest Zebra Keeper', 'Paused', true],
    ]);
    const plan = await usage(owner.jar);
    expect(plan.planName).toBe('Free');
    expect(plan.paused).toBe('2 jobs are paused until your plan has room for them. Job seekers don’t see paused jobs.');
    expect(plan.trialEnded).toBe('Your free trial of Standard ended on Nov 28, 2026.');
    expect(plan.trial).toBeNull();

    // Sales sets Standard: the paused jobs run again (the job in review keeps its place too).
    await setCompanyPlan(t.app.db, owner.slug, 'standard', t.clock.now());
    expect(await statuses(owner.companyId)).toEqual({
      'Oldest Zebra Keeper': 'open',
      'Middle Zebra Keeper': 'open',
      'Newest Zebra Keeper': 'open',
      'Waiting Zebra Keeper': 'in_review',
    });
    expect((await usage(owner.jar)).paused).toBeNull();
  });

  it('runs paused jobs again oldest first while the plan has room, and ends those whose date passed while paused', async () => {
    const owner = await ownerOf(t.app, 'owner@resume.example', 'Resume Freight');
    await startTrial(owner.jar);
    for (let i = 0; i < 5; i += 1) await jobOf(owner, `Job ${i}`, 10 - i, 'open', t.clock.now() + (i === 1 ? 8 : 40) * DAY_MS);
    t.clock.advance(TRIAL_MS);
    await endTrials();
    expect(Object.values(await statuses(owner.companyId)).filter((status) => status === 'paused')).toHaveLength(4);
    t.clock.advance(2 * DAY_MS);
    // Back on Free with room for one more after the live job closes: a plan change fits the jobs again.
    await t.app.db.updateTable('jobs').set({ status: 'closed' }).where('title', '=', 'Job 0').execute();
    await setCompanyPlan(t.app.db, owner.slug, 'free', t.clock.now());
    // Job 1 ended while it waited: expired, not live; Job 2 is the oldest that runs.
    expect(await statuses(owner.companyId)).toEqual({ 'Job 0': 'closed', 'Job 1': 'expired', 'Job 2': 'open', 'Job 3': 'paused', 'Job 4': 'paused' });
  });

  it('a paused job’s edit keeps it paused', async () => {
    const owner = await ownerOf(t.app, 'owner@edit.example', 'Edit Freight');
    await t.app.db.updateTable('companies').set({ moderation_state: 'approved' }).where('id', '=', owner.companyId).execute();
    await startTrial(owner.jar);
    await jobOf(owner, 'Kept Running', 5);
    const paused = await jobOf(owner, 'Will Pause', 2);
    t.clock.advance(TRIAL_MS);
    await endTrials();
    const { JOB_FORM, postJobForm } = await import('../support/employer-jobs-helpers');
    const saved = await postJobForm(t.app, owner.jar, `/post-a-job/${paused.id}`, { ...JOB_FORM, title: 'Will Pause, edited' });
    expect(saved.statusCode).toBe(303);
    expect((await statuses(owner.companyId))['Will Pause, edited']).toBe('paused');
  });
});

describe('the owner’s emails about the trial (decision 0309)', () => {
  const trialMail = async (to: string) => (await mailbox(t.app, to)).filter((message) => message.subject.includes('free trial'));
  const sendQueued = () => t.app.queue.runDue('plan-trial-mail');

  it('two days before the end and when it has ended, once each, to the owner only: what happens, nothing lost, the plan page', async () => {
    const owner = await ownerOf(t.app, 'owner@mail.example', 'Mail Freight');
    await recruiterOf(owner, 'recruiter@mail.example');
    expect((await startTrial(owner.jar)).statusCode).toBe(303);
    await jobOf(owner, 'Oldest Crane Driver', 5);
    await jobOf(owner, 'Middle Crane Driver', 3);
    await jobOf(owner, 'Newest Crane Driver', 1);

    // More than two days ahead: nothing.
    t.clock.advance(TRIAL_MS - 2 * DAY_MS - 60_000);
    expect(await endTrials()).toBe('ran');
    expect(await sendQueued()).toEqual({});
    t.clock.advance(10 * 60_000);
    expect(await endTrials()).toBe('ran');
    expect(await sendQueued()).toEqual({ sent: 1 });
    const [ending] = await trialMail('owner@mail.example');
    expect(ending?.subject).toBe('Your free trial of Standard ends on Nov 28, 2026');
    expect(ending?.text).toContain('Your free trial of Standard ends on Nov 28, 2026 at 12:00 PM UTC.');
    expect(ending?.text).toContain('Then Mail Freight goes back to the Free plan, which allows 1 live job at a time');
    expect(ending?.text).toContain('the 2 newer jobs will be paused: job seekers won\'t see them, but nothing is lost.');
    expect(ending?.text).toContain('http://localhost:3000/user/set-plan');
    expect(ending?.html).toContain('href="http://localhost:3000/user/set-plan"');
    // Later runs before the end queue nothing more.
    t.clock.advance(DAY_MS);
    expect(await endTrials()).toBe('ran');
    expect(await sendQueued()).toEqual({});
    expect(await trialMail('owner@mail.example')).toHaveLength(1);

    t.clock.advance(DAY_MS);
    expect(await endTrials()).toBe('ran');
    expect(await sendQueued()).toEqual({ sent: 1 });
    const [ended] = await trialMail('owner@mail.example');
    expect(ended?.subject).toBe('Your free trial of Standard has ended');
    expect(ended?.text).toContain('Mail Freight is on the Free plan now: 1 live job at a time.');
    expect(ended?.text).toContain('2 jobs are paused: job seekers don’t see them, but nothing is lost.');
    expect(ended?.text).toContain('To go back to Standard, ask our sales team from your plan page: http://localhost:3000/user/set-plan');
    t.clock.advance(10 * 60_000);
    expect(await endTrials()).toBe('ran');
    expect(await sendQueued()).toEqual({});
    expect((await trialMail('owner@mail.example')).map((message) => message.subject)).toEqual(['Your free trial of Standard has ended', 'Your free trial of Standard ends on Nov 28, 2026']);
    expect(await trialMail('recruiter@mail.example')).toEqual([]);
  });

  it('a plan set by sales before the end: the queued "ends soon" is skipped and no "has ended" follows', async () => {
    const owner = await ownerOf(t.app, 'owner@sold.example', 'Sold Freight');
    await startTrial(owner.jar);
    t.clock.advance(TRIAL_MS - DAY_MS);
    await endTrials();
    await setCompanyPlan(t.app.db, owner.slug, 'standard', t.clock.now());
    expect(await sendQueued()).toEqual({ skipped: 1 });
    t.clock.advance(2 * DAY_MS);
    await endTrials();
    expect(await sendQueued()).toEqual({});
    expect(await trialMail('owner@sold.example')).toEqual([]);
  });

  it('a trial found past its end gets only "has ended"; within Free’s limit it says the jobs keep running', async () => {
    const owner = await ownerOf(t.app, 'owner@late.example', 'Late Freight');
    await startTrial(owner.jar);
    await jobOf(owner, 'Only Job', 2);
    t.clock.advance(TRIAL_MS + 60_000);
    await endTrials();
    expect(await sendQueued()).toEqual({ sent: 1 });
    const mails = await trialMail('owner@late.example');
    expect(mails.map((message) => message.subject)).toEqual(['Your free trial of Standard has ended']);
    expect(mails[0]?.text).toContain('Your live jobs keep running: they are within Free’s limit.');
  });
});

describe('/plans offers the trial while the company can still start it (decision 0309)', () => {
  const plansPage = async (jar?: CookieJar) => {
    const page = await getPage(t.app, '/plans', jar);
    expect(page.statusCode).toBe(200);
    return { props: pageData<PlansPageProps>(page.body).props, body: page.body };
  };

  it('on Free and never tried: the link; once started, ended or on a paid plan: none; a visitor: none', async () => {
    const owner = await ownerOf(t.app, 'owner@offer.example', 'Offer Freight');
    const fresh = await plansPage(owner.jar);
    expect(fresh.props.trialHref).toBe('/user/purchase-plan-simple');
    expect(fresh.body).toContain('href="/user/purchase-plan-simple"');
    expect((await plansPage()).props.trialHref).toBeNull();

    await startTrial(owner.jar);
    expect((await plansPage(owner.jar)).props.trialHref).toBeNull();
    t.clock.advance(TRIAL_MS);
    await endTrials();
    const after = await plansPage(owner.jar);
    expect(after.props.trialHref).toBeNull();
    expect(after.body).not.toContain('href="/user/purchase-plan-simple"');
    expect((await usage(owner.jar)).trialHref).toBeNull();

    const paid = await ownerOf(t.app, 'owner@premium.example', 'Premium Freight');
    await setCompanyPlan(t.app.db, paid.slug, 'premium', t.clock.now());
    expect((await plansPage(paid.jar)).props.trialHref).toBeNull();
    expect((await usage(paid.jar)).trialHref).toBeNull();
  });
});

describe('closing and reactivating (decision 0289)', () => {
  it('the owner closes after the confirm step: jobs close, invitations end, the team is turned away to a clear page', async () => {
    const owner = await ownerOf(t.app, 'owner@close.example', 'Close Freight');
    const recruiter = await recruiterOf(owner, 'recruiter@close.example');
    await jobOf(owner, 'Live One', 3);
    await jobOf(owner, 'Waiting One', 1, 'in_review');
    await jobOf(owner, 'Draft One', 1, 'draft');
    await postForm(t.app, '/employer/team/invite', { email: 'later@close.example' }, { jar: owner.jar, xhr: false });

    const confirm = await getPage(t.app, '/employer/close', owner.jar);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body.replaceAll('<!-- -->', '')).toContain('Your team of 2 people will lose access to the workspace');
    expect((await getPage(t.app, '/employer/close', recruiter)).body).toContain('Only the company’s owner can close the company.');

    const byRecruiter = await postForm(t.app, '/employer/close', { confirm: 'yes' }, { jar: recruiter, xhr: true });
    expect(byRecruiter.statusCode).toBe(403);
    const unconfirmed = await postForm(t.app, '/employer/close', {}, { jar: owner.jar, xhr: false });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.body).toContain('Tick the box to confirm that you want to close your company.');
    expect((await companyRow(owner.companyId)).closed_at).toBeNull();

    const closed = await postForm(t.app, '/employer/close', { confirm: 'yes' }, { jar: owner.jar, xhr: false });
    expect(closed.statusCode).toBe(303);
    expect(closed.headers.location).toBe('/employer/reactivate?notice=closed');
    expect(await companyRow(owner.companyId)).toMatchObject({ closed_at: t.clock.now(), closed_by: owner.accountId });
    expect(await statuses(owner.companyId)).toEqual({ 'Live One': 'closed', 'Waiting One': 'closed', 'Draft One': 'draft' });
    expect(await t.app.db.selectFrom('company_invitations').select('revoked_at').where('company_id', '=', owner.companyId).execute()).toEqual([{ revoked_at: t.clock.now() }]);

    // The team: every workspace page leads to the closed page; calls are refused; the public page is gone.
    for (const path of ['/dashboard', '/employer/team', '/user/set-plan', '/candidates', '/messages']) {
      const page = await getPage(t.app, path, recruiter);
      expect(page.statusCode, path).toBe(303);
      expect(page.headers.location, path).toBe('/employer/reactivate');
    }
    const call = await postForm(t.app, '/user/set-plan/request', { plan: 'premium' }, { jar: recruiter, xhr: true });
    expect(call.statusCode).toBe(403);
    expect(call.json()).toMatchObject({ status: 'COMPANY_CLOSED', error_message: 'Your company is closed on Jobwise. Its owner can reactivate it within 90 days of closing.' });
    const seen = pageData<CompanyReactivateProps>((await getPage(t.app, '/employer/reactivate', recruiter)).body).props;
    expect(seen).toMatchObject({ state: 'owner_only', companyName: 'Close Freight', closedOn: 'Nov 21, 2026', deadline: 'It can be reactivated until Feb 19, 2027.' });
    const ownerView = pageData<CompanyReactivateProps>((await getPage(t.app, '/employer/reactivate?notice=closed', owner.jar)).body).props;
    expect(ownerView).toMatchObject({ state: 'can_reactivate', notice: 'You closed Close Freight.' });
    // The workspace navigation offers only this page while the company is closed.
    expect(pageData((await getPage(t.app, '/employer/reactivate', recruiter)).body).shell.employer?.links).toEqual([{ href: '/employer/reactivate', label: 'Company closed', current: true }]);
    expect((await getPage(t.app, `/company/${owner.slug}`)).statusCode).toBe(404);
    // Closing twice: the owner too is only let through to the closed page.
    const twice = await postForm(t.app, '/employer/close', { confirm: 'yes' }, { jar: owner.jar, xhr: true });
    expect(twice.json()).toMatchObject({ status: 'COMPANY_CLOSED' });
    expect((await companyRow(owner.companyId)).closed_at).toBe(t.clock.now());
  });

  it('the owner reactivates within 90 days: the team is back, the jobs stay closed until reopened', async () => {
    const owner = await ownerOf(t.app, 'owner@back.example', 'Back Freight');
    const recruiter = await recruiterOf(owner, 'recruiter@back.example');
    await jobOf(owner, 'Live Again?', 3);
    await postForm(t.app, '/employer/close', { confirm: 'yes' }, { jar: owner.jar, xhr: false });
    const byRecruiter = await postForm(t.app, '/employer/reactivate', {}, { jar: recruiter, xhr: false });
    expect(byRecruiter.statusCode).toBe(403);
    expect(byRecruiter.body).toContain('Only the company’s owner can reactivate it.');

    // The last day of the 90 (signed in again: sessions end sooner).
    t.clock.advance(90 * DAY_MS);
    owner.jar = await signInEmployer(t.app, 'owner@back.example');
    const recruiterAgain = await signInEmployer(t.app, 'recruiter@back.example');
    const back = await postForm(t.app, '/employer/reactivate', {}, { jar: owner.jar, xhr: false });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/user/set-plan?notice=reactivated');
    expect((await usage(owner.jar, back.headers.location as string)).notice).toBe('Your company is open again. Its jobs stay closed: reopen or repost the ones you still need.');
    expect(await companyRow(owner.companyId)).toMatchObject({ closed_at: null, closed_by: null });
    expect(await statuses(owner.companyId)).toEqual({ 'Live Again?': 'closed' });
    expect((await getPage(t.app, '/dashboard', recruiterAgain)).statusCode).toBe(200);
    expect((await getPage(t.app, `/company/${owner.slug}`)).statusCode).toBe(200);
    const again = await postForm(t.app, '/employer/reactivate', {}, { jar: owner.jar, xhr: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'NOT_CLOSED' });
  });

  it('after 90 days reactivation is refused with a clear message', async () => {
    const owner = await ownerOf(t.app, 'owner@late.example', 'Late Freight');
    await postForm(t.app, '/employer/close', { confirm: 'yes' }, { jar: owner.jar, xhr: false });
    t.clock.advance(90 * DAY_MS + 1);
    owner.jar = await signInEmployer(t.app, 'owner@late.example');
    const message = 'Your company was closed on Nov 21, 2026, more than 90 days ago, so it can no longer be reactivated. Contact us if you need its records.';
    expect(pageData<CompanyReactivateProps>((await getPage(t.app, '/employer/reactivate', owner.jar)).body).props).toMatchObject({ state: 'too_late', message });
    const json = await postForm(t.app, '/employer/reactivate', {}, { jar: owner.jar, xhr: true });
    expect(json.statusCode).toBe(410);
    expect(json.json()).toEqual({ status: 'REACTIVATION_EXPIRED', error_message: message, error: message });
    const form = await postForm(t.app, '/employer/reactivate', {}, { jar: owner.jar, xhr: false });
    expect(form.statusCode).toBe(410);
    expect(form.body).toContain('more than 90 days ago');
    expect((await companyRow(owner.companyId)).closed_at).not.toBeNull();
  });
});

describe('a second company’s session on every new route', () => {
  it('sees and changes only its own company', async () => {
    const a = await ownerOf(t.app, 'owner@first.example', 'First Freight');
    const b = await ownerOf(t.app, 'owner@second.example', 'Second Freight');
    await jobOf(a, 'First Job', 2);
    expect((await startTrial(a.jar)).statusCode).toBe(303);

    // B's pages show B's plan and figures, never A's.
    for (const path of ['/user/set-plan', '/user/purchase-upgrade', '/user/change-card']) {
      const plan = await usage(b.jar, path);
      expect(plan.planName, path).toBe('Free');
      expect(plan.usage[0]!.text, path).toBe('0 of 1 live job');
      expect(plan.trial, path).toBeNull();
    }
    expect(await trialPage(b.jar)).toMatchObject({ state: 'can_start' });
    // B's request, trial and close are B's.
    await postForm(t.app, '/user/set-plan/request', { plan: 'standard' }, { jar: b.jar, xhr: false });
    expect(await t.app.db.selectFrom('plan_requests').select('company_id').execute()).toEqual([{ company_id: b.companyId }]);
    expect((await startTrial(b.jar)).statusCode).toBe(303);
    expect((await companyRow(a.companyId)).trial_started_at).toBe(t.clock.now());
    expect((await companyRow(b.companyId)).plan).toBe('standard');
    expect((await getPage(t.app, '/employer/close', b.jar)).body.replaceAll('<!-- -->', '')).toContain('Close Second Freight?');

    // A closes; B's reactivate changes nothing of A's; B's close closes B only.
    await postForm(t.app, '/employer/close', { confirm: 'yes' }, { jar: a.jar, xhr: false });
    expect(pageData<CompanyReactivateProps>((await getPage(t.app, '/employer/reactivate', b.jar)).body).props).toMatchObject({ state: 'open', companyName: 'Second Freight' });
    expect((await postForm(t.app, '/employer/reactivate', {}, { jar: b.jar, xhr: true })).statusCode).toBe(409);
    expect((await companyRow(a.companyId)).closed_at).not.toBeNull();
    expect((await getPage(t.app, '/dashboard', b.jar)).statusCode).toBe(200);
    await postForm(t.app, '/employer/close', { confirm: 'yes' }, { jar: b.jar, xhr: false });
    expect((await companyRow(b.companyId)).closed_at).toBe(t.clock.now());
    await postForm(t.app, '/employer/reactivate', {}, { jar: a.jar, xhr: false });
    expect((await companyRow(a.companyId)).closed_at).toBeNull();
    expect((await companyRow(b.companyId)).closed_at).not.toBeNull();
  });
});

describe('the JSON answers to our fetch client (decision 0325)', () => {
  it('each step answers its declared JSON, every field kept', async () => {
    const owner = await ownerOf(t.app, 'owner@json.example', 'Json Freight');
    await jobOf(owner, 'Live Json', 2);
    const call = (path: string, fields: Record<string, string> = {}) => postForm(t.app, path, fields, { jar: owner.jar, xhr: true });

    const trial = await call('/user/purchase-plan-simple');
    expect(trial.statusCode).toBe(200);
    expect(trial.json()).toEqual({ status: 'TRIAL_STARTED', trial_ends_at: t.clock.now() + TRIAL_MS, next: '/user/set-plan' });
    const chosen = await call('/plans/choose', { plan: 'premium' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ status: 'PLAN_REQUESTED', next: '/user/set-plan?notice=requested&plan=premium' });
    const requested = await call('/user/set-plan/request', { plan: 'premium' });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ status: 'PLAN_REQUESTED' });
    const closed = await call('/employer/close', { confirm: 'yes' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ status: 'COMPANY_CLOSED', jobs_closed: 1 });
    const reactivated = await call('/employer/reactivate');
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json()).toEqual({ status: 'REACTIVATED' });
  });
});
