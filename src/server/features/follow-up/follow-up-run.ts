// No application left in silence (issue 42, decision 0232). One run, every hour on one instance
// (scheduler), works out each company's response figures and follows up on applications nobody answered:
// the team is reminded at 14 days, the candidate is told at 30 that it is closed, unless the team kept it
// open. "An answer" is the same everywhere: the team's first stage move, or its first message in the
// application's conversation.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { sql, type ExpressionBuilder } from 'kysely';
import { applicantPath } from '../../../shared/applicants/page-props';
import { RESPONSE_PERIOD_DAYS, RESPONSE_WINDOW_DAYS, type ResponseFigures } from '../../../shared/companies/response-figures';
import { CLOSE_AFTER_DAYS, closedNotificationText, REMINDER_AFTER_DAYS, reminderNotificationText } from '../../../shared/follow-up/follow-up';
import { ERASED_ACCOUNT_ROLE } from '../../../shared/privacy/constants';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import type { Database, Db } from '../../db/database';
import { storeResponseFigures } from '../companies/company.service';
import { isUnsubscribed } from '../mail/list-unsubscribe';
import { MailMessageSchema } from '../mail/mail-message.schema';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { QueueHandle } from '../queue/queue.plugin';
import type { RunningJob } from '../queue/queue';
import { notify } from '../notifications/notifications.service';
import { closedEmail, reminderEmail } from './follow-up-emails';
import { DAY_MS } from '../../../shared/time';

/** A follow-up email in the job queue: its delivery row's key and the rendered message (decision 0280). */
export const FollowUpMailJobSchema = z.object({
  delivery: z.object({ kind: z.enum(['reminder', 'closed']), applicationId: z.string(), recipientId: z.string() }),
  message: MailMessageSchema.extend({ kind: MailMessageSchema.shape.kind.unwrap() }),
});
export type FollowUpMailJob = z.infer<typeof FollowUpMailJobSchema>;
type FollowUpDelivery = FollowUpMailJob['delivery'];

export interface FollowUpDeps {
  db: Db;
  queue: QueueHandle<FollowUpMailJob>;
  now: () => number;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface FollowUpResult {
  companies: number;
  reminded: number;
  closed: number;
}

/** A closed application older than this gets its notification but no email: a first deploy mails no backlog. */
export const CLOSED_MAIL_MAX_AGE_MS = (CLOSE_AFTER_DAYS + 30) * DAY_MS;
const BATCH = 100;

export async function runFollowUp(deps: FollowUpDeps): Promise<FollowUpResult> {
  const result: FollowUpResult = { companies: 0, reminded: 0, closed: 0 };
  result.companies = await refreshResponseFigures(deps);
  await remind(deps, result);
  await closeSilent(deps, result);
  return result;
}

type ApplicationEb = ExpressionBuilder<Database & { a: Database['job_applications'] }, 'a'>;

/** The team's first stage move (an application's first row, from_stage null, is its arrival, not a move). */
const firstMove = (eb: ApplicationEb) =>
  eb.selectFrom('application_stage_changes as s').select((inner) => inner.fn.min('s.changed_at').as('at')).whereRef('s.application_id', '=', 'a.id').where('s.from_stage', 'is not', null);

/** The team's first message in the application's conversation. */
const firstMessage = (eb: ApplicationEb) =>
  eb
    .selectFrom('conversations as c')
    .innerJoin('messages as m', 'm.conversation_id', 'c.id')
    .select((inner) => inner.fn.min('m.created_at').as('at'))
    .whereRef('c.application_id', '=', 'a.id')
    .where('m.author_side', '=', 'employer');

/** Nobody on the team has answered the application yet. */
const unanswered = (eb: ApplicationEb) =>
  eb.and([
    eb.not(eb.exists(eb.selectFrom('application_stage_changes as s').select(sql.lit(1).as('one')).whereRef('s.application_id', '=', 'a.id').where('s.from_stage', 'is not', null))),
    eb.not(
      eb.exists(
        eb
          .selectFrom('conversations as c')
          .innerJoin('messages as m', 'm.conversation_id', 'c.id')
          .select(sql.lit(1).as('one'))
          .whereRef('c.application_id', '=', 'a.id')
          .where('m.author_side', '=', 'employer'),
      ),
    ),
  ]);

export interface CountedApplication {
  createdAt: number;
  withdrawnAt: number | null;
  /** The first answer (move or message), or null. */
  answeredAt: number | null;
}

/**
 * The rule of the figures (decision 0232), for one company's applications of the period whose 14-day
 * window has closed. Left out: one withdrawn within its window before any answer (the company had no
 * fair chance). Counted as unanswered: one withdrawn after its window without an answer. Answered: its
 * first answer came within the window. The median of those answers' times (the mean of the middle two
 * for an even count, rounded to the millisecond).
 */
export function responseFigures(applications: readonly CountedApplication[]): ResponseFigures {
  const windowMs = RESPONSE_WINDOW_DAYS * DAY_MS;
  let counted = 0;
  const times: number[] = [];
  for (const application of applications) {
    const windowEnd = application.createdAt + windowMs;
    const withdrawnFirst =
      application.withdrawnAt !== null && application.withdrawnAt <= windowEnd && (application.answeredAt === null || application.withdrawnAt < application.answeredAt);
    if (withdrawnFirst) continue;
    counted += 1;
    if (application.answeredAt !== null && application.answeredAt <= windowEnd) times.push(application.answeredAt - application.createdAt);
  }
  times.sort((x, y) => x - y);
  const middle = Math.floor(times.length / 2);
  const medianMs = times.length === 0 ? null : times.length % 2 === 1 ? times[middle]! : Math.round((times[middle - 1]! + times[middle]!) / 2);
  return { counted, answered: times.length, medianMs };
}

const orNull = (value: number | string | bigint | null | undefined) => (value === null || value === undefined ? null : Number(value));

/** Works out and stores every company's figures; answers how many companies have applications counted. */
async function refreshResponseFigures(deps: FollowUpDeps): Promise<number> {
  const now = deps.now();
  // Applications of the last 90 days whose 14-day window has closed.
  const rows = await deps.db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select((eb) => ['j.company_id', 'a.created_at', 'a.withdrawn_at', firstMove(eb).as('first_move'), firstMessage(eb).as('first_message')])
    .where('a.created_at', '>', now - RESPONSE_PERIOD_DAYS * DAY_MS)
    .where('a.created_at', '<=', now - RESPONSE_WINDOW_DAYS * DAY_MS)
    .execute();
  const byCompany = new Map<string, CountedApplication[]>();
  for (const row of rows) {
    const answers = [orNull(row.first_move), orNull(row.first_message)].filter((at): at is number => at !== null);
    const list = byCompany.get(row.company_id) ?? [];
    list.push({ createdAt: Number(row.created_at), withdrawnAt: orNull(row.withdrawn_at), answeredAt: answers.length ? Math.min(...answers) : null });
    byCompany.set(row.company_id, list);
  }
  const figures = new Map([...byCompany].map(([companyId, applications]) => [companyId, responseFigures(applications)] as const));
  await storeResponseFigures(deps.db, figures, now);
  return figures.size;
}

/**
 * Queues the email (when there is one), then takes the delivery: true when this run took it. The job's
 * key is the delivery's, so runs racing for it enqueue one job, a run that dies between the two steps
 * leaves a job the next run's enqueue finds, and it is the email's Message-ID (decisions 0272, 0280).
 */
async function queueAndClaim(deps: FollowUpDeps, delivery: FollowUpDelivery, message: MailMessage | null, now: number): Promise<boolean> {
  if (message?.kind) await deps.queue.enqueue(deps.db, `follow-up:${delivery.kind}:${delivery.applicationId}:${delivery.recipientId}`, { delivery, message: { ...message, kind: message.kind } });
  const inserted = await deps.db
    .insertInto('follow_up_deliveries')
    .values({ id: randomUUID(), kind: delivery.kind, application_id: delivery.applicationId, recipient_id: delivery.recipientId, status: message ? 'queued' : 'sent', claimed_at: now, finished_at: message ? null : now })
    .onConflict((conflict) => conflict.columns(['kind', 'application_id', 'recipient_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * The queued job: sends the email unless the address unsubscribed from its kind, and records the
 * outcome on its delivery row. A failed send is recorded and thrown, so the queue retries it.
 */
export async function sendFollowUpMail(deps: { db: Db; mailer: Mailer; listKey: string; now: () => number; log: FastifyBaseLogger }, job: RunningJob<FollowUpMailJob>): Promise<string> {
  const { delivery, message } = job.payload;
  const finish = (status: 'sent' | 'skipped' | 'failed') =>
    deps.db
      .updateTable('follow_up_deliveries')
      .set({ status, finished_at: deps.now() })
      .where('kind', '=', delivery.kind)
      .where('application_id', '=', delivery.applicationId)
      .where('recipient_id', '=', delivery.recipientId)
      .execute();
  if (await isUnsubscribed(deps.db, deps.listKey, message.to, message.kind)) {
    await finish('skipped');
    return 'skipped';
  }
  try {
    await deps.mailer.send({ ...message, messageId: job.messageId });
  } catch (error) {
    deps.log.warn({ err: error, delivery, kind: message.kind, attempt: job.attempt }, 'follow-up email not sent');
    await finish('failed');
    throw error;
  }
  await finish('sent');
  return 'sent';
}

/** Each member of the team, once per application: a notification and an email at 14 days without an answer. */
async function remind(deps: FollowUpDeps, result: FollowUpResult): Promise<void> {
  const tried = new Set<string>();
  for (;;) {
    const now = deps.now();
    const rows = await deps.db
      .selectFrom('job_applications as a')
      .innerJoin('jobs as j', 'j.id', 'a.job_id')
      .innerJoin('company_members as m', 'm.company_id', 'j.company_id')
      .innerJoin('accounts as u', 'u.id', 'm.account_id')
      .leftJoin('follow_up_deliveries as d', (join) => join.on('d.kind', '=', 'reminder').onRef('d.application_id', '=', 'a.id').onRef('d.recipient_id', '=', 'm.account_id'))
      .select(['a.id', 'a.full_name', 'j.title as job_title', 'm.account_id as recipient_id', 'u.email'])
      .where('a.created_at', '<=', now - REMINDER_AFTER_DAYS * DAY_MS)
      .where('a.created_at', '>', now - CLOSE_AFTER_DAYS * DAY_MS)
      .where('a.withdrawn_at', 'is', null)
      .where('a.closed_at', 'is', null)
      .where('a.kept_open_at', 'is', null)
      .where((eb) => unanswered(eb as unknown as ApplicationEb))
      .where('d.id', 'is', null)
      .orderBy('a.created_at')
      .orderBy('a.id')
      .orderBy('m.account_id')
      .limit(BATCH)
      .execute();
    const fresh = rows.filter((row) => !tried.has(`${row.id}:${row.recipient_id}`));
    if (fresh.length === 0) return;
    for (const row of fresh) {
      tried.add(`${row.id}:${row.recipient_id}`);
      const email = reminderEmail({ to: row.email, applicationId: row.id, fullName: row.full_name, jobTitle: row.job_title, publicUrl: deps.publicUrl });
      if (!(await queueAndClaim(deps, { kind: 'reminder', applicationId: row.id, recipientId: row.recipient_id }, email, now))) continue;
      await notify(deps.db, {
        accountId: row.recipient_id,
        side: 'employer',
        kind: 'application_waiting',
        text: reminderNotificationText({ fullName: row.full_name, jobTitle: row.job_title }),
        link: applicantPath(row.id),
        subjectKey: `application:${row.id}:waiting`,
        now,
      });
      result.reminded += 1;
    }
  }
}

/**
 * Closes each application unanswered for 30 days and not kept open, and tells the candidate kindly. The
 * conditional update is what one instance wins (it checks the same conditions again); the delivery row
 * records the notice.
 */
async function closeSilent(deps: FollowUpDeps, result: FollowUpResult): Promise<void> {
  const tried = new Set<string>();
  for (;;) {
    const now = deps.now();
    const cutoff = now - CLOSE_AFTER_DAYS * DAY_MS;
    const rows = await deps.db
      .selectFrom('job_applications as a')
      .innerJoin('jobs as j', 'j.id', 'a.job_id')
      .innerJoin('companies as c', 'c.id', 'j.company_id')
      .innerJoin('accounts as u', 'u.id', 'a.account_id')
      .select(['a.id', 'a.account_id', 'a.full_name', 'a.created_at', 'j.title as job_title', 'c.name as company_name', 'u.email', 'u.role'])
      .where('a.created_at', '<=', cutoff)
      .where('a.withdrawn_at', 'is', null)
      .where('a.closed_at', 'is', null)
      .where('a.kept_open_at', 'is', null)
      .where((eb) => unanswered(eb as unknown as ApplicationEb))
      .orderBy('a.created_at')
      .orderBy('a.id')
      .limit(BATCH)
      .execute();
    const fresh = rows.filter((row) => !tried.has(row.id));
    if (fresh.length === 0) return;
    for (const row of fresh) {
      tried.add(row.id);
      const closed = await deps.db
        .updateTable('job_applications as a')
        .set({ closed_at: now })
        .where('a.id', '=', row.id)
        .where('a.withdrawn_at', 'is', null)
        .where('a.closed_at', 'is', null)
        .where('a.kept_open_at', 'is', null)
        .where((eb) => unanswered(eb as unknown as ApplicationEb))
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) !== 1) continue;
      result.closed += 1;
      // An erased candidate's application closes too, but nobody is told.
      if (row.role === ERASED_ACCOUNT_ROLE) continue;
      const mailed = Number(row.created_at) > now - CLOSED_MAIL_MAX_AGE_MS;
      const email = mailed ? closedEmail({ to: row.email, fullName: row.full_name, jobTitle: row.job_title, companyName: row.company_name, publicUrl: deps.publicUrl }) : null;
      if (!(await queueAndClaim(deps, { kind: 'closed', applicationId: row.id, recipientId: row.account_id }, email, now))) continue;
      await notify(deps.db, {
        accountId: row.account_id,
        kind: 'application_closed',
        text: closedNotificationText({ jobTitle: row.job_title, companyName: row.company_name }),
        link: SEEKER_PATHS.myJobs,
        // Where the application stands: it replaces the stage's notification.
        subjectKey: `application:${row.id}:stage`,
        now,
      });
    }
  }
}
