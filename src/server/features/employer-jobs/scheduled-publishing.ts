import type { FastifyBaseLogger } from 'fastify';
import type { PostingError } from '../../../shared/employer-jobs/fields';
import type { QueueHandle } from '../queue/queue.plugin';
import { publishRefusedEmail, publishRefusedKey, publishRefusedRecipient, type PublishRefusedMailJob } from './publish-refused-mail';
import { DEFAULT_TIME_ZONE, formatInZone, isTimeZone, wallClock, zonedTimeToUtc } from '../../../shared/interviews/time-zones';
import type { JobRow } from '../jobs/jobs.table';
import { publishJob, type CompanyFacts, type PublishResult, type ServiceDeps } from './employer-jobs.service';
import { DAY_MS } from '../../../shared/time';
import { parseDraftData } from './job-posting';

/** Decision 0292: a publish time is at least a few minutes ahead and at most 90 days. */
export const SCHEDULE_MIN_AHEAD_MS = 5 * 60_000;
export const SCHEDULE_MAX_DAYS = 90;
/** How often the scheduler looks for due drafts: a scheduled job goes live within this of its time. */
export const SCHEDULED_PUBLISH_EVERY_MS = 60_000;

export const SCHEDULE_MESSAGES = {
  missing: 'Publish date: choose the date and time to publish.',
  invalid: 'Publish date: enter a date and time such as 2026-12-05 09:00.',
  zone: 'Time zone: choose a time zone from the list.',
  past: 'Publish date: choose a time at least 5 minutes from now.',
  tooFar: `Publish date: choose a time within ${SCHEDULE_MAX_DAYS} days.`,
} as const;

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const text = (value: unknown, max: number) => (typeof first(value) === 'string' ? (first(value) as string).trim().slice(0, max) : '');

export interface ScheduleInput {
  /** As typed: "YYYY-MM-DDTHH:MM" in timeZone. */
  local: string;
  timeZone: string;
}

/** The schedule fields of a form post, as typed (to show back), and the UTC instant when they are valid. */
export function readSchedule(body: unknown, now: number): { input: ScheduleInput; publishAt: number | null; errors: PostingError[] } {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const input = { local: text(record.publish_at, 40), timeZone: text(record.time_zone, 64) || DEFAULT_TIME_ZONE };
  const errors: PostingError[] = [];
  if (!isTimeZone(input.timeZone)) errors.push({ field: 'time_zone', message: SCHEDULE_MESSAGES.zone });
  if (input.local === '') errors.push({ field: 'publish_at', message: SCHEDULE_MESSAGES.missing });
  if (errors.length > 0) return { input, publishAt: null, errors };
  const publishAt = zonedTimeToUtc(input.local, input.timeZone);
  if (publishAt === null) errors.push({ field: 'publish_at', message: SCHEDULE_MESSAGES.invalid });
  else if (publishAt < now + SCHEDULE_MIN_AHEAD_MS) errors.push({ field: 'publish_at', message: SCHEDULE_MESSAGES.past });
  else if (publishAt > now + SCHEDULE_MAX_DAYS * DAY_MS) errors.push({ field: 'publish_at', message: SCHEDULE_MESSAGES.tooFar });
  return { input, publishAt: errors.length ? null : publishAt, errors };
}

/** "Scheduled for Sat, Dec 5, 2026, 9:00 AM CST", in the zone the employer chose it in; null when not scheduled. */
export function scheduledFor(job: Pick<JobRow, 'status' | 'publish_at' | 'publish_time_zone'>): string | null {
  if (job.status !== 'draft' || job.publish_at === null) return null;
  return `Scheduled for ${formatInZone(job.publish_at, job.publish_time_zone ?? DEFAULT_TIME_ZONE)}`;
}

/** The stored schedule as the form's fields show it ("YYYY-MM-DDTHH:MM" in the chosen zone). */
export function scheduleFields(job: Pick<JobRow, 'publish_at' | 'publish_time_zone'>): ScheduleInput | undefined {
  if (job.publish_at === null) return undefined;
  const zone = job.publish_time_zone ?? DEFAULT_TIME_ZONE;
  const wall = wallClock(job.publish_at, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { local: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`, timeZone: zone };
}

export interface ScheduledRunDeps extends Omit<ServiceDeps, 'now'> {
  now: () => number;
  companyFacts(companyId: string): Promise<CompanyFacts | null>;
  /** A refusal's email (decision 0310), queued with the refusal's record. */
  refusedMail: QueueHandle<PublishRefusedMailJob>;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface ScheduledRunResult {
  published: number;
  refused: number;
}

const REFUSAL_TEXT: Record<Exclude<PublishResult['kind'], 'done'>, string> = {
  invalid: 'The draft no longer passes the publishing rules. Open it, fix what it names and publish again.',
  daily_limit: 'Your company had already posted 20 jobs that day, the most a company can post in one day. Publish it again or choose a new time.',
  plan_limit: '',
};

/**
 * Publishes every draft whose time has come, each through publishJob: the same moderation, plan and
 * daily limits as the Publish button (decision 0292). Each draft is claimed first by clearing its time
 * with a conditional update, so two instances never publish one twice. A refused draft stays a draft
 * with the reason, shown on its form and dashboard row.
 */
export async function runScheduledPublishes(deps: ScheduledRunDeps): Promise<ScheduledRunResult> {
  const result: ScheduledRunResult = { published: 0, refused: 0 };
  const now = deps.now();
  const due = await deps.db.selectFrom('jobs').selectAll().where('status', '=', 'draft').where('publish_at', '<=', now).orderBy('publish_at').limit(100).execute();
  for (const job of due) {
    const claim = await deps.db.updateTable('jobs').set({ publish_at: null }).where('id', '=', job.id).where('status', '=', 'draft').where('publish_at', '=', job.publish_at).executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;
    const company = await deps.companyFacts(job.company_id);
    if (!company) continue;
    const outcome = await publishJob(
      { db: deps.db, dialect: deps.dialect, now: deps.now(), rateLimitStore: deps.rateLimitStore },
      { company, accountId: job.posted_by ?? '', job: { ...job, publish_at: null }, body: parseDraftData(job.draft_data) },
    );
    if (outcome.kind === 'done') {
      result.published += 1;
      continue;
    }
    result.refused += 1;
    const problem = outcome.kind === 'plan_limit' ? outcome.message : REFUSAL_TEXT[outcome.kind];
    // The email names what the form would: each rule the draft breaks, or the limit it met.
    const reasons = outcome.kind === 'invalid' ? [problem, ...outcome.errors.map((error) => error.message)] : [problem];
    const to = await publishRefusedRecipient(deps.db, job.company_id, job.publish_scheduled_by);
    // The record and its email together: the claim above lets one run only reach here for this time.
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('jobs').set({ publish_problem: problem, publish_time_zone: null, publish_scheduled_by: null }).where('id', '=', job.id).where('status', '=', 'draft').execute();
      if (!to) return;
      const message = publishRefusedEmail({ to, jobId: job.id, title: job.title, publishAt: Number(job.publish_at), timeZone: job.publish_time_zone, reasons, publicUrl: deps.publicUrl });
      await deps.refusedMail.enqueue(trx, publishRefusedKey(job.id, Number(job.publish_at)), { jobId: job.id, message });
    });
    if (!to) deps.log.warn({ jobId: job.id }, 'refused publish not emailed: the company has nobody to tell');
  }
  return result;
}
