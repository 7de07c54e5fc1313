// Reports of jobs and admins' changes (issue 44, decision 0298): "Report this job" for every visitor,
// and for admins one job's moderation view, where they edit or close any job or keep a reported one.
// Every admin change writes an audit row; the view shows them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, TITLE_MIN } from '../../../shared/employer-jobs/fields';
import {
  JOB_REPORT_LIMITS,
  JOB_REPORT_MESSAGES,
  JOB_REPORT_REASONS,
  MODERATION_PATHS,
  moderationActionPath,
  reportJobPath,
  type JobModerationPageProps,
  type JobReportPageProps,
  type JobReportReason,
} from '../../../shared/employer-jobs/moderation';
import { DASHBOARD_STATUS_LABELS, EMPLOYER_JOBS_PATHS } from '../../../shared/employer-jobs/page-props';
import { noBody, pathSegment, type RoutesApp } from '../../shared/route-contracts';
import { firstValue } from '../../shared/form-fields';
import { formatPay, formatPlace } from '../jobs/job-view';
import { findJob } from '../jobs/jobs.repository';
import type { JobRow } from '../jobs/jobs.table';
import { markdownPlainText, renderJobMarkdown } from '../jobs/markdown';
import { jobPath, titleKey } from '../jobs/slugs';
import { HOUR_MS } from '../../../shared/time';
import { consumeRateLimit } from '../rate-limits/rate-limiter';
import { refusing } from '../../shared/refusals';
import { sendNotFound, signedInUser, wantsJson } from '../sessions/route-guard';
import { parseDraftData, toDashboardStatus } from './job-posting';
import { auditOf, companyContexts, fieldChanges, openReportsOf, recordReport, resolveReports, writeAudit, type AdminActor } from './moderation';

const PRIVATE = 'private, no-store';
/** Reports a client address may send in an hour: enough for a person, too few to flood the queue. */
export const JOB_REPORTS_PER_CLIENT = { name: 'job-reports', max: 5, windowMs: HOUR_MS };

const JobParamsSchema = z.object({ id: pathSegment });
const SentQuerySchema = z.object({ sent: z.literal('1').optional().catch(undefined), notice: z.string().max(20).optional().catch(undefined) }).catch({});

const reasonList = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string().max(40)).max(20));
const ReportBodySchema = z.object({ reasons: reasonList, details: z.preprocess(firstValue, z.string().max(20_000)).optional() });
/** The report form's shape (decision 0250): a post without one is a report without reasons, answered by checkReport. */
const ReportFormSchema = ReportBodySchema.optional();
const ReportedAnswer = { 200: z.object({ status: z.literal('REPORTED'), message: z.string() }) };
/** What an admin's change answers our fetch client (`answer` below). */
const ModeratedAnswer = { 200: z.object({ status: z.enum(['EDITED', 'UNCHANGED', 'CLOSED', 'KEPT']), message: z.string() }) };
const EditBodySchema = z.object({ title: z.preprocess(firstValue, z.string().max(20_000)).optional(), description: z.preprocess(firstValue, z.string().max(20_000)).optional() });

const NOTICES: Record<string, string> = { edited: 'Saved. The change is in the log below.', unchanged: 'Nothing changed.', closed: 'Closed. The job is no longer shown.', kept: 'Kept. Its reports are dealt with.' };

type ReportCheck = { ok: true; reasons: JobReportReason[]; details: string } | { ok: false; values: JobReportPageProps['values']; errors: JobReportPageProps['errors'] };

/** At least one known reason; details required for "Something else"; lengths kept. */
function checkReport(body: z.infer<typeof ReportBodySchema>): ReportCheck {
  const reasons = [...new Set(body.reasons)].filter((reason): reason is JobReportReason => (JOB_REPORT_REASONS as readonly string[]).includes(reason));
  const details = (body.details ?? '').trim();
  const errors: JobReportPageProps['errors'] = {};
  if (reasons.length === 0) errors.reasons = JOB_REPORT_MESSAGES.reasonRequired;
  if (details.length > JOB_REPORT_LIMITS.detailsMax) errors.details = JOB_REPORT_MESSAGES.detailsTooLong;
  else if (reasons.includes('other') && details.length < 10) errors.details = JOB_REPORT_MESSAGES.detailsRequired;
  if (Object.keys(errors).length) return { ok: false, values: { reasons, details: details.slice(0, JOB_REPORT_LIMITS.detailsMax + 100) }, errors };
  return { ok: true, reasons, details };
}

function placeOf(job: JobRow): string {
  if (!job.remote && !job.city) return 'No place yet';
  return formatPlace(job);
}

export default async function moderationRoutes(app: RoutesApp) {
  const admin = { requireRole: 'admin' } as const;
  const actor = (request: FastifyRequest): AdminActor => {
    const user = signedInUser(request);
    return { id: user.id, email: user.email };
  };

  /** A job visitors can see: live. Anything else is not found, to a reporter as to anyone. */
  const reportableJob = async (id: string) => {
    const job = await findJob(app.db, id);
    return job && job.status === 'open' ? job : undefined;
  };

  const renderReport = (reply: FastifyReply, job: JobRow, state: Pick<JobReportPageProps, 'values' | 'errors' | 'sent'>, status = 200) => {
    const props: JobReportPageProps = { jobId: job.id, jobTitle: job.title, company: job.company_name, jobHref: jobPath(job), action: reportJobPath(job.id), ...state };
    return reply.header('cache-control', PRIVATE).renderPage('job-report', props, { title: `Report ${job.title}`, noIndex: true, noStore: true, status });
  };

  // The report form as a page: the job page's "Report this job" without script, or a shared link.
  app.get(`${MODERATION_PATHS.report}/:id`, { schema: { params: JobParamsSchema, querystring: SentQuerySchema } }, async (request, reply) => {
    const job = await reportableJob(request.params.id);
    if (!job) return sendNotFound(request, reply);
    return renderReport(reply, job, { values: { reasons: [], details: '' }, errors: {}, sent: request.query.sent === '1' });
  });

  // Signed in or not; same-origin checked like every post. Bursts count against the client's limit
  // before anything is read; a report that would be stored counts against the reports' own limit, so
  // a person correcting a mistake is not locked out by it.
  app.post(`${MODERATION_PATHS.report}/:id`, { config: { clientRateLimit: true }, schema: { params: JobParamsSchema, body: ReportFormSchema, response: ReportedAnswer } }, async (request, reply) => {
    const job = await reportableJob(request.params.id);
    if (!job) return sendNotFound(request, reply);
    const checked = checkReport(request.body ?? { reasons: [] });
    if (!checked.ok) {
      if (wantsJson(request)) {
        const message = checked.errors.reasons ?? checked.errors.details ?? '';
        return refusing(reply).status(400).header('cache-control', PRIVATE).send({ status: 'PROTO_VALIDATION_ERROR', error_message: message, error: message, errors: checked.errors });
      }
      return renderReport(reply, job, { values: checked.values, errors: checked.errors, sent: false }, 400);
    }
    const allowance = await consumeRateLimit(app.rateLimits.store, JOB_REPORTS_PER_CLIENT, request.clientKey, app.now());
    if (!allowance.allowed) {
      const message = 'You have sent several reports in a short time. Please try again later.';
      return refusing(reply).status(429).header('retry-after', String(allowance.retryAfterSeconds)).header('cache-control', PRIVATE).send({ status: 'RATE_LIMITING_THROTTLED', error_message: message, error: message });
    }
    await recordReport(app.db, { jobId: job.id, accountId: request.user?.id ?? null, reasons: checked.reasons, details: checked.details, now: app.now() });
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'REPORTED', message: JOB_REPORT_MESSAGES.sent });
    return reply.header('cache-control', PRIVATE).redirect(`${reportJobPath(job.id)}?sent=1`, 303);
  });

  // One job's moderation view: any job, whatever its state.
  const renderJob = async (reply: FastifyReply, job: JobRow, state: { edit?: JobModerationPageProps['edit']; errors?: JobModerationPageProps['errors']; notice?: string | null }, status = 200) => {
    const now = app.now();
    const [contexts, reports, audit] = await Promise.all([companyContexts(app.db, [job.company_id], now), openReportsOf(app.db, job.id), auditOf(app.db, job.id)]);
    const shown = toDashboardStatus(job.status);
    const props: JobModerationPageProps = {
      job: {
        id: job.id,
        title: job.title,
        company: job.company_name,
        status: shown,
        statusLabel: DASHBOARD_STATUS_LABELS[shown],
        place: placeOf(job),
        pay: formatPay(job.pay_min, job.pay_max, job.pay_period, job.pay_currency),
        applyTarget: job.apply_type === 'external' ? (job.external_url ?? '') : job.apply_type === 'email' ? (job.apply_email ?? '') : 'On Jobwise',
        descriptionHtml: renderJobMarkdown(job.description_markdown ?? job.description),
        publicHref: job.status === 'open' ? jobPath(job) : null,
      },
      context: contexts.get(job.company_id)!,
      reports,
      audit,
      edit: state.edit ?? { title: job.title, description: job.description_markdown ?? job.description },
      errors: state.errors ?? {},
      notice: state.notice ?? null,
      editAction: moderationActionPath(job.id, 'edit'),
      closeAction: job.status === 'open' || job.status === 'in_review' ? moderationActionPath(job.id, 'close') : null,
      keepAction: reports.length > 0 ? moderationActionPath(job.id, 'keep') : null,
      backHref: EMPLOYER_JOBS_PATHS.moderation,
    };
    return reply.header('cache-control', PRIVATE).renderPage('admin-moderation-job', props, { title: `Moderate ${job.title}`, noIndex: true, noStore: true, status });
  };

  const jobOr404 = async (request: FastifyRequest, reply: FastifyReply, id: string) => {
    const job = await findJob(app.db, id);
    if (!job) await sendNotFound(request, reply);
    return job;
  };

  const answer = (request: FastifyRequest, reply: FastifyReply, job: JobRow, status: string, notice: keyof typeof NOTICES) => {
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status, message: NOTICES[notice] });
    return reply.header('cache-control', PRIVATE).redirect(`${MODERATION_PATHS.job}/${job.id}?notice=${notice}`, 303);
  };

  app.get(`${MODERATION_PATHS.job}/:id`, { config: admin, schema: { params: JobParamsSchema, querystring: SentQuerySchema } }, async (request, reply) => {
    const job = await jobOr404(request, reply, request.params.id);
    if (!job) return reply;
    return renderJob(reply, job, { notice: NOTICES[request.query.notice ?? ''] ?? null });
  });

  // Edit the words of any job (title, description): the same length rules as posting.
  app.post(`${MODERATION_PATHS.job}/:id/edit`, { config: admin, schema: { params: JobParamsSchema, body: EditBodySchema, response: ModeratedAnswer } }, async (request, reply) => {
    const job = await jobOr404(request, reply, request.params.id);
    if (!job) return reply;
    const title = (request.body.title ?? '').replace(/\s+/g, ' ').trim();
    const description = (request.body.description ?? '').trim();
    const errors: JobModerationPageProps['errors'] = {};
    if (title.length < TITLE_MIN || title.length > TITLE_MAX) errors.title = `Job title: use ${TITLE_MIN} to ${TITLE_MAX} characters.`;
    if (description.length < DESCRIPTION_MIN || description.length > DESCRIPTION_MAX) errors.description = `Description: use ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX.toLocaleString('en-US')} characters.`;
    if (errors.title || errors.description) {
      if (wantsJson(request)) {
        const message = errors.title ?? errors.description ?? '';
        return refusing(reply).status(400).header('cache-control', PRIVATE).send({ status: 'PROTO_VALIDATION_ERROR', error_message: message, error: message, errors });
      }
      return renderJob(reply, job, { edit: { title: request.body.title ?? '', description: request.body.description ?? '' }, errors }, 400);
    }
    const before = { title: job.title, description: job.description_markdown ?? job.description };
    const changes = fieldChanges(before, { title, description });
    if (Object.keys(changes).length === 0) return answer(request, reply, job, 'UNCHANGED', 'unchanged');
    const now = app.now();
    const draft = parseDraftData(job.draft_data);
    await app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('jobs')
        .set({
          title,
          title_key: titleKey(title),
          description: markdownPlainText(description),
          description_markdown: description,
          // The employer's form shows the job as it now is.
          draft_data: JSON.stringify({ ...draft, title, description }),
          updated_at: now,
        })
        .where('id', '=', job.id)
        .execute();
      await writeAudit(trx, { job, admin: actor(request), action: 'edit', changes, now });
    });
    return answer(request, reply, job, 'EDITED', 'edited');
  });

  // Close any job that is live or waiting: it leaves search at once; its open reports are dealt with.
  app.post(`${MODERATION_PATHS.job}/:id/close`, { config: admin, schema: { params: JobParamsSchema, body: noBody, response: ModeratedAnswer } }, async (request, reply) => {
    const job = await jobOr404(request, reply, request.params.id);
    if (!job) return reply;
    const now = app.now();
    const closed = await app.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('jobs').set({ status: 'closed', closed_at: now, updated_at: now }).where('id', '=', job.id).where('status', 'in', ['open', 'in_review']).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const resolved = await resolveReports(trx, job.id, now);
      await writeAudit(trx, {
        job,
        admin: actor(request),
        action: 'close',
        changes: { status: { before: DASHBOARD_STATUS_LABELS[toDashboardStatus(job.status)], after: DASHBOARD_STATUS_LABELS.closed }, ...(resolved ? { reports: { before: String(resolved), after: '0' } } : {}) },
        now,
      });
      return true;
    });
    if (!closed) return refusing(reply).status(409).header('cache-control', PRIVATE).send({ status: 'NOT_OPEN', error_message: 'Only a live job or one waiting for review can be closed.' });
    return answer(request, reply, job, 'CLOSED', 'closed');
  });

  // Keep a reported job as it is: its reports leave the queue.
  app.post(`${MODERATION_PATHS.job}/:id/keep`, { config: admin, schema: { params: JobParamsSchema, body: noBody, response: ModeratedAnswer } }, async (request, reply) => {
    const job = await jobOr404(request, reply, request.params.id);
    if (!job) return reply;
    const now = app.now();
    const kept = await app.db.transaction().execute(async (trx) => {
      const resolved = await resolveReports(trx, job.id, now);
      if (resolved === 0) return false;
      await writeAudit(trx, { job, admin: actor(request), action: 'keep', changes: { reports: { before: String(resolved), after: '0' } }, now });
      return true;
    });
    if (!kept) return refusing(reply).status(409).header('cache-control', PRIVATE).send({ status: 'NO_REPORTS', error_message: 'This job has no open reports.' });
    return answer(request, reply, job, 'KEPT', 'kept');
  });
}
