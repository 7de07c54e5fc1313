import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { EMPLOYER_JOBS_PATHS } from '../../../shared/employer-jobs/page-props';
import { EXPIRY_NOTICE_DAYS, RENEW_DAYS } from '../../../shared/employer-jobs/fields';
import type { Db } from '../../db/database';
import { escapeHtml } from '../../plugins/ssr';
import { isUnsubscribed } from '../mail/list-unsubscribe';
import { MailMessageSchema } from '../mail/mail-message.schema';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { QueueHandle } from '../queue/queue.plugin';
import type { RunningJob } from '../queue/queue';
import { jobPath } from '../jobs/slugs';
import { notify } from '../notifications/notifications.service';
import { savedJobClosingText } from '../../../shared/notifications/notifications';
import { DAY_MS } from '../../../shared/time';

/** An expiry notice in the job queue: the rendered email to one of the company's people (decision 0280). */
export const ExpiryMailJobSchema = z.object({ jobId: z.string(), message: MailMessageSchema });
export type ExpiryMailJob = z.infer<typeof ExpiryMailJobSchema>;

export interface ExpiryDeps {
  db: Db;
  queue: QueueHandle<ExpiryMailJob>;
  now: () => number;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The addresses of the company's people (its members), who get the notice. */
  recipients(companyId: string): Promise<string[]>;
}

export interface ExpiryResult {
  expired: number;
  /** Jobs whose notices were claimed and queued: the job queue sends them. */
  noticesQueued: number;
  /** Jobs whose company has nobody to tell: claimed, nothing sent. */
  noticesUnsent: number;
}

const BATCH = 100;

/**
 * The scheduled expiry (decisions 0112, 0280). Safe to run twice and on several instances at once:
 * - closing is one conditional UPDATE (live and past its date -> expired): a second run finds nothing;
 * - one email per person is enqueued under a key naming the notice (job, its expiry date, the person),
 *   then the notice is claimed by a compare-and-set of expiry_notice_at (null -> now): runs racing for
 *   a job enqueue the same jobs, and a run that dies between the two leaves jobs the next run's enqueue
 *   finds. No transaction spans them (as decision 0272). The job queue sends, retrying with backoff.
 */
export async function runJobExpiry(deps: ExpiryDeps): Promise<ExpiryResult> {
  const now = deps.now();
  const result: ExpiryResult = { expired: 0, noticesQueued: 0, noticesUnsent: 0 };
  const closed = await deps.db
    .updateTable('jobs')
    .set({ status: 'expired', closed_at: now, updated_at: now })
    .where('status', '=', 'open')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  result.expired = Number(closed.numUpdatedRows);

  const tried = new Set<string>();
  for (;;) {
    const due = await deps.db
      .selectFrom('jobs')
      .select(['id', 'company_id', 'company_name', 'title', 'expires_at', 'city', 'state'])
      .where('status', '=', 'open')
      .where('expires_at', '>', now)
      .where('expires_at', '<=', now + EXPIRY_NOTICE_DAYS * DAY_MS)
      .where('expiry_notice_at', 'is', null)
      .orderBy('expires_at')
      .limit(BATCH)
      .execute();
    const fresh = due.filter((job) => !tried.has(job.id));
    if (fresh.length === 0) break;
    for (const job of fresh) {
      tried.add(job.id);
      const to = await deps.recipients(job.company_id);
      // A renewed job's next notice is new work: its expiry date is in the key.
      for (const address of to) {
        const message = expiryNoticeEmail({ to: address, title: job.title, expiresAt: Number(job.expires_at), publicUrl: deps.publicUrl });
        await deps.queue.enqueue(deps.db, `job-expiry:${job.id}:${Number(job.expires_at)}:${address}`, { jobId: job.id, message });
      }
      const claim = await deps.db.updateTable('jobs').set({ expiry_notice_at: now }).where('id', '=', job.id).where('expiry_notice_at', 'is', null).executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      await tellTheSavers(deps.db, job, now);
      if (to.length === 0) {
        deps.log.warn({ jobId: job.id }, 'job expiry notice not sent: the company has nobody to tell');
        result.noticesUnsent += 1;
      } else {
        result.noticesQueued += 1;
      }
    }
  }
  return result;
}

/** The queued job: one expiry notice, unless the address unsubscribed from them. A failed send throws, so the queue retries it. */
export async function sendExpiryNotice(deps: { db: Db; mailer: Mailer; listKey: string; log: FastifyBaseLogger }, job: RunningJob<ExpiryMailJob>): Promise<string> {
  if (await isUnsubscribed(deps.db, deps.listKey, job.payload.message.to, 'job-expiry')) return 'skipped';
  try {
    await deps.mailer.send({ ...job.payload.message, messageId: job.messageId });
  } catch (error) {
    deps.log.warn({ err: error, jobId: job.payload.jobId, attempt: job.attempt }, 'job expiry notice not sent');
    throw error;
  }
  return 'sent';
}

export function expiryNoticeEmail(options: { to: string; title: string; expiresAt: number; publicUrl: string }): MailMessage {
  const date = new Date(options.expiresAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const dashboard = `${options.publicUrl}${EMPLOYER_JOBS_PATHS.dashboard}`;
  return {
    to: options.to,
    subject: `Your job "${options.title}" expires on ${date}`,
    text: [`Your job "${options.title}" on Jobwise expires on ${date}.`, '', `Renew it for ${RENEW_DAYS} more days from your dashboard: ${dashboard}`].join('\n'),
    html:
      '<!doctype html><html lang="en"><body>' +
      `<p>Your job <strong>${escapeHtml(options.title)}</strong> on Jobwise expires on ${escapeHtml(date)}.</p>` +
      `<p><a href="${escapeHtml(dashboard)}">Renew it for ${RENEW_DAYS} more days from your dashboard</a></p>` +
      '</body></html>',
    kind: 'job-expiry',
  };
}

/** Everyone who saved a job closing soon is told, once, with the company's notice (decision 0228). */
async function tellTheSavers(db: Db, job: { id: string; company_name: string; title: string; expires_at: number | null; city: string; state: string }, now: number): Promise<void> {
  const savers = await db.selectFrom('saved_jobs').select('account_id').where('job_id', '=', job.id).execute();
  const date = new Date(Number(job.expires_at)).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
  for (const { account_id } of savers) {
    await notify(db, { accountId: account_id, kind: 'saved_job_closing', text: savedJobClosingText(job.title, job.company_name, date), link: jobPath(job), subjectKey: `closing:${job.id}`, now });
  }
}
