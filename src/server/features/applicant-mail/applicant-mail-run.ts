import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { isUnsubscribed } from '../mail/list-unsubscribe';
import { MailMessageSchema } from '../mail/mail-message.schema';
import type { Mailer } from '../mail/mailer';
import type { QueueHandle } from '../queue/queue.plugin';
import type { RunningJob } from '../queue/queue';
import { digestEmail, MAILED_STAGES, newApplicationEmail, STAGE_EMAIL_KINDS, stageEmail, type KindedMail, type NewApplication } from './applicant-emails';
import { HOUR_MS, DAY_MS } from '../../../shared/time';

/** A claimed applicant email in the job queue: its delivery row and the rendered message (decision 0272). */
export const ApplicantMailJobSchema = z.object({
  delivery: z.object({ kind: z.string(), sourceId: z.string(), recipientId: z.string() }),
  message: MailMessageSchema.extend({ kind: MailMessageSchema.shape.kind.unwrap() }),
});
export type ApplicantMailJob = z.infer<typeof ApplicantMailJobSchema>;

export interface ApplicantMailDeps {
  db: Db;
  queue: QueueHandle<ApplicantMailJob>;
  now: () => number;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** STAGE_MAIL_QUIET_SECONDS in milliseconds; default STAGE_MAIL_QUIET_MS. */
  stageMailQuietMs?: number;
}

export interface ApplicantMailResult {
  /** Claimed and put in the job queue, which sends them. */
  queued: number;
  /** Digests with nothing in them: claimed, not sent. */
  empty: number;
}

/** An "immediately" email later than this is not sent: the inbox and the digest have it (and a first deploy mails no backlog). */
export const IMMEDIATE_WINDOW_MS = 2 * HOUR_MS;
/** A stage change older than this is not mailed to the applicant (decision 0156). */
export const STAGE_MAIL_WINDOW_MS = DAY_MS;
/**
 * The mail window (decision 0228, STAGE_MAIL_QUIET_SECONDS): a stage is mailed once it has held this
 * long, so moves made within it (Interview, then Offer a minute later) send one email, about the last.
 */
export const STAGE_MAIL_QUIET_MS = 2 * 60_000;
/** Daily digests cover the 24 hours to 13:00 UTC (8 am Eastern, 7 am Central in winter). */
export const DIGEST_HOUR_UTC = 13;
const BATCH = 100;


/** The end of the newest digest window at or before now. */
export function digestWindowEnd(now: number): number {
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const cut = dayStart + DIGEST_HOUR_UTC * HOUR_MS;
  return cut <= now ? cut : cut - DAY_MS;
}

/**
 * Queues every due applicant email once (decisions 0156, 0272). Each email is claimed: a row in
 * applicant_mail_deliveries whose unique key (kind, source, recipient) only one insert can take, on
 * SQLite and PostgreSQL alike, so two runs (two instances, or a run and a retry) never both queue it.
 * The claim and the job are written in one transaction: a run that dies leaves both or neither, and the
 * queue retries the sending until it succeeds or the job is dead (then an admin may retry it).
 */
export async function queueApplicantMail(deps: ApplicantMailDeps): Promise<ApplicantMailResult> {
  const result: ApplicantMailResult = { queued: 0, empty: 0 };
  await immediateMails(deps, result);
  await stageMails(deps, result);
  await digests(deps, result);
  return result;
}

/** Takes the delivery; answers its id, or null when another run has it. */
async function claim(db: Db, kind: string, sourceId: string, recipientId: string, now: number): Promise<string | null> {
  const id = randomUUID();
  const inserted = await db
    .insertInto('applicant_mail_deliveries')
    .values({ id, kind, source_id: sourceId, recipient_id: recipientId, status: 'claimed', claimed_at: now, finished_at: null })
    .onConflict((conflict) => conflict.columns(['kind', 'source_id', 'recipient_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? id : null;
}

interface DeliveryKey {
  /** 'new-application', 'digest', or a stage's email kind (STAGE_EMAIL_KINDS). */
  kind: string;
  sourceId: string;
  recipientId: string;
}

/** The delivery row's outcome, written by the queued job. */
async function finish(db: Db, delivery: DeliveryKey, status: 'sent' | 'skipped' | 'empty' | 'failed', now: number): Promise<void> {
  await db
    .updateTable('applicant_mail_deliveries')
    .set({ status, finished_at: now })
    .where('kind', '=', delivery.kind)
    .where('source_id', '=', delivery.sourceId)
    .where('recipient_id', '=', delivery.recipientId)
    .execute();
}

/**
 * Queues an email, then claims it. The job's key is the claim's, so a second enqueue of it (another
 * run, or this one after a crash between the two steps) adds nothing, and the email's Message-ID is
 * the same on every try (decision 0272). No transaction: SQLite instances sharing one process's event
 * loop would wait on each other's write lock.
 */
async function queueAndClaim(deps: ApplicantMailDeps, result: ApplicantMailResult, delivery: DeliveryKey, mail: KindedMail | null): Promise<void> {
  const key = `${delivery.kind}:${delivery.sourceId}:${delivery.recipientId}`;
  if (mail) await deps.queue.enqueue(deps.db, key, { delivery, message: mail });
  if (!(await claim(deps.db, delivery.kind, delivery.sourceId, delivery.recipientId, deps.now()))) return;
  if (mail) {
    await deps.db
      .updateTable('applicant_mail_deliveries')
      .set({ status: 'queued' })
      .where('kind', '=', delivery.kind)
      .where('source_id', '=', delivery.sourceId)
      .where('recipient_id', '=', delivery.recipientId)
      .where('status', '=', 'claimed')
      .execute();
    result.queued += 1;
  } else {
    // A digest with nothing in it is claimed as 'empty' and not sent.
    await finish(deps.db, delivery, 'empty', deps.now());
    result.empty += 1;
  }
}

/**
 * The queued job: sends the claimed email unless the address unsubscribed from its kind, and records
 * the outcome on its delivery. A failed send is recorded and thrown, so the queue retries it.
 */
export async function sendApplicantMail(deps: { db: Db; mailer: Mailer; listKey: string; now: () => number; log: FastifyBaseLogger }, job: RunningJob<ApplicantMailJob>): Promise<string> {
  const { delivery, message } = job.payload;
  if (await isUnsubscribed(deps.db, deps.listKey, message.to, message.kind)) {
    await finish(deps.db, delivery, 'skipped', deps.now());
    return 'skipped';
  }
  try {
    await deps.mailer.send({ ...message, messageId: job.messageId });
  } catch (error) {
    deps.log.warn({ err: error, delivery, kind: message.kind, attempt: job.attempt }, 'applicant email not sent');
    await finish(deps.db, delivery, 'failed', deps.now());
    throw error;
  }
  await finish(deps.db, delivery, 'sent', deps.now());
  return 'sent';
}

function toNewApplication(row: {
  application_id: string;
  job_id: string;
  job_title: string;
  company_name: string;
  full_name: string;
  headline: string;
  location: string;
  created_at: number | string;
  failed_deal_breaker: number;
}): NewApplication {
  return {
    applicationId: row.application_id,
    jobId: row.job_id,
    jobTitle: row.job_title,
    companyName: row.company_name,
    fullName: row.full_name,
    headline: row.headline,
    location: row.location,
    createdAt: Number(row.created_at),
    failedDealBreaker: Number(row.failed_deal_breaker) === 1,
  };
}

/** One email per new application to each member of the company's team who chose "immediately" (the default). */
async function immediateMails(deps: ApplicantMailDeps, result: ApplicantMailResult): Promise<void> {
  const tried = new Set<string>();
  for (;;) {
    const now = deps.now();
    const rows = await deps.db
      .selectFrom('job_applications as a')
      .innerJoin('jobs as j', 'j.id', 'a.job_id')
      .innerJoin('companies as c', 'c.id', 'j.company_id')
      .innerJoin('company_members as m', 'm.company_id', 'j.company_id')
      .innerJoin('accounts as u', 'u.id', 'm.account_id')
      .leftJoin('application_mail_preferences as p', (join) => join.onRef('p.company_id', '=', 'm.company_id').onRef('p.account_id', '=', 'm.account_id'))
      .leftJoin('applicant_mail_deliveries as d', (join) => join.on('d.kind', '=', 'new-application').onRef('d.source_id', '=', 'a.id').onRef('d.recipient_id', '=', 'm.account_id'))
      .select([
        'a.id as application_id',
        'a.job_id',
        'j.title as job_title',
        'c.name as company_name',
        'a.full_name',
        'a.headline',
        'a.location',
        'a.created_at',
        'a.failed_deal_breaker',
        'm.account_id as recipient_id',
        'u.email as recipient_email',
      ])
      .where('a.created_at', '>=', now - IMMEDIATE_WINDOW_MS)
      .where('a.withdrawn_at', 'is', null)
      .where((eb) => eb.or([eb('p.frequency', 'is', null), eb('p.frequency', '=', 'immediately')]))
      .where('d.id', 'is', null)
      .orderBy('a.created_at')
      .orderBy('a.id')
      .orderBy('m.account_id')
      .limit(BATCH)
      .execute();
    const fresh = rows.filter((row) => !tried.has(`${row.application_id}:${row.recipient_id}`));
    if (fresh.length === 0) return;
    for (const row of fresh) {
      tried.add(`${row.application_id}:${row.recipient_id}`);
      await queueAndClaim(
        deps,
        result,
        { kind: 'new-application', sourceId: row.application_id, recipientId: row.recipient_id },
        newApplicationEmail({ to: row.recipient_email, application: toNewApplication(row), publicUrl: deps.publicUrl }),
      );
    }
  }
}

/**
 * The applicant's email about where their application stands (decisions 0156, 0228): Interview, Offer
 * and Hired, and Rejected where the company sends rejections (only rejections from when it turned them
 * on). Read from application_stage_changes, the outbox the inbox writes in each move's transaction:
 * only the application's latest move, once it has held for the mail window and is at most
 * STAGE_MAIL_WINDOW_MS old, so quick moves send one email about the last stage, and an email is never
 * about a stage the application has left. At most one email per stage and application (the claim's
 * key), however often it is moved back and forth; not for withdrawn applications.
 */
async function stageMails(deps: ApplicantMailDeps, result: ApplicantMailResult): Promise<void> {
  const tried = new Set<string>();
  // The delivery kind of the application's current stage: the stage's name, but "rejection" for Rejected.
  const deliveryKind = sql<string>`case when ${sql.ref('a.stage')} = 'rejected' then 'rejection' else ${sql.ref('a.stage')} end`;
  for (;;) {
    const now = deps.now();
    const rows = await deps.db
      .selectFrom('application_stage_changes as s')
      .innerJoin('job_applications as a', 'a.id', 's.application_id')
      .innerJoin('jobs as j', 'j.id', 'a.job_id')
      .innerJoin('companies as c', 'c.id', 'j.company_id')
      .innerJoin('accounts as u', 'u.id', 'a.account_id')
      .leftJoin('applicant_mail_settings as cs', 'cs.company_id', 'j.company_id')
      .leftJoin('applicant_mail_deliveries as d', (join) => join.on('d.kind', '=', deliveryKind).onRef('d.source_id', '=', 'a.id').onRef('d.recipient_id', '=', 'a.account_id'))
      .select(['a.id as application_id', 'a.account_id', 'a.full_name', 'a.stage', 'a.stage_changed_at', 'j.title as job_title', 'c.name as company_name', 'u.email'])
      .where('s.changed_at', '>=', now - STAGE_MAIL_WINDOW_MS)
      .where('s.changed_at', '<=', now - (deps.stageMailQuietMs ?? STAGE_MAIL_QUIET_MS))
      // The latest move: the one that brought the application to where it is now.
      .whereRef('s.to_stage', '=', 'a.stage')
      .whereRef('s.changed_at', '=', 'a.stage_changed_at')
      .where('a.stage', 'in', MAILED_STAGES)
      .where('a.withdrawn_at', 'is', null)
      .where((eb) =>
        eb.or([eb('a.stage', '!=', 'rejected'), eb.and([eb('cs.rejection_emails', '=', 1), eb('s.changed_at', '>=', eb.ref('cs.rejection_emails_since'))])]),
      )
      .where('d.id', 'is', null)
      .orderBy('s.changed_at')
      .orderBy('s.id')
      .limit(BATCH)
      .execute();
    const fresh = rows.filter((row) => !tried.has(row.application_id));
    if (fresh.length === 0) return;
    for (const row of fresh) {
      tried.add(row.application_id);
      const stage = MAILED_STAGES.find((mailed) => mailed === row.stage);
      if (!stage) continue;
      const kind = STAGE_EMAIL_KINDS[stage];
      const subject = { fullName: row.full_name, jobTitle: row.job_title, companyName: row.company_name };
      // Moved again since the read: not queued, so the stage it holds next is mailed.
      const current = await deps.db.selectFrom('job_applications').select(['stage', 'stage_changed_at', 'withdrawn_at']).where('id', '=', row.application_id).executeTakeFirst();
      if (!current || current.stage !== row.stage || Number(current.stage_changed_at) !== Number(row.stage_changed_at) || current.withdrawn_at !== null) continue;
      await queueAndClaim(deps, result, { kind, sourceId: row.application_id, recipientId: row.account_id }, stageEmail({ to: row.email, stage, subject, publicUrl: deps.publicUrl }));
    }
  }
}

/** Each member who chose the daily digest: one email per window listing its new applications per job. */
async function digests(deps: ApplicantMailDeps, result: ApplicantMailResult): Promise<void> {
  const tried = new Set<string>();
  for (;;) {
    const now = deps.now();
    const windowEnd = digestWindowEnd(now);
    const source = (companyRef: string) => sql<string>`${sql.ref(companyRef)} || ${`:${windowEnd}`}`;
    const due = await deps.db
      .selectFrom('application_mail_preferences as p')
      .innerJoin('company_members as m', (join) => join.onRef('m.company_id', '=', 'p.company_id').onRef('m.account_id', '=', 'p.account_id'))
      .innerJoin('companies as c', 'c.id', 'p.company_id')
      .innerJoin('accounts as u', 'u.id', 'p.account_id')
      .leftJoin('applicant_mail_deliveries as d', (join) =>
        join
          .on('d.kind', '=', 'digest')
          .onRef('d.recipient_id', '=', 'p.account_id')
          .on((eb) => eb('d.source_id', '=', source('p.company_id'))),
      )
      .select(['p.company_id', 'p.account_id', 'c.name as company_name', 'u.email'])
      .where('p.frequency', '=', 'daily')
      .where('d.id', 'is', null)
      .orderBy('p.company_id')
      .orderBy('p.account_id')
      .limit(BATCH)
      .execute();
    const fresh = due.filter((row) => !tried.has(`${row.company_id}:${row.account_id}`));
    if (fresh.length === 0) return;
    for (const row of fresh) {
      tried.add(`${row.company_id}:${row.account_id}`);
      const applications = await deps.db
        .selectFrom('job_applications as a')
        .innerJoin('jobs as j', 'j.id', 'a.job_id')
        .select(['a.id as application_id', 'a.job_id', 'j.title as job_title', 'a.full_name', 'a.headline', 'a.location', 'a.created_at', 'a.failed_deal_breaker'])
        .where('j.company_id', '=', row.company_id)
        .where('a.created_at', '>=', windowEnd - DAY_MS)
        .where('a.created_at', '<', windowEnd)
        .where('a.withdrawn_at', 'is', null)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id')
        .limit(500)
        .execute();
      const items = applications.map((application) => toNewApplication({ ...application, company_name: row.company_name }));
      await queueAndClaim(
        deps,
        result,
        { kind: 'digest', sourceId: `${row.company_id}:${windowEnd}`, recipientId: row.account_id },
        items.length === 0 ? null : digestEmail({ to: row.email, companyName: row.company_name, windowEnd, applications: items, publicUrl: deps.publicUrl }),
      );
    }
  }
}
