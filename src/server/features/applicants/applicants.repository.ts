// Queries of the applicant inbox. Every read and write is scoped to a company's own jobs (join on
// jobs.company_id): another company's application looks like no application.
import { randomUUID } from 'node:crypto';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '../../db/database';
import type { Stage } from '../../../shared/applicants/stages';
import type { InboxFilters } from '../../../shared/applicants/page-props';
import { isNotifiedStage, stageNotificationText } from '../../../shared/notifications/stage-texts';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import { notify } from '../notifications/notifications.service';
import { containsText } from '../../db/like';

type InboxQuery = SelectQueryBuilder<Database & { a: Database['job_applications']; j: Database['jobs'] }, 'a' | 'j', object>;

/** The company's applications that are still in the inbox (not withdrawn), filtered. */
function inboxBase(db: Db, companyId: string, filters: Omit<InboxFilters, 'sort'>): InboxQuery {
  let query = db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .where('j.company_id', '=', companyId)
    .where('a.withdrawn_at', 'is', null) as unknown as InboxQuery;
  if (filters.job) query = query.where('a.job_id', '=', filters.job);
  if (filters.stage) query = query.where('a.stage', '=', filters.stage);
  if (filters.rating > 0) query = query.where('a.rating', '>=', filters.rating);
  if (filters.dealBreaker === 'failed') query = query.where('a.failed_deal_breaker', '=', 1);
  if (filters.dealBreaker === 'passed') query = query.where('a.failed_deal_breaker', '=', 0);
  if (filters.q) {
    const text = filters.q;
    query = query.where((eb) => eb.or([containsText(sql.ref('a.full_name'), text), containsText(sql.ref('a.headline'), text)]));
  }
  return query;
}

const spotlightExists = sql<number | boolean>`exists (select 1 from spotlight_answers as s where s.account_id = a.account_id)`;

export interface InboxRow {
  id: string;
  account_id: string;
  full_name: string;
  email: string;
  phone: string;
  headline: string;
  location: string;
  created_at: number;
  stage: string;
  opened_at: number | null;
  rating: number | null;
  failed_deal_breaker: number;
  match_score: number | null;
  match_reasons: string | null;
  distance_miles: number | null;
  job_id: string;
  job_title: string;
  spotlight: boolean;
}

/**
 * One page of the inbox. Two steps: the page's ids in order (an index walk for newest first; the stored
 * score for match), then the rows of those 25 only, so per-row work (the spotlight lookup) is done for
 * the page, not for every applicant.
 */
export async function listInbox(db: Db, companyId: string, filters: InboxFilters, page: { limit: number; offset: number }): Promise<InboxRow[]> {
  let ordered = inboxBase(db, companyId, filters).select('a.id');
  // Match: the stored score, then a spotlight first among equal scores (issue 13), then newest.
  if (filters.sort === 'match') ordered = ordered.orderBy('a.match_score', 'desc').orderBy(spotlightExists, 'desc');
  const ids = (await ordered.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(page.limit).offset(page.offset).execute()).map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select([
      'a.id',
      'a.account_id',
      'a.full_name',
      'a.email',
      'a.phone',
      'a.headline',
      'a.location',
      'a.created_at',
      'a.stage',
      'a.opened_at',
      'a.rating',
      'a.failed_deal_breaker',
      'a.match_score',
      'a.match_reasons',
      'a.distance_miles',
      'a.job_id',
      'j.title as job_title',
      spotlightExists.as('spotlight'),
    ])
    .where('a.id', 'in', ids)
    .execute();
  const byId = new Map((rows as unknown as InboxRow[]).map((row) => [row.id, numericRow(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function numericRow(row: InboxRow): InboxRow {
  return {
    ...row,
    created_at: Number(row.created_at),
    opened_at: row.opened_at === null ? null : Number(row.opened_at),
    rating: row.rating === null ? null : Number(row.rating),
    failed_deal_breaker: Number(row.failed_deal_breaker),
    match_score: row.match_score === null ? null : Number(row.match_score),
    distance_miles: row.distance_miles === null ? null : Number(row.distance_miles),
    spotlight: Boolean(Number(row.spotlight)) || row.spotlight === true,
  };
}

/** How far the match order is read to find a candidate's neighbours; past it the page shows no previous/next. */
export const NEIGHBOURS_MATCH_SCAN = 10_000;

/**
 * The candidates before and after this one in the inbox as filtered and sorted, and its place there
 * (1-based). Newest first is a keyset step each way on (created_at, id), the list's own order, so it
 * costs two index probes and a count however long the list; best match first reads the ordered ids
 * (the stored score's order) up to NEIGHBOURS_MATCH_SCAN. An application outside the filter (moved
 * out of the stage shown, say) still has neighbours by its place in the order; its index is null then.
 */
export async function inboxNeighbours(
  db: Db,
  companyId: string,
  filters: InboxFilters,
  current: { id: string; created_at: number },
): Promise<{ previousId: string | null; nextId: string | null; index: number | null; total: number }> {
  const { total } = await countInbox(db, companyId, filters);
  if (filters.sort === 'match') {
    const ids = (
      await inboxBase(db, companyId, filters)
        .select('a.id')
        .orderBy('a.match_score', 'desc')
        .orderBy(spotlightExists, 'desc')
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(NEIGHBOURS_MATCH_SCAN)
        .execute()
    ).map((row) => row.id);
    const at = ids.indexOf(current.id);
    if (at < 0) return { previousId: null, nextId: null, index: null, total };
    return { previousId: ids[at - 1] ?? null, nextId: ids[at + 1] ?? null, index: at + 1, total };
  }
  const created = current.created_at;
  const [previous, next, before] = await Promise.all([
    inboxBase(db, companyId, filters)
      .select('a.id')
      .where((eb) => eb.or([eb('a.created_at', '>', created), eb.and([eb('a.created_at', '=', created), eb('a.id', '>', current.id)])]))
      .orderBy('a.created_at', 'asc')
      .orderBy('a.id', 'asc')
      .limit(1)
      .executeTakeFirst(),
    inboxBase(db, companyId, filters)
      .select('a.id')
      .where((eb) => eb.or([eb('a.created_at', '<', created), eb.and([eb('a.created_at', '=', created), eb('a.id', '<', current.id)])]))
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    inboxBase(db, companyId, filters)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => eb.or([eb('a.created_at', '>', created), eb.and([eb('a.created_at', '=', created), eb('a.id', '>', current.id)])]))
      .executeTakeFirst(),
    ]);
  const inList = (await inboxBase(db, companyId, filters).select('a.id').where('a.id', '=', current.id).executeTakeFirst()) !== undefined;
  return { previousId: previous?.id ?? null, nextId: next?.id ?? null, index: inList ? Number(before?.count ?? 0) + 1 : null, total };
}

export async function countInbox(db: Db, companyId: string, filters: Omit<InboxFilters, 'sort'>): Promise<{ total: number; unread: number }> {
  const row = await inboxBase(db, companyId, filters)
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>(sql`case when a.opened_at is null then 1 else 0 end`).as('unread')])
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

/** One of the company's applications still in the inbox, with its job. */
export async function findCompanyApplication(db: Db, companyId: string, applicationId: string) {
  const row = await db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .selectAll('a')
    .select(['j.title as job_title', 'j.city as job_city', 'j.state as job_state', 'j.listing_key as job_listing_key', 'j.status as job_status'])
    .where('j.company_id', '=', companyId)
    .where('a.id', '=', applicationId)
    .where('a.withdrawn_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    created_at: Number(row.created_at),
    opened_at: row.opened_at === null ? null : Number(row.opened_at),
    rating: row.rating === null ? null : Number(row.rating),
    match_score: row.match_score === null ? null : Number(row.match_score),
    distance_miles: row.distance_miles === null ? null : Number(row.distance_miles),
  };
}
export type CompanyApplication = NonNullable<Awaited<ReturnType<typeof findCompanyApplication>>>;

export async function companyJobsWithApplications(db: Db, companyId: string): Promise<Array<{ id: string; title: string }>> {
  return db.selectFrom('jobs').select(['id', 'title']).where('company_id', '=', companyId).where('status', '!=', 'draft').orderBy('created_at', 'desc').orderBy('id').limit(500).execute();
}

export async function applicationAnswers(db: Db, applicationIds: string[]) {
  if (applicationIds.length === 0) return [];
  return db
    .selectFrom('job_application_answers')
    .select(['application_id', 'position', 'question', 'answer', 'deal_breaker_failed'])
    .where('application_id', 'in', applicationIds)
    .orderBy('application_id')
    .orderBy('position')
    .execute();
}

export async function stageHistory(db: Db, applicationId: string) {
  const rows = await db
    .selectFrom('application_stage_changes as c')
    .leftJoin('accounts as who', 'who.id', 'c.changed_by')
    .select(['c.from_stage', 'c.to_stage', 'c.changed_at', 'who.email as by_email'])
    .where('c.application_id', '=', applicationId)
    .orderBy('c.changed_at', 'desc')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({ ...row, changed_at: Number(row.changed_at) }));
}

export async function listNotes(db: Db, applicationId: string) {
  const rows = await db
    .selectFrom('application_notes as n')
    .leftJoin('accounts as who', 'who.id', 'n.author_id')
    .select(['n.body', 'n.created_at', 'who.email as author_email'])
    .where('n.application_id', '=', applicationId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id')
    .execute();
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
}

export async function insertNote(db: Db, note: { applicationId: string; authorId: string; body: string; now: number }): Promise<void> {
  await db.insertInto('application_notes').values({ id: randomUUID(), application_id: note.applicationId, author_id: note.authorId, body: note.body, created_at: note.now }).execute();
}

export async function setRating(db: Db, applicationId: string, rating: number | null): Promise<void> {
  await db.updateTable('job_applications').set({ rating }).where('id', '=', applicationId).execute();
}

/** Opening marks it read once; later openings keep the first time. */
export async function markOpened(db: Db, applicationId: string, now: number): Promise<void> {
  await db.updateTable('job_applications').set({ opened_at: now }).where('id', '=', applicationId).where('opened_at', 'is', null).execute();
}

/**
 * Moves the company's applications to a stage, in one transaction: each one moved gets its row in
 * application_stage_changes (who, when), which is also the outbox the applicant emails read (decision
 * 0150). An application already in the stage is left alone. Answers null when any id is not one of
 * the company's applications in the inbox (nothing is moved then). A move to Reviewed, Interview,
 * Offer, Hired or Rejected tells the candidate at once, in the same transaction: one notification per
 * application, replaced by the next move's (decision 0228).
 */
export async function moveStages(
  db: Db,
  input: { companyId: string; ids: string[]; stage: Stage; by: string; now: number },
): Promise<{ moved: number; changes: Array<{ applicationId: string; fromStage: string }> } | null> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('job_applications as a')
      .innerJoin('jobs as j', 'j.id', 'a.job_id')
      .innerJoin('companies as c', 'c.id', 'j.company_id')
      .select(['a.id', 'a.stage', 'a.account_id', 'j.title as job_title', 'c.name as company_name'])
      .where('j.company_id', '=', input.companyId)
      .where('a.id', 'in', input.ids)
      .where('a.withdrawn_at', 'is', null)
      .execute();
    if (rows.length !== input.ids.length) return null;
    let moved = 0;
    const changes: Array<{ applicationId: string; fromStage: string }> = [];
    for (const row of rows) {
      if (row.stage === input.stage) continue;
      // Guarded by the stage read: a racing move of the same application records its own change only once.
      const result = await trx
        .updateTable('job_applications')
        // A move answers the candidate: an application closed after 30 days of silence is open again (decision 0232).
        .set({ stage: input.stage, stage_changed_at: input.now, closed_at: null })
        .where('id', '=', row.id)
        .where('stage', '=', row.stage)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) continue;
      await trx
        .insertInto('application_stage_changes')
        .values({ id: randomUUID(), application_id: row.id, from_stage: row.stage, to_stage: input.stage, changed_by: input.by, changed_at: input.now })
        .execute();
      if (isNotifiedStage(input.stage)) {
        await notify(trx, {
          accountId: row.account_id,
          kind: 'stage_change',
          text: stageNotificationText(input.stage, { jobTitle: row.job_title, companyName: row.company_name }),
          link: SEEKER_PATHS.myJobs,
          subjectKey: `application:${row.id}:stage`,
          now: input.now,
        });
      }
      moved += 1;
      changes.push({ applicationId: row.id, fromStage: row.stage });
    }
    return { moved, changes };
  });
}

/** The seeker's own application leaves the inbox; answers false when it is not theirs or already withdrawn. */
export async function withdrawApplication(db: Db, accountId: string, applicationId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('job_applications')
    .set({ withdrawn_at: now })
    .where('id', '=', applicationId)
    .where('account_id', '=', accountId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The team keeps it open: no 30-day close (decision 0232). Answers false once it is closed already. */
export async function keepOpen(db: Db, applicationId: string, now: number): Promise<boolean> {
  const result = await db.updateTable('job_applications').set({ kept_open_at: now }).where('id', '=', applicationId).where('closed_at', 'is', null).where('kept_open_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return true;
  const row = await db.selectFrom('job_applications').select('closed_at').where('id', '=', applicationId).executeTakeFirst();
  return row !== undefined && row.closed_at === null;
}

export async function currentResume(db: Db, accountId: string) {
  return db.selectFrom('resumes').select(['storage_key', 'file_name', 'content_type']).where('account_id', '=', accountId).executeTakeFirst();
}
