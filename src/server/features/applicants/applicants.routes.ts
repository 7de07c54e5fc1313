import { create as contentDisposition } from 'content-disposition';
// The employer's applicant inbox and pipeline (issue 12) and the seeker's withdrawal. Every employer
// route reads only the signed-in member's company's applications: another company's application, note,
// rating or export answers 404 as if it did not exist.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  APPLICANTS_PATHS,
  GREAT_MATCH_SCORE,
  INBOX_PAGE_SIZE,
  INBOX_SORTS,
  NOTE_MAX,
  TEXT_FILTER_MAX,
  applicantKeepOpenPath,
  applicantNotesPath,
  applicantPath,
  applicantRatingPath,
  applicantResumePath,
  applicantStagePath,
  type ApplicantPageProps,
  type ApplicantResume,
  type FollowUpState,
  type InboxApplicant,
  type InboxFilters,
  type InboxPageProps,
} from '../../../shared/applicants/page-props';
import { STAGES, STAGE_LABELS, isStage, type Stage } from '../../../shared/applicants/stages';
import { CLOSE_AFTER_DAYS, KEEP_OPEN_NOTICE } from '../../../shared/follow-up/follow-up';
import { ERASED_CANDIDATE_LABEL, type ErasedApplicantPageProps } from '../../../shared/privacy/constants';
import { EMPLOYER_JOBS_PATHS } from '../../../shared/employer-jobs/page-props';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import { noBody, pathSegment, type RoutesApp } from '../../shared/route-contracts';
import { isOwnNavigation } from '../../plugins/same-origin';
import { CSV_CONTENT_TYPE, toCsv } from '../../shared/csv';
import { findCompanyById } from '../companies/company.service';
import { jobPath } from '../jobs/slugs';
import { detectResumeKind } from '../seeker/resume-file';
import { storedDocxText } from '../seeker/resume-text';
import { RESUME_FILE_POLICY } from '../../plugins/security-headers';
import { fullSectionsView, profileSections } from '../seeker/profile-sections';
import { employerOf, ownPath, sendNotFound, signedInUser, wantsJson } from '../sessions/route-guard';
import { canViewSpotlightOf, listSpotlightAnswers } from '../spotlight/spotlight.service';
import { sharedReferencesOf } from '../references/references.service';
import { sendStoredFile } from '../storage/byte-range';
import {
  applicationAnswers,
  companyJobsWithApplications,
  countInbox,
  currentResume,
  findCompanyApplication,
  inboxNeighbours,
  insertNote,
  keepOpen,
  listInbox,
  listNotes,
  markOpened,
  moveStages,
  setRating,
  stageHistory,
  withdrawApplication,
  type InboxRow,
} from './applicants.repository';
import { findErasedApplication } from './applicants-privacy';
import { refreshMatches } from './applicants.service';
import { distanceLabel } from './match';
import { DAY_MS } from '../../../shared/time';

const PRIVATE = 'private, no-store';
const EXPORT_MAX_ROWS = 10_000;
const BULK_MAX = 200;

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const text = (max: number) => z.preprocess(first, z.string().catch('')).transform((value) => value.replace(/\s+/g, ' ').trim().slice(0, max));
const IdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);
const ApplicationParamsSchema = z.object({ applicationId: IdSchema });
/** An application's id in a path: any is looked up, and one we could not have made is not found (404). */
const ApplicationPathSchema = z.object({ applicationId: pathSegment });

const NOTICES = {
  moved: 'Stage changed.',
  moved_many: 'Stages changed.',
  rated: 'Rating saved.',
  noted: 'Note added.',
  withdrawn: 'Your application was withdrawn. The employer no longer sees it.',
  kept_open: KEEP_OPEN_NOTICE,
} as const;
type NoticeKey = keyof typeof NOTICES;
const NOTICE_KEYS = Object.keys(NOTICES) as [NoticeKey, ...NoticeKey[]];

const InboxQuerySchema = z
  .object({
    job: z.preprocess(first, IdSchema.catch('')).default(''),
    stage: z.preprocess(first, z.enum(STAGES).or(z.literal('')).catch('')).default(''),
    rating: z.preprocess(first, z.coerce.number().int().min(0).max(5).catch(0)).default(0),
    deal_breaker: z.preprocess(first, z.enum(['failed', 'passed', '']).catch('')).default(''),
    q: text(TEXT_FILTER_MAX).default(''),
    sort: z.preprocess(first, z.enum(INBOX_SORTS).catch('newest')).default('newest'),
    page: z.preprocess(first, z.coerce.number().int().min(1).max(10_000).catch(1)).default(1),
    notice: z.preprocess(first, z.enum(NOTICE_KEYS).optional().catch(undefined)),
  })
  .catch({ job: '', stage: '', rating: 0, deal_breaker: '', q: '', sort: 'newest', page: 1, notice: undefined });

const StageBodySchema = z.object({ stage: z.preprocess(first, z.enum(STAGES)), next: z.preprocess(first, z.string().max(2048)).optional() });
const BulkStageBodySchema = StageBodySchema.extend({
  application_id: z.preprocess((value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]), z.array(IdSchema).min(1, 'Select at least one applicant.').max(BULK_MAX)),
});
// A form sends the rating as text ("" for none); our fetch client sends JSON, a number or null.
const RatingBodySchema = z.object({
  rating: z
    .preprocess(first, z.union([z.enum(['', '1', '2', '3', '4', '5']), z.number().int().min(1).max(5), z.null()]))
    .transform((value) => (value === '' || value === null ? null : Number(value))),
});

// The JSON answers of the in-place actions (decision 0294): declared, so a change of shape fails the route, not the page.
const HistoryEntrySchema = z.object({ from: z.string().nullable(), to: z.string(), by: z.string(), at: z.string(), atIso: z.string() });
const StageMovedSchema = z.object({ status: z.literal('MOVED'), moved: z.number().int(), stage: z.enum(STAGES), change: HistoryEntrySchema.nullable() });
const BulkMovedSchema = z.object({ status: z.literal('MOVED'), moved: z.number().int(), stage: z.enum(STAGES) });
const RatedSchema = z.object({ status: z.literal('RATED'), rating: z.number().int().min(1).max(5).nullable() });
const NotedSchema = z.object({ status: z.literal('NOTED'), note: z.object({ author: z.string(), at: z.string(), atIso: z.string(), body: z.string() }) });
const NoteBodySchema = z.object({
  body: z.preprocess(
    first,
    z
      .string()
      .transform((value) => value.replace(/\r\n?/g, '\n').trim())
      .pipe(z.string().min(1, 'Write a note first.').max(NOTE_MAX, `Keep a note under ${NOTE_MAX} characters.`)),
  ),
});

const days = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const moments = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
const formatDay = (ms: number) => days.format(new Date(ms));
const formatMoment = (ms: number) => moments.format(new Date(ms));
const isoOf = (ms: number) => new Date(ms).toISOString();


/**
 * The 30-day close as the team sees it (decision 0232): closed, kept open, or, while the application is
 * New with no move, the day it closes without an answer (a message answers too; the follow-up run checks).
 */
function followUpOf(application: { id: string; created_at: number; stage: string; kept_open_at: number | null; closed_at: number | null }, moved: boolean): FollowUpState | null {
  if (application.closed_at !== null) return { state: 'closed', since: formatDay(Number(application.closed_at)) };
  if (application.kept_open_at !== null) return { state: 'kept_open', since: formatDay(Number(application.kept_open_at)) };
  if (application.stage !== 'new' || moved) return null;
  return { state: 'waiting', closes: formatDay(application.created_at + CLOSE_AFTER_DAYS * DAY_MS), keepOpenPath: applicantKeepOpenPath(application.id) };
}

function filtersOf(query: z.infer<typeof InboxQuerySchema>): InboxFilters {
  return { job: query.job, stage: query.stage, rating: query.rating, dealBreaker: query.deal_breaker, q: query.q, sort: query.sort };
}

/** The inbox URL for these filters (and page), without defaults. */
export function inboxHref(filters: InboxFilters, page = 1, path: string = APPLICANTS_PATHS.inbox): string {
  const query = new URLSearchParams();
  if (filters.job) query.set('job', filters.job);
  if (filters.stage) query.set('stage', filters.stage);
  if (filters.rating) query.set('rating', String(filters.rating));
  if (filters.dealBreaker) query.set('deal_breaker', filters.dealBreaker);
  if (filters.q) query.set('q', filters.q);
  if (filters.sort !== 'newest') query.set('sort', filters.sort);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

function reasonsOf(json: string | null): string[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

const stageOf = (value: string): Stage => (isStage(value) ? value : 'new');

/**
 * The list an application was opened from, carried in its link (decision 0294): its filters and sort,
 * sort always written so "all jobs, newest first" is told apart from a link with no list (an email's).
 */
function listContextQuery(filters: InboxFilters): string {
  const href = inboxHref(filters);
  const query = new URLSearchParams(href.includes('?') ? href.slice(href.indexOf('?') + 1) : '');
  query.set('sort', filters.sort);
  return `?${query.toString()}`;
}

const LIST_CONTEXT_KEYS = ['job', 'stage', 'rating', 'deal_breaker', 'q', 'sort'] as const;

function inboxApplicant(row: InboxRow, context: string): InboxApplicant {
  const stage = stageOf(row.stage);
  const score = row.match_score ?? 0;
  return {
    id: row.id,
    href: `${applicantPath(row.id)}${context}`,
    name: row.full_name,
    headline: row.headline,
    place: row.location,
    distance: distanceLabel(row.distance_miles),
    jobTitle: row.job_title,
    applied: formatDay(row.created_at),
    appliedAt: isoOf(row.created_at),
    stage,
    stageLabel: STAGE_LABELS[stage],
    unread: row.opened_at === null,
    rating: row.rating,
    failedDealBreaker: row.failed_deal_breaker === 1,
    score,
    greatMatch: score >= GREAT_MATCH_SCORE,
    reasons: reasonsOf(row.match_reasons),
    spotlight: row.spotlight,
  };
}

/** Back to the page the form was on (our own path only), with a notice. */
function backWithNotice(next: string | undefined | null, fallback: string, notice: NoticeKey): string {
  const target = ownPath(next ?? null) ?? fallback;
  const url = new URL(target, 'http://local');
  url.searchParams.set('notice', notice);
  return `${url.pathname}${url.search}`;
}

function historyEntry(entry: { from_stage: string | null; to_stage: string; by_email: string | null; changed_at: number }) {
  return {
    from: entry.from_stage && isStage(entry.from_stage) ? STAGE_LABELS[entry.from_stage] : null,
    to: isStage(entry.to_stage) ? STAGE_LABELS[entry.to_stage] : entry.to_stage,
    by: entry.by_email ?? 'A former team member',
    at: formatMoment(entry.changed_at),
    atIso: isoOf(entry.changed_at),
  };
}

function noteView(note: { author_email: string | null; created_at: number; body: string }) {
  return { author: note.author_email ?? 'A former team member', at: formatMoment(note.created_at), atIso: isoOf(note.created_at), body: note.body };
}

export default async function applicantsRoutes(app: RoutesApp) {
  const employer = { config: { requireRole: 'employer' as const } };

  /** The company's application named in the path, or null after answering 404. */
  async function ownApplication(request: FastifyRequest, reply: FastifyReply) {
    const params = ApplicationParamsSchema.safeParse(request.params);
    const found = params.success ? await findCompanyApplication(app.db, employerOf(request).companyId, params.data.applicationId) : undefined;
    if (found) return found;
    await sendNotFound(request, reply);
    return null;
  }

  /** An application whose candidate erased their account (decision 0225): its job, dates and moves, no person. */
  async function sendErasedApplication(request: FastifyRequest, reply: FastifyReply) {
    const params = ApplicationParamsSchema.safeParse(request.params);
    const erased = params.success ? await findErasedApplication(app.db, employerOf(request).companyId, params.data.applicationId) : undefined;
    if (!erased) return sendNotFound(request, reply);
    const props: ErasedApplicantPageProps = {
      backHref: APPLICANTS_PATHS.inbox,
      label: ERASED_CANDIDATE_LABEL,
      jobTitle: erased.jobTitle,
      applied: formatMoment(erased.createdAt),
      withdrawn: erased.withdrawnAt === null ? null : formatMoment(erased.withdrawnAt),
      history: erased.history.map((entry) => ({
        from: entry.from_stage ? STAGE_LABELS[stageOf(entry.from_stage)] : null,
        to: STAGE_LABELS[stageOf(entry.to_stage)],
        by: entry.by_email ?? 'A former team member',
        at: formatMoment(entry.changed_at),
        atIso: isoOf(entry.changed_at),
      })),
    };
    return reply.header('cache-control', PRIVATE).renderPage('applicant-erased', props, { title: ERASED_CANDIDATE_LABEL, noIndex: true });
  }

  app.get(APPLICANTS_PATHS.inbox, { ...employer, schema: { querystring: InboxQuerySchema } }, async (request, reply) => {
    const { companyId } = employerOf(request);
    const { query } = request;
    const filters = filtersOf(query);
    await refreshMatches(app.db, { companyId, jobId: filters.job || null }, app.now());
    const [company, jobs, counts] = await Promise.all([findCompanyById(app.db, companyId), companyJobsWithApplications(app.db, companyId), countInbox(app.db, companyId, filters)]);
    const pageCount = Math.max(1, Math.ceil(counts.total / INBOX_PAGE_SIZE));
    const page = Math.min(query.page, pageCount);
    const rows = await listInbox(app.db, companyId, filters, { limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE });
    const props: InboxPageProps = {
      companyName: company?.name ?? '',
      jobs,
      filters,
      applicants: rows.map((row) => inboxApplicant(row, listContextQuery(filters))),
      total: counts.total,
      unread: counts.unread,
      page,
      pageCount,
      exportHref: inboxHref(filters, 1, APPLICANTS_PATHS.export),
      selfHref: inboxHref(filters, page),
      notice: query.notice ? NOTICES[query.notice] : null,
      dashboardHref: EMPLOYER_JOBS_PATHS.dashboard,
    };
    return reply.header('cache-control', PRIVATE).renderPage('applicants-inbox', props, { title: 'Candidates', pageType: 'candidates', noIndex: true });
  });

  // The filtered list as CSV: every cell formula-safe (src/server/shared/csv.ts).
  app.get(APPLICANTS_PATHS.export, { ...employer, schema: { querystring: InboxQuerySchema } }, async (request, reply) => {
    const { companyId } = employerOf(request);
    const filters = filtersOf(request.query);
    await refreshMatches(app.db, { companyId, jobId: filters.job || null }, app.now());
    const rows = await listInbox(app.db, companyId, filters, { limit: EXPORT_MAX_ROWS, offset: 0 });
    const csv = toCsv([
      ['Name', 'Email', 'Phone', 'Headline', 'Place', 'Distance (miles)', 'Job', 'Applied', 'Stage', 'Rating', 'Match', 'Great match', 'Spotlight', 'Failed deal-breaker', 'Reasons'],
      ...rows.map((row) => {
        const shown = inboxApplicant(row, '');
        return [
          row.full_name,
          row.email,
          row.phone,
          row.headline,
          row.location,
          row.distance_miles,
          row.job_title,
          new Date(row.created_at).toISOString().slice(0, 10),
          shown.stageLabel,
          row.rating,
          shown.score,
          shown.greatMatch ? 'yes' : 'no',
          row.spotlight ? 'yes' : 'no',
          shown.failedDealBreaker ? 'yes' : 'no',
          shown.reasons.join('; '),
        ];
      }),
    ]);
    return reply.header('cache-control', PRIVATE).header('content-type', CSV_CONTENT_TYPE).header('content-disposition', contentDisposition('applicants.csv')).header('x-content-type-options', 'nosniff').send(csv);
  });

  app.get(`${APPLICANTS_PATHS.inbox}/:applicationId`, { ...employer, schema: { params: ApplicationPathSchema, querystring: InboxQuerySchema } }, async (request, reply) => {
    const params = ApplicationParamsSchema.safeParse(request.params);
    const live = params.success ? await findCompanyApplication(app.db, employerOf(request).companyId, params.data.applicationId) : undefined;
    if (!live) return sendErasedApplication(request, reply);
    const application = live;
    const { notice } = request.query;
    const now = app.now();
    // Opening it from our own pages marks it read; a link from another site changes nothing (decision 0226).
    if (isOwnNavigation(request, app.config.PUBLIC_URL)) await markOpened(app.db, application.id, now);
    if (application.match_score === null || application.match_computed_at === null) {
      await refreshMatches(app.db, { companyId: employerOf(request).companyId, jobId: application.job_id }, now);
    }
    const fresh = (await findCompanyApplication(app.db, employerOf(request).companyId, application.id)) ?? application;
    const [answers, history, notes, spotlightAllowed, resume, references] = await Promise.all([
      applicationAnswers(app.db, [application.id]),
      stageHistory(app.db, application.id),
      listNotes(app.db, application.id),
      canViewSpotlightOf(app.db, request.user, application.account_id),
      resumeOf(application),
      sharedReferencesOf(app.db, application.account_id),
    ]);
    const spotlight = spotlightAllowed ? await listSpotlightAnswers(app.db, application.account_id) : [];
    // The profile as it is now (decision 0236): an edit after applying shows here too.
    const sections = fullSectionsView(await profileSections(app.db, application.account_id));
    const stage = stageOf(fresh.stage);
    const score = fresh.match_score ?? 0;
    const job = { id: application.job_id, title: application.job_title, city: application.job_city, state: application.job_state };
    // The list it was opened from (its link carries the filters and sort); without one, its job's list, newest first.
    const searchParams = new URL(request.url, 'http://local').searchParams;
    const fromList = LIST_CONTEXT_KEYS.some((key) => searchParams.has(key));
    const filters: InboxFilters = fromList ? filtersOf(request.query) : { job: application.job_id, stage: '', rating: 0, dealBreaker: '', q: '', sort: 'newest' };
    const context = listContextQuery(filters);
    const neighbours = await inboxNeighbours(app.db, employerOf(request).companyId, filters, application);
    const props: ApplicantPageProps = {
      id: application.id,
      backHref: inboxHref(filters),
      previousHref: neighbours.previousId ? `${applicantPath(neighbours.previousId)}${context}` : null,
      nextHref: neighbours.nextId ? `${applicantPath(neighbours.nextId)}${context}` : null,
      position: neighbours.index === null ? null : { index: neighbours.index, total: neighbours.total },
      name: fresh.full_name,
      headline: fresh.headline,
      place: fresh.location,
      distance: distanceLabel(fresh.distance_miles),
      email: fresh.email,
      phone: fresh.phone,
      jobTitle: application.job_title,
      jobHref: application.job_status === 'open' ? jobPath(job) : `${EMPLOYER_JOBS_PATHS.postJob}/${application.job_id}/preview`,
      applied: formatMoment(application.created_at),
      appliedAt: isoOf(application.created_at),
      stage,
      stageLabel: STAGE_LABELS[stage],
      rating: fresh.rating,
      score,
      greatMatch: score >= GREAT_MATCH_SCORE,
      reasons: reasonsOf(fresh.match_reasons),
      failedDealBreaker: Number(fresh.failed_deal_breaker) === 1,
      answers: answers.map((answer) => ({ question: answer.question, answer: answer.answer, dealBreakerFailed: Number(answer.deal_breaker_failed) === 1 })),
      spotlight,
      sections,
      references,
      resume: await resumeView(application.id, resume),
      history: history.map(historyEntry),
      notes: notes.map(noteView),
      stagePath: applicantStagePath(application.id),
      ratingPath: applicantRatingPath(application.id),
      notesPath: applicantNotesPath(application.id),
      notice: notice ? NOTICES[notice] : null,
      error: null,
      followUp: followUpOf(fresh, history.some((entry) => entry.from_stage !== null)),
    };
    return reply.header('cache-control', PRIVATE).renderPage('applicant', props, { title: `${fresh.full_name}: applicant`, pageType: 'applicant', noIndex: true });
  });

  /** The résumé as the page shows it: a PDF drawn by the page's viewer (0319), a Word file's text (0295; null when unreadable: it still downloads). */
  async function resumeView(applicationId: string, resume: Awaited<ReturnType<typeof resumeOf>>): Promise<ApplicantResume | null> {
    if (!resume) return null;
    const href = applicantResumePath(applicationId);
    if (resume.contentType === 'application/pdf') return { kind: 'pdf', href, fileName: resume.fileName };
    return { kind: 'docx', href, fileName: resume.fileName, text: await storedDocxText(app.fileStorage, resume.key).catch(() => null) };
  }

  /** The person's résumé: the current one, else the file stored with the application; PDF or DOCX only (read from the bytes). */
  async function resumeOf(application: { account_id: string; resume_storage_key: string | null }) {
    const current = await currentResume(app.db, application.account_id);
    if (current) return { key: current.storage_key, fileName: current.file_name, contentType: current.content_type };
    if (!application.resume_storage_key) return null;
    const bytes = await app.fileStorage.get(application.resume_storage_key);
    const kind = bytes ? await detectResumeKind(bytes) : null;
    return kind ? { key: application.resume_storage_key, fileName: `resume.${kind.extension}`, contentType: kind.contentType } : null;
  }

  // The résumé, for the team of a company the person applied to (this route's scope); 404 to everyone else.
  app.get(`${APPLICANTS_PATHS.inbox}/:applicationId/resume`, { ...employer, schema: { params: ApplicationPathSchema } }, async (request, reply) => {
    const application = await ownApplication(request, reply);
    if (!application) return reply;
    const resume = await resumeOf(application);
    if (!resume || (resume.contentType !== 'application/pdf' && !resume.contentType.startsWith('application/vnd.openxmlformats'))) return sendNotFound(request, reply);
    // A PDF may show in the browser (the page's viewer reads it by fetch, decision 0319); a Word file downloads.
    if (resume.contentType === 'application/pdf') reply.header('content-security-policy', RESUME_FILE_POLICY).header('x-frame-options', 'SAMEORIGIN');
    return sendStoredFile(request, reply, app.fileStorage, resume.key, { contentType: resume.contentType, fileName: resume.fileName, inline: resume.contentType === 'application/pdf' });
  });

  async function answerMoved(request: FastifyRequest, reply: FastifyReply, ids: string[], stage: Stage, next: string | undefined, fallback: string, many: boolean) {
    const now = app.now();
    const result = await moveStages(app.db, { companyId: employerOf(request).companyId, ids: [...new Set(ids)], stage, by: signedInUser(request).id, now });
    if (!result) return sendNotFound(request, reply);
    if (wantsJson(request)) {
      // One application moved: its new history row as the page shows it, from what the move itself knew.
      const change = result.changes[0];
      const entry = change ? historyEntry({ from_stage: change.fromStage, to_stage: stage, by_email: signedInUser(request).email, changed_at: now }) : null;
      return reply.header('cache-control', PRIVATE).send({ status: 'MOVED' as const, moved: result.moved, stage, ...(many ? {} : { change: entry }) });
    }
    return reply.header('cache-control', PRIVATE).redirect(backWithNotice(next, fallback, many ? 'moved_many' : 'moved'), 303);
  }

  app.post(`${APPLICANTS_PATHS.inbox}/:applicationId/stage`, { ...employer, schema: { params: ApplicationParamsSchema, body: StageBodySchema, response: { 200: StageMovedSchema } } }, async (request, reply) => {
    const { params, body } = request;
    return answerMoved(request, reply, [params.applicationId], body.stage, body.next, applicantPath(params.applicationId), false);
  });

  app.post(APPLICANTS_PATHS.bulkStage, { ...employer, schema: { body: BulkStageBodySchema, response: { 200: BulkMovedSchema } } }, async (request, reply) => {
    const { body } = request;
    return answerMoved(request, reply, body.application_id, body.stage, body.next, APPLICANTS_PATHS.inbox, true);
  });

  app.post(`${APPLICANTS_PATHS.inbox}/:applicationId/rating`, { ...employer, schema: { params: ApplicationPathSchema, body: RatingBodySchema, response: { 200: RatedSchema } } }, async (request, reply) => {
    const application = await ownApplication(request, reply);
    if (!application) return reply;
    const { body } = request;
    await setRating(app.db, application.id, body.rating);
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'RATED' as const, rating: body.rating });
    return reply.header('cache-control', PRIVATE).redirect(backWithNotice(null, applicantPath(application.id), 'rated'), 303);
  });

  app.post(`${APPLICANTS_PATHS.inbox}/:applicationId/notes`, { ...employer, schema: { params: ApplicationPathSchema, body: NoteBodySchema, response: { 200: NotedSchema } } }, async (request, reply) => {
    const application = await ownApplication(request, reply);
    if (!application) return reply;
    const { body } = request;
    const author = signedInUser(request);
    const now = app.now();
    await insertNote(app.db, { applicationId: application.id, authorId: author.id, body: body.body, now });
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'NOTED' as const, note: noteView({ author_email: author.email, created_at: now, body: body.body }) });
    return reply.header('cache-control', PRIVATE).redirect(backWithNotice(null, applicantPath(application.id), 'noted'), 303);
  });

  // The team keeps the application open: it is not closed for the candidate after 30 days (decision 0232).
  app.post(`${APPLICANTS_PATHS.inbox}/:applicationId/keep-open`, { ...employer, schema: { params: ApplicationPathSchema, body: noBody } }, async (request, reply) => {
    const application = await ownApplication(request, reply);
    if (!application) return reply;
    const kept = await keepOpen(app.db, application.id, app.now());
    // Closed already: moving its stage is what reopens it.
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).status(kept ? 200 : 409).send({ status: kept ? 'KEPT_OPEN' : 'ALREADY_CLOSED' });
    return reply.header('cache-control', PRIVATE).redirect(kept ? backWithNotice(null, applicantPath(application.id), 'kept_open') : applicantPath(application.id), 303);
  });

  // The seeker withdraws their own application; it leaves the inbox at once.
  app.post(`${APPLICANTS_PATHS.withdrawPrefix}/:applicationId/withdraw`, { config: { requireRole: 'seeker', actionRateLimit: true }, schema: { params: ApplicationPathSchema, body: noBody, response: { 200: z.object({ status: z.literal('WITHDRAWN') }) } } }, async (request, reply) => {
    const params = ApplicationParamsSchema.safeParse(request.params);
    const done = params.success && (await withdrawApplication(app.db, signedInUser(request).id, params.data.applicationId, app.now()));
    if (!done) return sendNotFound(request, reply);
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'WITHDRAWN' });
    return reply.header('cache-control', PRIVATE).redirect(`${SEEKER_PATHS.myJobs}?notice=withdrawn`, 303);
  });
}

export { NOTICES as APPLICANT_NOTICES };
