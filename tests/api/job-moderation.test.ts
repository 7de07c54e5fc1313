// Issue 44, admins (decision 0298): "Report this job" for visitors and signed-in people, limited per
// client and same-origin checked, puts the job in the moderation queue with its reasons; moderation
// shows the company's context; an admin edits or closes any job, and every admin change is in the
// job's audit log with the fields before and after. Admin routes are the ordinary 404 for everyone
// else, a second company's owner included. SQLite by default; PostgreSQL with TEST_DATABASE_URL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOB_REPORT_MESSAGES, type JobModerationPageProps, type JobReportPageProps } from '../../src/shared/employer-jobs/moderation';
import type { ModerationPageProps } from '../../src/shared/employer-jobs/page-props';
import { pageData } from '../support/employer-helpers';
import { JOB_FORM, employerOfNewCompany, postJobForm, signedInAdmin } from '../support/employer-jobs-helpers';
import { CookieJar, postJson } from '../support/registration-helpers';
import { getPage, postForm, signIn } from '../support/seeker-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';
import { INVALID_INPUT_MESSAGE } from '../../src/server/plugins/errors';
import { accountExport, accountIdByEmail, eraseAccount } from '../../src/server/features/privacy/privacy.service';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000' });
});
afterEach(async () => t.close());

/** A live job of an approved company with a website. */
async function liveJob() {
  const owner = await employerOfNewCompany(t.app, 'owner@acme.example', { id: 'acme', name: 'Acme Freight' });
  await t.app.db.updateTable('companies').set({ website: 'https://acme.example', created_at: t.clock.now() - 3 * 86_400_000 }).where('id', '=', 'acme').execute();
  const posted = await postJobForm(t.app, owner.jar, '/post-a-job', JOB_FORM, { xhr: true });
  expect(posted.json()).toMatchObject({ status: 'PUBLISHED' });
  const id = posted.json<{ job_id: string }>().job_id;
  return { owner, id, path: posted.json<{ path: string }>().path };
}
const reports = (jobId: string) => t.app.db.selectFrom('job_reports').selectAll().where('job_id', '=', jobId).execute();
const auditRows = (jobId: string) => t.app.db.selectFrom('job_audit_log').selectAll().where('job_id', '=', jobId).orderBy('created_at').execute();
const job = (id: string) => t.app.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('Report this job', () => {
  it('takes reports from visitors and signed-in people, with their reasons, into the moderation queue', async () => {
    const { id, path } = await liveJob();
    const jobPage = await getPage(t.app, path);
    expect(jobPage.body).toContain(`href="/report-job/${id}">Report this job</a>`);

    const anonymous = await postJson(t.app, `/report-job/${id}`, { reasons: ['scam', 'misleading'], details: 'Asks for a fee to apply.' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ status: 'REPORTED', message: JOB_REPORT_MESSAGES.sent });
    const seeker = await signIn(t.app, 'seeker@example.com');
    const signedIn = await postForm(t.app, `/report-job/${id}`, { reasons: 'scam' }, { jar: seeker, xhr: false });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe(`/report-job/${id}?sent=1`);
    expect(pageData<JobReportPageProps>((await getPage(t.app, signedIn.headers.location as string)).body).props.sent).toBe(true);

    const stored = await reports(id);
    expect(stored.map((row) => [JSON.parse(row.reasons), row.reporter_account_id === null])).toEqual(expect.arrayContaining([[['scam', 'misleading'], true], [['scam'], false]]));

    const admin = await signedInAdmin(t.app, 'admin@jobwise.example');
    const queue = pageData<ModerationPageProps>((await getPage(t.app, '/admin/moderation', admin)).body).props;
    expect(queue.reported).toEqual([
      expect.objectContaining({ id, title: JOB_FORM.title, company: 'Acme Freight', reports: 2, reviewHref: `/admin/moderation/jobs/${id}`, reasons: ['It looks like a scam, or asks for money or bank details', 'The pay, place or job is not as described'] }),
    ]);
    const view = pageData<JobModerationPageProps>((await getPage(t.app, `/admin/moderation/jobs/${id}`, admin)).body).props;
    expect(view.reports.map((report) => [report.by, report.details])).toEqual(expect.arrayContaining([['A visitor', 'Asks for a fee to apply.'], ['A signed-in person', '']]));
  });

  it("is in the reporter's data export, and erasing them keeps the reasons without who sent them or their words", async () => {
    const { id } = await liveJob();
    const seeker = await signIn(t.app, 'seeker@example.com');
    await postForm(t.app, `/report-job/${id}`, { reasons: 'misleading', details: 'My name is Erin and the pay is wrong.' }, { jar: seeker });
    const accountId = (await accountIdByEmail(t.app.db, 'seeker@example.com'))!;
    const deps = { db: t.app.db, fileStorage: t.app.fileStorage, now: t.app.now, secret: t.config.SESSION_SECRET, unsubscribeListKey: t.config.UNSUBSCRIBE_LIST_KEY };
    const exported = await accountExport(deps, accountId, 'seeker');
    expect((exported?.data.jobSeeker as { jobsReported: unknown }).jobsReported).toEqual([
      { job: JOB_FORM.title, company: 'Acme Freight', reasons: ['misleading'], details: 'My name is Erin and the pay is wrong.', reportedAt: t.clock.now() },
    ]);
    expect((await eraseAccount(deps, accountId)).status).toBe('erased');
    expect(await reports(id)).toEqual([expect.objectContaining({ reporter_account_id: null, details: '', reasons: '["misleading"]' })]);
  });

  it('refuses a report without a known reason, a "something else" without details, and over-long details, storing nothing', async () => {
    const { id } = await liveJob();
    for (const [body, message] of [
      [{ reasons: [] }, JOB_REPORT_MESSAGES.reasonRequired],
      [{ reasons: ['not-a-reason'] }, JOB_REPORT_MESSAGES.reasonRequired],
      [{ reasons: ['other'], details: 'bad' }, JOB_REPORT_MESSAGES.detailsRequired],
      [{ reasons: ['spam'], details: 'x'.repeat(1001) }, JOB_REPORT_MESSAGES.detailsTooLong],
      [{ reasons: 'scam-as-a-string-not-list' }, JOB_REPORT_MESSAGES.reasonRequired],
    ] as const) {
      const res = await postJson(t.app, `/report-job/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'PROTO_VALIDATION_ERROR', error_message: message });
    }
    // Hostile shapes: a clear 4xx, never a 500.
    for (const payload of ['[1,2]', '"text"', '{"reasons":{"a":1}}', '{"reasons":["scam"],"details":{"x":1}}']) {
      const res = await postJson(t.app, `/report-job/${id}`, payload);
      expect(res.statusCode, payload).toBe(400);
    }
    const page = await postForm(t.app, `/report-job/${id}`, { details: 'no reason' }, { xhr: false });
    expect(page.statusCode).toBe(400);
    expect(pageData<JobReportPageProps>(page.body).props.errors.reasons).toBe(JOB_REPORT_MESSAGES.reasonRequired);
    expect(await reports(id)).toEqual([]);
  });

  it('is limited per client address (mistakes aside), same-origin checked, and only for live jobs', async () => {
    const { id, owner } = await liveJob();
    expect((await postJson(t.app, `/report-job/${id}`, { reasons: [] })).statusCode).toBe(400);
    for (let sent = 0; sent < 5; sent += 1) expect((await postJson(t.app, `/report-job/${id}`, { reasons: ['spam'] })).statusCode).toBe(200);
    const sixth = await postJson(t.app, `/report-job/${id}`, { reasons: ['spam'] });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ status: 'RATE_LIMITING_THROTTLED' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await reports(id)).toHaveLength(5);

    const crossSite = await t.app.inject({ method: 'POST', url: `/report-job/${id}`, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }, payload: JSON.stringify({ reasons: ['spam'] }) });
    expect(crossSite.statusCode).toBe(403);
    expect(await reports(id)).toHaveLength(5);

    // Another address is not held back; a closed job and an unknown one are not found.
    const fromElsewhere = (url: string) =>
      t.app.inject({ method: 'POST', url, remoteAddress: '203.0.113.9', headers: { ...sameOriginHeaders, 'content-type': 'application/json' }, payload: JSON.stringify({ reasons: ['spam'] }) });
    expect((await fromElsewhere(`/report-job/${id}`)).statusCode).toBe(200);
    await postForm(t.app, '/dashboard/jobs/actions', { action: 'close', job_id: id }, { jar: owner.jar });
    expect((await fromElsewhere(`/report-job/${id}`)).statusCode).toBe(404);
    expect((await fromElsewhere('/report-job/nosuchjob123')).statusCode).toBe(404);
    expect((await getPage(t.app, `/report-job/${id}`)).statusCode).toBe(404);
  });
});

describe('moderation by admins', () => {
  it("shows the company's website, account age and record beside a job waiting for review, counted from the audit log", async () => {
    const owner = await employerOfNewCompany(t.app, 'owner@acme.example', { id: 'acme', name: 'Acme Freight', approved: false, plan: 'premium' });
    await t.app.db.updateTable('companies').set({ website: 'https://acme.example', created_at: t.clock.now() - 3 * 86_400_000 }).where('id', '=', 'acme').execute();
    const admin = await signedInAdmin(t.app, 'admin@jobwise.example');
    const first = (await postJobForm(t.app, owner.jar, '/post-a-job', JOB_FORM, { xhr: true })).json<{ job_id: string }>().job_id;
    const queue = async () => pageData<ModerationPageProps>((await getPage(t.app, '/admin/moderation', admin)).body).props;
    expect((await queue()).jobs[0]).toMatchObject({
      id: first,
      reviewHref: `/admin/moderation/jobs/${first}`,
      context: { website: 'https://acme.example', accountAge: 'Company account created Nov 18, 2026 (3 days ago)', approved: 0, rejected: 0 },
    });
    expect((await postForm(t.app, `/admin/moderation/${first}/reject`, { reason: 'Pay is not stated.' }, { jar: admin, xhr: false })).statusCode).toBe(303);
    const second = (await postJobForm(t.app, owner.jar, '/post-a-job', { ...JOB_FORM, title: 'Day Loader' }, { xhr: true })).json<{ job_id: string }>().job_id;
    expect((await queue()).jobs.find((item) => item.id === second)?.context).toMatchObject({ approved: 0, rejected: 1 });
    expect((await postForm(t.app, `/admin/moderation/${second}/approve`, {}, { jar: admin, xhr: false })).statusCode).toBe(303);

    const log = await auditRows(first);
    expect(log.map((row) => [row.action, row.admin_email, JSON.parse(row.changes)])).toEqual([
      ['reject', 'admin@jobwise.example', { status: { before: 'In review', after: 'Rejected' }, rejection_reason: { before: '', after: 'Pay is not stated.' } }],
    ]);
    const view = pageData<JobModerationPageProps>((await getPage(t.app, `/admin/moderation/jobs/${second}`, admin)).body).props;
    expect(view.context).toMatchObject({ approved: 1, rejected: 1 });
    expect(view.audit).toEqual([expect.objectContaining({ who: 'admin@jobwise.example', action: 'Approved', changes: [{ field: 'Status', before: 'In review', after: 'Live' }] })]);
  });

  it('refuses broken JSON and mistyped fields on reject and report with the spec\'s 400, changing nothing (decision 0250)', async () => {
    const owner = await employerOfNewCompany(t.app, 'owner@globex.example', { id: 'globex', name: 'Globex Hauling', approved: false });
    const admin = await signedInAdmin(t.app, 'admin@jobwise.example');
    const waiting = (await postJobForm(t.app, owner.jar, '/post-a-job', JOB_FORM, { xhr: true })).json<{ job_id: string }>().job_id;
    const { id: live } = await liveJob();
    // Broken JSON is Fastify's 400; a mistyped field is the schema's, naming the field (the handler never runs).
    const attempts: Array<[string, string, string | null]> = [
      [`/admin/moderation/${waiting}/reject`, '{"reason":', null],
      [`/admin/moderation/${waiting}/reject`, JSON.stringify({ reason: 42 }), 'reason'],
      [`/admin/moderation/${waiting}/reject`, JSON.stringify({ reason: { text: 'Pay is not stated.' } }), 'reason'],
      [`/report-job/${live}`, '{"reasons":', null],
      [`/report-job/${live}`, JSON.stringify({ reasons: ['scam'], details: 7 }), 'details'],
      [`/report-job/${live}`, JSON.stringify({ reasons: [{ scam: true }] }), 'reasons'],
    ];
    for (const [url, payload, field] of attempts) {
      const refused = await postJson(t.app, url, payload, { jar: admin });
      expect(refused.statusCode, `${url} ${payload}`).toBe(400);
      expect(refused.json(), `${url} ${payload}`).toMatchObject({ status: 'PROTO_VALIDATION_ERROR', error_message: expect.any(String) });
      if (field) expect(refused.json(), `${url} ${payload}`).toMatchObject({ error_message: INVALID_INPUT_MESSAGE, details: expect.stringContaining(field) });
    }
    expect((await job(waiting)).status).toBe('in_review');
    expect(await auditRows(waiting)).toEqual([]);
    expect(await reports(live)).toEqual([]);
    // A reason too short is the admin's mistake, told in words; a good one is the declared answer.
    const blank = await postJson(t.app, `/admin/moderation/${waiting}/reject`, { reason: ' ' }, { jar: admin });
    expect(blank.json()).toMatchObject({ status: 'PROTO_VALIDATION_ERROR', error_message: 'Give the company a reason (at least 3 characters).' });
    expect((await postJson(t.app, `/admin/moderation/${waiting}/reject`, { reason: 'Pay is not stated.' }, { jar: admin })).json()).toEqual({ status: 'REJECTED' });
    expect((await postJson(t.app, `/report-job/${live}`, { reasons: ['scam'] })).json()).toEqual({ status: 'REPORTED', message: JOB_REPORT_MESSAGES.sent });
  });

  it('counts decisions made before the audit log from the jobs themselves, each job once (decision 0311)', async () => {
    const owner = await employerOfNewCompany(t.app, 'owner@old.example', { id: 'oldco', name: 'Old Freight', approved: false, plan: 'premium' });
    const admin = await signedInAdmin(t.app, 'admin@jobwise.example');
    const posted = async (title: string) => (await postJobForm(t.app, owner.jar, '/post-a-job', { ...JOB_FORM, title }, { xhr: true })).json<{ job_id: string }>().job_id;
    const approved = await posted('Approved Loader');
    const rejected = await posted('Rejected Loader');
    const resubmitted = await posted('Resubmitted Loader');
    const editedLive = await posted('Edited Live Loader');
    const waiting = await posted('Waiting Loader');
    for (const id of [approved, editedLive]) await postForm(t.app, `/admin/moderation/${id}/approve`, {}, { jar: admin, xhr: false });
    for (const id of [rejected, resubmitted]) await postForm(t.app, `/admin/moderation/${id}/reject`, { reason: 'Pay is not stated.' }, { jar: admin, xhr: false });
    // As before the log began: the decisions left no rows, only the jobs' own columns. One rejected job
    // was sent again, and a live job's edit waits again (its last decision is no longer told).
    await t.app.db.deleteFrom('job_audit_log').execute();
    await t.app.db.updateTable('jobs').set({ status: 'in_review', awaiting_approval: 1 }).where('id', 'in', [resubmitted, editedLive]).execute();
    const context = async () => pageData<JobModerationPageProps>((await getPage(t.app, `/admin/moderation/jobs/${waiting}`, admin)).body).props.context;
    expect(await context()).toMatchObject({ approved: 1, rejected: 2 });

    // A decision in the log counts from the log, and the job is not counted twice.
    await postForm(t.app, `/admin/moderation/${resubmitted}/approve`, {}, { jar: admin, xhr: false });
    expect(await context()).toMatchObject({ approved: 2, rejected: 1 });
    await postForm(t.app, `/admin/moderation/${waiting}/reject`, { reason: 'Pay is not stated.' }, { jar: admin, xhr: false });
    expect(await context()).toMatchObject({ approved: 2, rejected: 2 });
  });

  it('lets an admin edit any job, writing who changed what, before and after; bad input changes nothing', async () => {
    const { id } = await liveJob();
    const admin = await signedInAdmin(t.app, 'admin@jobwise.example');
    const tooShort = await postForm(t.app, `/admin/moderation/jobs/${id}/edit`, { title: 'x', description: JOB_FORM.description }, { jar: admin, xhr: false });
    expect(tooShort.statusCode).toBe(400);
    expect(pageData<JobModerationPageProps>(tooShort.body).props.errors.title).toBe('Job title: use 3 to 120 characters.');
    expect((await job(id)).title).toBe(JOB_FORM.title);
    expect(await auditRows(id)).toEqual([]);

    const unchanged = await postForm(t.app, `/admin/moderation/jobs/${id}/edit`, { title: JOB_FORM.title, description: JOB_FORM.description }, { jar: admin });
    expect(unchanged.json()).toMatchObject({ status: 'UNCHANGED' });
    expect(await auditRows(id)).toEqual([]);

    const description = 'Move pallets safely. No fees, ever: we never ask applicants for money.';
    const edited = await postForm(t.app, `/admin/moderation/jobs/${id}/edit`, { title: 'Forklift Operator (nights)', description }, { jar: admin, xhr: false });
    expect(edited.statusCode).toBe(303);
    expect(edited.headers.location).toBe(`/admin/moderation/jobs/${id}?notice=edited`);
    const row = await job(id);
    expect(row).toMatchObject({ title: 'Forklift Operator (nights)', description_markdown: description, status: 'open' });
    expect(JSON.parse(row.draft_data ?? '{}')).toMatchObject({ title: 'Forklift Operator (nights)', description });
    const [entry] = await auditRows(id);
    expect(entry).toMatchObject({ action: 'edit', admin_email: 'admin@jobwise.example', company_id: 'acme', created_at: t.clock.now() });
    expect(JSON.parse(entry!.changes)).toEqual({ title: { before: JOB_FORM.title, after: 'Forklift Operator (nights)' }, description: { before: JOB_FORM.description, after: description } });
    // The search finds it by its new words.
    expect((await getPage(t.app, '/jobs-search?search=nights+forklift&location=Austin%2C+TX')).body).toContain('Forklift Operator (nights)');
    const view = await getPage(t.app, `/admin/moderation/jobs/${id}?notice=edited`, admin);
    expect(pageData<JobModerationPageProps>(view.body).props.audit[0]).toMatchObject({ action: 'Edited', who: 'admin@jobwise.example' });
    expect(view.body).toContain('<th scope="row">Title</th>');
  });

  it('lets an admin close a reported job or keep it; either deals with its reports and is logged', async () => {
    const { id, path } = await liveJob();
    await postJson(t.app, `/report-job/${id}`, { reasons: ['scam'] });
    const admin = await signedInAdmin(t.app, 'admin@jobwise.example');

    const kept = await postForm(t.app, `/admin/moderation/jobs/${id}/keep`, {}, { jar: admin });
    expect(kept.json()).toMatchObject({ status: 'KEPT' });
    expect((await reports(id)).every((row) => row.resolved_at !== null)).toBe(true);
    expect((await postForm(t.app, `/admin/moderation/jobs/${id}/keep`, {}, { jar: admin })).statusCode).toBe(409);

    await postJson(t.app, `/report-job/${id}`, { reasons: ['discriminatory'] });
    const closed = await postForm(t.app, `/admin/moderation/jobs/${id}/close`, {}, { jar: admin, xhr: false });
    expect(closed.statusCode).toBe(303);
    expect((await job(id)).status).toBe('closed');
    expect((await getPage(t.app, path)).statusCode).not.toBe(200);
    expect(pageData<ModerationPageProps>((await getPage(t.app, '/admin/moderation', admin)).body).props.reported).toEqual([]);
    expect((await postForm(t.app, `/admin/moderation/jobs/${id}/close`, {}, { jar: admin })).statusCode).toBe(409);
    expect((await auditRows(id)).map((row) => [row.action, JSON.parse(row.changes)])).toEqual([
      ['keep', { reports: { before: '1', after: '0' } }],
      ['close', { status: { before: 'Live', after: 'Closed' }, reports: { before: '1', after: '0' } }],
    ]);
  });

  it('answers the ordinary 404 to everyone but admins, the job\'s own company and a second company included', async () => {
    const { id, owner } = await liveJob();
    const other = await employerOfNewCompany(t.app, 'owner@globex.example', { id: 'globex', name: 'Globex Hauling' });
    const seeker = await signIn(t.app, 'seeker@example.com');
    for (const [who, jar] of [['visitor', new CookieJar()], ['seeker', seeker], ['owner', owner.jar], ['second company', other.jar]] as const) {
      expect((await getPage(t.app, `/admin/moderation/jobs/${id}`, jar)).statusCode, who).toBe(404);
      for (const action of ['edit', 'close', 'keep']) {
        const res = await postForm(t.app, `/admin/moderation/jobs/${id}/${action}`, { title: 'Hijacked title', description: 'x'.repeat(40) }, { jar });
        expect(res.statusCode, `${who} ${action}`).toBe(404);
      }
    }
    expect((await job(id))).toMatchObject({ title: JOB_FORM.title, status: 'open' });
    expect(await auditRows(id)).toEqual([]);
    const admin = await signedInAdmin(t.app, 'admin@jobwise.example');
    expect((await getPage(t.app, '/admin/moderation/jobs/nosuchjob123', admin)).statusCode).toBe(404);
  });

  it("lists the admin pages in an admin's account menu, and nobody else's", async () => {
    const admin = await signedInAdmin(t.app, 'admin@jobwise.example');
    const seeker = await signIn(t.app, 'seeker@example.com');
    const adminPage = await getPage(t.app, '/candidate/my-jobs', admin);
    expect(pageData(adminPage.body).shell.isAdmin).toBe(true);
    for (const href of ['/admin/moderation', '/admin/message-reports', '/admin/queue', '/admin/analytics']) expect(adminPage.body).toContain(`href="${href}"`);
    const seekerPage = await getPage(t.app, '/candidate/my-jobs', seeker);
    expect(pageData(seekerPage.body).shell.isAdmin).toBeUndefined();
    expect(seekerPage.body).not.toContain('href="/admin/moderation"');
  });
});
