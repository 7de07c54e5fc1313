import { named } from '../../lib/named-plugin';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answersComplete, applicationPreview, applyPagePath, type ApplyContext, type ApplyPageProps, type ResumeChoice } from '../../../shared/seeker/apply-flow';
import { RESUME_MAX_BYTES, SEEKER_MESSAGES, SEEKER_PATHS } from '../../../shared/seeker/constants';
import { formFields, MULTIPART_BODY, optionalQuery, type RoutesApp } from '../../shared/route-contracts';
import { sendNotFound, signedInUser, wantsJson } from '../sessions/route-guard';
import { loadApplyContext } from './apply-flow';
import { readProfileForm } from './profile-form';
import { receiveResume } from './resume-upload';
import { applicationsSince, saveProfile } from './seeker.repository';
import { DAY_MS } from '../../../shared/time';

const PRIVATE = 'private, no-store';
const ListingParamsSchema = z.object({ listingKey: z.string().min(1).max(200) });
const ChoiceSchema = z.enum(['stored', 'none']).optional().catch(undefined);
const StepQuerySchema = z.object({ resume: ChoiceSchema, change: optionalQuery(z.enum(['resume'])) });

type PageState = Partial<Pick<ApplyPageProps, 'values' | 'errors' | 'error'>> & { choice: ResumeChoice | null; answers: Record<string, string>; change?: boolean };

/**
 * The apply steps without JavaScript (decision 0233): GET /candidate/apply/{listingKey} shows the first
 * step still missing (contact details, a résumé, the screening questions) and then the review; each step
 * is a plain form. The review posts to /candidate/apply, which stays the one judge of an application.
 * With X-Requested-With, the same address answers the dialog's context as JSON.
 */
export default async function applyFlowRoutes(app: RoutesApp) {
  // The résumé database listens (decision 0314): the contact details saved here are searchable at once.
  const { seekerExtensions: extensions } = app;
  const seeker = { requireRole: 'seeker' } as const;
  const stepsPath = `${SEEKER_PATHS.apply}/:listingKey`;

  const render = async (reply: FastifyReply, context: ApplyContext, accountId: string, state: PageState, status = 200) => {
    const perDay = app.config.SEEKER_MAX_APPLICATIONS_PER_DAY;
    const choice = state.choice === 'stored' && !context.resume ? null : state.choice;
    const step: ApplyPageProps['step'] = context.applied
      ? 'applied'
      : !context.open
        ? 'closed'
        : !context.profile
          ? 'profile'
          : choice === null || state.change
            ? 'resume'
            : !answersComplete(context.questions, state.answers)
              ? 'questions'
              : 'review';
    const limited = step === 'review' && (await applicationsSince(app.db, accountId, app.now() - DAY_MS)) >= perDay;
    const props: ApplyPageProps = {
      context,
      step,
      choice,
      answers: state.answers,
      values: state.values ?? { full_name: '', phone: '', location: '' },
      errors: state.errors ?? {},
      error: state.error ?? (limited ? SEEKER_MESSAGES.tooManyApplications(perDay) : null),
      preview: step === 'review' && choice ? applicationPreview(context, choice, state.answers) : null,
    };
    return reply.header('cache-control', PRIVATE).renderPage('seeker-apply', props, { title: `Apply: ${context.job.title}`, noIndex: true, status });
  };
  const load = (user: { id: string; email: string }, listingKey: string) => loadApplyContext(app, user, listingKey);

  app.get(stepsPath, { config: seeker, schema: { params: ListingParamsSchema, querystring: StepQuerySchema } }, async (request, reply) => {
    const { params: { listingKey }, query } = request;
    const user = signedInUser(request);
    const context = await load(user, listingKey);
    if (!context) return sendNotFound(request, reply);
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send(context);
    const choice = query.resume ?? (context.resume ? 'stored' : null);
    return render(reply, context, user.id, { choice, answers: {}, change: query.change === 'resume' });
  });

  // One plain form a step: the contact details (saved to the profile by its own rule), the résumé
  // choice and the answers (carried in the forms, not stored until the application is sent).
  // Each step's form has its own fields (the questions' names come from the job): read by the step's rule.
  const stepSchema = { params: ListingParamsSchema, body: formFields };
  app.post(stepsPath, { config: { ...seeker, signInNext: (request) => applyPagePath(String((request.params as { listingKey?: unknown }).listingKey ?? '')) }, schema: stepSchema }, async (request, reply) => {
    const { listingKey } = request.params;
    const user = signedInUser(request);
    const context = await load(user, listingKey);
    if (!context) return sendNotFound(request, reply);
    const { body } = request;
    if (body.step === 'profile') {
      const form = readProfileForm({ ...body, headline: context.profile?.headline ?? '' });
      if (!form.ok) return render(reply, context, user.id, { choice: null, answers: {}, values: form.values, errors: form.errors }, 400);
      await saveProfile(app.db, user.id, form.profile, app.now());
      await extensions.profileChanged(app.db, user.id, app.now());
      return reply.redirect(applyPagePath(context.listingKey), 303);
    }
    const choice = ChoiceSchema.parse(body.resume) ?? null;
    const answers: Record<string, string> = {};
    for (const question of context.questions) {
      const value = body[question.name];
      if (typeof value === 'string') answers[question.name] = value.slice(0, 600);
    }
    const missing = body.step === 'questions' && !answersComplete(context.questions, answers);
    return render(reply, context, user.id, { choice, answers, ...(missing ? { error: 'Answer each question to continue.' } : {}) }, missing ? 400 : 200);
  });

  // A résumé uploaded from the steps goes through the Résumé tab's one rule, then on to the next step.
  await app.register(named(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: RESUME_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
    // A multipart upload: its parts are read and checked by receiveResume, not by a body schema. It
    // answers the steps' page or a redirect, never JSON, so it declares no response.
    const uploadConfig = { ...seeker, signInNext: (request: { params: unknown }) => applyPagePath(String((request.params as { listingKey?: unknown }).listingKey ?? '')) };
    scope.withTypeProvider<ZodTypeProvider>().post(`${stepsPath}/resume`, { config: uploadConfig, schema: { params: ListingParamsSchema, consumes: MULTIPART_BODY } }, async (request, reply) => {
      const { listingKey } = request.params;
      const user = signedInUser(request);
      const context = await load(user, listingKey);
      if (!context) return sendNotFound(request, reply);
      const received = await receiveResume(app, request, scope.multipartErrors, user.id);
      if (!received.ok) {
        if (received.retryAfterSeconds !== undefined) reply.header('retry-after', String(received.retryAfterSeconds));
        return render(reply, context, user.id, { choice: null, answers: {}, change: true, error: received.message }, received.status);
      }
      return reply.redirect(`${applyPagePath(context.listingKey)}?resume=stored`, 303);
    });
  }, 'apply résumé upload'));
}
