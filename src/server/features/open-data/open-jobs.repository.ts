// The open jobs as open data reads them (issue 48): one job, a company's, and every one in pages. Only
// `status = 'open'` is ever read: drafts, jobs in review, closed and expired ones are never published.
import type { Db } from '../../db/database';
import type { JobRow } from '../jobs/jobs.table';

/** The columns a feed entry or an API answer shows of a job. */
export const PUBLISHED_COLUMNS = [
  'id',
  'seq',
  'listing_key',
  'title',
  'company_id',
  'company_name',
  'category',
  'employment_type',
  'city',
  'state',
  'zip',
  'remote',
  'hybrid',
  'pay_min',
  'pay_max',
  'pay_period',
  'pay_currency',
  'description',
  'description_markdown',
  'apply_type',
  'external_url',
  'benefits',
  'featured',
  'posted_at',
  'updated_at',
  'expires_at',
  'closes_at',
] as const satisfies ReadonlyArray<keyof JobRow>;

export type PublishedJob = Pick<JobRow, (typeof PUBLISHED_COLUMNS)[number]>;

/** A job by its listing key while it is open, as on its own page. */
export function findPublishedJob(db: Db, listingKey: string): Promise<PublishedJob | undefined> {
  return db.selectFrom('jobs').select(PUBLISHED_COLUMNS).where('listing_key', '=', listingKey).where('status', '=', 'open').executeTakeFirst();
}

/** Where a page of a company's jobs starts: after this job in newest-first order. */
export interface CompanyJobsPosition {
  postedAt: number;
  id: string;
}

/** A company's open jobs, newest first (as its page lists them), from a position on. */
export function companyOpenJobs(db: Db, companyId: string, after: CompanyJobsPosition | null, limit: number): Promise<PublishedJob[]> {
  let query = db.selectFrom('jobs').select(PUBLISHED_COLUMNS).where('company_id', '=', companyId).where('status', '=', 'open');
  if (after) query = query.where((eb) => eb.or([eb('posted_at', '<', after.postedAt), eb.and([eb('posted_at', '=', after.postedAt), eb('id', '<', after.id)])]));
  return query.orderBy('posted_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Every open job, a page at a time in seq order (seq's unique index): each page starts
 * after the last seq of the one before, so memory holds one page however many jobs there are.
 */
export async function* openJobsInPages(db: Db, pageSize: number): AsyncGenerator<PublishedJob[]> {
  let afterSeq = -1;
  for (;;) {
    const page = await db.selectFrom('jobs').select(PUBLISHED_COLUMNS).where('status', '=', 'open').where('seq', '>', afterSeq).orderBy('seq').limit(pageSize).execute();
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    afterSeq = Number(page[page.length - 1]!.seq);
  }
}

export async function companyOpenJobCount(db: Db, companyId: string): Promise<number> {
  const row = await db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('count')).where('company_id', '=', companyId).where('status', '=', 'open').executeTakeFirst();
  return Number(row?.count ?? 0);
}
