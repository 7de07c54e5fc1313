import { randomUUID } from 'node:crypto';
import { secureRandomBytes } from '../../lib/random-bytes';
import { sql, type RawBuilder } from 'kysely';
import type { Db, DialectName } from '../../db/database';
import { RESUME_COUNT_CAP, RESUME_RESULTS_PER_PAGE } from '../../../shared/resume-database/constants';
import { boundingBox } from '../jobs/geo';
import { hasRadius, type Place } from '../jobs/places';
import { distanceMiles } from '../jobs/search-sql';
import { ftsQuery, searchTerms } from '../jobs/search-terms';
import type { ResumeSeekerRow } from './resume-database.table';
import { DAY_MS } from '../../../shared/time';


/** The opaque id of /resume-database/:id: 16 random bytes, unrelated to the account id. */
export function newPublicId(): string {
  return secureRandomBytes(16).toString('base64url');
}

export interface SearchableFields {
  initials: string;
  headline: string;
  experience: string;
  titles: string;
  /** JSON of what decision 0236 lets employers see of the profile sections (resumeBackground). */
  background: string;
  /** Its words, for search. */
  background_text: string;
  place: string;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
}

export async function findSearchableSeeker(db: Db, accountId: string): Promise<ResumeSeekerRow | undefined> {
  return db.selectFrom('resume_seekers').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export async function findByPublicId(db: Db, publicId: string): Promise<ResumeSeekerRow | undefined> {
  return db.selectFrom('resume_seekers').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

/**
 * Opts the person in (a new row with a new public id and seq) or refreshes their row. seq is the next
 * integer; a clash with a concurrent opt-in tries again (as job posting does).
 */
export async function upsertSearchableSeeker(db: Db, accountId: string, fields: SearchableFields, now: number): Promise<void> {
  const existing = await findSearchableSeeker(db, accountId);
  if (existing) {
    await db.updateTable('resume_seekers').set({ ...fields, updated_at: now }).where('account_id', '=', accountId).execute();
    return;
  }
  for (let attempt = 0; ; attempt += 1) {
    const last = await db.selectFrom('resume_seekers').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
    const seq = Number(last?.seq ?? 0) + 1 + attempt;
    try {
      await db
        .insertInto('resume_seekers')
        .values({ account_id: accountId, public_id: newPublicId(), seq, ...fields, opted_in_at: now, last_active_at: now, updated_at: now })
        .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ ...fields, updated_at: now }))
        .execute();
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
}

/** Opting out: the row goes, so the person leaves every search and every profile address at once. */
export async function removeSearchableSeeker(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('resume_seekers').where('account_id', '=', accountId).execute();
}

/** Moves last_active_at to now if it is from an earlier UTC day; answers whether it moved. */
export async function touchLastActive(db: Db, accountId: string, now: number): Promise<boolean> {
  const startOfDay = now - (now % DAY_MS);
  const result = await db
    .updateTable('resume_seekers')
    .set({ last_active_at: now })
    .where('account_id', '=', accountId)
    .where('last_active_at', '<', startOfDay)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Titles of the jobs the person applied to and did not withdraw from, newest first, without repeats:
 * what the opt-in promises employers see (FIND_ME_COPY, decision 0226), so never a job they only saved.
 */
export async function recentJobTitles(db: Db, accountId: string, limit = 8): Promise<string[]> {
  const applied = await db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select('j.title')
    .where('a.account_id', '=', accountId)
    .where('a.withdrawn_at', 'is', null)
    .orderBy('a.created_at', 'desc')
    .limit(limit * 4)
    .execute();
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const row of applied) {
    const key = row.title.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    titles.push(row.title);
    if (titles.length >= limit) break;
  }
  return titles;
}

// Search

export interface ResumeSearchParams {
  text: string;
  place: Place | null;
  radius: number;
  activeWithinDays: number | null;
  page: number;
  now: number;
  /** SQLite: the match count from which a word is searched as a set (BROAD_MATCHES; tests lower it). */
  broadMatches?: number;
}

export interface ResumeSearchRow {
  public_id: string;
  account_id: string;
  initials: string;
  headline: string;
  experience: string;
  titles: string;
  place: string;
  last_active_at: number;
  distance: number | null;
}

export interface ResumeSearchResult {
  /** Capped at RESUME_COUNT_CAP + 1 (the page then says "1,000+"). */
  total: number;
  rows: ResumeSearchRow[];
}

/**
 * One search for both databases (decision 0164): text words through the full-text index (FTS5 on
 * SQLite, the tsvector on PostgreSQL), a place by the bounding box on the indexed coordinates and
 * then the great-circle distance (the jobs feature's rules), last active by its index; the most
 * recently active first. Only the page's ids come from the filtered scan; the page's rows are then
 * read whole. The total is counted up to RESUME_COUNT_CAP + 1, no further.
 */
export async function searchResumes(db: Db, dialect: DialectName, params: ResumeSearchParams): Promise<ResumeSearchResult> {
  const terms = searchTerms(params.text);
  const filters: RawBuilder<unknown>[] = [];
  let distance: RawBuilder<number> | null = null;
  const place = params.place;
  if (hasRadius(place)) {
    const box = boundingBox(place.latitude, place.longitude, params.radius);
    filters.push(sql`s.latitude between ${box.minLatitude} and ${box.maxLatitude} and s.longitude between ${box.minLongitude} and ${box.maxLongitude}`);
    distance = distanceMiles(place.latitude, place.longitude, 's');
    filters.push(sql`${distance} <= ${params.radius}`);
  } else if (place?.kind === 'state') {
    filters.push(sql`s.state = ${place.state}`);
  }
  if (params.activeWithinDays !== null) filters.push(sql`s.last_active_at >= ${params.now - params.activeWithinDays * DAY_MS}`);

  const placeFiltered = filters.length > 0 && place !== null && place.kind !== 'remote';
  let from: RawBuilder<unknown> = sql`resume_seekers s`;
  // Known without a count query: a text search with no other filter has as many results as matches.
  let knownTotal: number | null = null;
  let prefix: RawBuilder<unknown> = sql``;
  if (terms.length && dialect === 'sqlite') {
    const match = ftsQuery(terms);
    const matches = await countTextMatches(db, match);
    if (filters.length === 0) knownTotal = Math.min(matches, RESUME_COUNT_CAP + 1);
    if (placeFiltered) {
      // A place: list its seekers from the place index first (a box or a state holds far fewer than a
      // broad word matches), then keep the text matches among them, a probe each (as jobs do, 0045).
      prefix = sql`with near as materialized (select s.seq as seq, s.last_active_at as last_active_at from resume_seekers s where ${sql.join(filters, sql` and `)}) `;
      from = sql`resume_seekers_fts f cross join near s on s.seq = f.rowid`;
      filters.splice(0, filters.length, sql`resume_seekers_fts match ${match}`);
    } else if (matches >= (params.broadMatches ?? BROAD_MATCHES)) {
      // A broad word: walk the seekers in the order shown (or in the place's index) and keep those in
      // the set of matches, rather than joining and sorting every match (measured in decision 0164).
      from = sql`resume_seekers s indexed by resume_seekers_active`;
      filters.unshift(sql`s.seq in (select rowid from resume_seekers_fts where resume_seekers_fts match ${match})`);
    } else {
      from = sql`resume_seekers_fts f join resume_seekers s on s.seq = f.rowid`;
      filters.unshift(sql`resume_seekers_fts match ${match}`);
    }
  } else if (terms.length) {
    filters.unshift(sql`s.search_vector @@ plainto_tsquery('english', ${terms.join(' ')})`);
  }
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const offset = (params.page - 1) * RESUME_RESULTS_PER_PAGE;

  const page = await sql<{ seq: number | string }>`${prefix}select s.seq as seq from ${from} ${where} order by s.last_active_at desc, s.seq desc limit ${RESUME_RESULTS_PER_PAGE} offset ${offset}`.execute(db);
  let total = knownTotal;
  if (total === null) {
    const counted = await sql<{ n: number | string }>`${prefix}select count(*) as n from (select 1 from ${from} ${where} limit ${RESUME_COUNT_CAP + 1}) capped`.execute(db);
    total = Number(counted.rows[0]?.n ?? 0);
  }
  const seqs = page.rows.map((row) => Number(row.seq));
  if (seqs.length === 0) return { total, rows: [] };
  const distanceColumn = distance ? sql`${distance}` : sql`null`;
  const rows = await sql<ResumeSearchRow & { seq: number | string }>`select s.seq, s.public_id, s.account_id, s.initials, s.headline, s.experience, s.titles, s.place, s.last_active_at,
      ${distanceColumn} as distance from resume_seekers s where s.seq in (${sql.join(seqs)})`.execute(db);
  const bySeq = new Map(rows.rows.map((row) => [Number(row.seq), row]));
  return {
    total,
    rows: seqs.flatMap((seq) => {
      const row = bySeq.get(seq);
      if (!row) return [];
      const { seq: _seq, ...rest } = row;
      return [{ ...rest, last_active_at: Number(rest.last_active_at), distance: rest.distance === null ? null : Number(rest.distance) }];
    }),
  };
}

/** SQLite: from this many text matches, the matches are a set to probe rather than rows to join and sort. */
export const BROAD_MATCHES = 2000;

async function countTextMatches(db: Db, match: string): Promise<number> {
  const result = await sql<{ n: number }>`select count(*) as n from resume_seekers_fts where resume_seekers_fts match ${match}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

// The monthly quota (decision 0161)

/** "2026-11": the calendar month in UTC. */
export function monthOf(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

export async function viewsUsed(db: Db, companyId: string, month: string): Promise<number> {
  const row = await db.selectFrom('resume_view_months').select('used').where('company_id', '=', companyId).where('month', '=', month).executeTakeFirst();
  return Number(row?.used ?? 0);
}

export async function viewedThisMonth(db: Db, companyId: string, month: string, seekerAccountIds: string[]): Promise<Set<string>> {
  if (seekerAccountIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('resume_profile_views')
    .select('seeker_account_id')
    .where('company_id', '=', companyId)
    .where('month', '=', month)
    .where('seeker_account_id', 'in', seekerAccountIds)
    .execute();
  return new Set(rows.map((row) => row.seeker_account_id));
}

/**
 * Opens a profile for a company: a profile already opened this month opens again for free; a new one
 * counts one view if the month's count is under the limit. The count moves by one conditional update
 * (used < limit), which holds the limit even for simultaneous opens on PostgreSQL.
 */
export async function openProfile(
  db: Db,
  input: { companyId: string; seekerAccountId: string; viewedBy: string; limit: number; now: number },
): Promise<'opened' | 'reopened' | 'over_quota'> {
  const month = monthOf(input.now);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('resume_profile_views')
      .values({ company_id: input.companyId, month, seeker_account_id: input.seekerAccountId, viewed_by: input.viewedBy, viewed_at: input.now })
      .onConflict((conflict) => conflict.columns(['company_id', 'month', 'seeker_account_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'reopened';
    await trx
      .insertInto('resume_view_months')
      .values({ company_id: input.companyId, month, used: 0 })
      .onConflict((conflict) => conflict.columns(['company_id', 'month']).doNothing())
      .execute();
    const counted = await trx
      .updateTable('resume_view_months')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('company_id', '=', input.companyId)
      .where('month', '=', month)
      .where('used', '<', input.limit)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) > 0) return 'opened';
    await trx
      .deleteFrom('resume_profile_views')
      .where('company_id', '=', input.companyId)
      .where('month', '=', month)
      .where('seeker_account_id', '=', input.seekerAccountId)
      .execute();
    return 'over_quota';
  });
}

// Invitations

export async function liveJobsOfCompany(db: Db, companyId: string, limit = 100) {
  return db
    .selectFrom('jobs')
    .select(['id', 'title', 'city', 'state', 'remote', 'listing_key'])
    .where('company_id', '=', companyId)
    .where('status', '=', 'open')
    .orderBy('posted_at', 'desc')
    .limit(limit)
    .execute();
}

export async function invitedJobIds(db: Db, companyId: string, seekerAccountId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('resume_invitations').select('job_id').where('company_id', '=', companyId).where('seeker_account_id', '=', seekerAccountId).execute();
  return new Set(rows.map((row) => row.job_id));
}

/**
 * The company's jobs this person has applied to (an application still in the inbox): "Invite to apply"
 * is not offered for them (decision 0296).
 */
export async function appliedJobIds(db: Db, companyId: string, seekerAccountId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select('a.job_id')
    .where('j.company_id', '=', companyId)
    .where('a.account_id', '=', seekerAccountId)
    .where('a.withdrawn_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.job_id));
}

/** The company's newest invitation of this person: a conversation can be started about it (decision 0229). */
export async function latestInvitationId(db: Db, companyId: string, seekerAccountId: string): Promise<string | null> {
  const row = await db
    .selectFrom('resume_invitations')
    .select('id')
    .where('company_id', '=', companyId)
    .where('seeker_account_id', '=', seekerAccountId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Answers false when this person was already invited to this job (the unique pair decides). */
export async function insertInvitation(db: Db, input: { companyId: string; jobId: string; seekerAccountId: string; invitedBy: string; now: number }): Promise<boolean> {
  const result = await db
    .insertInto('resume_invitations')
    .values({ id: randomUUID(), company_id: input.companyId, job_id: input.jobId, seeker_account_id: input.seekerAccountId, invited_by: input.invitedBy, created_at: input.now })
    .onConflict((conflict) => conflict.columns(['job_id', 'seeker_account_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteInvitation(db: Db, jobId: string, seekerAccountId: string): Promise<void> {
  await db.deleteFrom('resume_invitations').where('job_id', '=', jobId).where('seeker_account_id', '=', seekerAccountId).execute();
}
