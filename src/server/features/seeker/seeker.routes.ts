import { named } from '../../lib/named-plugin';
import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchUrl } from '../../../shared/jobs/search-url';
import { MAX_ALERTS, RESUME_MAX_BYTES, SEEKER_MESSAGES, SEEKER_PATHS, type AlertFrequency } from '../../../shared/seeker/constants';
import { AlertSchema, ApplyRequestSchema, ApplyResponseSchema, JobActionRequestSchema, ProfileSchema, ToggleSaveRequestSchema, ToggleSaveResponseSchema, type ApplyResponse } from '../../../shared/seeker/contracts';
import type { SeekerExtensions } from './seeker.plugin';
import type { AboutPageProps, AlertsPageProps, JobseekerHomeProps, MyJobsProps, ProfileFormValues, ResumePageProps, SavedJobsProps, UnsubscribePageProps } from '../../../shared/seeker/page-props';
import { sendNotFound as sendNotFoundReply } from '../../shared/refusals';
import { acceptOneClickMultipart, formBody, formText, MULTIPART_BODY, noBody, oneClickUnsubscribeBody, optionalQuery, type RoutesApp } from '../../shared/route-contracts';
import { MAX_QUESTIONS } from '../../../shared/employer-jobs/fields';
import { isOwnNavigation } from '../../plugins/same-origin';
import { isStage, seekerStageLabel } from '../../../shared/applicants/stages';
import { CLOSED_STAGE_LABEL } from '../../../shared/follow-up/follow-up';
import { withdrawPath } from '../../../shared/applicants/page-props';
import { setEmailSubscription, findAccountById } from '../accounts/account-repository';
import { jobPath } from '../jobs/slugs';
import { takesApplications } from '../jobs/jobs.table';
import { sendStoredFile } from '../storage/byte-range';
import { alertLabel } from './alert-digest';
import { formatDate, personJobs, seekerJob, suggestedJobs, summaryRow } from './seeker-jobs';
import { ownPath, refererPath, signedInUser, wantsJson } from '../sessions/route-guard';
import {
  addAlert,
  deleteAlert,
  findJobByListingKey,
  findProfile,
  findResume,
  hasApplied,
  insertApplication,
  listAlerts,
  recordExternalApplyClick,
  resumeAlerts,
  applicationsSince,
  saveJob,
  savedJobCount,
  saveProfile,
  unsaveJob,
  updateAlert,
} from './seeker.repository';
import { readUnsubscribeToken } from './unsubscribe-token';
import { applyPagePath } from '../../../shared/seeker/apply-flow';
import applyFlowRoutes from './apply-flow.routes';
import resumeImportRoutes from './resume-import.routes';
import { receiveResume } from './resume-upload';
import { PROFILE_SECTION_MESSAGES, type SectionFormState } from '../../../shared/seeker/profile-sections';
import { fullSectionsView, profileSections, sectionsForEditing } from './profile-sections';
import { profilePdf, profilePdfFileName, readablePhone } from './profile-pdf';
import profileSectionsRoutes from './profile-sections.routes';

import { countApplyClick } from '../employer-jobs/apply-clicks';
import { listQuestions } from '../employer-jobs/job-posting';
import { emailChoicesOf } from '../notifications/notifications.service';
import { notificationActionPaths } from '../../../shared/notifications/notifications';
import { readAnswers, storeAnswers } from '../employer-jobs/screening-answers';
import { DAY_MS } from '../../../shared/time';

const PRIVATE = 'private, no-store';

const AlertParamsSchema = z.object({ id: z.string().min(1).max(100) });
const TokenParamsSchema = z.object({ token: z.string().min(1).max(100) });
const ListingParamsSchema = z.object({ listingKey: z.string().min(1).max(200) });
const NoticeQuerySchema = z.object({
  notice: optionalQuery(z.enum(['created', 'updated', 'deleted', 'duplicate', 'limit', 'saved', 'uploaded', 'emails', 'resumed'])),
  next: optionalQuery(z.string().max(2048)),
});
/** The profile page's own notices, and those of the sections drawn on it (find_me, section), read by each. */
const AboutQuerySchema = NoticeQuerySchema.loose();
const ProfilePdfQuerySchema = z.object({ email: optionalQuery(z.literal('on')), phone: optionalQuery(z.literal('on')) });
const HomeQuerySchema = z.object({ closed_job_redirect: optionalQuery(z.string().max(10)) });
const MyJobsQuerySchema = z.object({ notice: optionalQuery(z.string().max(20)) });
/** Apply: the job, the résumé choice, and the screening questions' answers (answer_1…), checked by readAnswers. */
const answerFields = Object.fromEntries(Array.from({ length: MAX_QUESTIONS }, (_, index) => [`answer_${index + 1}`, formText()])) as Record<`answer_${number}`, ReturnType<typeof formText>>;
const ApplyBodySchema = ApplyRequestSchema.extend(answerFields);
/** The profile form: its own rule (ProfileSchema) gives each field's message on the page. */
const ProfileFormSchema = formBody('full_name', 'phone', 'location', 'headline', 'next').default({});
const AlertBodySchema = AlertSchema.extend({ next: formText() });
/** A form's `next` field, when it is our own path. */
function nextField(request: FastifyRequest): string | null {
  const body = request.body as { next?: unknown } | null;
  return typeof body?.next === 'string' ? ownPath(body.next) : null;
}

const ALERT_NOTICES = {
  created: 'Job alert created.',
  updated: 'Job alert updated.',
  deleted: 'Job alert deleted.',
  duplicate: 'You already have this job alert.',
  resumed: 'Your job alerts are on again.',
} as const;

export default async function seekerRoutes(app: RoutesApp) {
  // Filled by the spotlight and the résumé database from their plugins (decision 0314), read per request.
  const { seekerExtensions: extensions } = app;
  const hasSpotlight: SeekerExtensions['hasSpotlight'] = (db, accountId) => extensions.hasSpotlight(db, accountId);
  const findMeProps: SeekerExtensions['findMeProps'] = (db, accountId, query) => extensions.findMeProps(db, accountId, query);
  // Every state-changing call here counts against the per-client limit of job-seeker actions.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('POST')) route.config = { ...route.config, actionRateLimit: true };
  });

  // Save and unsave (spec 7). Accepts our fetch client (JSON answer) and a plain form (redirect back).
  const toggleSaveBack = (request: FastifyRequest) => {
    const next = ToggleSaveRequestSchema.shape.next.safeParse((request.body as { next?: unknown } | null)?.next);
    return ownPath(next.success ? next.data : null) ?? refererPath(request) ?? SEEKER_PATHS.savedJobs;
  };
  const seeker = { requireRole: 'seeker' } as const;
  const toggleSchema = { body: ToggleSaveRequestSchema, response: { 200: ToggleSaveResponseSchema } };
  app.post(SEEKER_PATHS.toggleSave, { config: { ...seeker, signInNext: toggleSaveBack }, schema: toggleSchema }, async (request, reply) => {
    const { body } = request;
    const back = toggleSaveBack(request);
    const user = signedInUser(request);
    const job = await findJobByListingKey(app.db, body.listing_key);
    if (!job || (body.archive === '0' && job.status !== 'open')) {
      if (!wantsJson(request)) return reply.redirect(back, 303);
      return sendNotFoundReply(reply, { status: 'JOB_NOT_FOUND', message: SEEKER_MESSAGES.jobNotFound, cacheControl: PRIVATE });
    }
    if (body.archive === '0') {
      const max = app.config.SEEKER_MAX_SAVED_JOBS;
      const saved = await savedJobCount(app.db, user.id, job.id);
      if (!saved.alreadySaved && saved.count >= max) {
        const message = SEEKER_MESSAGES.tooManySavedJobs(max);
        if (!wantsJson(request)) return reply.redirect(back, 303);
        const refused: FastifyReply = reply;
        return refused.status(409).header('cache-control', PRIVATE).send({ status: 'SAVED_LIMIT', error_message: message });
      }
      await saveJob(app.db, user.id, job.id, app.now());
    } else await unsaveJob(app.db, user.id, job.id);
    if (!wantsJson(request)) return reply.redirect(back, 303);
    const saved = body.archive === '0';
    return reply.header('cache-control', PRIVATE).send({ status: saved ? 'SAVED' : 'UNSAVED', saved });
  });

  // On-site apply: one click with the profile. Applying twice is refused kindly.
  const applyBack = async (request: FastifyRequest) => {
    const body = JobActionRequestSchema.safeParse(request.body);
    const job = body.success ? await findJobByListingKey(app.db, body.data.listing_key) : undefined;
    // A visitor's plain form comes back to the apply steps after log-in (decision 0233).
    return job ? applyPagePath(job.listing_key) : SEEKER_PATHS.myJobs;
  };
  app.post(SEEKER_PATHS.apply, { config: { ...seeker, signInNext: applyBack }, schema: { body: ApplyBodySchema, response: { 200: ApplyResponseSchema } } }, async (request, reply) => {
    const user = signedInUser(request);
    const { body } = request;
    const job = await findJobByListingKey(app.db, body.listing_key);
    const back = job ? jobPath(job) : SEEKER_PATHS.myJobs;
    const answer = (status: number, payload: ApplyResponse) => {
      // A plain form is sent to the apply steps when something is missing, so it never ends in a dead end (decision 0233).
      const steps = job && ['PROFILE_INCOMPLETE', 'RESUME_REQUIRED', 'ANSWERS_REQUIRED', 'APPLICATION_LIMIT'].includes(payload.status) ? applyPagePath(job.listing_key) : null;
      if (!wantsJson(request)) return reply.redirect(steps ?? back, 303);
      // Refusals too are ApplyResponse bodies (the client reads their status); only 200 is declared.
      const answered: FastifyReply = reply;
      return answered.status(status).header('cache-control', PRIVATE).send(payload);
    };
    if (!job || !takesApplications(job, app.now()) || job.apply_type !== 'on_site') return answer(404, { status: 'JOB_CLOSED', error_message: SEEKER_MESSAGES.jobNotFound });
    const profile = await findProfile(app.db, user.id);
    if (!profile) {
      return answer(409, {
        status: 'PROFILE_INCOMPLETE',
        error_message: SEEKER_MESSAGES.profileIncomplete,
        profile_url: `${SEEKER_PATHS.about}?next=${encodeURIComponent(back)}`,
        apply_url: applyPagePath(job.listing_key),
      });
    }
    const perDay = app.config.SEEKER_MAX_APPLICATIONS_PER_DAY;
    if ((await applicationsSince(app.db, user.id, app.now() - DAY_MS)) >= perDay) {
      return answer(429, { status: 'APPLICATION_LIMIT', error_message: SEEKER_MESSAGES.tooManyApplications(perDay) });
    }
    // Screening questions (issue 11): every one answered, stored with the application.
    const screening = readAnswers(await listQuestions(app.db, job.id), request.body);
    if (!screening.ok) return answer(400, { status: 'ANSWERS_REQUIRED', error_message: screening.message });
    const resume = body.resume === 'none' ? undefined : await findResume(app.db, user.id);
    // An on-site job takes a résumé: with none stored, the person is asked (upload one, or continue
    // without: resume=none) before anything is sent, never after (decision 0300).
    if (!resume && body.resume !== 'none') {
      if (await hasApplied(app.db, user.id, job.id)) return answer(409, { status: 'ALREADY_APPLIED', error_message: SEEKER_MESSAGES.alreadyApplied });
      return answer(409, { status: 'RESUME_REQUIRED', error_message: SEEKER_MESSAGES.resumeRequired, apply_url: applyPagePath(job.listing_key) });
    }
    const applicationId = await app.db.transaction().execute(async (trx) => {
      const id = await insertApplication(trx, {
        accountId: user.id,
        jobId: job.id,
        email: user.email,
        profile,
        resumeKey: resume?.storage_key ?? null,
        now: app.now(),
        failedDealBreaker: screening.failedDealBreaker,
      });
      if (id) await storeAnswers(trx, id, screening.answers);
      return id;
    });
    if (!applicationId) return answer(409, { status: 'ALREADY_APPLIED', error_message: SEEKER_MESSAGES.alreadyApplied });
    app.jobFigures.count(job.id, 'apply_clicks');
    app.jobFigures.count(job.id, 'applications');
    return answer(200, { status: 'APPLIED', message: SEEKER_MESSAGES.applied, with_resume: Boolean(resume) });
  });

  // External apply: the click is counted, then the employer's site, and only the job's own address.
  // Visitors' clicks count too, once a visitor, job and day within the client's allowance, and only
  // when made on our own pages: a GET from elsewhere changes nothing (decision 0226). Whether it counts
  // or not, the person goes on to the employer.
  app.get(`${SEEKER_PATHS.externalApply}/:listingKey`, { schema: { params: ListingParamsSchema } }, async (request, reply) => {
    const { params } = request;
    const job = await findJobByListingKey(app.db, params.listingKey);
    const url = job?.external_url ? safeExternalUrl(job.external_url) : null;
    if (!job || !takesApplications(job, app.now()) || job.apply_type !== 'external' || !url) return reply.redirect('/?closed_job_redirect=1', 302);
    if (isOwnNavigation(request, app.config.PUBLIC_URL) && (await countApplyClick(app, request, job.id)) && request.user) {
      await recordExternalApplyClick(app.db, request.user.id, job.id, app.now());
    }
    return reply.header('cache-control', PRIVATE).header('referrer-policy', 'no-referrer').redirect(url, 303);
  });

  app.get(SEEKER_PATHS.home, { config: seeker, schema: { querystring: HomeQuerySchema } }, async (request, reply) => {
    const user = signedInUser(request);
    const closed = request.query.closed_job_redirect === '1';
    const [suggested, spotlight] = await Promise.all([suggestedJobs(app, request, user), hasSpotlight(app.db, user.id)]);
    const props: JobseekerHomeProps = { ...suggested, showClosedJobAlert: closed, hasSpotlight: spotlight };
    return reply.renderPage('seeker-home', props, { title: 'Suggested Jobs', pageType: 'jobseeker home', noIndex: true });
  });

  app.get(SEEKER_PATHS.savedJobs, { config: seeker }, async (request, reply) => {
    const user = signedInUser(request);
    const now = app.now();
    const { saved, applied } = await personJobs(app, user.id);
    const appliedIds = new Set(applied.map(({ job }) => job.id));
    const props: SavedJobsProps = {
      jobs: saved.map(({ job, at }) =>
        seekerJob(summaryRow(job), now, { saved: true, applied: appliedIds.has(job.id), note: `Saved ${formatDate(at)}`, open: job.status === 'open' }),
      ),
    };
    return reply.renderPage('saved-jobs', props, { title: 'Saved jobs', noIndex: true });
  });

  app.get(SEEKER_PATHS.myJobs, { config: seeker, schema: { querystring: MyJobsQuerySchema } }, async (request, reply) => {
    const user = signedInUser(request);
    const now = app.now();
    const { saved, applied } = await personJobs(app, user.id);
    const savedIds = new Set(saved.map(({ job }) => job.id));
    const appliedIds = new Set(applied.map(({ job }) => job.id));
    const withdrawn = request.query.notice === 'withdrawn';
    const props: MyJobsProps = {
      applied: applied.map(({ job, at, application }) => ({
        ...seekerJob(summaryRow(job), now, { saved: savedIds.has(job.id), applied: true, note: `Applied ${formatDate(at)}`, open: job.status === 'open' }),
        application: application
          ? {
              stageLabel: application.withdrawn
                ? 'Withdrawn'
                : application.closed
                  ? CLOSED_STAGE_LABEL
                  : seekerStageLabel(isStage(application.stage) ? application.stage : 'new', application.opened),
              withdrawn: application.withdrawn,
              withdrawHref: application.withdrawn ? null : withdrawPath(application.id),
            }
          : null,
      })),
      notice: withdrawn ? 'Your application was withdrawn. The employer no longer sees it.' : null,
      saved: saved
        .filter(({ job }) => !appliedIds.has(job.id))
        .map(({ job, at }) => seekerJob(summaryRow(job), now, { saved: true, applied: false, note: `Saved ${formatDate(at)}`, open: job.status === 'open' })),
    };
    return reply.renderPage('my-jobs', props, { title: 'My jobs', noIndex: true });
  });

  // Profile: name, phone, location, headline; below it the sections (decision 0236).
  const SectionNoticeSchema = z.object({ section: z.enum(['saved', 'removed']).optional().catch(undefined) }).catch({});
  const aboutProps = async (
    request: FastifyRequest,
    form: { values: ProfileFormValues; errors: AboutPageProps['errors']; saved: boolean; next: string | null; query: unknown; emailsNotice: boolean; section: SectionFormState | null },
  ): Promise<AboutPageProps> => {
    const user = signedInUser(request);
    const sectionNotice = form.section ? undefined : SectionNoticeSchema.parse(form.query ?? {}).section;
    return {
      values: form.values,
      errors: form.errors,
      saved: form.saved,
      next: form.next,
      findMe: await findMeProps(app.db, user.id, form.query),
      emailChoices: await emailChoicesOf(app.db, app.config.UNSUBSCRIBE_LIST_KEY, user.email, 'seeker', notificationActionPaths('seeker').emails, form.emailsNotice),
      sections: {
        entries: sectionsForEditing(await profileSections(app.db, user.id)),
        form: form.section,
        notice: sectionNotice === 'saved' ? PROFILE_SECTION_MESSAGES.saved : sectionNotice === 'removed' ? PROFILE_SECTION_MESSAGES.removed : null,
      },
    };
  };
  const profileValues = async (accountId: string): Promise<ProfileFormValues> => {
    const profile = await findProfile(app.db, accountId);
    return { full_name: profile?.full_name ?? '', phone: profile?.phone ?? '', location: profile?.location ?? '', headline: profile?.headline ?? '' };
  };

  app.get(SEEKER_PATHS.about, { config: seeker, schema: { querystring: AboutQuerySchema } }, async (request, reply) => {
    const { query } = request;
    const user = signedInUser(request);
    const props = await aboutProps(request, {
      values: await profileValues(user.id),
      errors: {},
      saved: query.notice === 'saved',
      next: ownPath(query.next),
      query: request.query,
      emailsNotice: query.notice === 'emails',
      section: null,
    });
    return reply.renderPage('seeker-about', props, { title: 'About you', noIndex: true });
  });

  await app.register(named(profileSectionsRoutes), {
    renderAbout: async (request, reply, section, status) => {
      const props = await aboutProps(request, { values: await profileValues(signedInUser(request).id), errors: {}, saved: false, next: null, query: {}, emailsNotice: false, section });
      return reply.header('cache-control', PRIVATE).renderPage('seeker-about', props, { title: 'About you', noIndex: true, status });
    },
  });

  const aboutSchema = { body: ProfileFormSchema, response: { 200: z.object({ status: z.literal('SAVED') }) } };
  app.post(SEEKER_PATHS.about, { config: { ...seeker, signInNext: () => SEEKER_PATHS.about }, schema: aboutSchema }, async (request, reply) => {
    const user = signedInUser(request);
    const raw = request.body;
    const text = (name: keyof typeof raw) => (raw[name] ?? '').slice(0, 500);
    const parsed = ProfileSchema.safeParse(raw);
    const next = ownPath(text('next'));
    if (!parsed.success) {
      const errors: AboutPageProps['errors'] = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'full_name' || field === 'phone' || field === 'location' || field === 'headline') && !errors[field]) errors[field] = issue.message;
      }
      const refused: FastifyReply = reply;
      if (wantsJson(request)) return refused.status(400).send({ status: 'PROTO_VALIDATION_ERROR', error_message: Object.values(errors)[0] ?? 'Check your details', errors });
      const props = await aboutProps(request, {
        values: { full_name: text('full_name'), phone: text('phone'), location: text('location'), headline: text('headline') },
        errors,
        saved: false,
        next,
        query: {},
        emailsNotice: false,
        section: null,
      });
      return reply.renderPage('seeker-about', props, { title: 'About you', noIndex: true, status: 400 });
    }
    const { next: _ignored, ...profile } = parsed.data;
    await saveProfile(app.db, user.id, profile, app.now());
    // In the résumé database, employers search the new headline and place at once.
    await extensions.profileChanged(app.db, user.id, app.now());
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'SAVED' });
    return reply.redirect(next ?? `${SEEKER_PATHS.about}?notice=saved`, 303);
  });

  // The person's own résumé, as stored (from whichever instance stored it, decision 0140).
  app.get(SEEKER_PATHS.resumeFile, { config: seeker }, async (request, reply) => {
    const resume = await findResume(app.db, signedInUser(request).id);
    if (!resume) return reply.header('cache-control', PRIVATE).redirect(SEEKER_PATHS.resume, 303);
    return sendStoredFile(request, reply, app.fileStorage, resume.storage_key, { contentType: resume.content_type, fileName: resume.file_name });
  });

  // "Download as PDF": the profile as a résumé, made as it is sent; only the contact details ticked (decision 0312).
  app.get(SEEKER_PATHS.profilePdf, { config: seeker, schema: { querystring: ProfilePdfQuerySchema } }, async (request, reply) => {
    const user = signedInUser(request);
    const profile = await findProfile(app.db, user.id);
    // The name heads the résumé: without a profile, the person is asked for it first.
    if (!profile) return reply.header('cache-control', PRIVATE).redirect(`${SEEKER_PATHS.about}?next=${encodeURIComponent(SEEKER_PATHS.resume)}`, 303);
    const { query } = request;
    const doc = profilePdf({
      fullName: profile.full_name,
      headline: profile.headline,
      location: profile.location,
      contact: [query.email === 'on' ? user.email : '', query.phone === 'on' ? readablePhone(profile.phone) : ''].filter(Boolean),
      sections: fullSectionsView(await profileSections(app.db, user.id)),
    });
    return reply
      .header('cache-control', PRIVATE)
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(profilePdfFileName(profile.full_name)))
      .header('x-content-type-options', 'nosniff')
      .send(doc);
  });

  // Résumé upload: multipart only here, with its own size limit.
  await app.register(named(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: RESUME_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });

    scope.withTypeProvider<ZodTypeProvider>().get(SEEKER_PATHS.resume, { config: seeker, schema: { querystring: NoticeQuerySchema } }, async (request, reply) => {
      const { query } = request;
      const user = signedInUser(request);
      return renderResumePage(app, reply, user.id, { error: null, uploaded: query.notice === 'uploaded' }, 200);
    });

    const uploadSchema = { consumes: MULTIPART_BODY, response: { 200: z.object({ status: z.literal('UPLOADED') }) } };
    scope.withTypeProvider<ZodTypeProvider>().post(SEEKER_PATHS.resume, { config: { ...seeker, signInNext: () => SEEKER_PATHS.resume }, schema: uploadSchema }, async (request, reply) => {
      const user = signedInUser(request);
      const received = await receiveResume(app, request, scope.multipartErrors, user.id);
      if (!received.ok) {
        const refused: FastifyReply = reply;
        if (received.retryAfterSeconds !== undefined) reply.header('retry-after', String(received.retryAfterSeconds));
        if (wantsJson(request)) return refused.status(received.status).send({ status: 'RESUME_REJECTED', error_message: received.message });
        return renderResumePage(app, reply, user.id, { error: received.message, uploaded: false }, received.status);
      }
      if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'UPLOADED' });
      return reply.redirect(`${SEEKER_PATHS.resume}?notice=uploaded`, 303);
    });
  }, 'résumé upload'));

  // The apply steps: a page without JavaScript, the dialog's context with it (decision 0233).
  await app.register(named(applyFlowRoutes));
  // The profile filled from the stored résumé, after the seeker's review (decision 0302).
  await app.register(named(resumeImportRoutes));

  // Job alerts: list, add, edit, delete (at most MAX_ALERTS).
  app.get(SEEKER_PATHS.alerts, { config: seeker, schema: { querystring: NoticeQuerySchema } }, async (request, reply) => {
    const { query } = request;
    const user = signedInUser(request);
    const [alerts, account] = await Promise.all([listAlerts(app.db, user.id), findAccountById(app.db, user.id)]);
    const notice = query.notice && query.notice in ALERT_NOTICES ? ALERT_NOTICES[query.notice as keyof typeof ALERT_NOTICES] : null;
    const props: AlertsPageProps = {
      alerts: alerts.map((alert) => ({
        id: alert.id,
        label: alertLabel(alert),
        search: alert.search,
        location: alert.location,
        radius: alert.radius,
        frequency: alert.frequency as AlertFrequency,
        searchHref: searchUrl({ search: alert.search, location: alert.location }),
      })),
      max: MAX_ALERTS,
      notice,
      error: query.notice === 'limit' ? SEEKER_MESSAGES.tooManyAlerts : null,
      unsubscribed: account?.email_unsubscribed === 1,
      paused: alerts.some((alert) => alert.paused_at !== null),
    };
    return reply.renderPage('seeker-alerts', props, { title: 'Job alerts', noIndex: true });
  });

  // Alerts paused on /candidate/gothired come back on here (decision 0232).
  app.post(`${SEEKER_PATHS.alerts}/resume`, { config: { ...seeker, signInNext: () => SEEKER_PATHS.alerts }, schema: { body: noBody } }, async (request, reply) => {
    await resumeAlerts(app.db, signedInUser(request).id, app.now());
    return reply.redirect(`${SEEKER_PATHS.alerts}?notice=resumed`, 303);
  });

  const alertSchema = { body: AlertBodySchema, response: { 200: z.object({ status: z.enum(['CREATED', 'DUPLICATE']) }) } };
  app.post(SEEKER_PATHS.alerts, { config: { ...seeker, signInNext: (request) => nextField(request) ?? SEEKER_PATHS.alerts }, schema: alertSchema }, async (request, reply) => {
    const user = signedInUser(request);
    const { next: _next, ...fields } = request.body;
    const outcome = await addAlert(app.db, user.id, fields, app.now(), MAX_ALERTS);
    if (wantsJson(request)) {
      const refused: FastifyReply = reply;
      if (outcome === 'limit') return refused.status(409).send({ status: 'ALERT_LIMIT', error_message: SEEKER_MESSAGES.tooManyAlerts });
      return reply.send({ status: outcome === 'created' ? 'CREATED' : 'DUPLICATE' });
    }
    // From a results page ("Get alerts for this search"): back to that search, which says what happened.
    const back = nextField(request);
    if (back) {
      const url = new URL(back, 'http://local');
      url.searchParams.set('alert', outcome);
      return reply.redirect(`${url.pathname}${url.search}`, 303);
    }
    return reply.redirect(`${SEEKER_PATHS.alerts}?notice=${outcome}`, 303);
  });

  const alertUpdateSchema = { params: AlertParamsSchema, body: AlertSchema, response: { 200: z.object({ status: z.literal('UPDATED') }) } };
  app.post(`${SEEKER_PATHS.alerts}/:id`, { config: { ...seeker, signInNext: () => SEEKER_PATHS.alerts }, schema: alertUpdateSchema }, async (request, reply) => {
    const user = signedInUser(request);
    const updated = await updateAlert(app.db, user.id, request.params.id, request.body);
    if (wantsJson(request)) return updated ? reply.send({ status: 'UPDATED' }) : sendNotFoundReply(reply, { message: 'No such alert.' });
    return reply.redirect(`${SEEKER_PATHS.alerts}?notice=updated`, 303);
  });

  const alertDeleteSchema = { params: AlertParamsSchema, body: noBody, response: { 200: z.object({ status: z.literal('DELETED') }) } };
  app.post(`${SEEKER_PATHS.alerts}/:id/delete`, { config: { ...seeker, signInNext: () => SEEKER_PATHS.alerts }, schema: alertDeleteSchema }, async (request, reply) => {
    const user = signedInUser(request);
    const deleted = await deleteAlert(app.db, user.id, request.params.id);
    if (wantsJson(request)) return deleted ? reply.send({ status: 'DELETED' }) : sendNotFoundReply(reply, { message: 'No such alert.' });
    return reply.redirect(`${SEEKER_PATHS.alerts}?notice=deleted`, 303);
  });

  // Unsubscribe from a digest's link: no log-in. GET only asks (mail scanners follow links);
  // POST does it, and mail clients' one-click (RFC 8058) posts it from their own origin.
  app.get(`${SEEKER_PATHS.unsubscribe}/:token`, { schema: { params: TokenParamsSchema } }, async (request, reply) => {
    const { token } = request.params;
    const props = await unsubscribeProps(app, token, 'confirm');
    return reply.header('cache-control', PRIVATE).renderPage('seeker-unsubscribe', props, { title: 'Unsubscribe', noIndex: true, status: props.state === 'invalid' ? 400 : 200 });
  });

  // A mail client's one-click may come form-encoded or as multipart (RFC 8058): its own scope takes both.
  await app.register(
    named(async function oneClickUnsubscribe(scope: FastifyInstance) {
      acceptOneClickMultipart(scope);
      scope.withTypeProvider<ZodTypeProvider>().post(`${SEEKER_PATHS.unsubscribe}/:token`, { config: { sameOrigin: false }, schema: { params: TokenParamsSchema, body: oneClickUnsubscribeBody } }, async (request, reply) => {
        const { token } = request.params;
        const props = await unsubscribeProps(app, token, 'done');
        if (props.state === 'done') {
          const reader = readUnsubscribeToken(app.config.secrets.unsubscribeLinks.accepted(app.now()), token);
          // Unsubscribing from alert email turns off all marketing email; the resubscribe offer (accounts) sees it.
          if (reader) await setEmailSubscription(app.db, reader.accountId, false);
        }
        return reply.header('cache-control', PRIVATE).renderPage('seeker-unsubscribe', props, { title: 'Unsubscribe', noIndex: true, status: props.state === 'invalid' ? 400 : 200 });
      });
    }),
  );
}

async function unsubscribeProps(app: FastifyInstance, token: string, state: 'confirm' | 'done'): Promise<UnsubscribePageProps> {
  const reader = readUnsubscribeToken(app.config.secrets.unsubscribeLinks.accepted(app.now()), token);
  const account = reader ? await findAccountById(app.db, reader.accountId) : undefined;
  if (!reader || !account) return { token, state: 'invalid', alertLabel: null };
  const alert = await app.db.selectFrom('job_alerts').select(['search', 'location']).where('id', '=', reader.alertId).executeTakeFirst();
  return { token, state, alertLabel: alert ? alertLabel(alert) : null };
}

async function renderResumePage(app: FastifyInstance, reply: FastifyReply, accountId: string, state: { error: string | null; uploaded: boolean }, status: number) {
  const resume = await findResume(app.db, accountId);
  const props: ResumePageProps = {
    resume: resume ? { fileName: resume.file_name, size: formatSize(resume.size_bytes), uploaded: formatDate(Number(resume.uploaded_at)) } : null,
    ...state,
  };
  return reply.renderPage('seeker-resume', props, { title: 'Résumé', noIndex: true, status });
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}


function safeExternalUrl(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
