// The company's plan changes (a trial starts or ends, sales sets a plan) and its live jobs follow
// (decision 0288): jobs over the new limit wait as 'paused', the oldest-posted keep running; when a
// plan has room again, paused jobs run again, oldest-posted first.
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/database';
import { liveJobLimit, type PlanId } from '../../../shared/companies/plans';
import { TRIAL_DAYS, TRIAL_PLAN_ID } from '../../../shared/companies/plan-usage';
import { DAY_MS } from '../../../shared/time';


/**
 * Runs `work` in a transaction with the company's plan and jobs serialised: PostgreSQL locks the company
 * row, as posting does before it counts live jobs (employer-jobs' withCompanyLock), so a publish and a
 * plan change never both count the old number; SQLite's single writer already does this.
 */
export async function withCompanyRowLock<T>(db: Db, companyId: string, work: (trx: Db) => Promise<T>): Promise<T> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    if (postgres) await sql`select id from companies where id = ${companyId} for update`.execute(trx);
    return work(trx);
  });
}

export interface FitResult {
  paused: number;
  resumed: number;
  /** Paused jobs whose end passed while they waited: they end as expired, not live. */
  expired: number;
}

/**
 * Makes the company's live jobs fit `limit`. Over it: the oldest-posted live jobs keep running and the
 * rest pause. Under it: paused jobs run again, oldest-posted first, while there is room (jobs waiting
 * for review count, as they do when the company publishes). Pausing does not stop a job's end, as
 * review does not (decision 0227): one that ended while paused is expired.
 */
export async function fitJobsToLimit(trx: Db, companyId: string, limit: number, now: number): Promise<FitResult> {
  const result: FitResult = { paused: 0, resumed: 0, expired: 0 };
  const ended = await trx
    .updateTable('jobs')
    .set({ status: 'expired', closed_at: now, updated_at: now })
    .where('company_id', '=', companyId)
    .where('status', '=', 'paused')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  result.expired = Number(ended.numUpdatedRows);

  const live = await trx.selectFrom('jobs').select('id').where('company_id', '=', companyId).where('status', '=', 'open').orderBy('posted_at').orderBy('id').execute();
  if (live.length > limit) {
    const over = live.slice(limit).map((job) => job.id);
    const paused = await trx.updateTable('jobs').set({ status: 'paused', updated_at: now }).where('id', 'in', over).where('status', '=', 'open').executeTakeFirst();
    result.paused = Number(paused.numUpdatedRows);
    return result;
  }
  const waiting = await trx.selectFrom('jobs').select((eb) => eb.fn.countAll<number | string>().as('n')).where('company_id', '=', companyId).where('status', '=', 'in_review').executeTakeFirstOrThrow();
  const room = limit - live.length - Number(waiting.n);
  if (room <= 0) return result;
  const paused = await trx.selectFrom('jobs').select('id').where('company_id', '=', companyId).where('status', '=', 'paused').orderBy('posted_at').orderBy('id').limit(room).execute();
  if (paused.length === 0) return result;
  const resumed = await trx
    .updateTable('jobs')
    .set({ status: 'open', updated_at: now })
    .where('id', 'in', paused.map((job) => job.id))
    .where('status', '=', 'paused')
    .executeTakeFirst();
  result.resumed = Number(resumed.numUpdatedRows);
  return result;
}

/** How many of the company's jobs wait as paused. */
export async function countPausedJobs(db: Db, companyId: string): Promise<number> {
  const row = await db.selectFrom('jobs').select((eb) => eb.fn.countAll<number | string>().as('n')).where('company_id', '=', companyId).where('status', '=', 'paused').executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of the company's jobs are live now. */
export async function countLiveJobs(db: Db, companyId: string): Promise<number> {
  const row = await db.selectFrom('jobs').select((eb) => eb.fn.countAll<number | string>().as('n')).where('company_id', '=', companyId).where('status', '=', 'open').executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Sets a company's plan (sales' tool, scripts/plan-set.ts) and fits its jobs to it. A plan arranged with
 * sales replaces a running trial: the trial run will not take the company back to Free.
 */
export async function changeCompanyPlan(db: Db, companyId: string, plan: PlanId, now: number): Promise<FitResult> {
  return withCompanyRowLock(db, companyId, async (trx) => {
    await trx.updateTable('companies').set({ plan, trial_ends_at: null }).where('id', '=', companyId).execute();
    return fitJobsToLimit(trx, companyId, liveJobLimit({ plan }), now);
  });
}

export type StartTrialResult = { ok: true; endsAt: number } | { ok: false; reason: 'used' | 'paid' | 'closed' | 'missing' };

/**
 * Starts the company's one free trial of Standard (decision 0288): one conditional update claims it
 * (never tried, on Free, open), so two clicks or two tabs start it once; paused jobs run again as the
 * limit allows.
 */
export async function startTrial(db: Db, companyId: string, now: number): Promise<StartTrialResult> {
  return withCompanyRowLock(db, companyId, async (trx) => {
    const endsAt = now + TRIAL_DAYS * DAY_MS;
    const claimed = await trx
      .updateTable('companies')
      .set({ plan: TRIAL_PLAN_ID, trial_started_at: now, trial_ends_at: endsAt })
      .where('id', '=', companyId)
      .where('trial_started_at', 'is', null)
      .where('plan', '=', 'free')
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) {
      await fitJobsToLimit(trx, companyId, liveJobLimit({ plan: TRIAL_PLAN_ID }), now);
      return { ok: true as const, endsAt };
    }
    const company = await trx.selectFrom('companies').select(['trial_started_at', 'plan', 'closed_at']).where('id', '=', companyId).executeTakeFirst();
    if (!company) return { ok: false as const, reason: 'missing' as const };
    if (company.closed_at !== null) return { ok: false as const, reason: 'closed' as const };
    if (company.trial_started_at !== null) return { ok: false as const, reason: 'used' as const };
    return { ok: false as const, reason: 'paid' as const };
  });
}

/**
 * The trial run (scheduled, decision 0288): every trial past its end puts its company back on Free and
 * pauses the live jobs over Free's limit. Each company is claimed by one conditional update of
 * trial_ends_at, so runs on several instances end each trial once. `onEnded` runs in that transaction
 * (the owner's email is queued there, decision 0309). Answers the companies it ended.
 */
export async function endDueTrials(db: Db, now: number, onEnded?: (trx: Db, companyId: string, outcome: FitResult) => Promise<void>): Promise<{ ended: number; paused: number }> {
  const due = await db.selectFrom('companies').select('id').where('trial_ends_at', 'is not', null).where('trial_ends_at', '<=', now).orderBy('trial_ends_at').limit(500).execute();
  let ended = 0;
  let paused = 0;
  for (const { id } of due) {
    const outcome = await withCompanyRowLock(db, id, async (trx) => {
      const claimed = await trx.updateTable('companies').set({ plan: 'free', trial_ends_at: null }).where('id', '=', id).where('trial_ends_at', 'is not', null).where('trial_ends_at', '<=', now).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return null;
      const fit = await fitJobsToLimit(trx, id, liveJobLimit({ plan: 'free' }), now);
      await onEnded?.(trx, id, fit);
      return fit;
    });
    if (outcome) {
      ended += 1;
      paused += outcome.paused;
    }
  }
  return { ended, paused };
}
