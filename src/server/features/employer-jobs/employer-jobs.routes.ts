import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EMPTY_DRAFT, MAX_QUESTIONS, REJECTION_REASON_MAX, questionFieldName, type JobDraftData, type PostingError } from '../../../shared/employer-jobs/fields';
import {
  DASHBOARD_SORTS,
  DASHBOARD_STATUSES,
  DASHBOARD_STATUS_LABELS,
  EMPLOYER_JOBS_PATHS,
  JOB_ACTIONS,
  POSTING_MESSAGES,
  deleteJobPath,
  editJobPath,
  jobFiguresPath,
  moderationDecisionPath,
  previewJobPath,
  type DashboardJob,
  type DashboardPageProps,
  type FirstRunStep,
  type ModerationPageProps,
  type PostJobPageProps,
} from '../../../shared/employer-jobs/page-props';
import { readDraft } from '../../../shared/employer-jobs/posting';
import { FORM_TEXT_MAX, formBody, noBody, pathSegment, repeatableText, type RoutesApp } from '../../shared/route-contracts';
import { refusing, sendRefusal } from '../../shared/refusals';
import { escapeHtml } from '../../plugins/ssr';
import { formatPay, formatPlace, formatPosted } from '../jobs/job-view';
import type { JobRow } from '../jobs/jobs.table';
import { findJob } from '../jobs/jobs.repository';
import { jobPath } from '../jobs/slugs';
import type { MailMessage } from '../mail/mailer';
import { employerOf, sendNotFound, signedInUser, wantsJson } from '../sessions/route-guard';
import { countApplyClick } from './apply-clicks';
import { approveCompany, findCompanyById, hasTeamBeyondOwner, loadCompanyFacts } from './company-facts';
import { COMPANY_PATHS } from '../../../shared/companies/constants';
import { companyJobPlaces, companyRecipients, jobsInReview, listCompanyJobs } from './employer-jobs.repository';
import { approveJob, canRenew, closeJobs, duplicateJob, publishJob, rejectJob, renewJobs, reopenJob, type CompanyFacts } from './employer-jobs.service';
import { figureSeries, figureTotals } from './job-figures';
import { checkDraft, findCompanyJob, insertDraft, parseDraftData, saveDraft, toDashboardStatus } from './job-posting';
import { suggestPay } from './pay-suggestion';
import { findQuestionSet, listQuestionSets } from './question-sets';
import { readSchedule, scheduleFields, scheduledFor, type ScheduleInput } from './scheduled-publishing';
import { renderJobMarkdown } from '../jobs/markdown';
import { shareJobPath } from '../../../shared/employer-jobs/first-run';
import { firstJobDraft } from './employer-survey';
import { companyContexts, reportedJobs, writeAudit } from './moderation';
import { moderationJobPath } from '../../../shared/employer-jobs/moderation';

const PRIVATE = 'private, no-store';
/** A description of 10,000 characters, form-encoded, with room for every other field. */
const POSTING_BODY_LIMIT = 96 * 1024;

const JobParamsSchema = z.object({ id: z.string().regex(/^[a-z0-9]{6,32}$/) });
const IntentSchema = z
  .object({ intent: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.enum(['publish', 'draft', 'preview', 'schedule', 'unschedule', 'use_set']).catch('publish')).default('publish') })
  .catch({ intent: 'publish' });
const QuestionSetChoiceSchema = z.object({ question_set: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().regex(/^[a-z0-9]{6,32}$/).catch('')).default('') }).catch({ question_set: '' });
/** A checkbox: "on" from the form, a boolean from JSON; readDraft reads either. */
const checkboxField = z.union([z.boolean(), z.string().max(FORM_TEXT_MAX), z.array(z.string().max(FORM_TEXT_MAX)).max(100)]).optional();
/** The draft's text fields, named once (EMPTY_DRAFT), so a field readDraft learns is never dropped here. */
const DRAFT_TEXT_FIELDS = (Object.keys(EMPTY_DRAFT) as Array<keyof JobDraftData>).filter((name) => typeof EMPTY_DRAFT[name] === 'string');
const QUESTION_PARTS = ['text', 'kind', 'deal_breaker', 'expected'] as const;
const questionPart = (part: (typeof QUESTION_PARTS)[number]) => (part === 'deal_breaker' ? checkboxField : repeatableText);
/**
 * The posting form's shape (decision 0330): from the page, form-encoded (benefits repeated, screening
 * questions in slots q1_text ... q5_expected); from JSON, the questions may come as a list. Every field is
 * text, repeated or not; a checkbox may be a boolean. The rules and each field's message stay with
 * readDraft, checkForPublish and readSchedule; a wrong type or broken JSON is the error handler's 400.
 * A bare post is an empty form. Fields not named are dropped (readDraft reads none).
 */
const PostingFormSchema = z
  .object({
    ...Object.fromEntries([...DRAFT_TEXT_FIELDS, 'intent', 'question_set', 'publish_at', 'time_zone'].map((name) => [name, repeatableText])),
    ...Object.fromEntries(Array.from({ length: MAX_QUESTIONS }, (_, index) => QUESTION_PARTS.map((part) => [questionFieldName(index, part), questionPart(part)])).flat()),
    benefits: repeatableText,
    questions: z.array(z.object(Object.fromEntries(QUESTION_PARTS.map((part) => [part, questionPart(part)])))).max(100).optional(),
  })
  .nullish();
/** A job sent, to our fetch client: live, in review, or a live job's edit saved; its page and its link to share. */
const SentAnswer = z.object({ status: z.enum(['PUBLISHED', 'IN_REVIEW', 'SAVED']), job_id: z.string(), message: z.string(), path: z.string().nullable(), share_path: z.string().nullable() });
/**
 * The posting form's answers to our fetch client: a draft saved (with its preview, unless it was taken off
 * its schedule), a draft scheduled, or the job sent. Refusals (errors by field, the day's posts, the plan) are undeclared.
 */
const PostingAnswerSchema = {
  200: z.union([
    z.object({ status: z.literal('DRAFT_SAVED'), job_id: z.string(), preview_path: z.string().optional() }),
    z.object({ status: z.literal('SCHEDULED'), job_id: z.string(), publish_at: z.string() }),
    SentAnswer,
  ]),
};
/** The stepper's check: the form's fields as JSON (readDraft takes what it knows and ignores the rest). */
const CheckBodySchema = z.record(z.string(), z.union([z.string().max(20_000), z.array(z.string().max(200)).max(50), z.boolean(), z.null()]));
const CheckAnswerSchema = z.object({ errors: z.array(z.object({ field: z.string(), message: z.string() })) });
const PaySuggestionQuerySchema = z.object({
  title: z.string().max(200).default(''),
  location: z.string().max(200).default(''),
  place_type: z.string().max(20).default('onsite'),
});
const PaySuggestionAnswerSchema = z.object({
  suggestion: z.object({ title: z.string(), place: z.string(), low: z.number(), high: z.number(), period: z.enum(['hour', 'year']), text: z.string() }).nullable(),
});

const NOTICES = {
  draft: POSTING_MESSAGES.draftSaved,
  published: POSTING_MESSAGES.published,
  in_review: POSTING_MESSAGES.inReview,
  edit_in_review: POSTING_MESSAGES.editInReview,
  saved: POSTING_MESSAGES.saved,
  closed: 'Closed. The job is marked filled and no longer shown to job seekers.',
  renewed: 'Renewed for 30 more days.',
  reopened: 'Reopened. The job is live again until its expiry date.',
  duplicated: 'A copy was made as a new draft.',
  none_renewed: 'Nothing was renewed: renewing is offered from 5 days before a job expires.',
  none_closed: 'Nothing was closed: only live jobs can be closed.',
  approved: 'Approved: the job is live and the company was told.',
  rejected: 'Rejected: the company was emailed the reason.',
  scheduled: 'Scheduled. The job stays a draft until its publish time, then goes live (or to review) on its own.',
  unscheduled: 'The job will not be published at that time. It is a draft again.',
  deleted: 'Draft deleted.',
  set_used: 'The saved questions were filled in. Check them before publishing.',
} as const;
type NoticeKey = keyof typeof NOTICES;
const NOTICE_KEYS = Object.keys(NOTICES) as [NoticeKey, ...NoticeKey[]];
/** A job's id in a path: any is looked up, and one we could not have made is not found (404). */
const JobPathSchema = z.object({ id: pathSegment });
const NoticeQuerySchema = z.object({ notice: z.enum(NOTICE_KEYS).optional().catch(undefined) }).catch({ notice: undefined });

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const DashboardQuerySchema = z
  .object({
    q: z.preprocess(first, z.string().catch('')).transform((value) => value.replace(/\s+/g, ' ').trim().slice(0, 100)).default(''),
    status: z.preprocess(first, z.enum(DASHBOARD_STATUSES).or(z.literal('')).catch('')).default(''),
    place: z.preprocess(first, z.string().catch('')).transform((value) => value.trim().slice(0, 100)).default(''),
    sort: z.preprocess(first, z.enum(DASHBOARD_SORTS).catch('posted')).default('posted'),
    page: z.preprocess(first, z.coerce.number().int().min(1).max(1000).catch(1)).default(1),
    show: z.preprocess(first, z.string().catch('')).default(''),
    notice: z.preprocess(first, z.enum(NOTICE_KEYS).optional().catch(undefined)),
    error: z.preprocess(first, z.enum(['plan_limit']).optional().catch(undefined)),
  })
  .catch({ q: '', status: '', place: '', sort: 'posted', page: 1, show: '', notice: undefined, error: undefined });

const ActionBodySchema = z.object({
  action: z.preprocess(first, z.enum(JOB_ACTIONS)),
  job_id: z.preprocess((value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]), z.array(z.string().regex(/^[a-z0-9]{6,32}$/)).min(1).max(100)),
});
/**
 * A dashboard action's answer to our fetch client: the notice, and what the action counts (closed; renewed
 * and over_plan) or the copy it made (job_id). Refusals (PLAN_LIMIT with plans_url, NOT_ALLOWED) are undeclared.
 */
const ActionAnswerSchema = {
  200: z.object({
    status: z.literal('DONE'),
    message: z.string().nullable(),
    closed: z.number().int().optional(),
    renewed: z.number().int().optional(),
    over_plan: z.number().int().optional(),
    job_id: z.string().optional(),
  }),
};
/** The reject form's shape (decision 0250); RejectBodySchema is its rule, whose message the admin sees. */
/** A hyperlink-auditing ping's body (text/ping, "PING", at most 64 bytes): declared, not read. */
const PingBodySchema = z.string().max(64).optional();
const RejectFormSchema = formBody('reason').optional();
/** An admin's decision, answered to our fetch client. */
const reviewedAnswer = <const S extends string>(status: S) => ({ 200: z.object({ status: z.literal(status) }) });
const RejectBodySchema = z.object({
  reason: z.string().transform((value) => value.trim()).pipe(z.string().min(3, 'Give the company a reason (at least 3 characters).').max(REJECTION_REASON_MAX, `Keep the reason under ${REJECTION_REASON_MAX} characters.`)),
});

function formatDay(time: number): string {
  return new Date(time).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** Decision 0291: a draft that was never live can be deleted; anything once live is closed instead, keeping its applications. */
function isDeletable(job: Pick<JobRow, 'status' | 'went_live_at'>): boolean {
  return job.status === 'draft' && job.went_live_at === null;
}

function placeOf(job: JobRow): string {
  if (!job.remote && !job.city) return 'No place yet';
  return formatPlace(job);
}

/** Routes of posting and managing jobs, and of moderation (decisions 0110 to 0115). */
export default async function employerJobsRoutes(app: RoutesApp) {
  const employer = { config: { requireRole: 'employer' as const } };
  const admin = { config: { requireRole: 'admin' as const } };

  async function facts(request: FastifyRequest): Promise<CompanyFacts> {
    const found = await loadCompanyFacts(app.db, employerOf(request).companyId);
    if (!found) throw new Error('the member has no company');
    return found;
  }

  /** The company's own job, or null after answering 404 (another company's job looks like no job). */
  async function ownJob(request: FastifyRequest, reply: FastifyReply): Promise<JobRow | null> {
    const params = JobParamsSchema.safeParse(request.params);
    const job = params.success ? await findCompanyJob(app.db, employerOf(request).companyId, params.data.id) : undefined;
    if (job) return job;
    await sendNotFound(request, reply);
    return null;
  }

  async function renderForm(reply: FastifyReply, job: JobRow | null, values: JobDraftData, extra: Partial<PostJobPageProps> & { httpStatus?: number } = {}) {
    const { httpStatus, ...rest } = extra;
    const stored = job ? scheduleFields(job) : undefined;
    const props: PostJobPageProps = {
      jobId: job?.id ?? null,
      status: job ? toDashboardStatus(job.status) : null,
      values,
      errors: [],
      notice: null,
      problem: null,
      rejectionReason: job?.status === 'rejected' ? job.rejection_reason : null,
      previewHref: job ? previewJobPath(job.id) : null,
      dashboardHref: EMPLOYER_JOBS_PATHS.dashboard,
      savedSets: await listQuestionSets(app.db, employerOf(reply.request).companyId),
      scheduledFor: job ? scheduledFor(job) : null,
      scheduleProblem: job?.status === 'draft' ? job.publish_problem : null,
      ...(stored ? { schedule: { publishAt: stored.local, timeZone: stored.timeZone } } : {}),
      deleteHref: job && isDeletable(job) ? deleteJobPath(job.id) : null,
      ...rest,
    };
    return reply
      .header('cache-control', PRIVATE)
      .renderPage('post-job', props, { title: job ? 'Edit job' : 'Post a job', pageType: 'post a job', noIndex: true, noStore: true, status: httpStatus ?? 200 });
  }

  /** Saves a draft, previews it, or publishes it: the form's three buttons, for a new job and an existing one. */
  async function handlePost(request: FastifyRequest, reply: FastifyReply, job: JobRow | null) {
    const company = await facts(request);
    const { intent } = IntentSchema.parse(request.body);
    const accountId = signedInUser(request).id;
    const now = app.now();
    const editable = !job || job.status === 'draft' || job.status === 'rejected' || job.status === 'in_review';
    if (intent === 'use_set') {
      // Without script, "Use a saved set" posts the form: it comes back as typed, with the set's questions (decision 0293).
      const { question_set: setId } = QuestionSetChoiceSchema.parse(request.body);
      const set = setId ? await findQuestionSet(app.db, company.id, setId) : null;
      if (!set) return sendNotFound(request, reply);
      return renderForm(reply, job, { ...readDraft(request.body), questions: set.questions }, { notice: NOTICES.set_used, schedule: typedSchedule(request.body) });
    }
    if ((intent === 'schedule' || intent === 'unschedule') && editable) return handleSchedule(request, reply, job, company, intent, accountId, now);
    if ((intent === 'draft' || intent === 'preview') && editable) {
      const draft = readDraft(request.body);
      let id = job?.id;
      if (job) {
        await saveDraft(app.db, job, draft, now);
        if (job.status !== 'draft') await app.db.updateTable('jobs').set({ status: 'draft' }).where('id', '=', job.id).execute();
      } else {
        id = await insertDraft(app.db, { companyId: company.id, companyName: company.name, accountId, draft, now });
      }
      if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'DRAFT_SAVED', job_id: id, preview_path: previewJobPath(id!) });
      return reply.header('cache-control', PRIVATE).redirect(intent === 'preview' ? previewJobPath(id!) : `${editJobPath(id!)}?notice=draft`, 303);
    }

    const result = await publishJob({ db: app.db, dialect: app.dialect, now, rateLimitStore: app.rateLimits.store }, { company, accountId, job, body: request.body });
    return answerPublish(request, reply, job, result, readDraft(request.body));
  }

  /** The answer to a publish, from the form or the preview's Publish: the dashboard with a notice, or the form with what stopped it. */
  async function answerPublish(request: FastifyRequest, reply: FastifyReply, job: JobRow | null, result: Awaited<ReturnType<typeof publishJob>>, values: JobDraftData) {
    if (result.kind === 'invalid') return refuse(request, reply, job, 400, 'PROTO_VALIDATION_ERROR', POSTING_MESSAGES.fixErrors, result.draft, result.errors, null);
    if (result.kind === 'daily_limit') {
      reply.header('retry-after', String(result.retryAfterSeconds));
      return refuse(request, reply, job, 429, 'JOB_POST_LIMIT', POSTING_MESSAGES.dailyLimit, values, [], null);
    }
    if (result.kind === 'plan_limit') return refuse(request, reply, job, 409, 'PLAN_LIMIT', result.message, values, [], EMPLOYER_JOBS_PATHS.plans);

    const wasLive = job?.status === 'open';
    const notice: NoticeKey = result.status === 'in_review' ? (wasLive ? 'edit_in_review' : 'in_review') : job && job.status !== 'draft' && job.status !== 'rejected' ? 'saved' : 'published';
    const saved = await findJob(app.db, result.jobId);
    // The company's first job sent: its link to share is the next step (decision 0297); the page
    // itself goes to the dashboard, whose checklist leads there.
    const share = (!job || job.first_submitted_at === null) && (await isFirstSentJob(employerOf(request).companyId)) ? shareJobPath(result.jobId) : null;
    if (wantsJson(request)) {
      return reply.header('cache-control', PRIVATE).send({ status: result.status === 'open' ? 'PUBLISHED' : result.status === 'in_review' ? 'IN_REVIEW' : 'SAVED', job_id: result.jobId, message: NOTICES[notice], path: saved && saved.status === 'open' ? jobPath(saved) : null, share_path: share });
    }
    return reply.header('cache-control', PRIVATE).redirect(`${EMPLOYER_JOBS_PATHS.dashboard}?notice=${notice}`, 303);
  }

  async function isFirstSentJob(companyId: string): Promise<boolean> {
    const sent = await app.db.selectFrom('jobs').select('id').where('company_id', '=', companyId).where('first_submitted_at', 'is not', null).limit(2).execute();
    return sent.length === 1;
  }

  function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    job: JobRow | null,
    status: number,
    code: string,
    message: string,
    values: JobDraftData,
    errors: PostingError[],
    plansHref: string | null,
    schedule?: ScheduleInput,
  ) {
    if (wantsJson(request)) {
      return reply.status(status).header('cache-control', PRIVATE).send({ status: code, error_message: message, errors, ...(plansHref ? { plans_url: plansHref } : {}) });
    }
    return renderForm(reply, job, values, {
      errors,
      problem: errors.length ? null : { message, plansHref },
      httpStatus: status,
      ...(schedule ? { schedule: { publishAt: schedule.local, timeZone: schedule.timeZone } } : {}),
    });
  }

  const typedSchedule = (body: unknown) => {
    const { input } = readSchedule(body, app.now());
    return { publishAt: input.local, timeZone: input.timeZone };
  };

  /**
   * Decision 0292: "Schedule" keeps the draft as typed and the time it goes live (UTC, with the zone it
   * was chosen in). Every publishing rule is checked now, so a scheduled draft is ready; the plan, the
   * day's posts and moderation are applied when it goes live, as for the Publish button.
   */
  async function handleSchedule(request: FastifyRequest, reply: FastifyReply, job: JobRow | null, company: CompanyFacts, intent: 'schedule' | 'unschedule', accountId: string, now: number) {
    const draft = readDraft(request.body);
    if (intent === 'unschedule') {
      if (!job) return reply.header('cache-control', PRIVATE).redirect(EMPLOYER_JOBS_PATHS.postJob, 303);
      await saveDraft(app.db, job, draft, now);
      await app.db.updateTable('jobs').set({ status: 'draft', publish_at: null, publish_time_zone: null, publish_problem: null, publish_scheduled_by: null }).where('id', '=', job.id).execute();
      if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'DRAFT_SAVED', job_id: job.id });
      return reply.header('cache-control', PRIVATE).redirect(`${editJobPath(job.id)}?notice=unscheduled`, 303);
    }
    const check = checkDraft(request.body);
    const schedule = readSchedule(request.body, now);
    const errors = [...(check.ok ? [] : check.errors), ...schedule.errors];
    if (errors.length > 0 || schedule.publishAt === null) return refuse(request, reply, job, 400, 'PROTO_VALIDATION_ERROR', POSTING_MESSAGES.fixErrors, draft, errors, null, schedule.input);
    let id = job?.id;
    if (job) await saveDraft(app.db, job, draft, now);
    else id = await insertDraft(app.db, { companyId: company.id, companyName: company.name, accountId, draft, now });
    await app.db
      .updateTable('jobs')
      .set({ status: 'draft', publish_at: schedule.publishAt, publish_time_zone: schedule.input.timeZone, publish_problem: null, publish_scheduled_by: accountId })
      .where('id', '=', id!)
      .execute();
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'SCHEDULED', job_id: id, publish_at: new Date(schedule.publishAt).toISOString() });
    return reply.header('cache-control', PRIVATE).redirect(`${EMPLOYER_JOBS_PATHS.dashboard}?notice=scheduled`, 303);
  }

  // A company's first job starts from its hiring-needs survey (title and place, decision 0297).
  app.get(EMPLOYER_JOBS_PATHS.postJob, employer, async (request, reply) => renderForm(reply, null, await firstJobDraft(app.db, employerOf(request).companyId)));

  // Decision 0291: the stepper's Next asks the server, so the rules live in one place (no zod in the page).
  app.post(EMPLOYER_JOBS_PATHS.check, { config: { requireRole: 'employer', requireXhr: true }, bodyLimit: POSTING_BODY_LIMIT, schema: { body: CheckBodySchema, response: { 200: CheckAnswerSchema } } }, async (request, reply) => {
    const check = checkDraft(request.body);
    return reply.header('cache-control', PRIVATE).send({ errors: check.ok ? [] : check.errors });
  });

  app.get(EMPLOYER_JOBS_PATHS.paySuggestion, { config: { requireRole: 'employer' }, schema: { querystring: PaySuggestionQuerySchema, response: { 200: PaySuggestionAnswerSchema } } }, async (request, reply) => {
    const { title, location, place_type: placeType } = request.query;
    return reply.header('cache-control', PRIVATE).send({ suggestion: await suggestPay(app.db, { title, location, placeType }) });
  });
  app.post(EMPLOYER_JOBS_PATHS.postJob, { ...employer, bodyLimit: POSTING_BODY_LIMIT, schema: { body: PostingFormSchema, response: PostingAnswerSchema } }, async (request, reply) => handlePost(request, reply, null));

  app.get(`${EMPLOYER_JOBS_PATHS.postJob}/:id`, { ...employer, schema: { params: JobPathSchema, querystring: NoticeQuerySchema } }, async (request, reply) => {
    const job = await ownJob(request, reply);
    if (!job) return reply;
    const { notice } = request.query;
    return renderForm(reply, job, parseDraftData(job.draft_data), { notice: notice ? NOTICES[notice] : null });
  });

  // The preview's Publish (decision 0291): the saved draft through the same publishJob as the form,
  // so moderation, the plan's live jobs and the day's posts apply alike.
  app.post(`${EMPLOYER_JOBS_PATHS.postJob}/:id/publish`, { ...employer, schema: { params: JobPathSchema, body: noBody, response: { 200: SentAnswer } } }, async (request, reply) => {
    const job = await ownJob(request, reply);
    if (!job) return reply;
    if (job.status !== 'draft' && job.status !== 'rejected') {
      return sendRefusal(reply, 409, 'NOT_A_DRAFT', 'This job was already published. Edit it to change it.', { cacheControl: PRIVATE });
    }
    const company = await facts(request);
    const draft = parseDraftData(job.draft_data);
    const result = await publishJob({ db: app.db, dialect: app.dialect, now: app.now(), rateLimitStore: app.rateLimits.store }, { company, accountId: signedInUser(request).id, job, body: draft });
    return answerPublish(request, reply, job, result, draft);
  });

  // Deleting a draft (decision 0291): only a job that was never live; the form asks first.
  app.post(`${EMPLOYER_JOBS_PATHS.postJob}/:id/delete`, { ...employer, schema: { params: JobPathSchema, body: noBody, response: { 200: z.object({ status: z.literal('DELETED') }) } } }, async (request, reply) => {
    const job = await ownJob(request, reply);
    if (!job) return reply;
    if (!isDeletable(job)) {
      return sendRefusal(reply, 409, 'NOT_A_DRAFT', 'Only a draft that has never been live can be deleted. Close a live job instead.', { cacheControl: PRIVATE });
    }
    const deleted = await app.db.deleteFrom('jobs').where('id', '=', job.id).where('status', '=', 'draft').where('went_live_at', 'is', null).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return sendRefusal(reply, 409, 'NOT_A_DRAFT', 'Only a draft that has never been live can be deleted. Close a live job instead.', { cacheControl: PRIVATE });
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'DELETED' });
    return reply.header('cache-control', PRIVATE).redirect(`${EMPLOYER_JOBS_PATHS.myJobs}?show=draft&notice=deleted`, 303);
  });
  app.post(`${EMPLOYER_JOBS_PATHS.postJob}/:id`, { ...employer, bodyLimit: POSTING_BODY_LIMIT, schema: { params: JobPathSchema, body: PostingFormSchema, response: PostingAnswerSchema } }, async (request, reply) => {
    const job = await ownJob(request, reply);
    if (!job) return reply;
    return handlePost(request, reply, job);
  });

  async function dashboard(request: FastifyRequest, reply: FastifyReply, path: string) {
    const company = await facts(request);
    const query = DashboardQuerySchema.parse(request.query);
    const draftsOnly = path === EMPLOYER_JOBS_PATHS.myJobs;
    const status = draftsOnly ? 'draft' : query.status || null;
    const now = app.now();
    const [{ rows, total }, places] = await Promise.all([
      listCompanyJobs(app.db, company.id, { q: query.q, status, place: query.place, sort: query.sort, page: query.page }),
      companyJobPlaces(app.db, company.id),
    ]);
    const totals = await figureTotals(app.db, rows.map((row) => row.id), now);
    const jobs: DashboardJob[] = rows.map((job) => {
      const shown = toDashboardStatus(job.status);
      const figures = totals.get(job.id);
      return {
        id: job.id,
        title: job.title,
        status: shown,
        statusLabel: DASHBOARD_STATUS_LABELS[shown],
        place: placeOf(job),
        posted:
          job.status === 'draft'
            ? (scheduledFor(job) ?? `Started ${formatDay(job.created_at)}`)
            : job.status === 'in_review' || job.status === 'rejected'
              ? `Sent ${formatDay(job.submitted_at ?? job.updated_at)}`
              : formatPosted(job.posted_at, now),
        expires: job.expires_at === null ? null : `${job.expires_at > now ? 'Expires' : 'Expired'} ${formatDay(job.expires_at)}`,
        rejectionReason: job.status === 'rejected' ? job.rejection_reason : null,
        featured: job.featured === 1,
        editHref: editJobPath(job.id),
        viewHref: job.status === 'open' ? jobPath(job) : previewJobPath(job.id),
        viewLabel: job.status === 'open' ? 'View job page' : 'Preview',
        canClose: job.status === 'open' || job.status === 'paused',
        canReopen: job.status === 'closed' && job.expires_at !== null && job.expires_at > now,
        canRenew: canRenew(job, now),
        figuresHref: jobFiguresPath(job.id),
        totals: { views: figures?.views ?? 0, searchAppearances: figures?.search_appearances ?? 0, applyClicks: figures?.apply_clicks ?? 0, applications: figures?.applications ?? 0 },
      };
    });
    const props: DashboardPageProps = {
      companyName: company.name,
      path,
      firstRun: path === EMPLOYER_JOBS_PATHS.dashboard ? await firstRunSteps(company.id, now) : null,
      jobs,
      total,
      page: query.page,
      pageCount: Math.ceil(total / 25),
      filters: { q: query.q, status: draftsOnly ? 'draft' : query.status, place: query.place, sort: query.sort },
      places,
      notice: query.notice ? NOTICES[query.notice] : null,
      error: query.error === 'plan_limit' ? company.liveJobLimitMessage : null,
      plansHref: query.error === 'plan_limit' ? EMPLOYER_JOBS_PATHS.plans : null,
    };
    return reply.header('cache-control', PRIVATE).renderPage('employer-dashboard', props, { title: draftsOnly ? 'Draft jobs' : 'Your jobs', pageType: draftsOnly ? 'draft jobs' : path === EMPLOYER_JOBS_PATHS.jobSearch ? 'job search' : 'dashboard', noIndex: true });
  }

  /**
   * A new employer's way from sign-up to a live job (decision 0259): the company's profile, the first
   * job, its link to share, a colleague. Null once every step is done, so the dashboard is the list alone.
   */
  async function firstRunSteps(companyId: string, now: number): Promise<FirstRunStep[] | null> {
    const [company, firstOpen, firstInReview, posted, team] = await Promise.all([
      findCompanyById(app.db, companyId),
      app.db.selectFrom('jobs').selectAll().where('company_id', '=', companyId).where('status', '=', 'open').orderBy('posted_at', 'asc').limit(1).executeTakeFirst(),
      app.db.selectFrom('jobs').select('id').where('company_id', '=', companyId).where('status', '=', 'in_review').orderBy('first_submitted_at', 'asc').limit(1).executeTakeFirst(),
      app.db.selectFrom('jobs').select('id').where('company_id', '=', companyId).where('status', '!=', 'draft').limit(1).executeTakeFirst(),
      hasTeamBeyondOwner(app.db, companyId, now),
    ]);
    const steps: FirstRunStep[] = [
      { label: 'Create your company', href: COMPANY_PATHS.settings, done: true },
      { label: 'Add your logo and a few words about the company', href: COMPANY_PATHS.settings, done: Boolean(company?.logo_key && company.description.trim()) },
      { label: 'Post your first job', href: EMPLOYER_JOBS_PATHS.postJob, done: posted !== undefined },
      { label: 'Invite a colleague to review candidates', href: COMPANY_PATHS.team, done: team },
    ];
    if (steps.every((step) => step.done)) return null;
    // Once a job is live, its link is there to share (a step of its own, with nothing to tick).
    // Its share step (decision 0297) leads to the link and the share buttons; a job in review gets it too.
    if (firstOpen) steps.splice(3, 0, { label: `Share your live job: ${app.config.PUBLIC_URL}${jobPath(firstOpen)}`, href: shareJobPath(firstOpen.id), done: true, linkWhenDone: true });
    else if (firstInReview) steps.splice(3, 0, { label: 'Share your job once it is approved', href: shareJobPath(firstInReview.id), done: true, linkWhenDone: true });
    return steps;
  }
  app.get(EMPLOYER_JOBS_PATHS.dashboard, employer, async (request, reply) => dashboard(request, reply, EMPLOYER_JOBS_PATHS.dashboard));
  app.get(EMPLOYER_JOBS_PATHS.myJobs, employer, async (request, reply) => dashboard(request, reply, EMPLOYER_JOBS_PATHS.myJobs));
  app.get(EMPLOYER_JOBS_PATHS.jobSearch, employer, async (request, reply) => dashboard(request, reply, EMPLOYER_JOBS_PATHS.jobSearch));

  // Close, renew, reopen and duplicate, for one job or (close and renew) a selection.
  app.post(EMPLOYER_JOBS_PATHS.actions, { ...employer, schema: { body: ActionBodySchema, response: ActionAnswerSchema } }, async (request, reply) => {
    const company = await facts(request);
    const { body } = request;
    const ids = [...new Set(body.job_id)];
    const jobs = await app.db.selectFrom('jobs').selectAll().where('company_id', '=', company.id).where('id', 'in', ids).execute();
    if (jobs.length !== ids.length) return sendNotFound(request, reply);
    const deps = { db: app.db, dialect: app.dialect, now: app.now(), rateLimitStore: app.rateLimits.store };
    const answer = (notice: NoticeKey | null, extra: Record<string, unknown> = {}, error?: 'plan_limit') => {
      if (wantsJson(request)) {
        if (error) return refusing(reply).status(409).header('cache-control', PRIVATE).send({ status: 'PLAN_LIMIT', error_message: company.liveJobLimitMessage, plans_url: EMPLOYER_JOBS_PATHS.plans });
        return reply.header('cache-control', PRIVATE).send({ status: 'DONE', message: notice ? NOTICES[notice] : null, ...extra });
      }
      const query = new URLSearchParams();
      if (notice) query.set('notice', notice);
      if (error) query.set('error', error);
      return reply.header('cache-control', PRIVATE).redirect(`${EMPLOYER_JOBS_PATHS.dashboard}?${query}`, 303);
    };
    if (body.action === 'close') {
      const closed = await closeJobs(deps, company.id, ids);
      return answer(closed > 0 ? 'closed' : 'none_closed', { closed });
    }
    if (body.action === 'renew') {
      const result = await renewJobs(deps, company, jobs);
      if (result.renewed === 0 && result.overPlan > 0) return answer(null, {}, 'plan_limit');
      return answer(result.renewed > 0 ? 'renewed' : 'none_renewed', { renewed: result.renewed, over_plan: result.overPlan });
    }
    if (ids.length !== 1) throw new Error('unreachable');
    const job = jobs[0]!;
    if (body.action === 'reopen') {
      const result = await reopenJob(deps, company, job);
      if (result === 'plan_limit') return answer(null, {}, 'plan_limit');
      if (result === 'not_allowed') return refusing(reply).status(409).header('cache-control', PRIVATE).send({ status: 'NOT_ALLOWED', error_message: 'Only a closed job that has not reached its expiry date can be reopened. Renew an expired job instead.' });
      return answer('reopened');
    }
    const copyId = await duplicateJob(deps, company, signedInUser(request).id, job);
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'DONE', message: NOTICES.duplicated, job_id: copyId });
    return reply.header('cache-control', PRIVATE).redirect(`${editJobPath(copyId)}?notice=duplicated`, 303);
  });

  app.get(`${EMPLOYER_JOBS_PATHS.dashboard}/jobs/:id/figures`, { ...employer, schema: { params: JobPathSchema } }, async (request, reply) => {
    const job = await ownJob(request, reply);
    if (!job) return reply;
    const { totals: _totals, ...series } = await figureSeries(app.db, job.id, app.now());
    return reply.header('cache-control', PRIVATE).send(series);
  });

  // An email job's apply link pings here (a[ping]): the click counts, once a visitor, job and day within
  // the client's allowance (decision 0226); nothing else happens, and the answer is the same either way.
  app.addContentTypeParser('text/ping', { parseAs: 'string', bodyLimit: 64 }, (_request, body, done) => done(null, body));
  app.post('/jobs/apply-click/:listingKey', { schema: { params: z.object({ listingKey: pathSegment }), body: PingBodySchema } }, async (request, reply) => {
    const params = z.object({ listingKey: z.string().max(200) }).safeParse(request.params);
    const job = params.success ? await app.db.selectFrom('jobs').select(['id', 'status']).where('listing_key', '=', params.data.listingKey).executeTakeFirst() : undefined;
    if (job?.status === 'open') await countApplyClick(app, request, job.id);
    return reply.status(204).header('cache-control', PRIVATE).send();
  });

  // Moderation: admins only (everyone else gets the ordinary 404).
  async function moderationProps(notice: string | null, error: string | null): Promise<ModerationPageProps> {
    const rows = await jobsInReview(app.db);
    const now = app.now();
    const [contexts, reported] = await Promise.all([companyContexts(app.db, rows.map((job) => job.company_id), now), reportedJobs(app.db)]);
    return {
      notice,
      error,
      reported,
      jobs: rows.map((job) => ({
        id: job.id,
        title: job.title,
        company: job.company_name,
        place: placeOf(job),
        pay: formatPay(job.pay_min, job.pay_max, job.pay_period, job.pay_currency),
        submitted: formatPosted(job.submitted_at ?? job.updated_at, now).replace('Posted ', ''),
        applyTarget: job.apply_type === 'external' ? (job.external_url ?? '') : job.apply_type === 'email' ? (job.apply_email ?? '') : 'On Jobwise',
        descriptionHtml: renderJobMarkdown(job.description_markdown ?? job.description),
        edit: job.went_live_at !== null,
        approveHref: moderationDecisionPath(job.id, 'approve'),
        rejectHref: moderationDecisionPath(job.id, 'reject'),
        context: contexts.get(job.company_id)!,
        reviewHref: moderationJobPath(job.id),
      })),
    };
  }

  app.get(EMPLOYER_JOBS_PATHS.moderation, { ...admin, schema: { querystring: NoticeQuerySchema } }, async (request, reply) => {
    const { notice } = request.query;
    const props = await moderationProps(notice ? NOTICES[notice] : null, null);
    return reply.header('cache-control', PRIVATE).renderPage('admin-moderation', props, { title: 'Moderation', noIndex: true });
  });

  async function reviewedJob(request: FastifyRequest, reply: FastifyReply): Promise<JobRow | null> {
    const params = JobParamsSchema.safeParse(request.params);
    const job = params.success ? await findJob(app.db, params.data.id) : undefined;
    if (job && job.status === 'in_review') return job;
    if (job) {
      await reply.status(409).header('cache-control', PRIVATE).send({ status: 'NOT_IN_REVIEW', error_message: 'This job is no longer waiting for review.' });
      return null;
    }
    await sendNotFound(request, reply);
    return null;
  }

  app.post(`${EMPLOYER_JOBS_PATHS.moderation}/:id/approve`, { ...admin, schema: { params: JobPathSchema, body: noBody, response: reviewedAnswer('APPROVED') } }, async (request, reply) => {
    const job = await reviewedJob(request, reply);
    if (!job) return reply;
    const admin = signedInUser(request);
    const now = app.now();
    if (await approveJob({ db: app.db, now }, job, admin.id)) {
      await approveCompany(app.db, job.company_id);
      const live = (await findJob(app.db, job.id))!;
      // Every admin change is in the job's audit log (decision 0298).
      await writeAudit(app.db, { job, admin, action: 'approve', changes: { status: { before: DASHBOARD_STATUS_LABELS.in_review, after: DASHBOARD_STATUS_LABELS[toDashboardStatus(live.status)] } }, now });
      await tellCompany(
        job.company_id,
        live.status === 'open'
          ? { subject: `Your job "${job.title}" is live on Jobwise`, lines: [`Your job "${job.title}" was approved and is live now.`, `${app.config.PUBLIC_URL}${jobPath(live)}`] }
          : {
              subject: `Your job "${job.title}" was approved`,
              lines: [`Your job "${job.title}" was approved, but its listing ended while it waited for review.`, `Renew it from your dashboard: ${app.config.PUBLIC_URL}${EMPLOYER_JOBS_PATHS.dashboard}`],
            },
      );
    }
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'APPROVED' });
    return reply.header('cache-control', PRIVATE).redirect(`${EMPLOYER_JOBS_PATHS.moderation}?notice=approved`, 303);
  });

  app.post(`${EMPLOYER_JOBS_PATHS.moderation}/:id/reject`, { ...admin, schema: { params: JobPathSchema, body: RejectFormSchema, response: reviewedAnswer('REJECTED') } }, async (request, reply) => {
    const job = await reviewedJob(request, reply);
    if (!job) return reply;
    const parsed = RejectBodySchema.safeParse({ reason: request.body?.reason ?? '' });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Give the company a reason.';
      if (wantsJson(request)) return refusing(reply).status(400).header('cache-control', PRIVATE).send({ status: 'PROTO_VALIDATION_ERROR', error_message: message });
      const props = await moderationProps(null, `${job.title}: ${message}`);
      return reply.header('cache-control', PRIVATE).renderPage('admin-moderation', props, { title: 'Moderation', noIndex: true, noStore: true, status: 400 });
    }
    const admin = signedInUser(request);
    const now = app.now();
    if (await rejectJob({ db: app.db, now }, job, admin.id, parsed.data.reason)) {
      await writeAudit(app.db, { job, admin, action: 'reject', changes: { status: { before: DASHBOARD_STATUS_LABELS.in_review, after: DASHBOARD_STATUS_LABELS.rejected }, rejection_reason: { before: '', after: parsed.data.reason } }, now });
      await tellCompany(job.company_id, {
        subject: `Your job "${job.title}" was not approved`,
        lines: [`Your job "${job.title}" was not approved for Jobwise.`, `Reason: ${parsed.data.reason}`, '', `Edit it and publish again: ${app.config.PUBLIC_URL}${editJobPath(job.id)}`],
      });
    }
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'REJECTED' });
    return reply.header('cache-control', PRIVATE).redirect(`${EMPLOYER_JOBS_PATHS.moderation}?notice=rejected`, 303);
  });

  /** Emails the company's people; a failed send is logged, the decision stands. */
  async function tellCompany(companyId: string, message: { subject: string; lines: string[] }) {
    const recipients = await companyRecipients(app.db, companyId);
    for (const to of recipients) {
      const mail: MailMessage = {
        to,
        subject: message.subject,
        text: message.lines.join('\n'),
        html: `<!doctype html><html lang="en"><body>${message.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</body></html>`,
        kind: 'job-review',
      };
      await app.mailer.send(mail).catch((error: unknown) => app.log.warn({ err: error }, 'moderation email not sent'));
    }
  }
}
