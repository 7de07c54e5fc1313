import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conversationBetween } from '../support/conversations';
import { interviewMailKey, type InterviewMailJob } from '../../src/server/features/interviews/interview-mail';
import { findInterviewById } from '../../src/server/features/interviews/interviews.repository';
import { pickInterviewTime } from '../../src/server/features/interviews/interviews.service';
import type { QueueHandle } from '../../src/server/features/queue/queue.plugin';
import { messageIdFor, retryDelayAfter } from '../../src/server/features/queue/queue';
import { apply, companyWithJob, seekerWithProfile } from '../support/applicant-mail-helpers';
import { DAY_MS, insertJob } from '../support/jobs-fixtures';
import { signedInAdmin } from '../support/employer-jobs-helpers';
import type { CookieJar } from '../support/registration-helpers';
import { postForm, signIn } from '../support/seeker-helpers';
import { startSmtp, type TestSmtpServer } from '../support/smtp-server';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';
import { createSharedTestDatabase, testDialect, type SharedTestDatabase } from '../support/test-database';

const BASE_MS = 30_000;
const TRIES = 9;
const APP_ENV = { APPLICANT_MAIL_INTERVAL_SECONDS: '0', QUEUE_RETRY_DELAY_SECONDS: String(BASE_MS / 1000), MAIL_SEND_TIMEOUT_MS: '60000', QUEUE_SHUTDOWN_SECONDS: '1' };

/** Time passes for both instances, and on PostgreSQL for pg-boss's own times (as in job-queue.test.ts). */
async function passTime(apps: TestApp[], ms: number): Promise<void> {
  for (const t of apps) t.clock.advance(ms);
  if (testDialect() === 'postgres') {
    await sql`update pgboss.job set start_after = start_after - ${ms} * interval '1 millisecond', started_on = started_on - ${ms} * interval '1 millisecond'`.execute(apps[0]!.app.db);
  }
}

/**
 * The background emails that go through the job queue besides applicant emails (decision 0280): alert
 * digests, job expiry notices, unread-message emails and the follow-up reminders. A web instance records the work; a worker
 * instance with a real SMTP server queues and sends it. An SMTP failure is retried after its backoff,
 * and the email reaches the server once, under the Message-ID its key gives it.
 */
describe('queued background email', () => {
  let shared: SharedTestDatabase;
  let smtp: TestSmtpServer;
  let web: TestApp;
  let worker: TestApp;
  beforeEach(async () => {
    shared = await createSharedTestDatabase();
    smtp = await startSmtp();
    web = await createTestApp(APP_ENV, { database: shared.connect() });
    worker = await createTestApp({ ...APP_ENV, SMTP_URL: smtp.url }, { database: shared.connect() });
    worker.clock.time = web.clock.time;
  });
  afterEach(async () => {
    await worker.close();
    await web.close();
    await smtp.close();
    await shared.close();
  });

  /** The first try fails at the SMTP server; the retry after the backoff delivers; later passes send nothing. */
  async function retriedOnce(queue: string, firstRun: () => Promise<{ sent: number; failed: number }>, key: () => Promise<string> | string): Promise<void> {
    smtp.state.behaviour = 'reject';
    expect(await firstRun()).toMatchObject({ sent: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
    smtp.state.behaviour = 'accept';
    // Not before its backoff.
    await passTime([web, worker], retryDelayAfter(1, BASE_MS) - 1000);
    expect(await worker.app.queue.runDue(queue)).toEqual({});
    await passTime([web, worker], retryDelayAfter(1, BASE_MS) + 1000);
    expect(await worker.app.queue.runDue(queue)).toEqual({ sent: 1 });
    await passTime([web, worker], retryDelayAfter(3, BASE_MS) * 2);
    expect(await worker.app.queue.runDue(queue)).toEqual({});
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.messageId).toBe(messageIdFor(queue, await key(), 'http://localhost:3000'));
    expect(await worker.app.queue.deadJobs()).toEqual([]);
  }

  it('retries a job alert digest the SMTP server refused, and delivers it once', async () => {
    const jar = await signIn(web.app, 'alerts@example.com');
    await postForm(web.app, '/candidate/alerts', { search: 'Forklift', location: 'Austin, TX', radius: '25' }, { jar });
    await passTime([web, worker], DAY_MS / 2);
    await insertJob(web.app.db, web.clock.now(), { title: 'Forklift Lead', ageDays: 0 });
    await passTime([web, worker], DAY_MS / 2 + 1000);
    await retriedOnce('alert-mail', () => worker.app.runAlertDigest(), async () => {
      const delivery = await web.app.db.selectFrom('alert_deliveries').select('id').executeTakeFirstOrThrow();
      return `alert-digest:${delivery.id}`;
    });
    expect(smtp.received[0]!.subject).toBe('1 new job: Forklift near Austin, TX');
    expect(await worker.app.runAlertDigest()).toEqual({ sent: 0, empty: 0, failed: 0 });
    expect(await web.app.db.selectFrom('alert_deliveries').select(['status', 'job_count']).execute()).toEqual([{ status: 'sent', job_count: 1 }]);
  });

  it('retries a job expiry notice the SMTP server refused, and delivers it once', async () => {
    const { jobId } = await companyWithJob(web.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const job = await web.app.db.selectFrom('jobs').select('expires_at').where('id', '=', jobId).executeTakeFirstOrThrow();
    await passTime([web, worker], Number(job.expires_at) - web.clock.now() - 2 * DAY_MS);
    smtp.received.length = 0;
    await retriedOnce('expiry-mail', () => worker.app.runJobExpiryAndMail(), () => `job-expiry:${jobId}:${Number(job.expires_at)}:boss@acme.example`);
    expect(smtp.received[0]!.subject).toMatch(/^Your job "Night Forklift Operator" expires on /);
    expect(smtp.received[0]!.to).toMatchObject({ text: 'boss@acme.example' });
    expect(await worker.app.runJobExpiryAndMail()).toMatchObject({ noticesQueued: 0, sent: 0, failed: 0 });
  });

  it('retries an unread-message email the SMTP server refused, and delivers it once', async () => {
    const { accountId: employerId } = await companyWithJob(web.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const sam = await seekerWithProfile(web.app, 'sam@example.com');
    const sentAt = web.clock.now();
    const { conversationId } = await conversationBetween(web.app.db, { companyId: 'acme', employerAccountId: employerId, seekerAccountId: sam.accountId, seekerName: 'Sam Seeker', now: sentAt });
    await passTime([web, worker], 11 * 60_000);
    await retriedOnce('message-mail', () => worker.app.runMessageMail(), () => `message-mail:${conversationId}:${sam.accountId}:${sentAt}`);
    expect(smtp.received[0]!.subject).toBe('New message from Acme Freight about Night Forklift Operator');
    expect(await worker.app.runMessageMail()).toEqual({ queued: 0, sent: 0, skipped: 0, failed: 0 });
  });

  it('retries a follow-up reminder the SMTP server refused, and delivers it once', async () => {
    const { jobId, accountId: bossId } = await companyWithJob(web.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const applicationId = await apply(web.app, await seekerWithProfile(web.app, 'sam@example.com'), jobId);
    await passTime([web, worker], 15 * DAY_MS);
    await retriedOnce('follow-up-mail', () => worker.app.runFollowUp(), () => `follow-up:reminder:${applicationId}:${bossId}`);
    expect(smtp.received[0]!.to).toMatchObject({ text: 'boss@acme.example' });
    expect(await worker.app.runFollowUp()).toMatchObject({ reminded: 0, sent: 0, failed: 0 });
    expect(await web.app.db.selectFrom('follow_up_deliveries').select(['kind', 'status']).execute()).toEqual([{ kind: 'reminder', status: 'sent' }]);
  });

  /** Interview emails (decision 0303): the team proposes, the candidate picks; web records it, the worker sends. */
  async function confirmedInterview() {
    const acme = await companyWithJob(web.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const sam = await seekerWithProfile(web.app, 'sam@example.com', 'Sam Seeker');
    const applicationId = await apply(web.app, sam, acme.jobId);
    const post = async (jar: CookieJar, url: string, body: Record<string, unknown>) => {
      const response = await web.app.inject({ method: 'POST', url, headers: { ...sameOriginHeaders, 'content-type': 'application/json', cookie: jar.header() }, payload: JSON.stringify(body) });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    const proposal = { time_zone: 'America/Chicago', times: ['2026-11-24T10:00'], minutes: '30', place_kind: 'phone', place: '+1 512 555 0100' };
    const { interview_id: id } = (await post(acme.jar, `/candidates/${applicationId}/interview`, proposal)).json<{ interview_id: string }>();
    const slot = await web.app.db.selectFrom('interview_slots').select('id').where('interview_id', '=', id).executeTakeFirstOrThrow();
    await post(sam.jar, `/interviews/${id}/pick`, { slot: slot.id, time_zone: 'America/Chicago' });
    return { id, acme, post };
  }
  const interviewMessageId = (kind: Parameters<typeof interviewMailKey>[0], id: string, sequence: number, side: 'seeker' | 'employer') =>
    messageIdFor('interview-mail', interviewMailKey(kind, { id, sequence }, side), 'http://localhost:3000');

  it('retries interview invitations the SMTP server refused and delivers each once; a move made stale by a cancellation is skipped', async () => {
    smtp.state.behaviour = 'reject';
    const { id, acme, post } = await confirmedInterview();
    expect(await worker.app.queue.runDue('interview-mail')).toEqual({ failed: 2 });
    smtp.state.behaviour = 'accept';
    await passTime([web, worker], retryDelayAfter(1, BASE_MS) - 1000);
    expect(await worker.app.queue.runDue('interview-mail')).toEqual({});
    // pg-boss adds up to the delay again as jitter (as in retriedOnce).
    await passTime([web, worker], retryDelayAfter(1, BASE_MS) + 1000);
    expect(await worker.app.queue.runDue('interview-mail')).toEqual({ sent: 2 });
    await passTime([web, worker], retryDelayAfter(3, BASE_MS) * 2);
    expect(await worker.app.queue.runDue('interview-mail')).toEqual({});
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(['Interview confirmed: Night Forklift Operator with Acme Freight', 'Interview confirmed: Night Forklift Operator with Sam Seeker']);
    expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual([interviewMessageId('confirmed', id, 0, 'seeker'), interviewMessageId('confirmed', id, 0, 'employer')].sort());

    // The move is refused; before its retry the team cancels: the stale update is skipped, the cancellation sent.
    smtp.received.length = 0;
    smtp.state.behaviour = 'reject';
    await post(acme.jar, `/interviews/${id}/reschedule`, { time_zone: 'America/Chicago', time: '2026-11-26T09:00', place_kind: 'phone', place: '+1 512 555 0100' });
    expect(await worker.app.queue.runDue('interview-mail')).toEqual({ failed: 2 });
    await post(acme.jar, `/interviews/${id}/cancel`, {});
    smtp.state.behaviour = 'accept';
    expect(await worker.app.queue.runDue('interview-mail')).toEqual({ sent: 2 });
    await passTime([web, worker], retryDelayAfter(1, BASE_MS) * 2 + 1000);
    expect(await worker.app.queue.runDue('interview-mail')).toEqual({ skipped: 2 });
    expect(smtp.received.map((mail) => mail.subject?.split(':')[0])).toEqual(['Interview cancelled', 'Interview cancelled']);
    expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual([interviewMessageId('cancelled', id, 2, 'seeker'), interviewMessageId('cancelled', id, 2, 'employer')].sort());
    expect(await worker.app.queue.deadJobs()).toEqual([]);
  });

  it('stores an interview change only with its emails: when they cannot be queued, the change is not made (decision 0303)', async () => {
    const acme = await companyWithJob(web.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const sam = await seekerWithProfile(web.app, 'sam@example.com', 'Sam Seeker');
    const applicationId = await apply(web.app, sam, acme.jobId);
    const proposal = { time_zone: 'America/Chicago', times: ['2026-11-24T10:00'], minutes: '30', place_kind: 'phone', place: '+1 512 555 0100' };
    const proposed = await web.app.inject({ method: 'POST', url: `/candidates/${applicationId}/interview`, headers: { ...sameOriginHeaders, 'content-type': 'application/json', cookie: acme.jar.header() }, payload: JSON.stringify(proposal) });
    const { interview_id: id } = proposed.json<{ interview_id: string }>();
    const slot = await web.app.db.selectFrom('interview_slots').select('id').where('interview_id', '=', id).executeTakeFirstOrThrow();
    const queueDown: QueueHandle<InterviewMailJob> = { name: 'interview-mail', enqueue: async () => Promise.reject(new Error('the queue is down')) };
    const deps = { db: web.app.db, now: web.clock.now(), rateLimitStore: web.app.rateLimits.store, queue: queueDown, publicUrl: 'http://localhost:3000' };
    const interview = (await findInterviewById(web.app.db, id))!;
    await expect(pickInterviewTime(deps, sam.accountId, interview, { slotId: slot.id, timeZone: 'America/Chicago' })).rejects.toThrow('the queue is down');
    expect((await findInterviewById(web.app.db, id))!.status).toBe('proposed');
  });

  it('an interview email refused on every try is dead after nine; an admin retries it and it is sent under its Message-ID', async () => {
    smtp.state.behaviour = 'reject';
    const { id } = await confirmedInterview();
    expect(await worker.app.queue.runDue('interview-mail')).toEqual({ failed: 2 });
    for (let failed = 1; failed < TRIES; failed += 1) {
      await passTime([web, worker], retryDelayAfter(failed, BASE_MS) * 2 + 1000);
      expect(await worker.app.queue.runDue('interview-mail')).toEqual({ failed: 2 });
    }
    await passTime([web, worker], retryDelayAfter(TRIES, BASE_MS) * 2);
    expect(await worker.app.queue.runDue('interview-mail')).toEqual({});
    const dead = await worker.app.queue.deadJobs();
    expect(dead.map((job) => job.key).sort()).toEqual([interviewMailKey('confirmed', { id, sequence: 0 }, 'employer'), interviewMailKey('confirmed', { id, sequence: 0 }, 'seeker')].sort());
    expect(dead.every((job) => job.queue === 'interview-mail' && job.attempts === TRIES)).toBe(true);

    // The admin's retry at /admin/queue.
    smtp.state.behaviour = 'accept';
    const admin = await signedInAdmin(web.app, 'admin@jobwise.example');
    const seekerJob = dead.find((job) => job.key.endsWith(':seeker'))!;
    const retried = await postForm(web.app, `/admin/queue/${seekerJob.queue}/${seekerJob.id}/retry`, {}, { jar: admin, xhr: false });
    expect(retried.headers.location).toBe('/admin/queue?notice=retried');
    expect(await worker.app.queue.runDue('interview-mail')).toEqual({ sent: 1 });
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([interviewMessageId('confirmed', id, 0, 'seeker')]);
    expect((await worker.app.queue.deadJobs()).map((job) => job.key)).toEqual([interviewMailKey('confirmed', { id, sequence: 0 }, 'employer')]);
  });

  it('queues each interview reminder once when two instances run at the same moment, and a retry sends it', async () => {
    smtp.state.behaviour = 'accept';
    const { id } = await confirmedInterview();
    expect(await worker.app.queue.runDue('interview-mail')).toEqual({ sent: 2 });
    smtp.received.length = 0;
    // Nov 21 12:00 UTC; the interview is Nov 24 16:00 UTC: 24 hours before is Nov 23 16:00.
    await passTime([web, worker], 52 * 60 * 60_000 + 1000);
    smtp.state.behaviour = 'reject';
    const second = await createTestApp({ ...APP_ENV, SMTP_URL: smtp.url }, { database: shared.connect() });
    try {
      second.clock.time = worker.clock.time;
      const runs = await Promise.all([second.app.runInterviewReminders(), worker.app.runInterviewReminders()]);
      expect(runs.reduce((sum, run) => sum + run.claimed, 0)).toBe(1);
      expect(runs.reduce((sum, run) => sum + run.failed + run.sent, 0)).toBe(2);
      smtp.state.behaviour = 'accept';
      await passTime([web, worker, second], retryDelayAfter(1, BASE_MS) * 2 + 1000);
      expect(await worker.app.runInterviewReminders()).toEqual({ claimed: 0, sent: 2, skipped: 0, failed: 0 });
    } finally {
      await second.close();
    }
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(['Tomorrow: your Night Forklift Operator interview with Acme Freight', 'Tomorrow: your Night Forklift Operator interview with Sam Seeker']);
    expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual([interviewMessageId('reminder', id, 0, 'seeker'), interviewMessageId('reminder', id, 0, 'employer')].sort());
  });
});
