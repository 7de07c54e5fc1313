import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messageIdFor, retryDelayAfter } from '../../src/server/features/queue/queue';
import { apply, companyWithJob, seekerWithProfile } from '../support/applicant-mail-helpers';
import { signedInAdmin } from '../support/employer-jobs-helpers';
import { pageData } from '../support/employer-helpers';
import { getPage, postForm } from '../support/seeker-helpers';
import { startSmtp, type TestSmtpServer } from '../support/smtp-server';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSharedTestDatabase, testDialect, type SharedTestDatabase } from '../support/test-database';

const BASE_MS = 30_000;
const TRIES = 9;
/** applicant-mail's job timeout: MAIL_SEND_TIMEOUT_MS (below) twice, at least a minute. */
const TIMEOUT_MS = 120_000;
const APP_ENV = { APPLICANT_MAIL_INTERVAL_SECONDS: '0', QUEUE_RETRY_DELAY_SECONDS: String(BASE_MS / 1000), MAIL_SEND_TIMEOUT_MS: '60000', QUEUE_SHUTDOWN_SECONDS: '1' };

/**
 * Time passes for the queue: each app's clock (SQLite's queue reads it), and on PostgreSQL pg-boss's
 * own times, which follow the database's clock, moved back by as much.
 */
async function passTime(apps: TestApp[], ms: number): Promise<void> {
  for (const t of apps) t.clock.advance(ms);
  if (testDialect() === 'postgres') {
    await sql`update pgboss.job set start_after = start_after - ${ms} * interval '1 millisecond', started_on = started_on - ${ms} * interval '1 millisecond'`.execute(apps[0]!.app.db);
  }
}

const messageIds = (smtp: TestSmtpServer) => smtp.received.map((mail) => mail.messageId);

/**
 * The job queue (decisions 0270-0273) on the database the tests run on: a web instance records the
 * work (applications); worker instances with a real SMTP server run the applicant-mail queue.
 */
describe('the job queue', () => {
  let shared: SharedTestDatabase;
  let smtp: TestSmtpServer;
  let web: TestApp;
  let worker: TestApp;
  beforeEach(async () => {
    shared = await createSharedTestDatabase();
    smtp = await startSmtp();
    web = await createTestApp(APP_ENV, { database: shared.connect() });
    worker = await createTestApp({ ...APP_ENV, SMTP_URL: smtp.url }, { database: shared.connect() });
  });
  afterEach(async () => {
    await worker.close();
    await web.close();
    await smtp.close();
    await shared.close();
  });

  async function applications(count: number): Promise<string[]> {
    const { jobId } = await companyWithJob(web.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) ids.push(await apply(web.app, await seekerWithProfile(web.app, `sam${i}@example.com`, `Sam Number${i}`), jobId));
    return ids;
  }

  it('starts several instances at the same moment on one database: each finds every queue', async () => {
    // A database none has started on yet: each creates the queues it finds missing, as in a rolling start.
    const fresh = await createSharedTestDatabase();
    const more = await Promise.all([0, 1, 2].map(() => createTestApp(APP_ENV, { database: fresh.connect() })));
    try {
      const expected = (await web.app.queue.stats()).map((row) => row.queue).sort();
      for (const t of more) expect((await t.app.queue.stats()).map((row) => row.queue).sort()).toEqual(expected);
    } finally {
      await Promise.all(more.map((t) => t.close()));
      await fresh.close();
    }
  });

  it('retries a failed send with exponential backoff, then the job is dead; an admin sees it and retries it, and it is sent', async () => {
    const [applicationId] = await applications(1);
    const boss = await web.app.db.selectFrom('accounts').select('id').where('email', '=', 'boss@acme.example').executeTakeFirstOrThrow();
    const key = `new-application:${applicationId}:${boss.id}`;
    smtp.state.behaviour = 'reject';

    expect(await worker.app.runApplicantMail()).toMatchObject({ queued: 1, failed: 1, sent: 0 });
    for (let failed = 1; failed < TRIES; failed += 1) {
      // Not before its backoff: base, twice that, four times...
      await passTime([web, worker], retryDelayAfter(failed, BASE_MS) - 1000);
      expect(await worker.app.queue.runDue('applicant-mail')).toEqual({});
      await passTime([web, worker], retryDelayAfter(failed, BASE_MS) + 1000);
      expect(await worker.app.queue.runDue('applicant-mail')).toEqual({ failed: 1 });
    }
    const delivery = await web.app.db.selectFrom('applicant_mail_deliveries').select('status').executeTakeFirstOrThrow();
    expect(delivery.status).toBe('failed');
    await passTime([web, worker], retryDelayAfter(TRIES, BASE_MS) * 2);
    expect(await worker.app.queue.runDue('applicant-mail')).toEqual({});

    const [dead, ...others] = await worker.app.queue.deadJobs();
    expect(others).toHaveLength(0);
    expect(dead).toMatchObject({ queue: 'applicant-mail', key, attempts: TRIES });
    expect(dead!.lastError).toContain('Mailbox unavailable');
    expect((await worker.app.queue.stats()).find((stats) => stats.queue === 'applicant-mail')).toMatchObject({ dead: 1, waiting: 0, active: 0 });

    // The admin page lists it; nobody else sees the page.
    const admin = await signedInAdmin(web.app, 'admin@jobwise.example');
    const page = await getPage(web.app, '/admin/queue', admin);
    expect(page.statusCode).toBe(200);
    const props = pageData(page.body).props as { dead: { key: string; retryHref: string }[] };
    expect(props.dead.map((job) => job.key)).toEqual([key]);
    const seeker = await seekerWithProfile(web.app, 'nosy@example.com');
    expect((await getPage(web.app, '/admin/queue', seeker.jar)).statusCode).toBe(404);
    expect((await postForm(web.app, props.dead[0]!.retryHref, {}, { jar: seeker.jar, xhr: false })).statusCode).toBe(404);

    smtp.state.behaviour = 'accept';
    const retried = await postForm(web.app, props.dead[0]!.retryHref, {}, { jar: admin, xhr: false });
    expect(retried.statusCode).toBe(303);
    expect(retried.headers.location).toBe('/admin/queue?notice=retried');
    expect((await postForm(web.app, props.dead[0]!.retryHref, {}, { jar: admin, xhr: false })).headers.location).toBe('/admin/queue?notice=gone');
    expect(await worker.app.queue.runDue('applicant-mail')).toEqual({ sent: 1 });
    expect(await worker.app.queue.deadJobs()).toEqual([]);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.subject).toBe('New application for Night Forklift Operator: Sam Number0');
    expect(smtp.received[0]!.messageId).toBe(messageIdFor('applicant-mail', key, 'http://localhost:3000'));
    expect((await web.app.db.selectFrom('applicant_mail_deliveries').select('status').executeTakeFirstOrThrow()).status).toBe('sent');
  });

  it('sends again after an instance died mid-send: one duplicate at most, under the same Message-ID', async () => {
    await applications(1);
    const next = await createTestApp({ ...APP_ENV, SMTP_URL: smtp.url }, { database: shared.connect() });
    // The first worker's send reaches the server, which never answers; then that worker dies.
    smtp.state.behaviour = 'keep-and-hang';
    const dying = worker.app.runApplicantMail();
    await expect.poll(() => smtp.received.length).toBe(1);
    smtp.state.behaviour = 'accept';
    try {
      next.clock.time = worker.clock.time;
      // Not while the dead instance's try may still be running.
      expect(await next.app.queue.runDue('applicant-mail')).toEqual({});
      await passTime([web, worker, next], TIMEOUT_MS + retryDelayAfter(1, BASE_MS) * 2);
      let sent = (await next.app.queue.runDue('applicant-mail')).sent ?? 0;
      await passTime([web, worker, next], retryDelayAfter(1, BASE_MS) * 2);
      sent += (await next.app.queue.runDue('applicant-mail')).sent ?? 0;
      expect(sent).toBe(1);
      await passTime([web, worker, next], retryDelayAfter(3, BASE_MS) * 2);
      expect(await next.app.queue.runDue('applicant-mail')).toEqual({});
    } finally {
      await next.close();
    }
    expect(smtp.received).toHaveLength(2);
    const [first, second] = messageIds(smtp);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    void dying.catch(() => undefined);
  });

  it('on shutdown finishes the send in progress when it ends in time', async () => {
    await applications(1);
    let open!: () => void;
    smtp.state.gate = new Promise((resolve) => (open = resolve));
    smtp.state.behaviour = 'hold';
    const running = worker.app.runApplicantMail();
    await expect.poll(async () => (await worker.app.queue.stats()).find((stats) => stats.queue === 'applicant-mail')?.active).toBe(1);
    const closing = worker.app.close();
    open();
    await closing;
    expect(await running).toMatchObject({ sent: 1 });
    expect((await web.app.queue.stats()).find((stats) => stats.queue === 'applicant-mail')).toMatchObject({ active: 0, waiting: 0, done: expect.any(Number) });
    expect(smtp.received).toHaveLength(1);
  });

  it('on shutdown releases a send that does not end in time: another instance sends it at once', async () => {
    await worker.close();
    worker = await createTestApp({ ...APP_ENV, SMTP_URL: smtp.url, QUEUE_SHUTDOWN_SECONDS: '0' }, { database: shared.connect() });
    await applications(1);
    smtp.state.behaviour = 'hang';
    const next = await createTestApp({ ...APP_ENV, SMTP_URL: smtp.url }, { database: shared.connect() });
    void worker.app.runApplicantMail().catch(() => undefined);
    // The message is with the server, which never answers it.
    await expect.poll(() => smtp.state.dataSeen).toBe(1);
    await worker.app.close();
    expect((await web.app.queue.stats()).find((stats) => stats.queue === 'applicant-mail')).toMatchObject({ active: 0, waiting: 1, retrying: testDialect() === 'postgres' ? 1 : 0 });

    smtp.state.behaviour = 'accept';
    try {
      next.clock.time = worker.clock.time;
      // Due at once, with no backoff: the release was not a failed try.
      expect(await next.app.queue.runDue('applicant-mail')).toEqual({ sent: 1 });
    } finally {
      await next.close();
    }
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['New application for Night Forklift Operator: Sam Number0']);
  });

  it('delivers every email through a flaky SMTP server that refuses some and drops connections', async () => {
    const count = 12;
    await applications(count);
    smtp.state.behaviour = 'flaky';
    await worker.app.runApplicantMail();
    for (let round = 0; round < TRIES && new Set(smtp.received.map((mail) => mail.subject)).size < count; round += 1) {
      await passTime([web, worker], retryDelayAfter(round + 1, BASE_MS) * 2);
      await worker.app.queue.runDue('applicant-mail');
    }
    const subjects = smtp.received.map((mail) => mail.subject);
    expect(new Set(subjects).size).toBe(count);
    expect(smtp.state.refused).toBeGreaterThan(0);
    expect(smtp.state.dropped).toBeGreaterThan(0);
    // A dropped connection may have delivered before it dropped: at most one duplicate each, same Message-ID.
    expect(subjects.length - count).toBeLessThanOrEqual(smtp.state.dropped);
    const byId = new Map<string, Set<string>>();
    for (const mail of smtp.received) byId.set(mail.messageId!, (byId.get(mail.messageId!) ?? new Set()).add(mail.subject!));
    expect(byId.size).toBe(count);
    expect(await worker.app.queue.deadJobs()).toEqual([]);
  });
});
