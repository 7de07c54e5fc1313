import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { JobRow } from '../jobs/jobs.table';
import type { JobAlertRow, ResumeRow, SeekerProfileRow } from './seeker.table';
import { DAY_MS } from '../../../shared/time';

export const FREQUENCY_MS: Record<string, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };

export async function findJobByListingKey(db: Db, listingKey: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('listing_key', '=', listingKey).executeTakeFirst();
}

// Saved jobs

export async function saveJob(db: Db, accountId: string, jobId: string, now: number): Promise<void> {
  await db
    .insertInto('saved_jobs')
    .values({ account_id: accountId, job_id: jobId, created_at: now })
    .onConflict((conflict) => conflict.columns(['account_id', 'job_id']).doNothing())
    .execute();
}

/** Saved jobs of the person, and whether this one is among them (for the cap, decision 0088). */
export async function savedJobCount(db: Db, accountId: string, jobId: string): Promise<{ count: number; alreadySaved: boolean }> {
  const [total, same] = await Promise.all([
    db.selectFrom('saved_jobs').select((eb) => eb.fn.countAll<number | string>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow(),
    db.selectFrom('saved_jobs').select('job_id').where('account_id', '=', accountId).where('job_id', '=', jobId).executeTakeFirst(),
  ]);
  return { count: Number(total.n), alreadySaved: Boolean(same) };
}

/** Applications the person sent since `since` (the daily cap). */
export async function applicationsSince(db: Db, accountId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('job_applications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasApplied(db: Db, accountId: string, jobId: string): Promise<boolean> {
  const row = await db.selectFrom('job_applications').select('id').where('account_id', '=', accountId).where('job_id', '=', jobId).executeTakeFirst();
  return Boolean(row);
}

export async function unsaveJob(db: Db, accountId: string, jobId: string): Promise<void> {
  await db.deleteFrom('saved_jobs').where('account_id', '=', accountId).where('job_id', '=', jobId).execute();
}

/** Of these jobs, the ones the person saved and the ones they applied to. */
export async function jobStates(db: Db, accountId: string, jobIds: string[]): Promise<{ saved: Set<string>; applied: Set<string> }> {
  if (jobIds.length === 0) return { saved: new Set(), applied: new Set() };
  const [saved, applied] = await Promise.all([
    db.selectFrom('saved_jobs').select('job_id').where('account_id', '=', accountId).where('job_id', 'in', jobIds).execute(),
    db.selectFrom('job_applications').select('job_id').where('account_id', '=', accountId).where('job_id', 'in', jobIds).execute(),
  ]);
  return { saved: new Set(saved.map((row) => row.job_id)), applied: new Set(applied.map((row) => row.job_id)) };
}

export interface PersonJobRow {
  job: JobRow;
  /** When it was saved or applied to. */
  at: number;
  /** For an application: its id, pipeline stage, whether the team opened it, and whether it was withdrawn (issue 12). */
  application?: { id: string; stage: string; opened: boolean; withdrawn: boolean; closed: boolean };
}

export async function savedJobs(db: Db, accountId: string, limit = 200): Promise<PersonJobRow[]> {
  const rows = await db
    .selectFrom('saved_jobs as s')
    .innerJoin('jobs as j', 'j.id', 's.job_id')
    .selectAll('j')
    .select('s.created_at as saved_at')
    .where('s.account_id', '=', accountId)
    .orderBy('s.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ saved_at, ...job }) => ({ job, at: Number(saved_at) }));
}

export async function appliedJobs(db: Db, accountId: string, limit = 200): Promise<PersonJobRow[]> {
  const rows = await db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .selectAll('j')
    .select([
      'a.created_at as applied_at',
      'a.id as application_id',
      'a.stage as application_stage',
      'a.opened_at as application_opened_at',
      'a.withdrawn_at as application_withdrawn_at',
      'a.closed_at as application_closed_at',
    ])
    .where('a.account_id', '=', accountId)
    .orderBy('a.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ applied_at, application_id, application_stage, application_opened_at, application_withdrawn_at, application_closed_at, ...job }) => ({
    job,
    at: Number(applied_at),
    application: {
      id: application_id,
      stage: application_stage,
      opened: application_opened_at !== null,
      withdrawn: application_withdrawn_at !== null,
      closed: application_closed_at !== null,
    },
  }));
}

// Profile and résumé

export async function findProfile(db: Db, accountId: string): Promise<SeekerProfileRow | undefined> {
  return db.selectFrom('seeker_profiles').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export async function saveProfile(
  db: Db,
  accountId: string,
  profile: { full_name: string; phone: string; location: string; headline: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('seeker_profiles')
    .values({ account_id: accountId, ...profile, updated_at: now })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ ...profile, updated_at: now }))
    .execute();
}

export async function findResume(db: Db, accountId: string): Promise<ResumeRow | undefined> {
  return db.selectFrom('resumes').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Records the new résumé; answers the storage key it replaced, if any, so the caller can delete that file. */
export async function saveResume(db: Db, resume: ResumeRow): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const previous = await trx.selectFrom('resumes').select('storage_key').where('account_id', '=', resume.account_id).executeTakeFirst();
    const { account_id: _accountId, ...fields } = resume;
    await trx
      .insertInto('resumes')
      .values(resume)
      .onConflict((conflict) => conflict.column('account_id').doUpdateSet(fields))
      .execute();
    return previous && previous.storage_key !== resume.storage_key ? previous.storage_key : null;
  });
}

// Applications and clicks

/** Answers false when the person already applied (the unique (account, job) pair decides, even for racing requests). */
export async function insertApplication(
  db: Db,
  application: { accountId: string; jobId: string; email: string; profile: SeekerProfileRow; resumeKey: string | null; now: number; failedDealBreaker?: boolean },
): Promise<string | null> {
  const id = randomUUID();
  const result = await db
    .insertInto('job_applications')
    .values({
      id,
      failed_deal_breaker: application.failedDealBreaker ? 1 : 0,
      account_id: application.accountId,
      job_id: application.jobId,
      full_name: application.profile.full_name,
      email: application.email,
      phone: application.profile.phone,
      location: application.profile.location,
      headline: application.profile.headline,
      resume_storage_key: application.resumeKey,
      created_at: application.now,
    })
    .onConflict((conflict) => conflict.columns(['account_id', 'job_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? id : null;
}

/**
 * Keeps a signed-in person's counted click on an external job (at most one a job and day, decision 0226),
 * and only their newest `keep`: a GET must not grow an account's rows without bound (decision 0088).
 */
export async function recordExternalApplyClick(db: Db, accountId: string, jobId: string, now: number, keep = 200): Promise<void> {
  await db.insertInto('external_apply_clicks').values({ id: randomUUID(), account_id: accountId, job_id: jobId, created_at: now }).execute();
  const oldest = await db.selectFrom('external_apply_clicks').select('created_at').where('account_id', '=', accountId).orderBy('created_at', 'desc').offset(keep - 1).limit(1).executeTakeFirst();
  if (oldest) await db.deleteFrom('external_apply_clicks').where('account_id', '=', accountId).where('created_at', '<', oldest.created_at).execute();
}

// Searches

/**
 * Keeps a logged-in person's search; the same search again within an hour is not kept twice, and only
 * the newest `keep` are kept (a GET must not grow an account's rows without bound, decision 0088).
 */
export async function recordSearch(db: Db, accountId: string, search: string, location: string, now: number, keep = 50): Promise<void> {
  const text = search.trim().slice(0, 200);
  const place = location.trim().slice(0, 100);
  if (text === '' && place === '') return;
  const recent = await db
    .selectFrom('job_searches')
    .select('id')
    .where('account_id', '=', accountId)
    .where('search', '=', text)
    .where('location', '=', place)
    .where('created_at', '>', now - 3_600_000)
    .executeTakeFirst();
  if (recent) return;
  await db.insertInto('job_searches').values({ id: randomUUID(), account_id: accountId, search: text, location: place, created_at: now }).execute();
  const oldest = await db.selectFrom('job_searches').select('created_at').where('account_id', '=', accountId).orderBy('created_at', 'desc').offset(keep - 1).limit(1).executeTakeFirst();
  if (oldest) await db.deleteFrom('job_searches').where('account_id', '=', accountId).where('created_at', '<', oldest.created_at).execute();
}

export async function recentSearches(db: Db, accountId: string, limit = 20) {
  const rows = await db.selectFrom('job_searches').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
}

// Alerts

export async function listAlerts(db: Db, accountId: string): Promise<JobAlertRow[]> {
  const rows = await db.selectFrom('job_alerts').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'asc').orderBy('id').execute();
  return rows.map(numericAlert);
}

/** Pauses every alert of the person (they got a job, decision 0232); answers how many were paused. */
export async function pauseAlerts(db: Db, accountId: string, now: number): Promise<number> {
  const result = await db.updateTable('job_alerts').set({ paused_at: now }).where('account_id', '=', accountId).where('paused_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Resumes them from now: the next digest covers jobs posted after the resume, not the whole pause. */
export async function resumeAlerts(db: Db, accountId: string, now: number): Promise<void> {
  const paused = await db.selectFrom('job_alerts').select(['id', 'frequency']).where('account_id', '=', accountId).where('paused_at', 'is not', null).execute();
  for (const alert of paused) {
    await db
      .updateTable('job_alerts')
      .set({ paused_at: null, last_sent_at: now, next_send_at: now + (FREQUENCY_MS[alert.frequency] ?? DAY_MS) })
      .where('id', '=', alert.id)
      .execute();
  }
}

export function numericAlert(row: JobAlertRow): JobAlertRow {
  return {
    ...row,
    created_at: Number(row.created_at),
    last_sent_at: Number(row.last_sent_at),
    next_send_at: Number(row.next_send_at),
    radius: Number(row.radius),
    paused_at: row.paused_at === null ? null : Number(row.paused_at),
  };
}

export interface AlertFields {
  search: string;
  location: string;
  radius: number;
  frequency: string;
}

/**
 * Adds an alert unless the person already has the same one or has reached the limit. Answers the
 * outcome; the limit is checked inside a transaction so two quick adds cannot pass it together on
 * SQLite (one writer); on PostgreSQL a rare race could allow one extra, which is harmless.
 */
export async function addAlert(db: Db, accountId: string, fields: AlertFields, now: number, max: number): Promise<'created' | 'duplicate' | 'limit'> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('job_alerts').select(['search', 'location', 'radius']).where('account_id', '=', accountId).execute();
    const same = existing.some(
      (row) => row.search.toLowerCase() === fields.search.toLowerCase() && row.location.toLowerCase() === fields.location.toLowerCase() && Number(row.radius) === fields.radius,
    );
    if (same) return 'duplicate';
    if (existing.length >= max) return 'limit';
    await trx
      .insertInto('job_alerts')
      .values({
        id: randomUUID(),
        account_id: accountId,
        ...fields,
        created_at: now,
        last_sent_at: now,
        next_send_at: now + (FREQUENCY_MS[fields.frequency] ?? DAY_MS),
      })
      .execute();
    return 'created';
  });
}

export async function updateAlert(db: Db, accountId: string, alertId: string, fields: AlertFields): Promise<boolean> {
  const result = await db.updateTable('job_alerts').set(fields).where('id', '=', alertId).where('account_id', '=', accountId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAlert(db: Db, accountId: string, alertId: string): Promise<boolean> {
  const result = await db.deleteFrom('job_alerts').where('id', '=', alertId).where('account_id', '=', accountId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
