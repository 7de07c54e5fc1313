// Plans, honestly self-serve, and closing a company (issue 44, decisions 0288, 0289): the free trial of
// Standard, the plan & usage page at the spec's three paths, asking sales for a paid plan, the trial run,
// and the owner's close and reactivate. No payment is built: paid plans are arranged with sales.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COMPANY_PATHS } from '../../../shared/companies/constants';
import type { CompanyCloseProps, CompanyReactivateProps, PlanTrialProps, PlanUsageProps } from '../../../shared/companies/page-props';
import {
  PLAN_MESSAGES,
  PLAN_USAGE_HEADINGS,
  PLAN_USAGE_PATHS,
  TRIAL_DAYS,
  TRIAL_PLAN_ID,
  canStartTrial,
  canStillReactivate,
  closeConsequences,
  daysLeftText,
  formatDay,
  formatMoment,
  liveJobsUsage,
  pausedJobsText,
  reactivateTooLateMessage,
  reactivationDeadline,
  resumeViewsUsage,
  type PlanUsagePath,
} from '../../../shared/companies/plan-usage';
import { PLANS, isPlanId, planFor, planLimitLines, planPriceLabel } from '../../../shared/companies/plans';
import { sendForbidden, sendRefusal } from '../../shared/refusals';
import { noBody, type RoutesApp } from '../../shared/route-contracts';
import { employerOf, wantsJson } from '../sessions/route-guard';
import type { CompanyRow } from './companies.table';
import { closeCompany, countMembers, reactivateCompany } from './company-closing';
import { findCompanyById, recordPlanRequest } from './company.repository';
import { countLiveJobs, countPausedJobs, endDueTrials, startTrial } from './plan-limits';
import { TrialMailJobSchema, queueTrialEnded, queueTrialEndingNotices, sendTrialMail } from './trial-mail';
import { DAY_MS } from '../../../shared/time';

const PRIVATE = 'private, no-store';
/** The trial run looks for trials past their end this often: a trial ends within minutes of its time. */
const TRIAL_RUN_EVERY_MS = 5 * 60_000;

const NoticeQuerySchema = z.object({ notice: z.string().max(40).optional().catch(undefined), plan: z.string().max(40).optional().catch(undefined) });
const PlanRequestSchema = z.object({ plan: z.string().max(40).optional() });
const CloseSchema = z.object({ confirm: z.string().max(10).optional() });
/** The JSON answers to our fetch client (decision 0325); a refusal is the one refusal shape, undeclared. */
const TrialStartedAnswer = { 200: z.object({ status: z.literal('TRIAL_STARTED'), trial_ends_at: z.number(), next: z.string() }) };
const PlanRequestedAnswer = { 200: z.object({ status: z.literal('PLAN_REQUESTED') }) };
const CompanyClosedAnswer = { 200: z.object({ status: z.literal('COMPANY_CLOSED'), jobs_closed: z.number().int() }) };
const ReactivatedAnswer = { 200: z.object({ status: z.literal('REACTIVATED') }) };

const PAID_PLANS = PLANS.filter((plan) => plan.priceMonthlyUsd > 0);

export default async function planUsageRoutes(app: RoutesApp) {
  const employer = { requireRole: 'employer' } as const;
  // Every state-changing call here counts against the per-client limit of actions.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('POST')) route.config = { ...route.config, actionRateLimit: true };
  });

  // The trial run: trials past their end go back to Free, extra live jobs pause (decision 0288).
  // The owner is emailed two days ahead and when it has ended, each once, through the job queue (0309).
  const trialMail = app.queue.defineMail({
    name: 'plan-trial-mail',
    payload: TrialMailJobSchema,
    run: (job) => sendTrialMail({ db: app.db, mailer: app.mailer, now: () => app.now(), log: app.log }, job),
  });
  const mailDeps = { db: app.db, queue: trialMail, publicUrl: app.config.PUBLIC_URL, log: app.log };
  app.scheduler.every('plan-trials', { everyMs: TRIAL_RUN_EVERY_MS }, async () => {
    const now = app.now();
    const { ended, paused } = await endDueTrials(app.db, now, (trx, companyId, fit) => queueTrialEnded(mailDeps, trx, companyId, fit.paused));
    if (paused > 0) app.forgetVisitorPages();
    if (ended > 0) app.log.info({ ended, paused }, 'free trials ended');
    const noticed = await queueTrialEndingNotices(mailDeps, now);
    if (noticed > 0) app.log.info({ noticed }, 'trial ending emails queued');
  });

  const memberCompany = async (request: FastifyRequest): Promise<CompanyRow> => {
    const company = await findCompanyById(app.db, employerOf(request).companyId);
    if (!company) throw new Error('membership without its company');
    return company;
  };
  const isOwner = (request: FastifyRequest) => employerOf(request).role === 'owner';

  // The free trial: the spec's paywall path.
  const trialProps = (request: FastifyRequest, company: CompanyRow): PlanTrialProps => {
    const trialPlan = planFor({ plan: TRIAL_PLAN_ID });
    const base = { planName: trialPlan.name, days: TRIAL_DAYS, planLines: planLimitLines(trialPlan), action: PLAN_USAGE_PATHS.trial, planHref: PLAN_USAGE_PATHS.setPlan };
    const now = app.now();
    if (company.trial_ends_at !== null && company.trial_ends_at > now) return { ...base, state: 'running', message: `Your free trial of ${trialPlan.name} runs until ${formatMoment(company.trial_ends_at)}.` };
    if (company.trial_started_at !== null) return { ...base, state: 'used', message: PLAN_MESSAGES.trialUsed };
    if (planFor(company).priceMonthlyUsd > 0) return { ...base, state: 'paid', message: PLAN_MESSAGES.trialOnPaidPlan };
    if (!isOwner(request)) return { ...base, state: 'owner_only', message: PLAN_MESSAGES.trialOwnerOnly };
    return { ...base, state: 'can_start', message: null };
  };

  app.get(PLAN_USAGE_PATHS.trial, { config: employer }, async (request, reply) => {
    const company = await memberCompany(request);
    return reply.renderPage('plan-trial', trialProps(request, company), { title: 'Try Standard free for 7 days', noIndex: true, noStore: true });
  });

  app.post(PLAN_USAGE_PATHS.trial, { config: employer, schema: { body: noBody, response: TrialStartedAnswer } }, async (request, reply) => {
    const refuse = async (statusCode: number, status: string, message: string) => {
      if (wantsJson(request)) return sendRefusal(reply, statusCode, status, message, { cacheControl: PRIVATE });
      const company = await memberCompany(request);
      return reply.renderPage('plan-trial', trialProps(request, company), { title: 'Try Standard free for 7 days', noIndex: true, noStore: true, status: statusCode });
    };
    if (!isOwner(request)) {
      if (wantsJson(request)) return sendForbidden(reply, 'OWNER_ONLY', PLAN_MESSAGES.trialOwnerOnly, { cacheControl: PRIVATE });
      return refuse(403, 'OWNER_ONLY', PLAN_MESSAGES.trialOwnerOnly);
    }
    const started = await startTrial(app.db, employerOf(request).companyId, app.now());
    if (!started.ok) {
      if (started.reason === 'used') return refuse(409, 'TRIAL_USED', PLAN_MESSAGES.trialUsed);
      return refuse(409, 'PLAN_ALREADY_PAID', PLAN_MESSAGES.trialOnPaidPlan);
    }
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'TRIAL_STARTED', trial_ends_at: started.endsAt, next: PLAN_USAGE_PATHS.setPlan });
    return reply.header('cache-control', PRIVATE).redirect(`${PLAN_USAGE_PATHS.setPlan}?notice=trial_started`, 303);
  });

  // The plan & usage page, at each of the spec's three paths with its own heading.
  const renderUsage = async (request: FastifyRequest, reply: FastifyReply, path: PlanUsagePath, state: { notice?: string | null; error?: string | null; chosen?: string }, status = 200) => {
    const company = await memberCompany(request);
    const now = app.now();
    const plan = planFor(company);
    const [live, paused, views, lastRequest] = await Promise.all([
      countLiveJobs(app.db, company.id),
      countPausedJobs(app.db, company.id),
      plan.resumeDatabase ? app.companyExtensions.resumeViewsThisMonth(app.db, company.id, now) : Promise.resolve(0),
      app.db.selectFrom('plan_requests').select(['plan', 'created_at']).where('company_id', '=', company.id).orderBy('created_at', 'desc').limit(1).executeTakeFirst(),
    ]);
    const trialRunning = company.trial_ends_at !== null && company.trial_ends_at > now;
    const trialEndedAt = company.trial_started_at !== null ? company.trial_started_at + TRIAL_DAYS * DAY_MS : null;
    const asked = lastRequest && isPlanId(lastRequest.plan) ? planFor({ plan: lastRequest.plan }).name : null;
    const props: PlanUsageProps = {
      heading: PLAN_USAGE_HEADINGS[path],
      planName: trialRunning ? `${plan.name} (free trial)` : plan.name,
      planLines: planLimitLines(plan),
      usage: [
        { label: 'Live jobs', text: liveJobsUsage(live, plan.liveJobs), full: live >= plan.liveJobs },
        { label: 'Résumé views', text: resumeViewsUsage(views, plan.resumeViewsPerMonth), full: plan.resumeDatabase && views >= plan.resumeViewsPerMonth },
      ],
      paused: pausedJobsText(paused),
      trial: trialRunning ? { endsAt: formatMoment(company.trial_ends_at!), daysLeft: daysLeftText(company.trial_ends_at!, now) } : null,
      trialEnded: !trialRunning && company.plan === 'free' && trialEndedAt !== null && trialEndedAt <= now ? `Your free trial of Standard ended on ${formatDay(trialEndedAt)}.` : null,
      trialHref: canStartTrial(company) ? PLAN_USAGE_PATHS.trial : null,
      request: {
        action: PLAN_USAGE_PATHS.request,
        plans: PAID_PLANS.map((item) => ({ id: item.id, name: item.name, price: planPriceLabel(item) })),
        // Free or on the trial: Standard is the next step; on Standard or Premium, Premium.
        chosen: state.chosen ?? (trialRunning || plan.id === 'free' ? 'standard' : 'premium'),
        lastAsked: asked && lastRequest ? `You asked for ${asked} on ${formatDay(Number(lastRequest.created_at))}. Our sales team will be in touch by email.` : null,
        error: state.error ?? null,
      },
      notice: state.notice ?? null,
      plansHref: COMPANY_PATHS.plans,
      closeHref: isOwner(request) ? PLAN_USAGE_PATHS.close : null,
    };
    return reply.renderPage('plan-usage', props, { title: props.heading, noIndex: true, noStore: true, status });
  };

  const usageNotice = (query: z.infer<typeof NoticeQuerySchema>): string | null => {
    if (query.notice === 'trial_started') return PLAN_MESSAGES.trialStarted;
    if (query.notice === 'reactivated') return PLAN_MESSAGES.reactivated;
    if (query.notice === 'requested' && query.plan && isPlanId(query.plan)) return `Thanks: we’ve told our sales team you’d like ${planFor({ plan: query.plan }).name}. They’ll email you within one business day.`;
    return null;
  };
  for (const path of Object.keys(PLAN_USAGE_HEADINGS) as PlanUsagePath[]) {
    app.get(path, { config: employer, schema: { querystring: NoticeQuerySchema } }, async (request, reply) => renderUsage(request, reply, path, { notice: usageNotice(request.query) }));
  }

  // Asking sales for a paid plan: recorded as /plans' "Choose plan" records it.
  app.post(PLAN_USAGE_PATHS.request, { config: employer, schema: { body: PlanRequestSchema, response: PlanRequestedAnswer } }, async (request, reply) => {
    const me = employerOf(request);
    const chosen = request.body.plan ?? '';
    if (!isPlanId(chosen) || chosen === 'free') {
      if (wantsJson(request)) return sendRefusal(reply, 400, 'PLAN_UNKNOWN', PLAN_MESSAGES.requestPlanUnknown, { cacheControl: PRIVATE });
      return renderUsage(request, reply, PLAN_USAGE_PATHS.setPlan, { error: PLAN_MESSAGES.requestPlanUnknown, chosen }, 400);
    }
    await recordPlanRequest(app.db, { companyId: me.companyId, plan: chosen, accountId: me.accountId, now: app.now() });
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'PLAN_REQUESTED' });
    return reply.header('cache-control', PRIVATE).redirect(`${PLAN_USAGE_PATHS.setPlan}?notice=requested&plan=${chosen}`, 303);
  });

  // Closing: the confirm step, then the close (owner only).
  const renderClose = async (request: FastifyRequest, reply: FastifyReply, error: string | null, status = 200) => {
    const company = await memberCompany(request);
    const [live, paused, members] = await Promise.all([countLiveJobs(app.db, company.id), countPausedJobs(app.db, company.id), countMembers(app.db, company.id)]);
    const props: CompanyCloseProps = {
      companyName: company.name,
      isOwner: isOwner(request),
      consequences: closeConsequences(live + paused, members),
      error: error ?? (isOwner(request) ? null : PLAN_MESSAGES.closeOwnerOnly),
      action: PLAN_USAGE_PATHS.close,
      cancelHref: PLAN_USAGE_PATHS.setPlan,
    };
    return reply.renderPage('company-close', props, { title: `Close ${company.name}`, noIndex: true, noStore: true, status });
  };

  app.get(PLAN_USAGE_PATHS.close, { config: employer }, async (request, reply) => renderClose(request, reply, null));

  app.post(PLAN_USAGE_PATHS.close, { config: employer, schema: { body: CloseSchema, response: CompanyClosedAnswer } }, async (request, reply) => {
    const me = employerOf(request);
    if (me.role !== 'owner') {
      if (wantsJson(request)) return sendForbidden(reply, 'OWNER_ONLY', PLAN_MESSAGES.closeOwnerOnly, { cacheControl: PRIVATE });
      return renderClose(request, reply, PLAN_MESSAGES.closeOwnerOnly, 403);
    }
    if (request.body.confirm !== 'yes') {
      if (wantsJson(request)) return sendRefusal(reply, 400, 'CONFIRM_REQUIRED', PLAN_MESSAGES.closeConfirm, { cacheControl: PRIVATE });
      return renderClose(request, reply, PLAN_MESSAGES.closeConfirm, 400);
    }
    const closed = await closeCompany(app.db, { companyId: me.companyId, accountId: me.accountId, now: app.now() });
    if (closed.closed && closed.jobsClosed > 0) app.forgetVisitorPages();
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'COMPANY_CLOSED', jobs_closed: closed.closed ? closed.jobsClosed : 0 });
    return reply.header('cache-control', PRIVATE).redirect(`${PLAN_USAGE_PATHS.reactivate}?notice=closed`, 303);
  });

  // A closed company's page: every member of a closed company is sent here by the route guard.
  const reactivateProps = (request: FastifyRequest, company: CompanyRow, notice: string | null, message: string | null = null): CompanyReactivateProps => {
    const now = app.now();
    const base = { companyName: company.name, notice, action: PLAN_USAGE_PATHS.reactivate, dashboardHref: COMPANY_PATHS.employerHome };
    if (company.closed_at === null) return { ...base, state: 'open', closedOn: null, deadline: null, message: message ?? PLAN_MESSAGES.notClosed };
    const closedOn = formatDay(company.closed_at);
    if (!canStillReactivate(company.closed_at, now)) return { ...base, state: 'too_late', closedOn, deadline: null, message: reactivateTooLateMessage(company.closed_at) };
    const deadline = `It can be reactivated until ${formatDay(reactivationDeadline(company.closed_at))}.`;
    if (!isOwner(request)) return { ...base, state: 'owner_only', closedOn, deadline, message: message ?? PLAN_MESSAGES.reactivateOwnerOnly };
    return { ...base, state: 'can_reactivate', closedOn, deadline, message };
  };
  const reactivateTitle = (company: CompanyRow) => (company.closed_at === null ? 'Reactivate your company' : `${company.name} is closed`);

  app.get(PLAN_USAGE_PATHS.reactivate, { config: { ...employer, closedCompanyAllowed: true }, schema: { querystring: NoticeQuerySchema } }, async (request, reply) => {
    const company = await memberCompany(request);
    const notice = request.query.notice === 'closed' && company.closed_at !== null ? `You closed ${company.name}.` : null;
    return reply.renderPage('company-reactivate', reactivateProps(request, company, notice), { title: reactivateTitle(company), noIndex: true, noStore: true });
  });

  app.post(PLAN_USAGE_PATHS.reactivate, { config: { ...employer, closedCompanyAllowed: true }, schema: { body: noBody, response: ReactivatedAnswer } }, async (request, reply) => {
    const me = employerOf(request);
    const refuse = async (statusCode: number, status: string, message: string) => {
      if (wantsJson(request)) return sendRefusal(reply, statusCode, status, message, { cacheControl: PRIVATE });
      const company = await memberCompany(request);
      return reply.renderPage('company-reactivate', reactivateProps(request, company, null, message), { title: reactivateTitle(company), noIndex: true, noStore: true, status: statusCode });
    };
    if (me.role !== 'owner') {
      if (wantsJson(request)) return sendForbidden(reply, 'OWNER_ONLY', PLAN_MESSAGES.reactivateOwnerOnly, { cacheControl: PRIVATE });
      return refuse(403, 'OWNER_ONLY', PLAN_MESSAGES.reactivateOwnerOnly);
    }
    const outcome = await reactivateCompany(app.db, me.companyId, app.now());
    if (outcome === 'not_closed') return refuse(409, 'NOT_CLOSED', PLAN_MESSAGES.notClosed);
    if (outcome === 'too_late') {
      const company = await memberCompany(request);
      return refuse(410, 'REACTIVATION_EXPIRED', company.closed_at === null ? PLAN_MESSAGES.notClosed : reactivateTooLateMessage(company.closed_at));
    }
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'REACTIVATED' });
    return reply.header('cache-control', PRIVATE).redirect(`${PLAN_USAGE_PATHS.setPlan}?notice=reactivated`, 303);
  });

}
