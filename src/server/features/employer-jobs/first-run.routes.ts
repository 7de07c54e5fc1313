// A new employer's first run after the company (issue 44, decision 0297): the hiring-needs survey,
// asked once and skippable, and the first job's link to share.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EMPLOYER_JOBS_PATHS, editJobPath } from '../../../shared/employer-jobs/page-props';
import { FIRST_RUN_PATHS, SURVEY_MESSAGES, type EmployerSurveyPageProps, type FirstJobSharePageProps, type SurveyValues, EMPTY_SURVEY } from '../../../shared/employer-jobs/first-run';
import { pathSegment, type RoutesApp } from '../../shared/route-contracts';
import { jobPath } from '../jobs/slugs';
import { employerOf, ownPath, sendNotFound, signedInUser, wantsJson } from '../sessions/route-guard';
import { findCompanyById } from './company-facts';
import { checkSurvey, findSurvey, recordSurvey, SurveyFormSchema } from './employer-survey';
import { findCompanyJob } from './job-posting';

const PRIVATE = 'private, no-store';
const NextQuerySchema = z.object({ next: z.string().max(2048).optional().catch(undefined) }).catch({ next: undefined });
const ShareParamsSchema = z.object({ id: pathSegment });

/** Where the survey leads: the `next` it was given when that is our own path, else the job form. */
const surveyNext = (next: string | undefined) => ownPath(next) ?? EMPLOYER_JOBS_PATHS.postJob;

export default async function firstRunRoutes(app: RoutesApp) {
  const employer = { requireRole: 'employer' } as const;

  const renderSurvey = async (request: FastifyRequest, reply: FastifyReply, state: { values: SurveyValues; errors: EmployerSurveyPageProps['errors']; next: string }, status = 200) => {
    const company = await findCompanyById(app.db, employerOf(request).companyId);
    const props: EmployerSurveyPageProps = { companyName: company?.name ?? '', values: state.values, errors: state.errors, next: state.next };
    return reply.header('cache-control', PRIVATE).renderPage('employer-survey', props, { title: 'Your hiring needs', noIndex: true, noStore: true, status });
  };

  // Asked once: a company that answered or skipped goes straight on.
  app.get(FIRST_RUN_PATHS.survey, { config: employer, schema: { querystring: NextQuerySchema } }, async (request, reply) => {
    const next = surveyNext(request.query.next);
    if (await findSurvey(app.db, employerOf(request).companyId)) return reply.header('cache-control', PRIVATE).redirect(next, 303);
    return renderSurvey(request, reply, { values: EMPTY_SURVEY, errors: {}, next });
  });

  app.post(FIRST_RUN_PATHS.survey, { config: { ...employer, actionRateLimit: true }, schema: { body: SurveyFormSchema } }, async (request, reply) => {
    const me = employerOf(request);
    const { intent, next: nextField, ...values } = request.body;
    const next = surveyNext(nextField);
    const done = (status: 'SAVED' | 'SKIPPED') => {
      if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status, next });
      return reply.header('cache-control', PRIVATE).redirect(next, 303);
    };
    const alreadyAnswered = () => {
      if (wantsJson(request)) return reply.status(409).header('cache-control', PRIVATE).send({ status: 'ALREADY_ANSWERED', error_message: SURVEY_MESSAGES.alreadyAnswered, error: SURVEY_MESSAGES.alreadyAnswered });
      return reply.header('cache-control', PRIVATE).redirect(next, 303);
    };
    if (await findSurvey(app.db, me.companyId)) return alreadyAnswered();
    const base = { companyId: me.companyId, accountId: signedInUser(request).id, now: app.now() };
    if (intent === 'skip') return (await recordSurvey(app.db, { ...base, answers: null })) ? done('SKIPPED') : alreadyAnswered();
    const checked = checkSurvey(values);
    if (!checked.ok) {
      if (wantsJson(request)) {
        const message = Object.values(checked.errors)[0] ?? '';
        return reply.status(400).header('cache-control', PRIVATE).send({ status: 'PROTO_VALIDATION_ERROR', error_message: message, error: message, errors: checked.errors });
      }
      return renderSurvey(request, reply, { values: checked.values, errors: checked.errors, next }, 400);
    }
    return (await recordSurvey(app.db, { ...base, answers: checked.values })) ? done('SAVED') : alreadyAnswered();
  });

  // The first job's link to share: live now, or once it is approved. Another company's job is not found.
  app.get(`${EMPLOYER_JOBS_PATHS.postJob}/:id/share`, { config: employer, schema: { params: ShareParamsSchema } }, async (request, reply) => {
    const job = await findCompanyJob(app.db, employerOf(request).companyId, request.params.id);
    if (!job) return sendNotFound(request, reply);
    if (job.status !== 'open' && job.status !== 'in_review') return reply.header('cache-control', PRIVATE).redirect(editJobPath(job.id), 303);
    const url = `${app.config.PUBLIC_URL}${jobPath(job)}`;
    const text = `We're hiring: ${job.title}`;
    const props: FirstJobSharePageProps = {
      title: job.title,
      live: job.status === 'open',
      url,
      shareLinks: [
        { label: 'Share on LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}` },
        { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
        { label: 'Share on X', href: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}` },
        { label: 'Send by email', href: `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(url)}` },
      ],
      dashboardHref: EMPLOYER_JOBS_PATHS.dashboard,
    };
    return reply.header('cache-control', PRIVATE).renderPage('first-job-share', props, { title: 'Share your job', noIndex: true, noStore: true });
  });
}
