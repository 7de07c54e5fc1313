// The owner's two emails about the free trial (decision 0309): "your trial ends soon", about two days
// ahead, and "your trial has ended", when the trial run puts the company back on Free. Each is queued
// once: the first under a claim of companies.trial_notice_at, the second in the transaction that ends
// the trial (itself claimed once, decision 0288). The job queue sends, retrying with backoff.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { PLAN_USAGE_PATHS, TRIAL_PLAN_ID, formatDay, formatMoment } from '../../../shared/companies/plan-usage';
import { planFor } from '../../../shared/companies/plans';
import { countOf, plural } from '../../../shared/plural';
import { DAY_MS } from '../../../shared/time';
import type { Db } from '../../db/database';
import { escapeHtml } from '../../plugins/ssr';
import { MailMessageSchema } from '../mail/mail-message.schema';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { QueueHandle } from '../queue/queue.plugin';
import type { RunningJob } from '../queue/queue';
import { withCompanyRowLock } from './plan-limits';

/** The "ends soon" email goes this long before the trial's end. */
export const TRIAL_NOTICE_AHEAD_MS = 2 * DAY_MS;

export const TrialMailJobSchema = z.object({ companyId: z.string(), kind: z.enum(['ending', 'ended']), message: MailMessageSchema });
export type TrialMailJob = z.infer<typeof TrialMailJobSchema>;

/** The company's owner's address; null when the owner's account is gone. */
export async function ownerAddress(db: Db, companyId: string): Promise<string | null> {
  const row = await db
    .selectFrom('company_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select('a.email')
    .where('m.company_id', '=', companyId)
    .where('m.role', '=', 'owner')
    .orderBy('m.created_at')
    .executeTakeFirst();
  return row?.email ?? null;
}

/** The key (and so the Message-ID) of a trial email: one trial per company, so one of each kind. */
export const trialMailKey = (kind: TrialMailJob['kind'], companyId: string, trialStartedAt: number) => `plan-trial:${kind}:${companyId}:${trialStartedAt}`;

const free = planFor({ plan: 'free' });
const trialPlan = planFor({ plan: TRIAL_PLAN_ID });

function wrap(paragraphs: Array<{ text: string; html: string }>): { text: string; html: string } {
  return {
    text: paragraphs.map((p) => p.text).join('\n\n'),
    html: `<!doctype html><html lang="en"><body>${paragraphs.map((p) => `<p>${p.html}</p>`).join('')}</body></html>`,
  };
}
const plain = (text: string) => ({ text, html: escapeHtml(text) });
const planLink = (publicUrl: string, lead: string) => {
  const href = `${publicUrl}${PLAN_USAGE_PATHS.setPlan}`;
  return { text: `${lead}: ${href}`, html: `<a href="${escapeHtml(href)}">${escapeHtml(lead)}</a>` };
};

/** Two days ahead: when it ends, what Free allows, which jobs would pause, and that nothing is lost. */
export function trialEndingEmail(options: { to: string; companyName: string; endsAt: number; liveJobs: number; publicUrl: string }): MailMessage {
  const over = Math.max(0, options.liveJobs - free.liveJobs);
  const jobs = over === 0
    ? `${options.companyName} has ${countOf(options.liveJobs, 'live job', 'live jobs')}, within Free's limit: ${plural(options.liveJobs, 'it keeps', 'they keep')} running.`
    : `${options.companyName} has ${countOf(options.liveJobs, 'live job', 'live jobs')}. The oldest-posted ${countOf(free.liveJobs, 'job keeps', 'jobs keep')} running; the ${countOf(over, 'newer job', 'newer jobs')} will be paused: job seekers won't see ${plural(over, 'it', 'them')}, but nothing is lost. Paused jobs keep their applicants and run again as soon as your plan has room.`;
  const body = wrap([
    plain(`Your free trial of ${trialPlan.name} ends on ${formatMoment(options.endsAt)}.`),
    plain(`Then ${options.companyName} goes back to the Free plan, which allows ${countOf(free.liveJobs, 'live job', 'live jobs')} at a time and no résumé database.`),
    plain(jobs),
    planLink(options.publicUrl, `To stay on ${trialPlan.name}, ask our sales team from your plan page`),
  ]);
  return { to: options.to, subject: `Your free trial of ${trialPlan.name} ends on ${formatDay(options.endsAt)}`, ...body };
}

/** When it has ended: on Free now, which jobs paused, nothing lost, how to get more. */
export function trialEndedEmail(options: { to: string; companyName: string; paused: number; publicUrl: string }): MailMessage {
  const jobs = options.paused === 0
    ? 'Your live jobs keep running: they are within Free’s limit.'
    : `${countOf(options.paused, 'job', 'jobs')} ${plural(options.paused, 'is', 'are')} paused: job seekers don’t see ${plural(options.paused, 'it', 'them')}, but nothing is lost. Paused jobs keep their applicants, you can still edit or close them, and they run again as soon as your plan has room.`;
  const body = wrap([
    plain(`Your free trial of ${trialPlan.name} has ended, and ${options.companyName} is on the Free plan now: ${countOf(free.liveJobs, 'live job', 'live jobs')} at a time.`),
    plain(jobs),
    planLink(options.publicUrl, `To go back to ${trialPlan.name}, ask our sales team from your plan page`),
  ]);
  return { to: options.to, subject: `Your free trial of ${trialPlan.name} has ended`, ...body };
}

export interface TrialMailDeps {
  db: Db;
  queue: QueueHandle<TrialMailJob>;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Queues "ends soon" for every running trial within two days of its end, once per company: the email is
 * queued and trial_notice_at claimed in one transaction, so racing runs queue it once (the key would
 * stop a second too). Answers how many were queued.
 */
export async function queueTrialEndingNotices(deps: TrialMailDeps, now: number): Promise<number> {
  const due = await deps.db
    .selectFrom('companies')
    .select(['id', 'name', 'trial_started_at', 'trial_ends_at'])
    .where('trial_ends_at', 'is not', null)
    .where('trial_ends_at', '>', now)
    .where('trial_ends_at', '<=', now + TRIAL_NOTICE_AHEAD_MS)
    .where('trial_notice_at', 'is', null)
    .where('closed_at', 'is', null)
    .orderBy('trial_ends_at')
    .limit(500)
    .execute();
  let queued = 0;
  for (const company of due) {
    const done = await withCompanyRowLock(deps.db, company.id, async (trx) => {
      const claim = await trx.updateTable('companies').set({ trial_notice_at: now }).where('id', '=', company.id).where('trial_notice_at', 'is', null).where('trial_ends_at', '=', company.trial_ends_at).executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      const to = await ownerAddress(trx, company.id);
      if (!to) {
        deps.log.warn({ companyId: company.id }, 'trial ending email not sent: the company has no owner');
        return false;
      }
      const live = await trx.selectFrom('jobs').select((eb) => eb.fn.countAll<number | string>().as('n')).where('company_id', '=', company.id).where('status', '=', 'open').executeTakeFirstOrThrow();
      const message = trialEndingEmail({ to, companyName: company.name, endsAt: Number(company.trial_ends_at), liveJobs: Number(live.n), publicUrl: deps.publicUrl });
      await deps.queue.enqueue(trx, trialMailKey('ending', company.id, Number(company.trial_started_at)), { companyId: company.id, kind: 'ending', message });
      return true;
    });
    if (done) queued += 1;
  }
  return queued;
}

/** Queues "has ended" inside the transaction that ended the trial (endDueTrials' hook). */
export async function queueTrialEnded(deps: TrialMailDeps, trx: Db, companyId: string, paused: number): Promise<void> {
  const company = await trx.selectFrom('companies').select(['name', 'trial_started_at']).where('id', '=', companyId).executeTakeFirst();
  const to = await ownerAddress(trx, companyId);
  if (!company || company.trial_started_at === null || !to) {
    deps.log.warn({ companyId }, 'trial ended email not sent: the company has no owner');
    return;
  }
  const message = trialEndedEmail({ to, companyName: company.name, paused, publicUrl: deps.publicUrl });
  await deps.queue.enqueue(trx, trialMailKey('ended', companyId, Number(company.trial_started_at)), { companyId, kind: 'ended', message });
}

/**
 * The queued job. "Ends soon" is skipped if the trial no longer runs when it is sent (sales set a plan,
 * the company closed): "has ended" or the plan page says what holds. A failed send throws, so the queue
 * retries it.
 */
export async function sendTrialMail(deps: { db: Db; mailer: Mailer; now: () => number; log: FastifyBaseLogger }, job: RunningJob<TrialMailJob>): Promise<string> {
  if (job.payload.kind === 'ending') {
    const company = await deps.db.selectFrom('companies').select(['trial_ends_at', 'closed_at']).where('id', '=', job.payload.companyId).executeTakeFirst();
    if (!company || company.closed_at !== null || company.trial_ends_at === null || company.trial_ends_at <= deps.now()) return 'skipped';
  }
  try {
    await deps.mailer.send({ ...job.payload.message, messageId: job.messageId });
  } catch (error) {
    deps.log.warn({ err: error, companyId: job.payload.companyId, kind: job.payload.kind, attempt: job.attempt }, 'trial email not sent');
    throw error;
  }
  return 'sent';
}
