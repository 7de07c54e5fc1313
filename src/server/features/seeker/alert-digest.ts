import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { RADIUS_MILES, type RadiusMiles } from '../../../shared/jobs/enums';
import { searchUrl, type SearchCriteria } from '../../../shared/jobs/search-url';
import { savedSearchMatchText } from '../../../shared/notifications/notifications';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import type { Db, DialectName } from '../../db/database';
import { escapeHtml } from '../../plugins/ssr';
import type { Mailer, MailMessage } from '../mail/mailer';
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

export interface DigestDeps {
  db: Db;
  dialect: DialectName;
  mailer: Mailer;
  now: () => number;
  publicUrl: string;
  /** Signs the alerts' unsubscribe links: the unsubscribe links' current secret (decision 0276). */
  secret: string;
  log: FastifyBaseLogger;
}

export interface DigestResult {
  sent: number;
  empty: number;
  failed: number;
}

/** Alerts claimed per query; a run keeps going until nothing is due. */
const BATCH = 50;
const MAX_JOBS_PER_EMAIL = 10;

/**
 * Sends each due alert its new matches (jobs posted since its last send). Idempotent across
 * restarts (decision 0072): before mailing, an alert is claimed in the database by moving its
 * next_send_at forward with a compare-and-set and writing a 'claimed' delivery row, in one
 * transaction. A run that dies after claiming leaves the claim; no later run sends that window
 * again, so a crash can lose one digest but never send one twice. The matches not mailed are
 * still newer than last_sent_at, so the next digest includes them.
 */
export async function runAlertDigest(deps: DigestDeps): Promise<DigestResult> {
  const result: DigestResult = { sent: 0, empty: 0, failed: 0 };
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
      const deliveryId = await claimAlert(deps.db, alert, now);
      if (!deliveryId) continue;
      const outcome = await deliver(deps, alert, email, deliveryId, now);
      result[outcome] += 1;
    }
  }
  return result;
}

/** The compare-and-set claim. Answers the delivery id, or null when another run claimed it first. */
async function claimAlert(db: Db, alert: JobAlertRow, now: number): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('job_alerts')
      .set({ next_send_at: now + (FREQUENCY_MS[alert.frequency] ?? FREQUENCY_MS.daily!) })
      .where('id', '=', alert.id)
      .where('next_send_at', '=', alert.next_send_at)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return null;
    const id = randomUUID();
    await trx
      .insertInto('alert_deliveries')
      .values({ id, alert_id: alert.id, window_start: alert.last_sent_at, window_end: now, status: 'claimed', job_count: 0, claimed_at: now })
      .execute();
    return id;
  });
}

async function deliver(deps: DigestDeps, alert: JobAlertRow, email: string, deliveryId: string, windowEnd: number): Promise<'sent' | 'empty' | 'failed'> {
  const finish = async (status: 'sent' | 'empty' | 'failed', jobCount: number) => {
    await deps.db.updateTable('alert_deliveries').set({ status, job_count: jobCount, finished_at: deps.now() }).where('id', '=', deliveryId).execute();
    if (status !== 'failed') await deps.db.updateTable('job_alerts').set({ last_sent_at: windowEnd }).where('id', '=', alert.id).execute();
  };
  const jobs = await newMatches(deps, alert, windowEnd);
  if (jobs.length === 0) {
    await finish('empty', 0);
    return 'empty';
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
  try {
    await deps.mailer.send(alertEmail({ to: email, alert, jobs, publicUrl: deps.publicUrl, token: unsubscribeToken(deps.secret, alert.account_id, alert.id) }));
  } catch (error) {
    deps.log.warn({ err: error, alertId: alert.id }, 'job alert email not sent');
    await finish('failed', jobs.length);
    return 'failed';
  }
  await finish('sent', jobs.length);
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
