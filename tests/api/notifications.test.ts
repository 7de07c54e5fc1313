// Notifications and the stage emails (issue 42, decision 0228), on SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAGE_MAIL_QUIET_MS } from '../../src/server/features/applicant-mail/applicant-mail-run';
import { notify, unreadCount } from '../../src/server/features/notifications/notifications.service';
import type { MailboxMessage } from '../../src/server/features/mail/dev-mailbox.routes';
import type { EmailChoicesProps, NotificationsPageProps } from '../../src/shared/notifications/notifications';
import { apply, companyWithJob, seekerWithProfile, teamMember } from '../support/applicant-mail-helpers';
import { pageData } from '../support/employer-helpers';
import type { CookieJar } from '../support/registration-helpers';
import { mailbox } from '../support/registration-helpers';
import { getPage, postForm } from '../support/seeker-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

const SECOND = 1000;
/** The mailbox lists the newest first: oldest first here, as they were sent. */
const stageMails = (messages: MailboxMessage[]) => messages.filter((message) => !message.subject.startsWith('Your Jobwise code')).reverse();

describe('notifications', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ APPLICANT_MAIL_INTERVAL_SECONDS: '0' });
  });
  afterEach(async () => {
    await t.close();
  });

  /** Acme with its owner signed in, a job, and Sam's application to it. */
  async function applied(options: { rejectionEmails?: boolean } = {}) {
    const acme = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    if (options.rejectionEmails) {
      await postForm(t.app, '/employer/company/applicant-emails', { rejection_emails: 'on' }, { jar: acme.jar, xhr: false });
      t.clock.advance(SECOND);
    }
    const sam = await seekerWithProfile(t.app, 'sam@example.com', 'Sam Seeker');
    const applicationId = await apply(t.app, sam, acme.jobId);
    // The team's new-application email goes first, so a run's counts below are the applicant's.
    await t.app.runApplicantMail();
    return { acme, sam, applicationId };
  }

  /** The employer moves the application through the inbox's own route. */
  async function move(jar: CookieJar, applicationId: string, stage: string) {
    const moved = await postForm(t.app, `/candidates/${applicationId}/stage`, { stage }, { jar, xhr: false });
    expect(moved.statusCode, moved.body.slice(0, 200)).toBe(303);
  }

  const listOf = async (jar: CookieJar, path = '/candidate/notifications') => {
    const page = await getPage(t.app, path, jar);
    expect(page.statusCode).toBe(200);
    const data = pageData<NotificationsPageProps>(page.body);
    return { props: data.props, bell: data.shell.unreadNotifications, workspace: data.shell.employer };
  };

  const samMails = async () => stageMails(await mailbox(t.app, 'sam@example.com'));

  /** A mail run once the last move has held for the mail window. */
  const mailAfterQuiet = () => {
    t.clock.advance(STAGE_MAIL_QUIET_MS);
    return t.app.runApplicantMail();
  };

  it('tells the candidate of each move at once, one notification per application that the next move replaces; the bell counts it', async () => {
    const { acme, sam, applicationId } = await applied();
    expect((await listOf(sam.jar)).props.notifications).toEqual([]);
    await move(acme.jar, applicationId, 'reviewed');
    let list = await listOf(sam.jar);
    expect(list.props.notifications).toHaveLength(1);
    expect(list.props.notifications[0]).toMatchObject({ kind: 'stage_change', read: false, text: 'Acme Freight has looked at your application for Night Forklift Operator.' });
    expect(list.props.unread).toBe(1);
    expect(list.bell).toBe(1);

    await move(acme.jar, applicationId, 'interview');
    list = await listOf(sam.jar);
    expect(list.props.notifications).toHaveLength(1);
    expect(list.props.notifications[0]!.text).toBe('Good news: Acme Freight would like to interview you for Night Forklift Operator.');
    expect(list.bell).toBe(1);

    for (const [stage, text] of [
      ['offer', 'Congratulations! Acme Freight has made you an offer for Night Forklift Operator.'],
      ['hired', "You're hired! Acme Freight has marked you as hired for Night Forklift Operator. Congratulations."],
      ['rejected', 'Acme Freight has decided not to go ahead with your application for Night Forklift Operator. Thank you for applying.'],
    ] as const) {
      await postForm(t.app, '/candidate/notifications/read-all', {}, { jar: sam.jar, xhr: false });
      await move(acme.jar, applicationId, stage);
      list = await listOf(sam.jar);
      expect(list.props.notifications.map((n) => [n.text, n.read])).toEqual([[text, false]]);
      expect(list.bell).toBe(1);
    }

    // Back to New tells nothing new; the employer's own bell counts nothing of this.
    await postForm(t.app, '/candidate/notifications/read-all', {}, { jar: sam.jar, xhr: false });
    await move(acme.jar, applicationId, 'new');
    expect((await listOf(sam.jar)).bell).toBe(0);
    const inbox = await getPage(t.app, '/candidates', acme.jar);
    expect((pageData(inbox.body).shell as { unreadNotifications?: number }).unreadNotifications).toBe(0);
    // A visitor's page has no count at all.
    expect((pageData((await getPage(t.app, '/')).body).shell as { unreadNotifications?: number }).unreadNotifications).toBeUndefined();
  });

  it('marks one read, opens one (read, then its link), and marks all read, by plain form posts', async () => {
    const { sam } = await applied();
    const now = t.clock.now();
    const first = await notify(t.app.db, { accountId: sam.accountId, kind: 'saved_job_closing', text: 'A job you saved closes tomorrow.', link: '/candidate/saved-jobs', now });
    const second = await notify(t.app.db, { accountId: sam.accountId, kind: 'message', text: 'Acme Freight wrote to you.', link: '/candidate/my-jobs', now: now + 1 });
    await notify(t.app.db, { accountId: sam.accountId, kind: 'saved_search_match', text: '3 new jobs match "forklift".', link: '/jobs-search?search=forklift', now: now + 2 });
    expect(await unreadCount(t.app.db, sam.accountId, 'seeker')).toBe(3);
    expect((await listOf(sam.jar)).props.notifications.map((n) => n.text)).toEqual(['3 new jobs match "forklift".', 'Acme Freight wrote to you.', 'A job you saved closes tomorrow.']);

    const read = await postForm(t.app, `/candidate/notifications/${first}/read`, {}, { jar: sam.jar, xhr: false });
    expect(read.statusCode).toBe(303);
    expect(read.headers.location).toBe('/candidate/notifications?notice=read');
    let list = await listOf(sam.jar);
    expect(list.bell).toBe(2);
    expect(list.props.notifications.find((n) => n.id === first)!.read).toBe(true);

    const opened = await postForm(t.app, `/candidate/notifications/${second}/open`, {}, { jar: sam.jar, xhr: false });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/candidate/my-jobs');
    expect((await listOf(sam.jar)).bell).toBe(1);

    const all = await postForm(t.app, '/candidate/notifications/read-all', {}, { jar: sam.jar, xhr: false });
    expect(all.headers.location).toBe('/candidate/notifications?notice=allRead');
    list = await listOf(sam.jar);
    expect(list.bell).toBe(0);
    expect(list.props.unread).toBe(0);
    expect(list.props.notifications.every((n) => n.read)).toBe(true);
    // The forms are same-origin only.
    const crossSite = await t.app.inject({ method: 'POST', url: '/candidate/notifications/read-all', headers: { cookie: sam.jar.header(), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);

    // A page's fetch without a body marks one read; a JSON body that is not an object is the spec's 400 and marks nothing.
    const fourth = await notify(t.app.db, { accountId: sam.accountId, kind: 'message', text: 'Acme Freight wrote again.', link: '/candidate/my-jobs', now: now + 3 });
    const fetchHeaders = { ...sameOriginHeaders, cookie: sam.jar.header() };
    for (const payload of ['"read"', '[]', '1']) {
      const refused = await t.app.inject({ method: 'POST', url: `/candidate/notifications/${fourth}/read`, headers: { ...fetchHeaders, 'content-type': 'application/json' }, payload });
      expect(refused.statusCode, payload).toBe(400);
      expect(refused.json()).toMatchObject({ status: 'PROTO_VALIDATION_ERROR', error_message: expect.any(String) });
    }
    expect(await unreadCount(t.app.db, sam.accountId, 'seeker')).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: `/candidate/notifications/${fourth}/read`, headers: fetchHeaders })).statusCode).toBe(303);
    expect(await unreadCount(t.app.db, sam.accountId, 'seeker')).toBe(0);
  });

  it("answers 404 to another seeker's or company's session and sends a visitor to log in, on every route", async () => {
    const { acme, sam } = await applied();
    const now = t.clock.now();
    const samsId = await notify(t.app.db, { accountId: sam.accountId, kind: 'stage_change', text: 'For Sam.', link: '/candidate/my-jobs', now });
    const bossId = await notify(t.app.db, { accountId: acme.accountId, side: 'employer', kind: 'new_application', text: 'For the boss.', link: '/candidates', now });
    const kim = await seekerWithProfile(t.app, 'kim@example.com', 'Kim Other');
    const beta = await companyWithJob(t.app, 'boss@beta.example', { id: 'beta', name: 'Beta Movers' }, 'Warehouse Lead');

    for (const action of ['read', 'open']) {
      expect((await postForm(t.app, `/candidate/notifications/${samsId}/${action}`, {}, { jar: kim.jar, xhr: false })).statusCode).toBe(404);
      expect((await postForm(t.app, `/employer/notifications/${bossId}/${action}`, {}, { jar: beta.jar, xhr: false })).statusCode).toBe(404);
      // Nor on the other side of the same person: a seeker's notification is not on the employer's list.
      expect((await postForm(t.app, `/candidate/notifications/${bossId}/${action}`, {}, { jar: kim.jar, xhr: false })).statusCode).toBe(404);
      expect((await postForm(t.app, `/candidate/notifications/not-an-id!/${action}`, {}, { jar: sam.jar, xhr: false })).statusCode).toBe(404);
    }
    await postForm(t.app, '/candidate/notifications/read-all', {}, { jar: kim.jar, xhr: false });
    await postForm(t.app, '/employer/notifications/read-all', {}, { jar: beta.jar, xhr: false });
    expect(await unreadCount(t.app.db, sam.accountId, 'seeker')).toBe(1);
    expect(await unreadCount(t.app.db, acme.accountId, 'employer')).toBe(1);
    expect((await listOf(kim.jar)).props.notifications).toEqual([]);
    expect((await listOf(beta.jar, '/employer/notifications')).props.notifications).toEqual([]);
    expect((await listOf(acme.jar, '/employer/notifications')).props.notifications.map((n) => n.text)).toEqual(['For the boss.']);

    const seekerPaths = ['/candidate/notifications', `/candidate/notifications/${samsId}/read`, `/candidate/notifications/${samsId}/open`, '/candidate/notifications/read-all', '/candidate/notifications/emails'];
    const employerPaths = ['/employer/notifications', `/employer/notifications/${bossId}/read`, `/employer/notifications/${bossId}/open`, '/employer/notifications/read-all', '/employer/notifications/emails'];
    for (const path of [...seekerPaths, ...employerPaths]) {
      const login = path.startsWith('/employer') ? '/authn/employer/login' : '/authn/login';
      const visitor = path.endsWith('/notifications') ? await getPage(t.app, path) : await postForm(t.app, path, {}, { xhr: false });
      expect(visitor.statusCode, path).toBe(303);
      expect(visitor.headers.location, path).toMatch(new RegExp(`^${login}\\?next=`));
    }
    // A job seeker's session is not a team member's.
    expect((await getPage(t.app, '/employer/notifications', sam.jar)).statusCode).toBe(303);
    expect(await unreadCount(t.app.db, sam.accountId, 'seeker')).toBe(1);
    expect(await unreadCount(t.app.db, acme.accountId, 'employer')).toBe(1);
  });

  it('shows each team member their own list on the employer side, with the bell there', async () => {
    const { acme } = await applied();
    const recruiter = await teamMember(t.app, 'rec@acme.example', 'acme');
    await notify(t.app.db, { accountId: recruiter.accountId, side: 'employer', kind: 'message', text: 'Sam Seeker wrote to you.', link: '/candidates', now: t.clock.now() });
    const list = await listOf(recruiter.jar, '/employer/notifications');
    expect(list.props).toMatchObject({ side: 'employer', unread: 1 });
    expect(list.workspace).toMatchObject({ companyName: 'Acme Freight', roleLabel: 'Recruiter' });
    expect(list.bell).toBe(1);
    expect((await listOf(acme.jar, '/employer/notifications')).props.notifications).toEqual([]);
    const opened = await postForm(t.app, `/employer/notifications/${list.props.notifications[0]!.id}/open`, {}, { jar: recruiter.jar, xhr: false });
    expect(opened.headers.location).toBe('/candidates');
    expect((await listOf(recruiter.jar, '/employer/notifications')).bell).toBe(0);
  });

  it('refuses a link that is not our own path', async () => {
    const { sam } = await applied();
    for (const link of ['https://evil.example/', '//evil.example', 'javascript:alert(1)', '/\\evil.example']) {
      await expect(notify(t.app.db, { accountId: sam.accountId, kind: 'message', text: 'x', link, now: t.clock.now() })).rejects.toThrow();
    }
    expect(await unreadCount(t.app.db, sam.accountId, 'seeker')).toBe(0);
  });

  it('an email turned off in the settings is not sent, and the notification still comes', async () => {
    const { acme, sam, applicationId } = await applied();
    const about = await getPage(t.app, '/candidate/about', sam.jar);
    const choices = pageData<{ emailChoices: EmailChoicesProps }>(about.body).props.emailChoices;
    expect(choices.choices.every((choice) => choice.on)).toBe(true);
    expect(choices.choices.map((choice) => choice.kind)).toEqual(expect.arrayContaining(['interview', 'offer', 'hired', 'rejection', 'messages']));

    // Everything but interview emails stays on.
    const fields = Object.fromEntries(choices.choices.filter((choice) => choice.kind !== 'interview').map((choice) => [choice.kind, 'on']));
    const saved = await postForm(t.app, '/candidate/notifications/emails', fields, { jar: sam.jar, xhr: false });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/candidate/about?notice=emails#email-choices');
    const after = pageData<{ emailChoices: EmailChoicesProps }>((await getPage(t.app, '/candidate/about?notice=emails', sam.jar)).body).props.emailChoices;
    expect(after.saved).toBe(true);
    expect(after.choices.filter((choice) => !choice.on).map((choice) => choice.kind)).toEqual(['interview']);

    await move(acme.jar, applicationId, 'interview');
    expect(await mailAfterQuiet()).toMatchObject({ sent: 0, skipped: 1 });
    expect(await samMails()).toEqual([]);
    expect((await listOf(sam.jar)).props.notifications[0]!.text).toContain('would like to interview you');

    // The offer email is still on.
    await move(acme.jar, applicationId, 'offer');
    await mailAfterQuiet();
    expect((await samMails()).map((mail) => mail.subject)).toEqual(['An offer from Acme Freight for Night Forklift Operator']);

    // Turned back on, the one-click list agrees: nothing is unsubscribed.
    await postForm(t.app, '/candidate/notifications/emails', { ...fields, interview: 'on' }, { jar: sam.jar, xhr: false });
    expect(await t.app.db.selectFrom('email_unsubscribes').selectAll().execute()).toHaveLength(0);
  });

  it("a team member's email choices live on /user/account", async () => {
    const { acme } = await applied();
    const account = pageData<{ emailChoices: EmailChoicesProps }>((await getPage(t.app, '/user/account', acme.jar)).body).props.emailChoices;
    expect(account.choices.map((choice) => [choice.kind, choice.on])).toEqual([
      ['messages', true],
      ['job-expiry', true],
      ['job-review', true],
      ['application-reminders', true],
    ]);
    const saved = await postForm(t.app, '/employer/notifications/emails', { messages: 'on', 'job-review': 'on', 'application-reminders': 'on', interview: 'off', nonsense: 'on' }, { jar: acme.jar, xhr: false });
    expect(saved.headers.location).toBe('/user/account?notice=emails#email-choices');
    const after = pageData<{ emailChoices: EmailChoicesProps }>((await getPage(t.app, '/user/account?notice=emails', acme.jar)).body).props.emailChoices;
    expect(after.choices.filter((choice) => !choice.on).map((choice) => choice.kind)).toEqual(['job-expiry']);
    expect(await t.app.db.selectFrom('email_unsubscribes').select('kind').execute()).toEqual([{ kind: 'job-expiry' }]);
  });

  describe('stage emails', () => {
    it('Interview then Offer within a minute sends exactly one email, about the Offer, even with a run between', async () => {
      const { acme, applicationId } = await applied();
      await move(acme.jar, applicationId, 'interview');
      t.clock.advance(30 * SECOND);
      await t.app.runApplicantMail();
      await move(acme.jar, applicationId, 'offer');
      t.clock.advance(30 * SECOND);
      await t.app.runApplicantMail();
      expect(await samMails()).toEqual([]);
      await mailAfterQuiet();
      await mailAfterQuiet();
      const mails = await samMails();
      expect(mails.map((mail) => mail.subject)).toEqual(['An offer from Acme Freight for Night Forklift Operator']);
      expect(mails[0]!.text).toContain('Congratulations, Sam!');
      expect(mails[0]!.headers['List-Unsubscribe']).toMatch(/\/user\/unsubscribe\/offer\./);
    });

    it('no email is lost because the stage moved on: Interview held, then Offer, then Hired each send theirs', async () => {
      const { acme, applicationId } = await applied();
      await move(acme.jar, applicationId, 'interview');
      await mailAfterQuiet();
      await move(acme.jar, applicationId, 'offer');
      await mailAfterQuiet();
      await move(acme.jar, applicationId, 'hired');
      await mailAfterQuiet();
      expect((await samMails()).map((mail) => mail.subject)).toEqual([
        'Acme Freight would like to interview you for Night Forklift Operator',
        'An offer from Acme Freight for Night Forklift Operator',
        "Welcome aboard: you're hired for Night Forklift Operator at Acme Freight",
      ]);
    });

    it('a move back sends nothing stale: Offer then back to Reviewed sends nothing; Offer then back to Interview sends Interview', async () => {
      const { acme, applicationId } = await applied();
      await move(acme.jar, applicationId, 'interview');
      await move(acme.jar, applicationId, 'offer');
      await move(acme.jar, applicationId, 'reviewed');
      await mailAfterQuiet();
      expect(await samMails()).toEqual([]);

      await move(acme.jar, applicationId, 'offer');
      t.clock.advance(SECOND);
      await move(acme.jar, applicationId, 'interview');
      await mailAfterQuiet();
      await mailAfterQuiet();
      expect((await samMails()).map((mail) => mail.subject)).toEqual(['Acme Freight would like to interview you for Night Forklift Operator']);
      // The notification says where it stands now.
      expect((await t.app.db.selectFrom('notifications').select('text').execute()).map((row) => row.text)).toEqual([
        'Good news: Acme Freight would like to interview you for Night Forklift Operator.',
      ]);
    });

    it('Rejected with rejection emails off sends no email but notifies; with them on, it emails', async () => {
      const { acme, sam, applicationId } = await applied();
      await move(acme.jar, applicationId, 'rejected');
      expect(await mailAfterQuiet()).toMatchObject({ sent: 0 });
      expect(await samMails()).toEqual([]);
      expect((await listOf(sam.jar)).props.notifications[0]!.text).toContain('decided not to go ahead');

      await postForm(t.app, '/employer/company/applicant-emails', { rejection_emails: 'on' }, { jar: acme.jar, xhr: false });
      t.clock.advance(SECOND);
      const kim = await seekerWithProfile(t.app, 'kim@example.com', 'Kim Other');
      const kims = await apply(t.app, kim, acme.jobId);
      await move(acme.jar, kims, 'rejected');
      await mailAfterQuiet();
      expect((await mailbox(t.app, 'kim@example.com')).filter((mail) => mail.subject.startsWith('Your application for')).map((mail) => mail.text.split('\n')[0])).toEqual(['Hello Kim,']);
      // Sam's rejection, made while they were off, is never mailed.
      expect(await samMails()).toEqual([]);
    });

    it('a stage that has not held for the mail window is not mailed yet', async () => {
      const { acme, applicationId } = await applied();
      await move(acme.jar, applicationId, 'hired');
      t.clock.advance(STAGE_MAIL_QUIET_MS - SECOND);
      expect(await t.app.runApplicantMail()).toMatchObject({ sent: 0 });
      t.clock.advance(SECOND);
      expect(await t.app.runApplicantMail()).toMatchObject({ sent: 1 });
    });
  });
});
