import type { JobDraftData, PostingError } from '../../../shared/employer-jobs/fields';
import { MAX_POSTS_PER_DAY, RENEW_DAYS, RENEW_OFFER_DAYS } from '../../../shared/employer-jobs/fields';
import type { Db, DialectName } from '../../db/database';
import type { JobRow } from '../jobs/jobs.table';
import type { RateLimitStore } from '../rate-limits/rate-limit-store';
import { consumeRateLimit, refundRateLimit } from '../rate-limits/rate-limiter';
import { DAY_MS } from '../../../shared/time';
import {
  checkDraft,
  editNeedsReview,
  expiryFrom,
  insertDraft,
  nextVersionKey,
  parseDraftData,
  publishTarget,
  publishedColumns,
  replaceQuestions,
  withCompanyLock,
} from './job-posting';

/** What posting needs to know about the company (its moderation state and plan), from the companies feature. */
export interface CompanyFacts {
  id: string;
  name: string;
  /** An admin approved one of its jobs (or it predates moderation): later jobs publish at once. */
  approved: boolean;
  /** Jobs the plan allows live (or waiting to go live) at one time. */
  liveJobLimit: number;
  /** What the company is told when a publish would go over the plan's live jobs. */
  liveJobLimitMessage: string;
  /** The plan features jobs: marked, and ranked first among equal matches. */
  featuredJobs: boolean;
}

export interface ServiceDeps {
  db: Db;
  dialect: DialectName;
  now: number;
  rateLimitStore: RateLimitStore;
}

export type PublishResult =
  | { kind: 'invalid'; errors: PostingError[]; draft: JobDraftData }
  | { kind: 'daily_limit'; retryAfterSeconds: number }
  | { kind: 'plan_limit'; message: string }
  | { kind: 'done'; jobId: string; status: JobRow['status'] };

export const DAILY_POST_LIMIT = { name: 'job-posts-per-company', max: MAX_POSTS_PER_DAY, windowMs: DAY_MS };

/** Statuses that count against the plan's live jobs: live, and waiting to go live. */
const COUNTED = ['open', 'in_review'] as const;

async function countedJobs(db: Db, companyId: string, exceptJobId: string | null): Promise<number> {
  let query = db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('count')).where('company_id', '=', companyId).where('status', 'in', COUNTED);
  if (exceptJobId) query = query.where('id', '!=', exceptJobId);
  return Number((await query.executeTakeFirst())?.count ?? 0);
}

/**
 * Publishes a new job or a draft, or saves the edit of a posted job. Every publishing rule first
 * (nothing stored when one fails), then the company's 20 posts a day (a job's first publish counts,
 * edits do not, nor does a publish the plan refuses), then, with the company's publishes serialised,
 * the plan's live jobs.
 */
export async function publishJob(
  deps: ServiceDeps,
  input: { company: CompanyFacts; accountId: string; job: JobRow | null; body: unknown },
): Promise<PublishResult> {
  const { now } = deps;
  const { company, job } = input;
  const check = checkDraft(input.body);
  if (!check.ok) return { kind: 'invalid', errors: check.errors, draft: check.draft };

  const firstPost = !job || job.first_submitted_at === null;
  if (firstPost) {
    const allowed = await consumeRateLimit(deps.rateLimitStore, DAILY_POST_LIMIT, company.id, now);
    if (!allowed.allowed) return { kind: 'daily_limit', retryAfterSeconds: allowed.retryAfterSeconds };
  }

  const result = await publishWithinPlan(deps, input, check);
  // Only a post that happened counts toward the day's posts: one refused over the plan gives its hit back.
  if (firstPost && result.kind === 'plan_limit') await refundRateLimit(deps.rateLimitStore, DAILY_POST_LIMIT, company.id, now);
  return result;
}

async function publishWithinPlan(
  deps: ServiceDeps,
  input: { company: CompanyFacts; accountId: string; job: JobRow | null },
  check: Extract<ReturnType<typeof checkDraft>, { ok: true }>,
): Promise<PublishResult> {
  const { db, now } = deps;
  const { company, job } = input;
  return withCompanyLock(db, deps.dialect, company.id, async (trx) => {
    const status = job?.status ?? 'draft';
    const columns = publishedColumns(check.job, check.draft, company.featuredJobs);
    // A closed or expired job's edit keeps it closed; reopening and renewing are their own actions. A paused
    // job's edit keeps it paused: it runs again when the plan has room (decision 0288).
    const stays = status === 'closed' || status === 'expired' || status === 'paused';
    const target = stays
      ? status
      : publishTarget({ companyApproved: company.approved, status, awaitingApproval: job?.awaiting_approval === 1, needsReview: job ? editNeedsReview(job, columns) : false });
    const alreadyCounted = status === 'open' || status === 'in_review';
    if (!stays && !alreadyCounted && (await countedJobs(trx, company.id, job?.id ?? null)) >= company.liveJobLimit) {
      return { kind: 'plan_limit', message: company.liveJobLimitMessage } as const;
    }
    const jobId = job?.id ?? (await insertDraft(trx, { companyId: company.id, companyName: company.name, accountId: input.accountId, draft: check.draft, now }));
    const goingLive = target === 'open' && status !== 'open';
    // A job that has been live keeps its dates through review: only a renewal extends it (decision 0227).
    const beenLive = job !== null && job.went_live_at !== null;
    const expiresAt = goingLive
      ? expiryFrom(now, check.job)
      : target === 'open' && job
        ? expiryFrom(job.posted_at, check.job)
        : target === 'in_review' && !beenLive
          ? null
          : undefined;
    await trx
      .updateTable('jobs')
      .set({
        ...columns,
        status: target,
        rejection_reason: null,
        // A publish, by hand or by the scheduler, ends any schedule (decision 0292).
        publish_at: null,
        publish_time_zone: null,
        publish_problem: null,
        publish_scheduled_by: null,
        ...(target === 'in_review' ? { awaiting_approval: 1 } : {}),
        first_submitted_at: job?.first_submitted_at ?? now,
        submitted_at: now,
        listing_version_key: job ? nextVersionKey(job) : `lvk_${jobId}_1`,
        updated_at: now,
        ...(goingLive ? { posted_at: now, expiry_notice_at: null, closed_at: null, went_live_at: job?.went_live_at ?? now } : {}),
        ...(expiresAt !== undefined ? { expires_at: expiresAt, closes_at: expiresAt } : {}),
      })
      .where('id', '=', jobId)
      .execute();
    await replaceQuestions(trx, jobId, check.job);
    return { kind: 'done', jobId, status: target } as const;
  });
}

/**
 * An admin approves a job waiting for review. A first approval puts it live now, for the days the
 * employer chose; a job that has been live goes back to the dates it had, so review never extends a
 * job (decision 0227), and one whose expiry passed meanwhile is expired.
 */
export async function approveJob(deps: Pick<ServiceDeps, 'db' | 'now'>, job: JobRow, adminId: string): Promise<boolean> {
  const draft = parseDraftData(job.draft_data);
  const days = Number(draft.expires_in_days);
  const keepsDates = job.went_live_at !== null && job.expires_at !== null;
  const expiresAt = keepsDates ? job.expires_at! : expiryFrom(deps.now, Number.isInteger(days) && days > 0 ? { expiresInDays: days } : null);
  const result = await deps.db
    .updateTable('jobs')
    .set({
      status: expiresAt > deps.now ? 'open' : 'expired',
      ...(keepsDates ? {} : { posted_at: deps.now, expiry_notice_at: null }),
      expires_at: expiresAt,
      closes_at: expiresAt,
      closed_at: expiresAt > deps.now ? null : deps.now,
      went_live_at: job.went_live_at ?? deps.now,
      awaiting_approval: 0,
      reviewed_at: deps.now,
      reviewed_by: adminId,
      rejection_reason: null,
      updated_at: deps.now,
    })
    .where('id', '=', job.id)
    .where('status', '=', 'in_review')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function rejectJob(deps: Pick<ServiceDeps, 'db' | 'now'>, job: JobRow, adminId: string, reason: string): Promise<boolean> {
  const result = await deps.db
    .updateTable('jobs')
    .set({ status: 'rejected', rejection_reason: reason, reviewed_at: deps.now, reviewed_by: adminId, updated_at: deps.now })
    .where('id', '=', job.id)
    .where('status', '=', 'in_review')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks live (or paused: decision 0288) jobs of the company filled; answers how many closed. */
export async function closeJobs(deps: Pick<ServiceDeps, 'db' | 'now'>, companyId: string, jobIds: string[]): Promise<number> {
  if (jobIds.length === 0) return 0;
  const result = await deps.db
    .updateTable('jobs')
    .set({ status: 'closed', closed_at: deps.now, updated_at: deps.now })
    .where('company_id', '=', companyId)
    .where('id', 'in', jobIds)
    .where('status', 'in', ['open', 'paused'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type ReopenResult = 'reopened' | 'not_allowed' | 'plan_limit';

/** A closed job goes live again until its expiry, if that is still ahead and the plan has room. */
export async function reopenJob(deps: ServiceDeps, company: CompanyFacts, job: JobRow): Promise<ReopenResult> {
  if (job.status !== 'closed' || job.expires_at === null || job.expires_at <= deps.now) return 'not_allowed';
  return withCompanyLock(deps.db, deps.dialect, company.id, async (trx) => {
    if ((await countedJobs(trx, company.id, job.id)) >= company.liveJobLimit) return 'plan_limit';
    const result = await trx
      .updateTable('jobs')
      .set({ status: 'open', closed_at: null, updated_at: deps.now })
      .where('id', '=', job.id)
      .where('status', '=', 'closed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? 'reopened' : 'not_allowed';
  });
}

/** Renew is offered from RENEW_OFFER_DAYS before expiry, and after it, for live and expired jobs. */
export function canRenew(job: Pick<JobRow, 'status' | 'expires_at'>, now: number): boolean {
  return (job.status === 'open' || job.status === 'expired') && job.expires_at !== null && job.expires_at - now <= RENEW_OFFER_DAYS * DAY_MS;
}

export interface RenewResult {
  renewed: number;
  /** Expired jobs left expired because the plan has no room for them live. */
  overPlan: number;
}

/** Adds RENEW_DAYS to each chosen job that may be renewed (from now, if it already expired). */
export async function renewJobs(deps: ServiceDeps, company: CompanyFacts, jobs: JobRow[]): Promise<RenewResult> {
  const result: RenewResult = { renewed: 0, overPlan: 0 };
  const renewable = jobs.filter((job) => job.company_id === company.id && canRenew(job, deps.now));
  if (renewable.length === 0) return result;
  await withCompanyLock(deps.db, deps.dialect, company.id, async (trx) => {
    let counted = await countedJobs(trx, company.id, null);
    for (const job of renewable) {
      const expiresAt = Math.max(job.expires_at ?? deps.now, deps.now) + RENEW_DAYS * DAY_MS;
      if (job.status === 'expired') {
        if (counted >= company.liveJobLimit) {
          result.overPlan += 1;
          continue;
        }
        counted += 1;
      }
      const updated = await trx
        .updateTable('jobs')
        .set({ status: 'open', expires_at: expiresAt, closes_at: expiresAt, expiry_notice_at: null, closed_at: null, updated_at: deps.now })
        .where('id', '=', job.id)
        .where('status', '=', job.status)
        .executeTakeFirst();
      result.renewed += Number(updated.numUpdatedRows);
    }
  });
  return result;
}

/** A copy of any job of the company as a new draft (what was typed, or the job as published). */
export async function duplicateJob(deps: Pick<ServiceDeps, 'db' | 'now'>, company: CompanyFacts, accountId: string, job: JobRow): Promise<string> {
  return insertDraft(deps.db, { companyId: company.id, companyName: company.name, accountId, draft: parseDraftData(job.draft_data), now: deps.now });
}
