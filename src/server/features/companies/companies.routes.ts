import { named } from '../../lib/named-plugin';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COMPANY_LIMITS, COMPANY_MESSAGES, COMPANY_PATHS, COMPANY_ROLE_LABELS, INDUSTRIES, SIZE_BAND_LABELS, type SizeBand } from '../../../shared/companies/constants';
import { InviteSchema } from '../../../shared/companies/contracts';
import type {
  CompanyCreateProps,
  CompanyFormErrors,
  CompanyFormValues,
  CompanyPublicProps,
  CompanySettingsProps,
  CompanyTeamProps,
  InvitationPageProps,
  PlansPageProps,
} from '../../../shared/companies/page-props';
import { PLANS, isPlanId, planFor, planLimitLines, planPriceLabel } from '../../../shared/companies/plans';
import { PLAN_USAGE_PATHS, canStartTrial } from '../../../shared/companies/plan-usage';
import type { EmploymentType, PayPeriod } from '../../../shared/jobs/enums';
import { sendForbidden, sendNotFound as sendNotFoundReply } from '../../shared/refusals';
import { formBody, MULTIPART_BODY, noBody, type RoutesApp } from '../../shared/route-contracts';
import { employmentTypeLabel, formatPay, formatPlace, formatPosted } from '../jobs/job-view';
import { jobPath } from '../jobs/slugs';
import { employerLoginPath, employerOf, ownPath, sendNotFound, signedInUser, wantsJson } from '../sessions/route-guard';
import { companyFormValues, EMPTY_COMPANY_FORM, readCompanyForm } from './company-forms';
import {
  acceptInvitation,
  createCompanyWithOwner,
  findCompanyById,
  findCompanyBySlug,
  getCompanyForMember,
  listMembers,
  listOpenInvitations,
  listOpenJobsOfCompany,
  recordPlanRequest,
  removeRecruiter,
  revokeInvitation,
  setCompanyLogo,
  updateCompanyProfile,
} from './company.repository';
import { companyLogoUrl, companyPath, companyResponseText, isCompanyApproved } from './company.service';
import { embedPath, embedSnippet } from '../../../shared/open-data/embed';
import type { CompanyRow } from './companies.table';
import { inviteColleague, lookUpInvitation } from './invitations';
import { storeUploadStream } from '../storage/upload-stream';
import { detectLogoKind } from './logo-file';

const PRIVATE = 'private, no-store';
const dates = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const formatDate = (ms: number) => dates.format(new Date(ms));
const PUBLIC_JOBS_LIMIT = 100;

const NextQuerySchema = z.object({ next: z.string().max(2048).optional().catch(undefined) });
/**
 * The company form (create and settings): text fields only. Each field's own rule (CompanyProfileSchema,
 * read by readCompanyForm) gives its message beside the field on the page again (decision 0250).
 */
const CompanyFormBodySchema = formBody('name', 'website', 'size_band', 'industry', 'description', 'next').default({});
/** The team page's invite form: the address is checked by InviteSchema in the handler, so a mistake keeps what was typed. */
const InviteBodySchema = formBody('email').default({});
const InviteResponseSchema = { 200: z.object({ status: z.literal('INVITED') }) };
const LogoResponseSchema = { 200: z.object({ status: z.literal('UPLOADED') }) };
const NoticeQuerySchema = z.object({ notice: z.string().max(40).optional().catch(undefined) });
const SlugParamsSchema = z.object({ slug: z.string().min(1).max(120) });
const IdParamsSchema = z.object({ id: z.string().min(1).max(100) });
const AccountParamsSchema = z.object({ accountId: z.string().min(1).max(100) });
const TokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
const ChoosePlanSchema = z.object({ plan: z.string().max(40) });
/** "Choose plan" to our fetch client: the request recorded, and the plan page that says so. */
const PlanChosenAnswer = { 200: z.object({ status: z.literal('PLAN_REQUESTED'), next: z.string() }) };

const SETTINGS_NOTICES: Record<string, string> = {
  created: 'Your company is set up. Add your logo, then post your first job.',
  saved: 'Your company profile is saved.',
  logo: 'Your logo is uploaded.',
  applicant_emails: 'Emails to applicants are saved.',
};
const TEAM_NOTICES: Record<string, string> = {
  invited: 'Invitation sent. It works for 7 days.',
  removed: 'Removed from your team. They no longer have access.',
  revoked: 'Invitation cancelled.',
  joined: 'Welcome to the team.',
};

/** Employer pages: the company's profile and logo, the team and invitations, plans, and the public company page. */
export default async function companyRoutes(app: RoutesApp) {
  const employer = { requireRole: 'employer' } as const;
  const employerWithoutCompany = { requireRole: 'employer', companyOptional: true } as const;
  // Every state-changing call here counts against the per-client limit of actions (invitations send mail).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('POST')) route.config = { ...route.config, actionRateLimit: true };
  });

  const dashboardHref = () => (app.hasRoute({ method: 'GET', url: COMPANY_PATHS.dashboard }) ? COMPANY_PATHS.dashboard : null);
  const memberCompany = async (request: FastifyRequest) => {
    const company = await findCompanyById(app.db, employerOf(request).companyId);
    if (!company) throw new Error('membership without its company');
    return company;
  };
  const refuseRecruiter = (request: FastifyRequest, reply: FastifyReply, back: string) => {
    if (wantsJson(request)) return sendForbidden(reply, 'OWNER_ONLY', COMPANY_MESSAGES.ownerOnly, { cacheControl: PRIVATE });
    return reply.redirect(`${back}?notice=owner_only`, 303);
  };

  // Where an employer lands after signing in: the dashboard (or the company page before it exists), else the create step.
  app.get(COMPANY_PATHS.employerHome, { config: employerWithoutCompany }, async (request, reply) => {
    reply.header('cache-control', PRIVATE);
    if (!request.employer) return reply.redirect(COMPANY_PATHS.create, 303);
    return reply.redirect(dashboardHref() ?? COMPANY_PATHS.settings, 303);
  });

  const renderCreate = (request: FastifyRequest, reply: FastifyReply, props: CompanyCreateProps, status = 200) =>
    reply.renderPage('company-create', props, {
      title: 'Create your company',
      noIndex: true,
      status,
      noStore: status !== 200,
    });

  app.get(COMPANY_PATHS.create, { config: employerWithoutCompany, schema: { querystring: NextQuerySchema } }, async (request, reply) => {
    if (request.employer) return reply.header('cache-control', PRIVATE).redirect(COMPANY_PATHS.settings, 303);
    const query = request.query;
    return renderCreate(request, reply, { values: EMPTY_COMPANY_FORM, errors: {}, next: ownPath(query.next) });
  });

  app.post(COMPANY_PATHS.create, { config: employerWithoutCompany, schema: { body: CompanyFormBodySchema } }, async (request, reply) => {
    const user = signedInUser(request);
    const next = ownPath(request.body.next);
    if (request.employer) return reply.redirect(COMPANY_PATHS.settings, 303);
    const form = readCompanyForm(request.body);
    if (!form.ok) return renderCreate(request, reply, { values: form.values, errors: form.errors, next }, 400);
    const created = await createCompanyWithOwner(app.db, { accountId: user.id, profile: form.profile, now: app.now() });
    if (!created.ok) return reply.redirect(COMPANY_PATHS.settings, 303);
    return reply.redirect(next ?? `${COMPANY_PATHS.settings}?notice=created`, 303);
  });

  const renderSettings = async (
    request: FastifyRequest,
    reply: FastifyReply,
    company: CompanyRow,
    state: { values?: CompanyFormValues; errors?: CompanyFormErrors; notice?: string | null; logoError?: string | null },
    status = 200,
  ) => {
    const plan = planFor(company);
    const props: CompanySettingsProps = {
      values: state.values ?? companyFormValues(company),
      errors: state.errors ?? {},
      notice: state.notice ?? null,
      logoUrl: companyLogoUrl(company),
      logoError: state.logoError ?? null,
      publicHref: companyPath(company),
      canEdit: employerOf(request).role === 'owner',
      plan: { id: plan.id, name: plan.name, liveJobs: plan.liveJobs },
      pendingReview: !isCompanyApproved(company),
      applicantEmails: await app.companyExtensions.applicantEmailsSettings(app.db, company, employerOf(request).role === 'owner'),
      embed: { snippet: embedSnippet({ publicUrl: app.config.PUBLIC_URL, slug: company.slug, name: company.name }), previewHref: embedPath(company.slug) },
    };
    return reply.renderPage('company-settings', props, { title: 'Company profile', noIndex: true, status, noStore: status !== 200 });
  };

  app.get(COMPANY_PATHS.settings, { config: employer, schema: { querystring: NoticeQuerySchema } }, async (request, reply) => {
    const query = request.query;
    const company = await memberCompany(request);
    const notice = query.notice === 'owner_only' ? null : (SETTINGS_NOTICES[query.notice ?? ''] ?? null);
    return renderSettings(request, reply, company, { notice, logoError: query.notice === 'owner_only' ? COMPANY_MESSAGES.ownerOnly : null });
  });

  app.post(COMPANY_PATHS.settings, { config: employer, schema: { body: CompanyFormBodySchema } }, async (request, reply) => {
    const { companyId, role } = employerOf(request);
    if (role !== 'owner') return refuseRecruiter(request, reply, COMPANY_PATHS.settings);
    const form = readCompanyForm(request.body);
    const company = await memberCompany(request);
    if (!form.ok) return renderSettings(request, reply, company, { values: form.values, errors: form.errors }, 400);
    await updateCompanyProfile(app.db, companyId, form.profile, app.now());
    return reply.redirect(`${COMPANY_PATHS.settings}?notice=saved`, 303);
  });

  // Logo upload: multipart only here, with its own size limit; the type comes from the bytes.
  await app.register(named(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: COMPANY_LIMITS.logoMaxBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3 } });
    scope.post(COMPANY_PATHS.logoUpload, { config: { ...employer, signInNext: () => COMPANY_PATHS.settings }, schema: { consumes: MULTIPART_BODY, response: LogoResponseSchema } }, async (request, reply) => {
      const { companyId, role } = employerOf(request);
      if (role !== 'owner') return refuseRecruiter(request, reply, COMPANY_PATHS.settings);
      const company = await memberCompany(request);
      const fail = (status: number, message: string) => {
        // A refusal is not the declared 200 answer: sent as the reply of any route (decision 0250).
        const refused: FastifyReply = reply;
        if (wantsJson(request)) return refused.status(status).header('cache-control', PRIVATE).send({ status: 'LOGO_REJECTED', error_message: message });
        return renderSettings(request, reply, company, { logoError: message }, status);
      };
      if (!request.isMultipart()) return fail(415, COMPANY_MESSAGES.logoMissing);
      let upload;
      try {
        upload = await request.file();
      } catch {
        return fail(400, COMPANY_MESSAGES.logoMissing);
      }
      if (!upload || upload.fieldname !== 'logo') return fail(400, COMPANY_MESSAGES.logoMissing);
      // Streamed to storage as it arrives, counted against the 1 MB limit (decisions 0285, 0304).
      let stored;
      try {
        stored = await storeUploadStream(app.fileStorage, 'logos', upload.file, { maxBytes: COMPANY_LIMITS.logoMaxBytes, judgeHead: detectLogoKind });
      } catch (error) {
        if (error instanceof scope.multipartErrors.RequestFileTooLargeError) return fail(413, COMPANY_MESSAGES.logoTooLarge);
        // Anything else reading the file is the upload itself cut off or malformed: ask for it again.
        return fail(400, COMPANY_MESSAGES.logoMissing);
      }
      if (stored.kind === 'empty') return fail(400, COMPANY_MESSAGES.logoMissing);
      if (stored.kind === 'too-large') return fail(413, COMPANY_MESSAGES.logoTooLarge);
      if (stored.kind === 'wrong-type') return fail(415, COMPANY_MESSAGES.logoWrongType);
      const { key, type: kind } = stored;
      const replaced = await setCompanyLogo(app.db, companyId, { key, contentType: kind.contentType }, app.now());
      if (replaced) await app.fileStorage.delete(replaced);
      if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'UPLOADED' });
      return reply.redirect(`${COMPANY_PATHS.settings}?notice=logo`, 303);
    });
  }, 'company logo upload'));

  // The logo file: its detected type, never sniffed, and no script context even if opened directly.
  app.get(`${COMPANY_PATHS.logo}/:id`, { schema: { params: IdParamsSchema } }, async (request, reply) => {
    const { id } = request.params;
    const company = await findCompanyById(app.db, id);
    // Streamed from storage, as every stored file is sent (decision 0304).
    const body = company?.logo_key && company.logo_content_type ? await app.fileStorage.openRead(company.logo_key) : null;
    if (!company || !body || !company.logo_content_type) return sendNotFoundReply(reply, { message: COMPANY_MESSAGES.notFound, cacheControl: 'no-cache' });
    return reply
      .header('content-type', company.logo_content_type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .header('cache-control', 'public, max-age=86400')
      .send(body);
  });

  // The public company page: its profile and open jobs.
  app.get(`${COMPANY_PATHS.publicPage}/:slug`, { schema: { params: SlugParamsSchema } }, async (request, reply) => {
    const { slug } = request.params;
    const company = await findCompanyBySlug(app.db, slug);
    // A closed company has no public page until its owner reactivates it (decision 0289).
    if (!company || company.closed_at !== null) return sendNotFound(request, reply);
    const now = app.now();
    const jobs = await listOpenJobsOfCompany(app.db, company.id, PUBLIC_JOBS_LIMIT);
    const props: CompanyPublicProps = {
      name: company.name,
      slug: company.slug,
      logoUrl: companyLogoUrl(company),
      website: company.website,
      websiteLabel: company.website ? websiteLabel(company.website) : null,
      sizeLabel: company.size_band && company.size_band in SIZE_BAND_LABELS ? SIZE_BAND_LABELS[company.size_band as SizeBand] : null,
      industry: company.industry && (INDUSTRIES as readonly string[]).includes(company.industry) ? company.industry : null,
      description: company.description,
      response: companyResponseText(company),
      jobCount: jobs.length,
      jobs: jobs.map((job) => ({
        title: job.title,
        href: jobPath(job),
        place: formatPlace(job),
        employmentType: employmentTypeLabel(job.employment_type as EmploymentType),
        pay: job.pay_max > 0 ? formatPay(job.pay_min, job.pay_max, job.pay_period as PayPeriod) : null,
        posted: formatPosted(Number(job.posted_at), now),
      })),
    };
    const description = company.description
      ? company.description.replace(/\s+/g, ' ').slice(0, 155)
      : `Open jobs at ${company.name} on Jobwise: see what they are hiring for and apply.`;
    return reply.renderPage('company', props, {
      title: `${company.name} jobs`,
      description: description.length >= 20 ? description : `${company.name} is hiring on Jobwise. See their open jobs and apply.`,
      canonicalPath: companyPath(company),
      pageType: 'company directory',
      ...(props.logoUrl ? { shareImage: props.logoUrl } : {}),
    });
  });

  // Team: members and open invitations; the owner invites and removes.
  const renderTeam = async (
    request: FastifyRequest,
    reply: FastifyReply,
    state: { inviteEmail?: string; inviteError?: string | null; notice?: string | null; error?: string | null },
    status = 200,
  ) => {
    const me = employerOf(request);
    const now = app.now();
    const [members, invitations] = await Promise.all([listMembers(app.db, me.companyId), listOpenInvitations(app.db, me.companyId, now)]);
    const isOwner = me.role === 'owner';
    const props: CompanyTeamProps = {
      members: members.map((member) => ({
        accountId: member.accountId,
        email: member.email,
        role: member.role,
        roleLabel: COMPANY_ROLE_LABELS[member.role],
        joined: formatDate(member.joinedAt),
        isYou: member.accountId === me.accountId,
        canRemove: isOwner && member.role === 'recruiter',
      })),
      invitations: isOwner ? invitations.map((invitation) => ({ id: invitation.id, email: invitation.email, expires: formatDate(Number(invitation.expires_at)) })) : [],
      isOwner,
      inviteEmail: state.inviteEmail ?? '',
      inviteError: state.inviteError ?? null,
      notice: state.notice ?? null,
      error: state.error ?? null,
    };
    return reply.renderPage('company-team', props, { title: 'Team', noIndex: true, status, noStore: status !== 200 });
  };

  app.get(COMPANY_PATHS.team, { config: employer, schema: { querystring: NoticeQuerySchema } }, async (request, reply) => {
    const query = request.query;
    if (query.notice === 'owner_only') return renderTeam(request, reply, { error: COMPANY_MESSAGES.ownerOnly });
    return renderTeam(request, reply, { notice: TEAM_NOTICES[query.notice ?? ''] ?? null });
  });

  app.post(COMPANY_PATHS.invite, { config: employer, schema: { body: InviteBodySchema, response: InviteResponseSchema } }, async (request, reply) => {
    const me = employerOf(request);
    if (me.role !== 'owner') return refuseRecruiter(request, reply, COMPANY_PATHS.team);
    const typed = (request.body.email ?? '').slice(0, 200);
    const parsed = InviteSchema.safeParse({ email: typed });
    const refuse = (message: string, status: number) => {
      const refused: FastifyReply = reply;
      if (wantsJson(request)) return refused.status(status).header('cache-control', PRIVATE).send({ status: 'INVITE_REFUSED', error_message: message });
      return renderTeam(request, reply, { inviteEmail: typed, inviteError: message }, status);
    };
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'Check the email address.', 400);
    const company = await memberCompany(request);
    const outcome = await inviteColleague(app, {
      companyId: me.companyId,
      companyName: company.name,
      email: parsed.data.email,
      invitedBy: me.accountId,
      invitedByEmail: signedInUser(request).email,
    });
    if (!outcome.ok) return refuse(outcome.message, 409);
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'INVITED' });
    return reply.redirect(`${COMPANY_PATHS.team}?notice=invited`, 303);
  });

  app.post(`${COMPANY_PATHS.team}/members/:accountId/remove`, { config: employer, schema: { params: AccountParamsSchema, body: noBody, response: { 200: z.object({ status: z.literal('REMOVED') }) } } }, async (request, reply) => {
    const me = employerOf(request);
    const { accountId } = request.params;
    const members = await listMembers(app.db, me.companyId);
    const target = members.find((member) => member.accountId === accountId);
    // Someone of another company (or nobody): not found, whoever asks.
    if (!target) return sendNotFound(request, reply);
    if (me.role !== 'owner') return refuseRecruiter(request, reply, COMPANY_PATHS.team);
    if (target.role === 'owner') {
      // A refusal is not the declared 200 answer: sent as the reply of any route (decision 0250).
      const refused: FastifyReply = reply;
      if (wantsJson(request)) return refused.status(409).header('cache-control', PRIVATE).send({ status: 'OWNER_STAYS', error_message: COMPANY_MESSAGES.cannotRemoveOwner });
      return renderTeam(request, reply, { error: COMPANY_MESSAGES.cannotRemoveOwner }, 409);
    }
    await removeRecruiter(app.db, me.companyId, accountId);
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'REMOVED' });
    return reply.redirect(`${COMPANY_PATHS.team}?notice=removed`, 303);
  });

  app.post(`${COMPANY_PATHS.team}/invitations/:id/revoke`, { config: employer, schema: { params: IdParamsSchema, body: noBody, response: { 200: z.object({ status: z.literal('REVOKED') }) } } }, async (request, reply) => {
    const me = employerOf(request);
    const { id } = request.params;
    if (me.role !== 'owner') return refuseRecruiter(request, reply, COMPANY_PATHS.team);
    const revoked = await revokeInvitation(app.db, me.companyId, id, app.now());
    if (!revoked) return sendNotFound(request, reply);
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'REVOKED' });
    return reply.redirect(`${COMPANY_PATHS.team}?notice=revoked`, 303);
  });

  // The emailed link: anyone may open it; joining needs a session of the invited address.
  const renderInvitation = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const user = request.user;
    const lookup = await lookUpInvitation(app, token, user);
    const company = lookup.invitation ? await findCompanyById(app.db, lookup.invitation.company_id) : undefined;
    const here = `${COMPANY_PATHS.invitation}/${token}`;
    const props: InvitationPageProps = {
      state: lookup.state,
      token,
      companyName: company?.name ?? null,
      invitedEmail: lookup.state === 'sign_in' || lookup.state === 'ready' || lookup.state === 'other_email' ? (lookup.invitation?.email ?? null) : null,
      signedInAs: user?.email ?? null,
      loginHref: employerLoginPath(here),
      message: lookup.message,
    };
    const status = lookup.state === 'invalid' ? 404 : lookup.state === 'expired' || lookup.state === 'used' ? 410 : lookup.state === 'other_email' || lookup.state === 'other_company' ? 403 : 200;
    return reply
      .header('cache-control', PRIVATE)
      // same-origin, not no-referrer: the token never leaves the site, and Chromium sends `Origin: null`
      // with a form post from a no-referrer page, which the same-origin check refuses (decision 0082).
      .header('referrer-policy', 'same-origin')
      .renderPage('company-invitation', props, { title: company ? `Join ${company.name}` : 'Invitation', noIndex: true, noStore: true, status });
  };

  app.get(`${COMPANY_PATHS.invitation}/:token`, { schema: { params: TokenParamsSchema } }, async (request, reply) => {
    const { token } = request.params;
    return renderInvitation(request, reply, token);
  });

  app.post(`${COMPANY_PATHS.invitation}/:token`, { config: { requireRole: 'seeker', signInNext: (request) => ownPath(request.url) }, schema: { params: TokenParamsSchema, body: noBody } }, async (request, reply) => {
    const { token } = request.params;
    const user = signedInUser(request);
    const lookup = await lookUpInvitation(app, token, user);
    if (lookup.state !== 'ready' || !lookup.invitation) return renderInvitation(request, reply, token);
    const outcome = await acceptInvitation(app.db, lookup.invitation, user.id, app.now());
    if (outcome !== 'accepted') return renderInvitation(request, reply, token);
    // Joining a company is hiring: the session moves to the employer side.
    await app.switchSessionSide(request, 'employer');
    return reply.header('cache-control', PRIVATE).redirect(`${COMPANY_PATHS.team}?notice=joined`, 303);
  });

  // Plans: as data; "Choose plan" on a paid plan records the request and leads to the plan page.
  app.get(COMPANY_PATHS.plans, { schema: { querystring: NoticeQuerySchema } }, async (request, reply) => {
    const query = request.query;
    const company = request.user?.side === 'employer' ? await getCompanyForMember(app.db, request.user.id) : undefined;
    const current = company ? planFor(company).id : null;
    const props: PlansPageProps = {
      plans: PLANS.map((plan) => ({
        id: plan.id,
        name: plan.name,
        price: planPriceLabel(plan),
        summary: plan.summary,
        features: [...planLimitLines(plan), 'Applicants by email and on Jobwise'],
        current: plan.id === current,
      })),
      canChoose: Boolean(company),
      currentPlan: current,
      trialHref: company && canStartTrial(company) ? PLAN_USAGE_PATHS.trial : null,
      loginHref: employerLoginPath(COMPANY_PATHS.plans),
      notice: null,
      error: query.notice === 'unknown' ? COMPANY_MESSAGES.planUnknown : null,
    };
    return reply.renderPage('plans', props, {
      title: 'Plans',
      description: 'Jobwise plans for employers: Free with 1 live job, Standard with 5 live jobs and the résumé database, Premium with 25 live jobs and featured jobs.',
      canonicalPath: COMPANY_PATHS.plans,
    });
  });

  app.post(`${COMPANY_PATHS.plans}/choose`, { config: { ...employer, signInNext: () => COMPANY_PATHS.plans }, schema: { body: ChoosePlanSchema, response: PlanChosenAnswer } }, async (request, reply) => {
    const me = employerOf(request);
    const { plan } = request.body;
    if (!isPlanId(plan)) return reply.redirect(`${COMPANY_PATHS.plans}?notice=unknown`, 303);
    if (plan === 'free') return reply.redirect(dashboardHref() ?? COMPANY_PATHS.settings, 303);
    await recordPlanRequest(app.db, { companyId: me.companyId, plan, accountId: me.accountId, now: app.now() });
    // The request is the sales conversation's start: the plan page says so and shows the plan's usage (decision 0288).
    const next = `${PLAN_USAGE_PATHS.setPlan}?notice=requested&plan=${plan}`;
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'PLAN_REQUESTED', next });
    return reply.redirect(next, 303);
  });
}

/** "acme.example" for "https://www.acme.example/": the address people recognise. */
function websiteLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
