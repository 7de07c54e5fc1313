import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIGEST_HOUR_UTC, STAGE_MAIL_QUIET_MS, STAGE_MAIL_WINDOW_MS } from '../../src/server/features/applicant-mail/applicant-mail-run';
import { listUnsubscribeToken } from '../../src/server/features/mail/list-unsubscribe';
import type { MailboxMessage } from '../../src/server/features/mail/dev-mailbox.routes';
import { apply, companyWithJob, moveStage, seekerWithProfile, teamMember } from '../support/applicant-mail-helpers';
import { pageData } from '../support/employer-helpers';
import { mailbox } from '../support/registration-helpers';
import { getPage, oneClickMultipart, postForm } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSharedTestDatabase, type SharedTestDatabase } from '../support/test-database';

const HOUR_MS = 3_600_000;
const newApplicationMails = (messages: MailboxMessage[]) => messages.filter((message) => message.subject.startsWith('New application for'));
const digestMails = (messages: MailboxMessage[]) => messages.filter((message) => / new applications? for /.test(message.subject));
const interviewMails = (messages: MailboxMessage[]) => messages.filter((message) => message.subject.includes('would like to interview you'));
const rejectionMails = (messages: MailboxMessage[]) => messages.filter((message) => message.subject.startsWith('Your application for'));

function expectListUnsubscribe(message: MailboxMessage, publicUrl = 'http://localhost:3000') {
  expect(message.headers['List-Unsubscribe']).toMatch(new RegExp(`^<${publicUrl}/user/unsubscribe/[a-z-]+\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{22}>$`));
  expect(message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const url = message.headers['List-Unsubscribe']!.slice(1, -1);
  expect(message.text).toContain(url);
  expect(message.html).toContain(url);
}

/** A run once the last move has held for the mail window (decision 0228). */
const mailAfterQuiet = (t: TestApp) => {
  t.clock.advance(STAGE_MAIL_QUIET_MS);
  return t.app.runApplicantMail();
};

/** The path of a message's one-click unsubscribe address. */
const unsubscribePath = (message: MailboxMessage) => new URL(message.headers['List-Unsubscribe']!.slice(1, -1)).pathname;

/** What a mail client's one-click POST looks like: from its own origin, no cookies. */
const oneClick = (t: TestApp, path: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { origin: 'https://mail.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('applicant emails', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ APPLICANT_MAIL_INTERVAL_SECONDS: '0' });
  });
  afterEach(async () => {
    await t.close();
  });

  it('mails each new application at once to the members who chose immediately, once, and not for withdrawn applications', async () => {
    const { jobId } = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const digest = await teamMember(t.app, 'digest@acme.example', 'acme');
    const none = await teamMember(t.app, 'none@acme.example', 'acme');
    expect((await postForm(t.app, '/user/account', { frequency: 'daily' }, { jar: digest.jar, xhr: false })).statusCode).toBe(303);
    expect((await postForm(t.app, '/user/account', { frequency: 'none' }, { jar: none.jar, xhr: false })).statusCode).toBe(303);
    expect((await postForm(t.app, '/user/account', { frequency: 'sometimes' }, { jar: none.jar, xhr: false })).statusCode).toBe(400);

    const seeker = await seekerWithProfile(t.app, 'sam@example.com', 'Sam <b>Seeker</b>');
    await apply(t.app, seeker, jobId);
    expect(await t.app.runApplicantMail()).toMatchObject({ sent: 1, failed: 0 });
    expect(await t.app.runApplicantMail()).toMatchObject({ sent: 0 });

    const [mail, ...others] = newApplicationMails(await mailbox(t.app, 'boss@acme.example'));
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('New application for Night Forklift Operator: Sam <b>Seeker</b>');
    expect(mail!.html).toContain('Sam &#60;b&#62;Seeker&#60;/b&#62;');
    expect(mail!.html).not.toContain('<b>Seeker');
    expect(mail!.text).toContain('Forklift certified');
    expectListUnsubscribe(mail!);
    expect(newApplicationMails(await mailbox(t.app, 'digest@acme.example'))).toHaveLength(0);
    expect(newApplicationMails(await mailbox(t.app, 'none@acme.example'))).toHaveLength(0);

    // Withdrawn before the run: nobody is told.
    const other = await seekerWithProfile(t.app, 'kim@example.com', 'Kim Withdrawn');
    const withdrawn = await apply(t.app, other, jobId);
    await t.app.db.updateTable('job_applications').set({ withdrawn_at: t.clock.now() }).where('id', '=', withdrawn).execute();
    await t.app.runApplicantMail();
    expect(newApplicationMails(await mailbox(t.app, 'boss@acme.example'))).toHaveLength(1);
  });

  it('does not mail applications older than the immediate window (a first deploy sends no backlog)', async () => {
    const { jobId } = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    await apply(t.app, await seekerWithProfile(t.app, 'sam@example.com'), jobId);
    t.clock.advance(3 * HOUR_MS);
    await t.app.runApplicantMail();
    expect(newApplicationMails(await mailbox(t.app, 'boss@acme.example'))).toHaveLength(0);
  });

  it('mails the applicant when moved to Interview, once, however often they are moved', async () => {
    const { jobId, accountId: boss } = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const seeker = await seekerWithProfile(t.app, 'sam@example.com');
    const application = await apply(t.app, seeker, jobId);
    await moveStage(t.app.db, application, 'reviewed', boss, t.clock.now());
    await t.app.runApplicantMail();
    expect(interviewMails(await mailbox(t.app, 'sam@example.com'))).toHaveLength(0);

    await moveStage(t.app.db, application, 'interview', boss, t.clock.now());
    await mailAfterQuiet(t);
    await t.app.runApplicantMail();
    await moveStage(t.app.db, application, 'reviewed', boss, t.clock.now());
    await moveStage(t.app.db, application, 'interview', boss, t.clock.now());
    await mailAfterQuiet(t);
    const mails = interviewMails(await mailbox(t.app, 'sam@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Acme Freight would like to interview you for Night Forklift Operator');
    expect(mails[0]!.text).toContain('Good news, Sam!');
    expectListUnsubscribe(mails[0]!);
  });

  it('does not mail stage changes older than the window, moved on since, or withdrawn', async () => {
    const { jobId, accountId: boss } = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const stale = await apply(t.app, await seekerWithProfile(t.app, 'old@example.com'), jobId);
    await moveStage(t.app.db, stale, 'interview', boss, t.clock.now() - STAGE_MAIL_WINDOW_MS - 1);
    const movedOn = await apply(t.app, await seekerWithProfile(t.app, 'moved@example.com'), jobId);
    await moveStage(t.app.db, movedOn, 'interview', boss, t.clock.now());
    await moveStage(t.app.db, movedOn, 'offer', boss, t.clock.now());
    const gone = await apply(t.app, await seekerWithProfile(t.app, 'gone@example.com'), jobId);
    await moveStage(t.app.db, gone, 'interview', boss, t.clock.now());
    await t.app.db.updateTable('job_applications').set({ withdrawn_at: t.clock.now() }).where('id', '=', gone).execute();
    await mailAfterQuiet(t);
    for (const address of ['old@example.com', 'moved@example.com', 'gone@example.com']) expect(interviewMails(await mailbox(t.app, address))).toHaveLength(0);
  });

  it('mails a rejection only when the company turned rejection emails on, and only rejections from then on', async () => {
    const { jobId, accountId: boss, jar: bossJar } = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const recruiter = await teamMember(t.app, 'rec@acme.example', 'acme');
    const before = await apply(t.app, await seekerWithProfile(t.app, 'before@example.com'), jobId);
    await moveStage(t.app.db, before, 'rejected', boss, t.clock.now());
    await t.app.runApplicantMail();
    expect(rejectionMails(await mailbox(t.app, 'before@example.com'))).toHaveLength(0);

    // Off by default, shown on the company profile page; only the owner may turn it on.
    const settings = await getPage(t.app, '/employer/company', bossJar);
    expect(pageData<{ applicantEmails: { rejectionEmails: boolean; canEdit: boolean } }>(settings.body).props.applicantEmails).toMatchObject({ rejectionEmails: false, canEdit: true });
    const refused = await postForm(t.app, '/employer/company/applicant-emails', { rejection_emails: 'on' }, { jar: recruiter.jar, xhr: false });
    expect(refused.headers.location).toBe('/employer/company?notice=owner_only');
    expect(await t.app.db.selectFrom('applicant_mail_settings').selectAll().execute()).toHaveLength(0);
    t.clock.advance(1000);
    const turnedOn = await postForm(t.app, '/employer/company/applicant-emails', { rejection_emails: 'on' }, { jar: bossJar, xhr: false });
    expect(turnedOn.headers.location).toBe('/employer/company?notice=applicant_emails');
    const after = await getPage(t.app, '/employer/company?notice=applicant_emails', bossJar);
    expect(pageData<{ applicantEmails: { rejectionEmails: boolean } }>(after.body).props.applicantEmails.rejectionEmails).toBe(true);

    await t.app.runApplicantMail();
    expect(rejectionMails(await mailbox(t.app, 'before@example.com'))).toHaveLength(0);

    t.clock.advance(1000);
    const later = await apply(t.app, await seekerWithProfile(t.app, 'later@example.com', 'Lee Later'), jobId);
    await moveStage(t.app.db, later, 'rejected', boss, t.clock.now());
    await mailAfterQuiet(t);
    await t.app.runApplicantMail();
    const mails = rejectionMails(await mailbox(t.app, 'later@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your application for Night Forklift Operator at Acme Freight');
    expect(mails[0]!.text).toContain('Hello Lee,');
    expectListUnsubscribe(mails[0]!);

    // Turned off again: no more rejection emails.
    await postForm(t.app, '/employer/company/applicant-emails', {}, { jar: bossJar, xhr: false });
    const last = await apply(t.app, await seekerWithProfile(t.app, 'last@example.com'), jobId);
    await moveStage(t.app.db, last, 'rejected', boss, t.clock.now());
    await mailAfterQuiet(t);
    expect(rejectionMails(await mailbox(t.app, 'last@example.com'))).toHaveLength(0);
  });

  it('unsubscribes per kind: the one-click POST from a mail client stops that kind only', async () => {
    const first = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    await postForm(t.app, '/employer/company/applicant-emails', { rejection_emails: 'on' }, { jar: first.jar, xhr: false });
    t.clock.advance(1000);
    const seeker = await seekerWithProfile(t.app, 'sam@example.com');
    await t.app.db.updateTable('accounts').set({ email_alerts_opt_in: 1 }).where('id', '=', seeker.accountId).execute();
    const one = await apply(t.app, seeker, first.jobId);
    await moveStage(t.app.db, one, 'interview', first.accountId, t.clock.now());
    await mailAfterQuiet(t);
    const [interview] = interviewMails(await mailbox(t.app, 'sam@example.com'));
    const path = unsubscribePath(interview!);

    // GET only asks.
    const asked = await getPage(t.app, path);
    expect(asked.statusCode).toBe(200);
    expect(pageData<{ state: string; kindLabel: string }>(asked.body).props).toMatchObject({ state: 'confirm', kindLabel: 'interview emails' });
    expect(await t.app.db.selectFrom('email_unsubscribes').selectAll().execute()).toHaveLength(0);
    const done = await oneClick(t, path);
    expect(done.statusCode).toBe(200);
    expect(pageData<{ state: string }>(done.body).props.state).toBe('done');

    // A second job: interview mail stops, the rejection mail still comes, job alerts stay on.
    const second = await companyWithJob(t.app, 'boss@beta.example', { id: 'beta', name: 'Beta Movers' }, 'Warehouse Lead');
    await postForm(t.app, '/employer/company/applicant-emails', { rejection_emails: 'on' }, { jar: second.jar, xhr: false });
    t.clock.advance(1000);
    const two = await apply(t.app, seeker, second.jobId);
    await moveStage(t.app.db, two, 'interview', second.accountId, t.clock.now());
    await mailAfterQuiet(t);
    expect(interviewMails(await mailbox(t.app, 'sam@example.com'))).toHaveLength(1);
    await moveStage(t.app.db, two, 'rejected', second.accountId, t.clock.now());
    await mailAfterQuiet(t);
    expect(rejectionMails(await mailbox(t.app, 'sam@example.com'))).toHaveLength(1);
    expect((await t.app.db.selectFrom('accounts').select('email_unsubscribed').where('id', '=', seeker.accountId).executeTakeFirstOrThrow()).email_unsubscribed).toBe(0);

    // Undo from the page sends them again.
    const undo = await postForm(t.app, `${path}/undo`, {}, { xhr: false });
    expect(pageData<{ state: string }>(undo.body).props.state).toBe('undone');
    expect(await t.app.db.selectFrom('email_unsubscribes').selectAll().execute()).toHaveLength(0);
  });

  it("stops an employer's new-application mail by its link; choosing again on /user/account takes it back", async () => {
    const { jobId, jar } = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    await apply(t.app, await seekerWithProfile(t.app, 'a@example.com'), jobId);
    await t.app.runApplicantMail();
    const [mail] = newApplicationMails(await mailbox(t.app, 'boss@acme.example'));
    // Sent as multipart/form-data (RFC 8058 allows either encoding), the one-click unsubscribes alike.
    const done = await oneClickMultipart(t.app, unsubscribePath(mail!));
    expect(done.statusCode).toBe(200);
    expect(pageData<{ state: string }>(done.body).props.state).toBe('done');
    await apply(t.app, await seekerWithProfile(t.app, 'b@example.com'), jobId);
    expect(await t.app.runApplicantMail()).toMatchObject({ sent: 0, skipped: 1 });
    expect(newApplicationMails(await mailbox(t.app, 'boss@acme.example'))).toHaveLength(1);

    const account = await getPage(t.app, '/user/account', jar);
    expect(account.statusCode).toBe(200);
    expect(pageData<{ frequency: string; unsubscribedByLink: boolean }>(account.body).props).toMatchObject({ frequency: 'immediately', unsubscribedByLink: true });
    await postForm(t.app, '/user/account', { frequency: 'immediately' }, { jar, xhr: false });
    await apply(t.app, await seekerWithProfile(t.app, 'c@example.com'), jobId);
    await t.app.runApplicantMail();
    expect(newApplicationMails(await mailbox(t.app, 'boss@acme.example'))).toHaveLength(2);
  });

  it('answers bad and forged unsubscribe tokens with 4xx, never 5xx, and changes nothing', async () => {
    const keys = { linkKey: t.config.secrets.unsubscribeLinks.current, listKey: t.config.UNSUBSCRIBE_LIST_KEY };
    const good = listUnsubscribeToken(keys, 'sam@example.com', 'interview');
    const [kind, key, signature] = good.split('.');
    const forged = [
      'garbage',
      `${kind}.${key}`,
      `${kind}.${key}.${signature}.extra`,
      `rejection.${key}.${signature}`,
      `${kind}.${key}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`,
      `${kind}.${'A'.repeat(22)}.${signature}`,
      listUnsubscribeToken({ ...keys, linkKey: 'another-secret-another-secret-0123456789' }, 'sam@example.com', 'interview'),
      `nosuchkind.${key}.${signature}`,
      encodeURIComponent('<script>.x.y'),
      'a'.repeat(300),
    ];
    for (const token of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url: `/user/unsubscribe/${token}`, headers: { 'sec-fetch-site': 'cross-site' } });
        expect(response.statusCode, `${method} ${token}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${method} ${token}`).toBeLessThan(500);
      }
    }
    expect(await t.app.db.selectFrom('email_unsubscribes').selectAll().execute()).toHaveLength(0);
    // The undo is our own page's form: same origin only.
    const crossUndo = await t.app.inject({ method: 'POST', url: `/user/unsubscribe/${good}/undo`, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(crossUndo.statusCode).toBe(403);
  });

  it('puts List-Unsubscribe on every kind of email but the sign-in codes', async () => {
    const { jar } = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const invited = await postForm(t.app, '/employer/team/invite', { email: 'new.colleague@example.com' }, { jar, xhr: false });
    expect(invited.statusCode).toBe(303);
    const [invitation] = await mailbox(t.app, 'new.colleague@example.com');
    expect(invitation!.subject).toBe('Join Acme Freight on Jobwise');
    expectListUnsubscribe(invitation!);
    expect(unsubscribePath(invitation!)).toMatch(/^\/user\/unsubscribe\/team-invitation\./);

    // The job's expiry reminder.
    await t.app.db.updateTable('jobs').set({ expires_at: t.clock.now() + 2 * 24 * HOUR_MS }).where('company_id', '=', 'acme').execute();
    await t.app.runJobExpiryAndMail();
    const [expiry] = (await mailbox(t.app, 'boss@acme.example')).filter((message) => message.subject.includes('expires on'));
    expectListUnsubscribe(expiry!);
    // Unsubscribing from expiry reminders stops them and nothing else.
    expect((await oneClick(t, unsubscribePath(expiry!))).statusCode).toBe(200);
    // A new notice (the job renewed to a new date: new work for the queue), which the unsubscribe stops.
    await t.app.db.updateTable('jobs').set({ expiry_notice_at: null, expires_at: t.clock.now() + 2 * 24 * HOUR_MS + 1000 }).where('company_id', '=', 'acme').execute();
    expect(await t.app.runJobExpiryAndMail()).toMatchObject({ noticesQueued: 1, sent: 0, skipped: 1 });
    expect((await mailbox(t.app, 'boss@acme.example')).filter((message) => message.subject.includes('expires on'))).toHaveLength(1);

    const codes = (await mailbox(t.app, 'boss@acme.example')).filter((message) => message.subject.startsWith('Your Jobwise code'));
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(code.headers['List-Unsubscribe']).toBeUndefined();
    for (const message of await mailbox(t.app)) {
      if (!message.subject.startsWith('Your Jobwise code')) expect(message.headers['List-Unsubscribe'], message.subject).toBeDefined();
    }
  });

  it('shows /user/account to employers only', async () => {
    const seeker = await seekerWithProfile(t.app, 'sam@example.com');
    const response = await getPage(t.app, '/user/account', seeker.jar);
    expect(response.statusCode).not.toBe(200);
    expect(response.statusCode).toBeLessThan(500);
    const visitor = await getPage(t.app, '/user/account');
    expect(visitor.statusCode).not.toBe(200);
  });
});

describe('the daily digest on two instances', () => {
  let shared: SharedTestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeEach(async () => {
    shared = await createSharedTestDatabase();
    a = await createTestApp({ APPLICANT_MAIL_INTERVAL_SECONDS: '0' }, { database: shared.connect() });
    b = await createTestApp({ APPLICANT_MAIL_INTERVAL_SECONDS: '0' }, { database: shared.connect() });
  });
  afterEach(async () => {
    await a.close();
    await b.close();
    await shared.close();
  });

  it('sends each daily member one digest a day listing the new applications per job, claimed once across instances', async () => {
    const { jobId, jar } = await companyWithJob(a.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const posted = await postForm(a.app, '/post-a-job', {}, { jar, xhr: false });
    expect(posted.statusCode).toBeLessThan(500);
    await postForm(a.app, '/user/account', { frequency: 'daily' }, { jar, xhr: false });
    await apply(a.app, await seekerWithProfile(a.app, 'sam@example.com', 'Sam Seeker'), jobId);
    const gone = await apply(a.app, await seekerWithProfile(a.app, 'kim@example.com', 'Kim Withdrawn'), jobId);
    await a.app.db.updateTable('job_applications').set({ withdrawn_at: a.clock.now() }).where('id', '=', gone).execute();
    // Immediately mails nobody: the only member chose the digest.
    await Promise.all([a.app.runApplicantMail(), b.app.runApplicantMail()]);
    expect(newApplicationMails(await mailbox(a.app, 'boss@acme.example'))).toHaveLength(0);

    // Past 13:00 UTC: the day's digest, from both instances at once and again, goes out once.
    const cut = Math.floor(a.clock.now() / (24 * HOUR_MS)) * 24 * HOUR_MS + DIGEST_HOUR_UTC * HOUR_MS;
    const next = cut > a.clock.now() ? cut : cut + 24 * HOUR_MS;
    a.clock.time = next + 5 * 60_000;
    b.clock.time = next + 5 * 60_000;
    const results = await Promise.all([a.app.runApplicantMail(), b.app.runApplicantMail()]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(1);
    await Promise.all([a.app.runApplicantMail(), b.app.runApplicantMail()]);
    const digests = digestMails(await mailbox(a.app, 'boss@acme.example'));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('1 new application for Acme Freight');
    expect(digests[0]!.text).toContain('Night Forklift Operator (1)');
    expect(digests[0]!.text).toContain('Sam Seeker');
    expect(digests[0]!.text).not.toContain('Kim Withdrawn');
    expectListUnsubscribe(digests[0]!);

    // The next day with nothing new: no email.
    a.clock.advance(24 * HOUR_MS);
    await a.app.runApplicantMail();
    expect(digestMails(await mailbox(a.app, 'boss@acme.example'))).toHaveLength(1);
  });

  it('sends an immediate email once when two instances run at the same moment', async () => {
    const { jobId } = await companyWithJob(a.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    await teamMember(a.app, 'rec@acme.example', 'acme');
    await apply(a.app, await seekerWithProfile(a.app, 'sam@example.com'), jobId);
    b.clock.time = a.clock.time;
    const results = await Promise.all([a.app.runApplicantMail(), b.app.runApplicantMail()]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(2);
    await Promise.all([a.app.runApplicantMail(), b.app.runApplicantMail()]);
    expect(newApplicationMails(await mailbox(a.app, 'boss@acme.example'))).toHaveLength(1);
    expect(newApplicationMails(await mailbox(a.app, 'rec@acme.example'))).toHaveLength(1);
  });
});
