import { sql } from 'kysely';
import { DASHBOARD_PAGE_SIZE } from '../../../shared/employer-jobs/page-props';
import { REMOTE_LOCATION, type JobStatus } from '../../../shared/jobs/enums';
import type { Db } from '../../db/database';
import type { JobRow } from '../jobs/jobs.table';
import { containsText } from '../../db/like';

/**
 * Who hears about a company's jobs (expiry notices, moderation decisions): its members now. A removed
 * recruiter who posted a job hears nothing more of it (issue 41).
 */
export async function companyRecipients(db: Db, companyId: string): Promise<string[]> {
  const members = await db.selectFrom('company_members as m').innerJoin('accounts as a', 'a.id', 'm.account_id').select('a.email').where('m.company_id', '=', companyId).execute();
  return [...new Set(members.map((row) => row.email))];
}

export interface DashboardQuery {
  q: string;
  status: JobStatus | null;
  /** "City, ST" or "Remote"; empty for every place. */
  place: string;
  sort: 'posted' | 'expiry';
  page: number;
}

/** One page of a company's jobs with the total, filtered and sorted as the dashboard asks. */
export async function listCompanyJobs(db: Db, companyId: string, query: DashboardQuery): Promise<{ rows: JobRow[]; total: number }> {
  let base = db.selectFrom('jobs').where('company_id', '=', companyId);
  if (query.status) base = base.where('status', '=', query.status);
  if (query.q) base = base.where(containsText(sql.ref('title'), query.q));
  if (query.place === REMOTE_LOCATION) base = base.where('remote', '=', 1);
  else if (query.place) {
    const comma = query.place.lastIndexOf(',');
    const city = comma > 0 ? query.place.slice(0, comma).trim() : query.place;
    const state = comma > 0 ? query.place.slice(comma + 1).trim() : '';
    base = base.where('remote', '=', 0).where('city', '=', city).where('state', '=', state);
  }
  const countRow = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  let rows = base.selectAll();
  rows =
    query.sort === 'expiry'
      ? rows.orderBy(sql`case when expires_at is null then 1 else 0 end`).orderBy('expires_at', 'asc').orderBy('posted_at', 'desc')
      : rows.orderBy('posted_at', 'desc');
  const list = await rows
    .orderBy('seq', 'desc')
    .limit(DASHBOARD_PAGE_SIZE)
    .offset((query.page - 1) * DASHBOARD_PAGE_SIZE)
    .execute();
  return { rows: list, total: Number(countRow?.count ?? 0) };
}

/** The places of a company's jobs, for the dashboard's place filter. */
export async function companyJobPlaces(db: Db, companyId: string): Promise<string[]> {
  const rows = await db.selectFrom('jobs').select(['city', 'state', 'remote']).distinct().where('company_id', '=', companyId).execute();
  const places = new Set<string>();
  for (const row of rows) {
    if (row.remote) places.add(REMOTE_LOCATION);
    else if (row.city) places.add(`${row.city}, ${row.state}`);
  }
  return [...places].sort((a, b) => a.localeCompare(b));
}

/** Jobs waiting for an admin, oldest first. */
export async function jobsInReview(db: Db): Promise<JobRow[]> {
  return db.selectFrom('jobs').selectAll().where('status', '=', 'in_review').orderBy('submitted_at', 'asc').limit(200).execute();
}
