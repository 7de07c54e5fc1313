import { secureRandomBytes } from '../../lib/random-bytes';
import { sql } from 'kysely';
import { BENEFIT_CHOICES, CURRENCIES, EMPTY_DRAFT, EXPIRY_DEFAULT_DAYS, type JobDraftData, type PostingError, type PublishableJob } from '../../../shared/employer-jobs/fields';
import { checkForPublish, parseMoney, readDraft } from '../../../shared/employer-jobs/posting';
import { DASHBOARD_STATUSES, DASHBOARD_STATUS_LABELS, type DashboardStatus } from '../../../shared/employer-jobs/page-props';
import { EMPLOYMENT_TYPES, HOURS_PER_YEAR, JOB_CATEGORIES, PAY_PERIODS, type JobStatus, type PayPeriod } from '../../../shared/jobs/enums';
import type { Db, DialectName } from '../../db/database';
import type { JobRow, JobUpdate } from '../jobs/jobs.table';
import { parseLocation } from '../jobs/places';
import { titleKey } from '../jobs/slugs';
import type { ScreeningQuestionRow } from './employer-jobs.table';
import { markdownLinks, markdownPlainText } from '../jobs/markdown';
import { DAY_MS } from '../../../shared/time';


/** Pay periods as a year's worth, for the one "minimum pay" column search filters on (dollars a year). */
const PERIODS_PER_YEAR: Record<PayPeriod, number> = { hour: HOURS_PER_YEAR, day: 260, week: 52, month: 12, year: 1 };

/** The place a job is at, resolved from what was typed: a city or ZIP code with coordinates. */
export interface JobPlace {
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
}

export function resolveJobPlace(location: string): JobPlace | null {
  const result = parseLocation(location);
  if (result.status !== 'found') return null;
  const place = result.place;
  if (place.kind === 'city') return { city: place.city, state: place.state, zip: '', latitude: place.latitude, longitude: place.longitude };
  if (place.kind === 'zip') return { city: place.city, state: place.state, zip: place.zip, latitude: place.latitude, longitude: place.longitude };
  return null;
}

export const isKnownPlace = (location: string) => resolveJobPlace(location) !== null;

/** The job's id: lower-case letters and digits, as job page addresses end (jobIdFromSlug). */
export function newJobId(): string {
  return secureRandomBytes(8).toString('hex');
}

export function parseDraftData(text: string | null): JobDraftData {
  if (!text) return { ...EMPTY_DRAFT };
  try {
    return readDraft(JSON.parse(text));
  } catch {
    return { ...EMPTY_DRAFT };
  }
}

/**
 * The columns a draft shows on the dashboard (title, place, category) taken from what was typed, with
 * neutral values where it is not valid yet. A draft is never 'open', so nothing else reads them.
 */
function draftColumns(draft: JobDraftData): JobUpdate {
  const place = draft.place_type !== 'remote' ? resolveJobPlace(draft.location) : null;
  const title = draft.title.replace(/\s+/g, ' ').trim().slice(0, 200);
  return {
    title,
    title_key: titleKey(title),
    category: (JOB_CATEGORIES as readonly string[]).includes(draft.category) ? (draft.category as JobRow['category']) : 'office',
    employment_type: (EMPLOYMENT_TYPES as readonly string[]).includes(draft.employment_type) ? (draft.employment_type as JobRow['employment_type']) : 'full_time',
    city: place?.city ?? '',
    state: place?.state ?? '',
    zip: place?.zip ?? '',
    latitude: place?.latitude ?? 0,
    longitude: place?.longitude ?? 0,
    remote: draft.place_type === 'remote' ? 1 : 0,
    hybrid: draft.place_type === 'hybrid' ? 1 : 0,
    draft_data: JSON.stringify(draft),
  };
}

/** Every column of a job that passed the publishing rules. */
export function publishedColumns(job: PublishableJob, draft: JobDraftData, featured: boolean): JobUpdate {
  const place = job.placeType === 'remote' ? null : resolveJobPlace(job.location);
  return {
    title: job.title,
    title_key: titleKey(job.title),
    description: markdownPlainText(job.description),
    description_markdown: job.description,
    category: job.category,
    employment_type: job.employmentType,
    city: place?.city ?? '',
    state: place?.state ?? '',
    zip: place?.zip ?? '',
    latitude: place?.latitude ?? 0,
    longitude: place?.longitude ?? 0,
    remote: job.placeType === 'remote' ? 1 : 0,
    hybrid: job.placeType === 'hybrid' ? 1 : 0,
    pay_min: job.payMin,
    pay_max: job.payMax,
    pay_period: job.payPeriod,
    pay_currency: job.currency,
    // Only US dollars compare with the minimum-pay filter's dollar amounts; other currencies never match it.
    pay_max_annual: job.currency === 'USD' ? job.payMax * PERIODS_PER_YEAR[job.payPeriod] : 0,
    benefits: JSON.stringify(job.benefits),
    apply_type: job.applyMethod === 'jobwise' ? 'on_site' : job.applyMethod === 'url' ? 'external' : 'email',
    external_url: job.applyUrl,
    apply_email: job.applyEmail,
    featured: featured ? 1 : 0,
    draft_data: JSON.stringify(draft),
  };
}

export interface NewDraftInput {
  companyId: string;
  companyName: string;
  accountId: string;
  draft: JobDraftData;
  now: number;
}

/** A new job as a draft. seq is the next integer; a clash with a concurrent insert tries again. */
export async function insertDraft(db: Db, input: NewDraftInput): Promise<string> {
  const id = newJobId();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const last = await db.selectFrom('jobs').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
      const seq = Number(last?.seq ?? 0) + 1 + attempt;
      await db
        .insertInto('jobs')
        .values({
          id,
          seq,
          company_id: input.companyId,
          company_name: input.companyName,
          title: '',
          title_key: '',
          description: '',
          category: 'office',
          employment_type: 'full_time',
          city: '',
          state: '',
          zip: '',
          latitude: 0,
          longitude: 0,
          remote: 0,
          pay_min: 0,
          pay_max: 0,
          pay_period: 'hour',
          pay_max_annual: 0,
          benefits: '[]',
          status: 'draft',
          apply_type: 'on_site',
          external_url: null,
          listing_key: `lk_${id}`,
          listing_version_key: `lvk_${id}_1`,
          posted_at: input.now,
          closes_at: null,
          created_at: input.now,
          updated_at: input.now,
          posted_by: input.accountId,
          ...draftColumns(input.draft),
        })
        .execute();
      return id;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
}

/** Keeps what was typed on a draft or a rejected job (it stays what it is: nothing goes live). */
export async function saveDraft(db: Db, job: JobRow, draft: JobDraftData, now: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ ...draftColumns(draft), updated_at: now })
    .where('id', '=', job.id)
    .execute();
}

export async function findCompanyJob(db: Db, companyId: string, jobId: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', jobId).where('company_id', '=', companyId).executeTakeFirst();
}

/** Where a job sends people: its apply link or email and every link in its description. */
export function destinations(job: { apply_type: string; external_url: string | null; apply_email: string | null; description_markdown: string | null }): Set<string> {
  const set = new Set<string>();
  if (job.apply_type === 'external' && job.external_url) set.add(job.external_url);
  if (job.apply_type === 'email' && job.apply_email) set.add(`mailto:${job.apply_email}`);
  for (const link of markdownLinks(job.description_markdown ?? '')) set.add(link);
  return set;
}

/**
 * Decision 0111: an edit sends a live job back to review only when it adds somewhere to send people
 * (a new apply link or email, a new link in the description), the usual bait-and-switch after an
 * approval. Other edits (wording, pay, place, questions) stay live.
 */
export function editNeedsReview(before: JobRow, after: JobUpdate): boolean {
  const old = destinations(before);
  const next = destinations({
    apply_type: after.apply_type ?? before.apply_type,
    external_url: after.external_url === undefined ? before.external_url : after.external_url,
    apply_email: after.apply_email === undefined ? before.apply_email : after.apply_email,
    description_markdown: after.description_markdown === undefined ? before.description_markdown : after.description_markdown,
  });
  for (const target of next) if (!old.has(target)) return true;
  return false;
}

export type PublishTarget = 'open' | 'in_review';

/**
 * Where a publish leads (decision 0110): a company not yet approved waits for an admin; a job sent to
 * review waits until an admin approves it, through a rejection or a draft in between (decision 0227);
 * a live job's edit waits only when editNeedsReview; otherwise live at once.
 */
export function publishTarget(input: { companyApproved: boolean; status: JobStatus; awaitingApproval: boolean; needsReview: boolean }): PublishTarget {
  if (!input.companyApproved) return 'in_review';
  if (input.awaitingApproval || input.status === 'in_review' || input.status === 'rejected') return 'in_review';
  if (input.status === 'open' && input.needsReview) return 'in_review';
  return 'open';
}

export type PublishCheckResult = { ok: true; job: PublishableJob; draft: JobDraftData } | { ok: false; errors: PostingError[]; draft: JobDraftData };

export function checkDraft(input: unknown): PublishCheckResult {
  const draft = readDraft(input);
  const check = checkForPublish(draft, { isKnownPlace });
  return check.ok ? { ok: true, job: check.job, draft } : { ok: false, errors: check.errors, draft };
}

export async function replaceQuestions(db: Db, jobId: string, job: PublishableJob): Promise<void> {
  await db.deleteFrom('job_screening_questions').where('job_id', '=', jobId).execute();
  if (job.questions.length === 0) return;
  await db
    .insertInto('job_screening_questions')
    .values(
      job.questions.map((question, position) => ({
        job_id: jobId,
        position,
        text: question.text,
        kind: question.kind,
        deal_breaker: question.dealBreaker ? 1 : 0,
        expected: question.expected,
      })),
    )
    .execute();
}

export async function listQuestions(db: Db, jobId: string) {
  return db.selectFrom('job_screening_questions').selectAll().where('job_id', '=', jobId).orderBy('position').execute();
}

/**
 * Runs `work` with the company's publishes serialised: PostgreSQL locks the company row for the
 * transaction, so two instances counting live jobs for the plan's limit cannot both pass; SQLite's
 * single writer already does this.
 */
export async function withCompanyLock<T>(db: Db, dialect: DialectName, companyId: string, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select id from companies where id = ${companyId} for update`.execute(trx);
    return work(trx);
  });
}

/** The expiry of a job published now with the draft's number of days. */
export function expiryFrom(start: number, job: Pick<PublishableJob, 'expiresInDays'> | null): number {
  return start + (job?.expiresInDays ?? EXPIRY_DEFAULT_DAYS) * DAY_MS;
}

export function nextVersionKey(job: Pick<JobRow, 'id' | 'listing_version_key'>): string {
  const match = /_(\d+)$/.exec(job.listing_version_key);
  return `lvk_${job.id}_${match ? Number(match[1]) + 1 : 2}`;
}

/**
 * What the preview shows: a job not published yet (draft, waiting, rejected) as typed, with neutral
 * values where a field is not valid yet; a published job as it is.
 */
/** A job's status as the employer's dashboard names it: every status past open shows as closed. */
export function toDashboardStatus(status: JobRow['status']): DashboardStatus {
  return (DASHBOARD_STATUSES as readonly string[]).includes(status) ? (status as DashboardStatus) : 'closed';
}

/** The line above an employer's preview of their job. */
export function previewLabel(job: JobRow): string {
  return job.status === 'open' ? 'Preview: this is how job seekers see your live job.' : `Preview (${DASHBOARD_STATUS_LABELS[toDashboardStatus(job.status)]}): job seekers do not see this job yet.`;
}

export function previewOf(job: JobRow): { row: JobRow; questions: ScreeningQuestionRow[] | null } {
  if (job.status !== 'draft' && job.status !== 'rejected' && job.description_markdown !== null) return { row: job, questions: null };
  const draft = parseDraftData(job.draft_data);
  const check = checkForPublish(draft, { isKnownPlace });
  if (check.ok) {
    const columns = publishedColumns(check.job, draft, job.featured === 1);
    const questions = check.job.questions.map((q, position) => ({ job_id: job.id, position, text: q.text, kind: q.kind, deal_breaker: q.dealBreaker ? 1 : 0, expected: q.expected }));
    return { row: { ...job, ...columns } as JobRow, questions };
  }
  const payMin = parseMoney(draft.pay_min);
  const payMax = parseMoney(draft.pay_max);
  const period = (PAY_PERIODS as readonly string[]).includes(draft.pay_period) ? (draft.pay_period as PayPeriod) : 'hour';
  const questions = draft.questions
    .filter((q) => q.text.trim() !== '')
    .slice(0, 5)
    .map((q, position) => ({ job_id: job.id, position, text: q.text, kind: q.kind === 'text' ? 'text' : 'yes_no', deal_breaker: 0, expected: null }));
  return {
    row: {
      ...job,
      description_markdown: draft.description,
      pay_min: Number.isFinite(payMin) ? payMin : 0,
      pay_max: Number.isFinite(payMax) ? payMax : Number.isFinite(payMin) ? payMin : 0,
      pay_period: period,
      pay_currency: (CURRENCIES as readonly string[]).includes(draft.pay_currency) ? draft.pay_currency : 'USD',
      benefits: JSON.stringify(draft.benefits.filter((b) => (BENEFIT_CHOICES as readonly string[]).includes(b))),
    },
    questions,
  };
}
