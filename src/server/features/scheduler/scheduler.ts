import { hostname } from 'node:os';
import type { Db } from '../../db/database';

export interface ScheduledJobOptions {
  /** Runs at most once per period of this length, across every instance on the database. */
  everyMs: number;
  /** How long a run may hold the job before another instance may start it again (a crashed run). */
  leaseMs?: number;
}

export interface ScheduledJob extends Required<ScheduledJobOptions> {
  name: string;
  run(): Promise<unknown>;
}

export type RunOutcome = 'ran' | 'not-due' | 'failed';

export const INSTANCE_NAME = `${hostname()}:${process.pid}`;

/** Periods are aligned to the epoch, so every instance agrees on when the next one starts. */
export function nextPeriodStart(now: number, everyMs: number): number {
  return (Math.floor(now / everyMs) + 1) * everyMs;
}

/**
 * Claims this period of a job for the calling instance: one conditional update, which only one
 * instance can win on PostgreSQL (the row lock re-checks the condition) and on SQLite (one writer).
 * The claim moves next_run_at to the next period and takes a lease; a crash during the run loses
 * that period's run (at most once per period) and the lease runs out on its own.
 */
export async function claimScheduledRun(db: Db, job: Pick<ScheduledJob, 'name' | 'everyMs' | 'leaseMs'>, now: number, instance = INSTANCE_NAME): Promise<boolean> {
  await db
    .insertInto('scheduled_jobs')
    .values({ name: job.name, next_run_at: now, lease_until: 0, last_started_at: null, last_finished_at: null, last_status: null, last_instance: null })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const claimed = await db
    .updateTable('scheduled_jobs')
    .set({ next_run_at: nextPeriodStart(now, job.everyMs), lease_until: now + job.leaseMs, last_started_at: now, last_status: 'running', last_instance: instance })
    .where('name', '=', job.name)
    .where('next_run_at', '<=', now)
    .where('lease_until', '<=', now)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function finishScheduledRun(db: Db, name: string, startedAt: number, now: number, ok: boolean, instance = INSTANCE_NAME): Promise<void> {
  await db
    .updateTable('scheduled_jobs')
    .set({ lease_until: 0, last_finished_at: now, last_status: ok ? 'ok' : 'failed' })
    .where('name', '=', name)
    .where('last_started_at', '=', startedAt)
    .where('last_instance', '=', instance)
    .execute();
}

/**
 * Runs a job if this instance wins its claim for the current period. The job's own failure is
 * recorded and reported as 'failed'; a failure to claim (database down) throws.
 */
export async function runIfDue(db: Db, job: ScheduledJob, now: () => number, instance = INSTANCE_NAME): Promise<RunOutcome> {
  const startedAt = now();
  if (!(await claimScheduledRun(db, job, startedAt, instance))) return 'not-due';
  let ok = false;
  try {
    await job.run();
    ok = true;
  } finally {
    await finishScheduledRun(db, job.name, startedAt, now(), ok, instance);
  }
  return 'ran';
}
