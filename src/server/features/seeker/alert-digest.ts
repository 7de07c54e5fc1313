import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { RADIUS_MILES, type RadiusMiles } from '../../../shared/jobs/enums';
import { searchUrl, type SearchCriteria } from '../../../shared/jobs/search-url';
import { savedSearchMatchText } from '../../../shared/notifications/notifications';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import type { Db, DialectName } from '../../db/database';
import { escapeHtml } from '../../plugins/ssr';
import { MailMessageSchema } from '../mail/mail-message.schema';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { QueueHandle } from '../queue/queue.plugin';
import type { RunningJob } from '../queue/queue';
import { notify } from '../notifications/notifications.service';
import { formatPay, formatPlace } from '../jobs/job-view';
import { parseLocation } from '../jobs/places';
import { SearchQuerySchema, toCriteria } from '../jobs/search-query';
import { searchJobs, type JobSummaryRow } from '../jobs/search.repository';
import { jobPath } from '../jobs/slugs';
import { FREQUENCY_MS, numericAlert } from './seeker.repository';
import type { JobAlertRow } from './seeker.table';
import { unsubscribeToken } from './unsubscribe-token';
import { countOf } from '../../../shared/plural';

/** A digest in the job queue: its delivery row, its alert, and the rendered email (decisions 0272, 0280). */
export const AlertMailJobSchema = z.object({
  deliveryId: z.string(),
  alertId: z.string(),
  accountId: z.string(),
  message: MailMessageSchema,
});
export type AlertMailJob = z.infer<typeof AlertMailJobSchema>;

export interface DigestDeps {
  db: Db;
  dialect: DialectName;
  queue: QueueHandle<AlertMailJob>;
  now: () => number;
  publicUrl: string;
  /** Signs the alerts' unsubscribe links: the unsubscribe links' current secret (decision 0276). */
  secret: string;
  log: FastifyBaseLogger;
}

export interface DigestQueued {
  /** Claimed and put in the job queue, which sends them. */
  queued: number;
  /** Nothing new for the alert: claimed, not sent. */
  empty: number;
}

/** Alerts claimed per query; a run keeps going until nothing is due. */
const BATCH = 50;
const MAX_JOBS_PER_EMAIL = 10;

/**
 * Queues each due alert's new matches (jobs posted since its last digest). Idempotent across restarts
 * and instances (decisions 0072, 0280): the email is enqueued under a key naming the alert's window
 * (its last_sent_at and next_send_at), then the alert is claimed by moving next_send_at forward with a
 * compare-and-set. Runs racing for an alert enqueue the same job; a run that dies between the two steps
 * leaves a job the next run's enqueue finds. No transaction spans them, since SQLite instances sharing
 * one process's event loop would wait on each other's write lock (as decision 0272). The queue sends,
 * retrying with backoff (decision 0271).
 */
export async function queueAlertDigest(deps: DigestDeps): Promise<DigestQueued> {
  const result: DigestQueued = { queued: 0, empty: 0 };
  const tried = new Set<string>();
  for (;;) {
    const now = deps.now();
    const due = await deps.db
      .selectFrom('job_alerts as a')
      .innerJoin('accounts as u', 'u.id', 'a.account_id')
      .selectAll('a')
      .select(['u.email as email'])
      .where('a.next_send_at', '<=', now)
      // Paused: the person got a job (decision 0232).
      .where('a.paused_at', 'is', null)
      .where('u.email_unsubscribed', '=', 0)
      .where('u.email_alerts_opt_in', '=', 1)
      .orderBy('a.next_send_at')
      .orderBy('a.id')
      .limit(BATCH)
      .execute();
    const fresh = due.filter((row) => !tried.has(row.id));
    if (fresh.length === 0) break;
    for (const row of fresh) {
      tried.add(row.id);
      const { email, ...alertRow } = row;
      const alert = numericAlert(alertRow);
      const jobs = await newMatches(deps, alert, now);
      // The window's name: the same in every run that finds this alert due, and never again after it.
      const window = `${alert.id}:${alert.last_sent_at}:${alert.next_send_at}`;
      if (jobs.length > 0) {
        const message = alertEmail({ to: email, alert, jobs, publicUrl: deps.publicUrl, token: unsubscribeToken(deps.secret, alert.account_id, alert.id) });
        await deps.queue.enqueue(deps.db, `alert-digest:${window}`, { deliveryId: window, alertId: alert.id, accountId: alert.account_id, message });
      }
      if (!(await claimAlert(deps.db, alert, window, jobs.length, now))) continue;
      if (jobs.length === 0) {
        result.empty += 1;
        continue;
      }
      // The bell says so too, one notification an alert kept to the newest (decision 0228).
      await notify(deps.db, {
        accountId: alert.account_id,
        kind: 'saved_search_match',
        text: savedSearchMatchText(jobs.length, alertLabel(alert)),
        link: searchUrl(alertCriteria(alert)),
        subjectKey: `alert:${alert.id}`,
        now: deps.now(),
      });
      result.queued += 1;
    }
  }
  return result;
}

/** The compare-and-set claim, then its delivery row ('queued', or 'empty' with nothing new). False when another run claimed it first. */
async function claimAlert(db: Db, alert: JobAlertRow, deliveryId: string, jobCount: number, now: number): Promise<boolean> {
  const moved = await db
    .updateTable('job_alerts')
    .set({ next_send_at: now + (FREQUENCY_MS[alert.frequency] ?? FREQUENCY_MS.daily!), last_sent_at: now })
    .where('id', '=', alert.id)
    .where('next_send_at', '=', alert.next_send_at)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  const empty = jobCount === 0;
  await db
    .insertInto('alert_deliveries')
    .values({ id: deliveryId, alert_id: alert.id, window_start: alert.last_sent_at, window_end: now, status: empty ? 'empty' : 'queued', job_count: jobCount, claimed_at: now, finished_at: empty ? now : null })
    .execute();
  return true;
}

/**
 * The queued job: sends the digest and records the outcome on its delivery row. Skipped when the alert
 * is gone, the person turned alert emails off since, or a racing run claimed the window as empty. A
 * failed send is recorded and thrown, so the queue retries it.
 */
export async function sendAlertMail(deps: { db: Db; mailer: Mailer; now: () => number; log: FastifyBaseLogger }, job: RunningJob<AlertMailJob>): Promise<string> {
  const { deliveryId, accountId, message } = job.payload;
  const finish = (status: 'sent' | 'skipped' | 'failed') => deps.db.updateTable('alert_deliveries').set({ status, finished_at: deps.now() }).where('id', '=', deliveryId).where('status', '!=', 'empty').execute();
  const account = await deps.db.selectFrom('accounts').select(['email_unsubscribed', 'email_alerts_opt_in']).where('id', '=', accountId).executeTakeFirst();
  const alert = await deps.db.selectFrom('job_alerts').select('id').where('id', '=', job.payload.alertId).executeTakeFirst();
  const delivery = await deps.db.selectFrom('alert_deliveries').select('status').where('id', '=', deliveryId).executeTakeFirst();
  if (!account || !alert || Number(account.email_unsubscribed) === 1 || Number(account.email_alerts_opt_in) !== 1 || delivery?.status === 'empty') {
    await finish('skipped');
    return 'skipped';
  }
  try {
    await deps.mailer.send({ ...message, messageId: job.messageId });
  } catch (error) {
    deps.log.warn({ err: error, alertId: job.payload.alertId, attempt: job.attempt }, 'job alert email not sent');
    await finish('failed');
    throw error;
  }
  await finish('sent');
  return 'sent';
}

export function alertCriteria(alert: Pick<JobAlertRow, 'search' | 'location' | 'radius'>): SearchCriteria {
  const radius = (RADIUS_MILES as readonly number[]).includes(alert.radius) ? (alert.radius as RadiusMiles) : 25;
  return { ...toCriteria(SearchQuerySchema.parse({})), search: alert.search, location: alert.location, radius };
}

/** The alert's search, newest first, keeping jobs posted inside the window (reuses the jobs search). */
async function newMatches(deps: DigestDeps, alert: JobAlertRow, windowEnd: number): Promise<JobSummaryRow[]> {
  const criteria = { ...alertCriteria(alert), sort: 'date' as const };
  const located = parseLocation(alert.location);
  const place = located.status === 'found' ? located.place : null;
  const { rows } = await searchJobs(deps.db, deps.dialect, { criteria, place, now: windowEnd });
  return rows.filter((row) => Number(row.posted_at) > alert.last_sent_at && Number(row.posted_at) <= windowEnd).slice(0, MAX_JOBS_PER_EMAIL);
}

export function alertLabel(alert: Pick<JobAlertRow, 'search' | 'location'>): string {
  const what = alert.search || 'All jobs';
  return alert.location ? `${what} near ${alert.location}` : what;
}

export function alertEmail(options: { to: string; alert: JobAlertRow; jobs: JobSummaryRow[]; publicUrl: string; token: string }): MailMessage {
  const { alert, jobs, publicUrl } = options;
  const label = alertLabel(alert);
  const unsubscribeUrl = `${publicUrl}${SEEKER_PATHS.unsubscribe}/${options.token}`;
  const moreUrl = `${publicUrl}${searchUrl({ search: alert.search, location: alert.location, sort: 'date' })}`;
  const count = countOf(jobs.length, 'new job', 'new jobs');
  const lines = jobs.map((job) => `- ${job.title}, ${job.company_name}, ${formatPlace(job)} (${formatPay(job.pay_min, job.pay_max, job.pay_period)})\n  ${publicUrl}${jobPath(job)}`);
  const text = [
    `${count} for your job alert: ${label}`,
    '',
    ...lines,
    '',
    `See all matches: ${moreUrl}`,
    `Manage your alerts: ${publicUrl}${SEEKER_PATHS.alerts}`,
    `Unsubscribe from job alert emails: ${unsubscribeUrl}`,
  ].join('\n');
  const items = jobs
    .map(
      (job) =>
        `<li><a href="${escapeHtml(`${publicUrl}${jobPath(job)}`)}">${escapeHtml(job.title)}</a><br>` +
        `${escapeHtml(job.company_name)} · ${escapeHtml(formatPlace(job))} · ${escapeHtml(formatPay(job.pay_min, job.pay_max, job.pay_period))}</li>`,
    )
    .join('');
  const html =
    '<!doctype html><html lang="en"><body>' +
    `<h1>${escapeHtml(count)} for ${escapeHtml(label)}</h1><ul>${items}</ul>` +
    `<p><a href="${escapeHtml(moreUrl)}">See all matches</a> · <a href="${escapeHtml(`${publicUrl}${SEEKER_PATHS.alerts}`)}">Manage your alerts</a></p>` +
    `<p><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from job alert emails</a></p>` +
    '</body></html>';
  return {
    to: options.to,
    subject: `${count}: ${label}`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
