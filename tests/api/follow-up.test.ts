// No application left in silence (issue 42, decision 0232): the response figures on the job and company
// pages, the 14-day reminder, the 30-day close and "Keep open", and /candidate/gothired.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantAdmin } from '../../src/server/features/analytics/admin-grant';
import { jobPath } from '../../src/server/features/jobs/slugs';
import type { AdminAnalyticsProps } from '../../src/shared/analytics/funnel';
import type { ApplicantPageProps } from '../../src/shared/applicants/page-props';
import type { CompanyPublicProps } from '../../src/shared/companies/page-props';
import type { GotHiredPageProps } from '../../src/shared/follow-up/follow-up';
import type { JobPageProps } from '../../src/shared/jobs/page-props';
import type { MyJobsProps } from '../../src/shared/seeker/page-props';
import { apply, companyWithJob, moveStage, seekerWithProfile, teamMember } from '../support/applicant-mail-helpers';
import { pageData } from '../support/employer-helpers';
import { mailbox, type CookieJar } from '../support/registration-helpers';
import { getPage, postForm } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const reminderMails = async (t: TestApp, to: string) => (await mailbox(t.app, to)).filter((message) => message.subject.includes('is waiting to hear about'));
const closedMails = async (t: TestApp, to: string) => (await mailbox(t.app, to)).filter((message) => message.subject.includes('is no longer under consideration'));
const html = (jar?: CookieJar) => ({ accept: 'text/html', ...(jar ? { cookie: jar.header() } : {}) });

/** The team writes in the application's conversation (or the candidate does), at a given time. */
async function message(t: TestApp, applicationId: string, side: 'employer' | 'seeker', at: number) {
  const application = await t.app.db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select(['a.account_id', 'j.company_id', 'j.title'])
    .where('a.id', '=', applicationId)
    .executeTakeFirstOrThrow();
  let conversation = await t.app.db.selectFrom('conversations').select('id').where('application_id', '=', applicationId).executeTakeFirst();
  if (!conversation) {
    conversation = { id: randomUUID() };
    await t.app.db
      .insertInto('conversations')
      .values({ id: conversation.id, company_id: application.company_id, seeker_account_id: application.account_id, application_id: applicationId, job_title: application.title, started_by: null, created_at: at, last_message_at: at })
      .execute();
  }
  await t.app.db.insertInto('messages').values({ id: randomUUID(), conversation_id: conversation.id, author_account_id: null, author_side: side, body: 'Hello', created_at: at }).execute();
}

/** Applicants made straight in the database: the figures read only the rows. */
async function applicants(t: TestApp, jobId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const accountId = randomUUID();
    await t.app.db
      .insertInto('accounts')
      .values({ id: accountId, email: `a${index}@example.com`, email_normalized: `a${index}@example.com`, country_code: null, email_alerts_opt_in: 1, created_at: t.clock.now(), last_login_at: null })
      .execute();
    const id = `app-${index}-${randomUUID().slice(0, 8)}`;
    await t.app.db
      .insertInto('job_applications')
      .values({ id, account_id: accountId, job_id: jobId, full_name: `Applicant ${index}`, email: `a${index}@example.com`, phone: '', location: 'Austin, TX', headline: '', resume_storage_key: null, created_at: t.clock.now() })
      .execute();
    ids.push(id);
  }
  return ids;
}

describe('no application left in silence', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ APPLICANT_MAIL_INTERVAL_SECONDS: '0', SESSION_TTL_DAYS: '365' });
  });
  afterEach(async () => {
    await t.close();
  });

  it('shows a company’s response rate and median time once 10 applications of 90 days count, on its job page and company page', async () => {
    const { jobId, accountId: boss } = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const viewer = await seekerWithProfile(t.app, 'viewer@example.com');
    const job = await t.app.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    const jobPage = async () => pageData<JobPageProps>((await t.app.inject({ method: 'GET', url: jobPath(job), headers: html(viewer.jar) })).body).props.companyResponse;
    const companyPage = async () => pageData<CompanyPublicProps>((await t.app.inject({ method: 'GET', url: '/company/acme', headers: html(viewer.jar) })).body).props.response;

    const start = t.clock.now();
    const ids = await applicants(t, jobId, 11);
    await moveStage(t.app.db, ids[0]!, 'reviewed', boss, start + 1 * DAY_MS);
    await message(t, ids[1]!, 'employer', start + 3 * DAY_MS);
    await moveStage(t.app.db, ids[2]!, 'interview', boss, start + 2 * DAY_MS);
    await message(t, ids[2]!, 'employer', start + 5 * DAY_MS);
    await message(t, ids[3]!, 'seeker', start + 1 * DAY_MS); // the candidate writing is no answer
    await moveStage(t.app.db, ids[4]!, 'reviewed', boss, start + 20 * DAY_MS); // too late
    // Withdrawn within the window before any answer: left out.
    await t.app.db.updateTable('job_applications').set({ withdrawn_at: start + 2 * DAY_MS }).where('id', '=', ids[10]!).execute();

    // The 14-day windows are still open: nothing counts yet.
    t.clock.advance(13 * DAY_MS);
    await t.app.runFollowUp();
    expect(await jobPage()).toBeNull();
    expect(await companyPage()).toBeNull();

    t.clock.advance(8 * DAY_MS);
    await t.app.runFollowUp();
    const company = await t.app.db.selectFrom('companies').select(['response_counted', 'response_answered', 'response_median_ms']).where('id', '=', 'acme').executeTakeFirstOrThrow();
    expect({ counted: Number(company.response_counted), answered: Number(company.response_answered), median: Number(company.response_median_ms) }).toEqual({ counted: 10, answered: 3, median: 2 * DAY_MS });
    expect(await jobPage()).toBe('Responds to 30% of applicants, usually within 2 days');
    expect(await companyPage()).toBe('Responds to 30% of applicants, usually within 2 days');

    // Nine counted: hidden again.
    await t.app.db.updateTable('job_applications').set({ withdrawn_at: start + DAY_MS }).where('id', '=', ids[9]!).execute();
    t.clock.advance(HOUR_MS);
    await t.app.runFollowUp();
    expect(await jobPage()).toBeNull();
    expect(await companyPage()).toBeNull();

    // Past 90 days every application leaves the period; the stored figures go back to none.
    await t.app.db.updateTable('job_applications').set({ withdrawn_at: null }).where('id', '=', ids[9]!).execute();
    t.clock.advance(90 * DAY_MS);
    await t.app.runFollowUp();
    expect(await companyPage()).toBeNull();
    expect(Number((await t.app.db.selectFrom('companies').select('response_counted').where('id', '=', 'acme').executeTakeFirstOrThrow()).response_counted)).toBe(0);
  });

  it('reminds every team member once of an application untouched for 14 days, by email and notification', async () => {
    const { jobId, accountId: boss } = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const recruiter = await teamMember(t.app, 'rec@acme.example', 'acme');
    const waiting = await apply(t.app, await seekerWithProfile(t.app, 'sam@example.com', 'Sam Seeker'), jobId);
    const answered = await apply(t.app, await seekerWithProfile(t.app, 'kim@example.com', 'Kim Answered'), jobId);
    await moveStage(t.app.db, answered, 'reviewed', boss, t.clock.now() + DAY_MS);

    t.clock.advance(13 * DAY_MS);
    expect((await t.app.runFollowUp()).reminded).toBe(0);
    t.clock.advance(DAY_MS + HOUR_MS);
    expect((await t.app.runFollowUp()).reminded).toBe(2);
    t.clock.advance(HOUR_MS);
    expect((await t.app.runFollowUp()).reminded).toBe(0);

    for (const email of ['boss@acme.example', 'rec@acme.example']) {
      const mails = await reminderMails(t, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Sam Seeker is waiting to hear about Night Forklift Operator');
      expect(mails[0]!.text).toContain(`/candidates/${waiting}`);
    }
    const notes = await t.app.db.selectFrom('notifications').select(['account_id', 'side', 'kind', 'link']).where('kind', '=', 'application_waiting').orderBy('account_id').execute();
    expect(notes).toHaveLength(2);
    expect(new Set(notes.map((note) => note.account_id))).toEqual(new Set([boss, recruiter.accountId]));
    expect(notes.every((note) => note.side === 'employer' && note.link === `/candidates/${waiting}`)).toBe(true);
  });

  it('closes an application unanswered for 30 days with a kind notice, unless the team keeps it open or answered', async () => {
    const owner = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const other = await companyWithJob(t.app, 'boss@beta.example', { id: 'beta', name: 'Beta Movers' }, 'Day Driver');
    const sam = await seekerWithProfile(t.app, 'sam@example.com', 'Sam Seeker');
    const silent = await apply(t.app, sam, owner.jobId);
    const kept = await apply(t.app, await seekerWithProfile(t.app, 'kim@example.com'), owner.jobId);
    const written = await apply(t.app, await seekerWithProfile(t.app, 'lee@example.com'), owner.jobId);
    await message(t, written, 'employer', t.clock.now() + 5 * DAY_MS);

    // The application page says when it closes, and offers "Keep open".
    const page = pageData<ApplicantPageProps>((await t.app.inject({ method: 'GET', url: `/candidates/${kept}`, headers: html(owner.jar) })).body).props;
    expect(page.followUp).toMatchObject({ state: 'waiting', keepOpenPath: `/candidates/${kept}/keep-open` });
    // Another company's team: 404, and nothing is kept open.
    expect((await postForm(t.app, `/candidates/${kept}/keep-open`, {}, { jar: other.jar, xhr: false })).statusCode).toBe(404);
    // The candidate is no one's team: sent to the employer sign-in.
    expect((await postForm(t.app, `/candidates/${kept}/keep-open`, {}, { jar: sam.jar, xhr: false })).headers.location).toMatch(/^\/authn\/employer\/login/);
    expect((await t.app.db.selectFrom('job_applications').select('kept_open_at').where('id', '=', kept).executeTakeFirstOrThrow()).kept_open_at).toBeNull();
    const keep = await postForm(t.app, `/candidates/${kept}/keep-open`, {}, { jar: owner.jar, xhr: false });
    expect(keep.statusCode).toBe(303);
    expect(keep.headers.location).toBe(`/candidates/${kept}?notice=kept_open`);

    t.clock.advance(29 * DAY_MS);
    expect((await t.app.runFollowUp()).closed).toBe(0);
    t.clock.advance(DAY_MS + HOUR_MS);
    expect((await t.app.runFollowUp()).closed).toBe(1);
    t.clock.advance(HOUR_MS);
    expect((await t.app.runFollowUp()).closed).toBe(0);

    const rows = await t.app.db.selectFrom('job_applications').select(['id', 'closed_at', 'stage']).where('id', 'in', [silent, kept, written]).execute();
    const closedAt = (id: string) => rows.find((row) => row.id === id)!.closed_at;
    expect(closedAt(silent)).not.toBeNull();
    expect(closedAt(kept)).toBeNull();
    expect(closedAt(written)).toBeNull();

    const mails = await closedMails(t, 'sam@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Hi Sam,');
    expect(mails[0]!.text).toContain('Acme Freight has not answered your application for Night Forklift Operator in 30 days');
    expect(await closedMails(t, 'kim@example.com')).toHaveLength(0);
    const note = await t.app.db.selectFrom('notifications').select(['side', 'text', 'link']).where('account_id', '=', sam.accountId).where('kind', '=', 'application_closed').executeTakeFirstOrThrow();
    expect(note).toMatchObject({ side: 'seeker', link: '/candidate/my-jobs' });
    expect(note.text).toContain('is no longer under consideration');

    const myJobs = pageData<MyJobsProps>((await getPage(t.app, '/candidate/my-jobs', sam.jar)).body).props;
    expect(myJobs.applied[0]!.application!.stageLabel).toBe('No longer under consideration');
    const closedPage = pageData<ApplicantPageProps>((await t.app.inject({ method: 'GET', url: `/candidates/${silent}`, headers: html(owner.jar) })).body).props;
    expect(closedPage.followUp).toMatchObject({ state: 'closed' });

    // A later move answers the candidate: the application is open again and says its stage.
    await postForm(t.app, `/candidates/${silent}/stage`, { stage: 'interview' }, { jar: owner.jar, xhr: false });
    const reopened = pageData<MyJobsProps>((await getPage(t.app, '/candidate/my-jobs', sam.jar)).body).props;
    expect(reopened.applied[0]!.application!.stageLabel).toBe('Interview');
  });

  it('lets a seeker report a new job at Jobwise or elsewhere, withdraw the applications they tick and pause alerts; the admin analytics count the hires', async () => {
    const acme = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const beta = await companyWithJob(t.app, 'boss@beta.example', { id: 'beta', name: 'Beta Movers' }, 'Day Driver');
    const gamma = await companyWithJob(t.app, 'boss@gamma.example', { id: 'gamma', name: 'Gamma Logistics' }, 'Yard Jockey');
    const sam = await seekerWithProfile(t.app, 'sam@example.com');
    const hired = await apply(t.app, sam, acme.jobId);
    const withdrawn = await apply(t.app, sam, beta.jobId);
    const keptOn = await apply(t.app, sam, gamma.jobId);
    expect((await postForm(t.app, '/candidate/alerts', { search: 'forklift', location: 'Austin, TX', radius: '50', frequency: 'daily' }, { jar: sam.jar, xhr: false })).statusCode).toBe(303);

    const form = pageData<GotHiredPageProps>((await getPage(t.app, '/candidate/gothired', sam.jar)).body);
    expect(form.page).toBe('got-hired');
    expect(form.props.applications.map((application) => application.id).sort()).toEqual([hired, withdrawn, keptOn].sort());
    expect(form.props.activeAlerts).toBe(1);

    const reported = await postForm(t.app, '/candidate/gothired', { where: 'jobwise', application_id: hired, withdraw: withdrawn, pause_alerts: 'on' }, { jar: sam.jar, xhr: false });
    expect(reported.statusCode).toBe(303);
    expect(reported.headers.location).toBe('/candidate/gothired?reported=1&withdrawn=1&paused=1');
    const state = await t.app.db.selectFrom('job_applications').select(['id', 'withdrawn_at']).where('account_id', '=', sam.accountId).execute();
    expect(state.filter((row) => row.withdrawn_at !== null).map((row) => row.id)).toEqual([withdrawn]);
    const alerts = await t.app.db.selectFrom('job_alerts').select('paused_at').where('account_id', '=', sam.accountId).execute();
    expect(alerts.map((alert) => alert.paused_at === null)).toEqual([false]);
    const done = pageData<GotHiredPageProps>((await getPage(t.app, reported.headers.location as string, sam.jar)).body).props;
    expect(done.done).toEqual({ withdrawn: 1, alertsPaused: true });

    const elsewhere = await postForm(t.app, '/candidate/gothired', { where: 'elsewhere', employer: 'Initech', title: 'Warehouse lead' }, { jar: sam.jar });
    expect(elsewhere.json()).toEqual({ status: 'REPORTED', withdrawn: 0, alertsPaused: false });

    const reports = await t.app.db.selectFrom('hire_reports').select(['source', 'company_id', 'employer_name', 'job_title']).orderBy('source').execute();
    expect(reports).toEqual([
      { source: 'elsewhere', company_id: null, employer_name: 'Initech', job_title: 'Warehouse lead' },
      { source: 'jobwise', company_id: 'acme', employer_name: 'Acme Freight', job_title: 'Night Forklift Operator' },
    ]);
    await grantAdmin(t.app.db, 'boss@gamma.example');
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const analytics = await t.app.inject({ method: 'GET', url: `/admin/analytics?from=${day}&to=${day}`, headers: html(gamma.jar) });
    expect(pageData<AdminAnalyticsProps>(analytics.body).props.hires).toEqual({ jobwise: 1, elsewhere: 1 });

    // Resuming the alerts from the alerts page.
    expect((await postForm(t.app, '/candidate/alerts/resume', {}, { jar: sam.jar, xhr: false })).headers.location).toBe('/candidate/alerts?notice=resumed');
    expect((await t.app.db.selectFrom('job_alerts').select('paused_at').where('account_id', '=', sam.accountId).executeTakeFirstOrThrow()).paused_at).toBeNull();
  });

  it('refuses bad input with its message, and another seeker’s applications with 404, storing nothing', async () => {
    const acme = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const sam = await seekerWithProfile(t.app, 'sam@example.com');
    const samsApplication = await apply(t.app, sam, acme.jobId);
    const kim = await seekerWithProfile(t.app, 'kim@example.com');
    const kimsApplication = await apply(t.app, kim, acme.jobId);
    const stored = async () => ({
      reports: Number((await t.app.db.selectFrom('hire_reports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      withdrawn: (await t.app.db.selectFrom('job_applications').select('id').where('withdrawn_at', 'is not', null).execute()).length,
    });

    const cases: Array<[Record<string, string>, string, string]> = [
      [{}, 'where', 'Choose where your new job is.'],
      [{ where: 'moon' }, 'where', 'Choose where your new job is.'],
      [{ where: 'elsewhere', title: 'Driver', withdraw: kimsApplication }, 'employer', 'Enter the employer’s name.'],
      [{ where: 'elsewhere', employer: 'Initech', title: '   ' }, 'title', 'Enter your job title.'],
      [{ where: 'elsewhere', employer: 'x'.repeat(121), title: 'Driver' }, 'employer', 'Keep it under 120 characters.'],
      [{ where: 'jobwise' }, 'application_id', 'Choose the application that got you the job.'],
    ];
    for (const [fields, field, text] of cases) {
      const json = await postForm(t.app, '/candidate/gothired', fields, { jar: kim.jar });
      expect(json.statusCode).toBe(400);
      expect(json.json().status).toBe('PROTO_VALIDATION_ERROR');
      expect(JSON.stringify(json.json())).toContain(text);
      const formPage = await postForm(t.app, '/candidate/gothired', fields, { jar: kim.jar, xhr: false });
      expect(formPage.statusCode).toBe(400);
      const errors = pageData<GotHiredPageProps>(formPage.body).props.errors;
      expect(Object.values(errors)).toContain(text);
      expect(field).toBeTruthy();
    }
    // Another seeker's application, as the hire or to withdraw: 404.
    expect((await postForm(t.app, '/candidate/gothired', { where: 'jobwise', application_id: samsApplication }, { jar: kim.jar })).statusCode).toBe(404);
    expect((await postForm(t.app, '/candidate/gothired', { where: 'elsewhere', employer: 'Initech', title: 'Driver', withdraw: samsApplication }, { jar: kim.jar })).statusCode).toBe(404);
    expect(await stored()).toEqual({ reports: 0, withdrawn: 0 });
    // Kim's page lists only Kim's applications; without a session it asks to sign in.
    const kimsPage = pageData<GotHiredPageProps>((await getPage(t.app, '/candidate/gothired', kim.jar)).body).props;
    expect(kimsPage.applications.map((application) => application.id)).toEqual([kimsApplication]);
    expect((await getPage(t.app, '/candidate/gothired')).statusCode).toBe(303);
  });
});
