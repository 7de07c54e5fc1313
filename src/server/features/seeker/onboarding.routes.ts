// /candidate/onboard (issue 43, decision 0234): after a new sign-up's offers, one question a screen,
// each one skippable; the last one makes the first job alert from the answers and goes on to
// Suggested Jobs, which ranks by them (seeker-jobs.ts). Plain form posts, so it works without script.
import type { FastifyReply } from 'fastify';
import { DEFAULT_RADIUS_MILES } from '../../../shared/jobs/enums';
import { ownPath } from '../../../shared/own-path';
import { MAX_ALERTS, SEEKER_PATHS } from '../../../shared/seeker/constants';
import { ONBOARDING_PATHS, ONBOARDING_STEPS, type OnboardPageProps, type OnboardingAnswers, type OnboardingStep } from '../../../shared/seeker/onboarding';
import { ONBOARDING_MESSAGES, OnboardingPostSchema, OnboardingQuerySchema, type OnboardingPost } from '../../../shared/seeker/onboarding-contract';
import { formFields, type RoutesApp } from '../../shared/route-contracts';
import { parseLocation } from '../jobs/places';
import { signedInUser } from '../sessions/route-guard';
import { NO_ANSWERS, findOnboarding, saveOnboardingStep } from './onboarding.repository';
import { addAlert } from './seeker.repository';

const PRIVATE = 'private, no-store';
const seeker = { requireRole: 'seeker' } as const;

const nextOf = (value: unknown): string => {
  const path = ownPath(value);
  // Never back into onboarding itself.
  return path && !path.startsWith(ONBOARDING_PATHS.onboard) ? path : SEEKER_PATHS.home;
};

/** The answer a post gives for its question, or the message of what is wrong with it. */
export function answerOf(post: OnboardingPost): { answers: Partial<OnboardingAnswers>; skipped: boolean } | { error: string } {
  const skipped = post.skip !== undefined;
  switch (post.step) {
    case 'titles':
      if (skipped || post.title.length === 0) return { answers: { titles: [] }, skipped: true };
      return { answers: { titles: [...new Map(post.title.map((title) => [title.toLowerCase(), title])).values()] }, skipped: false };
    case 'place': {
      if (skipped || post.location === '') return { answers: { location: '', radius: null }, skipped: true };
      const place = parseLocation(post.location);
      if (place.status !== 'found') return { error: ONBOARDING_MESSAGES.locationUnknown };
      return { answers: { location: place.place.label, radius: post.radius ?? DEFAULT_RADIUS_MILES }, skipped: false };
    }
    case 'pay':
      if (skipped || post.min_pay === null) return { answers: { minPay: null }, skipped: true };
      return { answers: { minPay: post.min_pay }, skipped: false };
    case 'types':
      if (skipped || (post.type.length === 0 && post.remote === undefined)) return { answers: { employmentTypes: [], remote: null }, skipped: true };
      return { answers: { employmentTypes: [...new Set(post.type)], remote: post.remote ?? null }, skipped: false };
  }
}

export default async function onboardingRoutes(app: RoutesApp) {
  const render = (reply: FastifyReply, props: OnboardPageProps, status = 200) =>
    reply.header('cache-control', PRIVATE).renderPage('seeker-onboard', props, { title: 'Tell us what you are looking for', noIndex: true, status });

  const propsFor = (step: OnboardingStep, answers: OnboardingAnswers, next: string, error: string | null): OnboardPageProps => ({
    step,
    stepNumber: ONBOARDING_STEPS.indexOf(step) + 1,
    stepCount: ONBOARDING_STEPS.length,
    answers,
    next,
    error,
  });

  app.get(ONBOARDING_PATHS.onboard, { config: { ...seeker, signInNext: (request) => request.url }, schema: { querystring: OnboardingQuerySchema } }, async (request, reply) => {
    const { query } = request;
    const record = await findOnboarding(app.db, signedInUser(request).id);
    return render(reply, propsFor(query.step ?? 'titles', record?.answers ?? NO_ANSWERS, nextOf(query.next), null));
  });

  // A step's fields depend on the step (titles repeat): OnboardingPostSchema gives the page its message.
  app.post(ONBOARDING_PATHS.onboard, { config: { ...seeker, signInNext: () => ONBOARDING_PATHS.onboard }, schema: { body: formFields } }, async (request, reply) => {
    const user = signedInUser(request);
    const { body } = request;
    const next = nextOf(body.next);
    const parsed = OnboardingPostSchema.safeParse(body);
    const stored = await findOnboarding(app.db, user.id);
    const answersBefore = stored?.answers ?? NO_ANSWERS;
    if (!parsed.success) {
      const step = ONBOARDING_STEPS.find((name) => name === body.step);
      const message = step ? (parsed.error.issues[0]?.message ?? ONBOARDING_MESSAGES.unknown) : ONBOARDING_MESSAGES.unknown;
      return render(reply, propsFor(step ?? 'titles', answersBefore, next, message), 400);
    }
    const answer = answerOf(parsed.data);
    if ('error' in answer) return render(reply, propsFor(parsed.data.step, { ...answersBefore, location: typeof body.location === 'string' ? body.location.slice(0, 100) : '' }, next, answer.error), 400);

    const index = ONBOARDING_STEPS.indexOf(parsed.data.step);
    // "Skip the rest" ends here; the last question ends too.
    const complete = body.rest === 'skip' || index === ONBOARDING_STEPS.length - 1;
    const now = app.now();
    const record = await saveOnboardingStep(app.db, user.id, parsed.data.step, { ...answer, complete }, now);
    if (!complete) {
      const following = ONBOARDING_STEPS[index + 1]!;
      return reply.header('cache-control', PRIVATE).redirect(`${ONBOARDING_PATHS.onboard}?step=${following}${next === SEEKER_PATHS.home ? '' : `&next=${encodeURIComponent(next)}`}`, 303);
    }
    // The first alert, once: from the first job title and the place (a daily alert, like one made from a search).
    if (stored?.completedAt == null) {
      const { titles, location, radius } = record.answers;
      if (titles[0] || location) await addAlert(app.db, user.id, { search: titles[0] ?? '', location, radius: radius ?? DEFAULT_RADIUS_MILES, frequency: 'daily' }, now, MAX_ALERTS);
    }
    return reply.header('cache-control', PRIVATE).redirect(next, 303);
  });
}
