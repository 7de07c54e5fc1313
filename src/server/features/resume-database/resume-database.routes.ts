import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PLANS } from '../../../shared/companies/plans';
import { countOf } from '../../../shared/plural';
import { messageInviteePath } from '../../../shared/messages/constants';
import { DEFAULT_RADIUS_MILES, RADIUS_MILES } from '../../../shared/jobs/enums';
import {
  LAST_ACTIVE_DAYS,
  RESUME_COUNT_CAP,
  RESUME_DATABASE_MESSAGES,
  RESUME_DATABASE_PATHS,
  RESUME_MAX_PAGE,
  RESUME_PROFILE_COPY,
  resumeProfilePath,
  type LastActiveDays,
} from '../../../shared/resume-database/constants';
import type { ResumeDatabasePageProps, ResumeProfilePageProps, ResumeQuota, ResumeSearchValues } from '../../../shared/resume-database/page-props';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import { isOwnNavigation } from '../../plugins/same-origin';
import { escapeHtml } from '../../plugins/ssr';
import { findAccountById } from '../accounts/account-repository';
import { companyPlan, findCompanyById, type CompanyRow } from '../companies/company.service';
import { hasRadius, parseLocation, type Place } from '../jobs/places';
import { jobPath } from '../jobs/slugs';
import { consumeRateLimit, refundRateLimit } from '../rate-limits/rate-limiter';
import { findResume } from '../seeker/seeker.repository';
import { employerOf, sendNotFound, signedInUser } from '../sessions/route-guard';
import { sendStoredFile } from '../storage/byte-range';
import { pathSegment, type RoutesApp } from '../../shared/route-contracts';
import {
  deleteInvitation,
  findByPublicId,
  insertInvitation,
  invitedJobIds,
  appliedJobIds,
  latestInvitationId,
  liveJobsOfCompany,
  monthOf,
  openProfile,
  searchResumes,
  viewedThisMonth,
  viewsUsed,
} from './resume-database.repository';
import type { ResumeSeekerRow } from './resume-database.table';
import { FindMeFormSchema, setFindMe, storedBackground } from './resume-database.service';
import { DAY_MS } from '../../../shared/time';
import { firstValue } from '../../shared/form-fields';
import { oneOfNumbers, pageNumber, searchText } from '../../shared/search-params';

const PRIVATE = 'private, no-store';


/** Like the job search: nothing here refuses a request; a bad value falls back to its default. */
const SearchQueryFields = z.object({
  q: searchText(200),
  location: searchText(100),
  radius: oneOfNumbers(RADIUS_MILES).transform((value) => value ?? DEFAULT_RADIUS_MILES),
  active: oneOfNumbers<LastActiveDays>(LAST_ACTIVE_DAYS),
  page: pageNumber(RESUME_MAX_PAGE),
});
const SearchQuerySchema = SearchQueryFields.catch(() => SearchQueryFields.parse({}));

const ProfileParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const ProfileQuerySchema = z
  .object({ notice: z.enum(['invited', 'already', 'applied', 'job', 'limit', 'failed']).optional().catch(undefined), back: z.string().max(2048).optional().catch(undefined) })
  .catch({});
const InviteBodySchema = z.object({ job_id: z.string().min(1).max(100), back: z.string().max(2048).optional() });
/** A profile's opaque id: any is looked up, and an unknown one is not found (404). */
const ProfilePathSchema = z.object({ id: pathSegment });
const OpenBodySchema = z.object({ back: z.preprocess(firstValue, z.string().max(2048).optional().catch(undefined)) }).catch({ back: undefined });

/** "Back to the results" goes only to a search of ours. */
function searchBackHref(back: string | undefined): string {
  return back?.startsWith(`${RESUME_DATABASE_PATHS.search}?`) || back === RESUME_DATABASE_PATHS.search ? back : RESUME_DATABASE_PATHS.search;
}

const PROFILE_NOTICES = {
  invited: RESUME_DATABASE_MESSAGES.invited,
  already: RESUME_DATABASE_MESSAGES.alreadyInvited,
  applied: RESUME_DATABASE_MESSAGES.alreadyApplied,
  job: RESUME_DATABASE_MESSAGES.jobNotLive,
  failed: 'The invitation could not be sent. Please try again.',
} as const;

export function lastActiveText(lastActiveAt: number, now: number): string {
  const days = Math.max(0, Math.floor((now - lastActiveAt) / DAY_MS));
  if (days === 0) return 'Active today';
  if (days === 1) return 'Active yesterday';
  if (days < 30) return `Active ${days} days ago`;
  const months = Math.floor(days / 30);
  return months === 1 ? 'Active a month ago' : `Active ${countOf(months, 'month', 'months')} ago`;
}

function experienceSummary(row: Pick<ResumeSeekerRow, 'experience' | 'titles'>, max = 240): string {
  const summary = row.experience.trim();
  if (summary) return summary.length > max ? `${summary.slice(0, max - 1).trimEnd()}…` : summary;
  if (row.titles) return RESUME_PROFILE_COPY.recentTitlesSummary(row.titles);
  return 'No experience summary yet.';
}

function searchHref(values: ResumeSearchValues, page: number): string {
  const params = new URLSearchParams();
  if (values.q) params.set('q', values.q);
  if (values.location) params.set('location', values.location);
  if (values.location && values.radius !== DEFAULT_RADIUS_MILES) params.set('radius', String(values.radius));
  if (values.active) params.set('active', String(values.active));
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${RESUME_DATABASE_PATHS.search}?${query}` : RESUME_DATABASE_PATHS.search;
}

export default async function resumeDatabaseRoutes(app: RoutesApp) {
  const employer = { config: { requireRole: 'employer' as const } };

  /** The member's company when its plan includes the résumé database; null otherwise. */
  const companyWithAccess = async (request: FastifyRequest): Promise<{ company: CompanyRow; limit: number } | null> => {
    const company = await findCompanyById(app.db, employerOf(request).companyId);
    if (!company) return null;
    const plan = companyPlan(company);
    return plan.resumeDatabase ? { company, limit: plan.resumeViewsPerMonth } : null;
  };

  const quotaOf = async (companyId: string, limit: number): Promise<ResumeQuota> => {
    const used = await viewsUsed(app.db, companyId, monthOf(app.now()));
    return { used, limit, left: Math.max(0, limit - used) };
  };

  /** The searchable person behind an opaque id, for a company with the plan; null = 404 for everyone else. */
  const seekerFor = async (request: FastifyRequest) => {
    const params = ProfileParamsSchema.safeParse(request.params);
    if (!params.success) return null;
    const access = await companyWithAccess(request);
    if (!access) return null;
    const seeker = await findByPublicId(app.db, params.data.id);
    return seeker ? { ...access, seeker } : null;
  };

  const hasOpenedThisMonth = async (companyId: string, seekerAccountId: string) =>
    (await viewedThisMonth(app.db, companyId, monthOf(app.now()), [seekerAccountId])).has(seekerAccountId);

  app.get(RESUME_DATABASE_PATHS.search, { ...employer, schema: { querystring: SearchQuerySchema } }, async (request, reply) => {
    reply.header('cache-control', PRIVATE);
    const company = await findCompanyById(app.db, employerOf(request).companyId);
    if (!company) return sendNotFound(request, reply);
    const plan = companyPlan(company);
    if (!plan.resumeDatabase) {
      const props: ResumeDatabasePageProps = {
        access: 'upgrade',
        planName: plan.name,
        plans: PLANS.filter((item) => item.resumeDatabase).map((item) => ({
          name: item.name,
          price: `$${item.priceMonthlyUsd}`,
          views: `${item.resumeViewsPerMonth.toLocaleString('en-US')} profile views a month`,
        })),
      };
      return reply.renderPage('resume-database', props, { title: 'Search Resumes', noIndex: true });
    }
    const { query } = request;
    const values: ResumeSearchValues = { q: query.q, location: query.location, radius: query.radius, active: query.active };
    const located = parseLocation(query.location);
    let place: Place | null = null;
    let placeNote: string | null = null;
    if (located.status === 'found') {
      place = located.place;
      placeNote =
        hasRadius(place)
          ? `Within ${query.radius} miles of ${place.label}`
          : place.kind === 'state'
            ? `In ${place.stateName}`
            : 'Remote: showing job seekers anywhere';
    } else if (located.status === 'unknown') {
      placeNote = `We could not find the place "${located.text}", so these are job seekers anywhere.${located.suggestions.length ? ` Did you mean ${located.suggestions.slice(0, 3).join(', ')}?` : ''}`;
    }
    const now = app.now();
    const month = monthOf(now);
    const [found, quota] = await Promise.all([
      searchResumes(app.db, app.dialect, { text: query.q, place, radius: query.radius, activeWithinDays: query.active, page: query.page, now }),
      quotaOf(company.id, plan.resumeViewsPerMonth),
    ]);
    const viewed = await viewedThisMonth(app.db, company.id, month, found.rows.map((row) => row.account_id));
    const back = searchHref(values, query.page);
    const total = found.total > RESUME_COUNT_CAP ? `${RESUME_COUNT_CAP.toLocaleString('en-US')}+ job seekers` : countOf(found.total, 'job seeker', 'job seekers');
    const lastPage = Math.min(RESUME_MAX_PAGE, Math.ceil(Math.min(found.total, RESUME_COUNT_CAP) / 20));
    const props: ResumeDatabasePageProps = {
      access: 'plan',
      values,
      placeNote,
      totalText: total,
      results: found.rows.map((row) => ({
        href: `${resumeProfilePath(row.public_id)}?back=${encodeURIComponent(back)}`,
        initials: row.initials,
        headline: row.headline || 'Job seeker',
        place: row.place || RESUME_PROFILE_COPY.locationNotShown,
        experience: experienceSummary(row),
        lastActive: lastActiveText(row.last_active_at, now),
        distance: row.distance === null ? null : `${Math.round(row.distance)} mi away`,
        viewedThisMonth: viewed.has(row.account_id),
      })),
      page: query.page,
      prevHref: query.page > 1 ? searchHref(values, query.page - 1) : null,
      nextHref: query.page < lastPage ? searchHref(values, query.page + 1) : null,
      quota,
    };
    return reply.renderPage('resume-database', props, { title: 'Search Resumes', noIndex: true });
  });

  app.get(`${RESUME_DATABASE_PATHS.search}/:id`, { ...employer, schema: { params: ProfilePathSchema, querystring: ProfileQuerySchema } }, async (request, reply) => {
    const found = await seekerFor(request);
    if (!found) return sendNotFound(request, reply);
    reply.header('cache-control', PRIVATE);
    const { company, limit, seeker } = found;
    const me = signedInUser(request);
    const { query } = request;
    const now = app.now();
    const backHref = searchBackHref(query.back);
    const base = { publicId: seeker.public_id, backHref, openAction: null };
    const overQuota = async () => {
      const props: ResumeProfilePageProps = { ...base, quota: await quotaOf(company.id, limit), profile: null, message: RESUME_DATABASE_MESSAGES.quotaUsed(limit), notice: null, jobs: [] };
      return reply.renderPage('resume-database-profile', props, { title: 'Profile views used', noIndex: true, status: 403 });
    };
    // A view is spent only by a navigation on our own pages (or an address typed); a link from another
    // site is asked first, and the page's own button (POST .../open) spends it (decision 0226).
    if (!(await hasOpenedThisMonth(company.id, seeker.account_id))) {
      const quota = await quotaOf(company.id, limit);
      if (quota.left === 0) return overQuota();
      if (!isOwnNavigation(request, app.config.PUBLIC_URL)) {
        const props: ResumeProfilePageProps = {
          ...base,
          openAction: `${resumeProfilePath(seeker.public_id)}/open`,
          quota,
          profile: null,
          message: RESUME_DATABASE_MESSAGES.openFirst(quota.left, limit),
          notice: null,
          jobs: [],
        };
        return reply.renderPage('resume-database-profile', props, { title: 'Open this profile? · Résumé database', noIndex: true });
      }
      const outcome = await openProfile(app.db, { companyId: company.id, seekerAccountId: seeker.account_id, viewedBy: me.id, limit, now });
      if (outcome === 'over_quota') return overQuota();
    }
    const quota = await quotaOf(company.id, limit);
    const [resume, jobs, invited, applied, invitationId] = await Promise.all([
      findResume(app.db, seeker.account_id),
      liveJobsOfCompany(app.db, company.id),
      invitedJobIds(app.db, company.id, seeker.account_id),
      appliedJobIds(app.db, company.id, seeker.account_id),
      latestInvitationId(app.db, company.id, seeker.account_id),
    ]);
    const notice =
      query.notice === 'limit' ? RESUME_DATABASE_MESSAGES.tooManyInvites(app.config.RESUME_INVITES_PER_DAY) : query.notice ? PROFILE_NOTICES[query.notice] : null;
    const props: ResumeProfilePageProps = {
      ...base,
      quota,
      profile: {
        initials: seeker.initials,
        headline: seeker.headline || 'Job seeker',
        place: seeker.place || RESUME_PROFILE_COPY.locationNotShown,
        experience: seeker.experience.trim() || 'No experience summary yet.',
        lastActive: lastActiveText(Number(seeker.last_active_at), now),
        recentTitles: seeker.titles ? seeker.titles.split(' · ') : [],
        background: storedBackground(seeker.background),
        resume: resume
          ? { href: `${resumeProfilePath(seeker.public_id)}/resume`, kind: resume.content_type === 'application/pdf' ? 'PDF' : 'Word' }
          : null,
      },
      message: null,
      notice,
      jobs: jobs.map((job) => ({ id: job.id, title: job.title, place: job.remote ? 'Remote' : `${job.city}, ${job.state}`, invited: invited.has(job.id), applied: applied.has(job.id) })),
      messageHref: invitationId ? messageInviteePath(invitationId) : null,
    };
    return reply.renderPage('resume-database-profile', props, { title: `${seeker.headline || 'Job seeker'} · Résumé database`, noIndex: true });
  });

  // "View profile" on the page a link from elsewhere gets: spends the view (a same-origin POST), then
  // shows the profile, which is now open this month (decision 0226).
  app.post(`${RESUME_DATABASE_PATHS.search}/:id/open`, { ...employer, schema: { params: ProfilePathSchema, body: OpenBodySchema } }, async (request, reply) => {
    const found = await seekerFor(request);
    if (!found) return sendNotFound(request, reply);
    const { company, limit, seeker } = found;
    const { body } = request;
    await openProfile(app.db, { companyId: company.id, seekerAccountId: seeker.account_id, viewedBy: signedInUser(request).id, limit, now: app.now() });
    const back = searchBackHref(body.back);
    const target = back === RESUME_DATABASE_PATHS.search ? resumeProfilePath(seeker.public_id) : `${resumeProfilePath(seeker.public_id)}?back=${encodeURIComponent(back)}`;
    return reply.header('cache-control', PRIVATE).redirect(target, 303);
  });

  // The résumé file: only for a company that opened the profile this month (so the quota counts it).
  app.get(`${RESUME_DATABASE_PATHS.search}/:id/resume`, { ...employer, schema: { params: ProfilePathSchema } }, async (request, reply) => {
    const found = await seekerFor(request);
    if (!found || !(await hasOpenedThisMonth(found.company.id, found.seeker.account_id))) return sendNotFound(request, reply);
    const resume = await findResume(app.db, found.seeker.account_id);
    if (!resume) return sendNotFound(request, reply);
    // A PDF may show in the browser; anything else downloads. Never HTML: the type is the detected one, with nosniff.
    const pdf = resume.content_type === 'application/pdf';
    const name = `resume-${found.seeker.initials.replace(/[^A-Z]/g, '') || 'candidate'}.${pdf ? 'pdf' : 'docx'}`;
    return sendStoredFile(request, reply, app.fileStorage, resume.storage_key, { contentType: resume.content_type, fileName: name, inline: pdf });
  });

  app.post(`${RESUME_DATABASE_PATHS.search}/:id/invite`, { ...employer, schema: { params: ProfilePathSchema, body: InviteBodySchema } }, async (request, reply) => {
    const found = await seekerFor(request);
    if (!found || !(await hasOpenedThisMonth(found.company.id, found.seeker.account_id))) return sendNotFound(request, reply);
    const { company, seeker } = found;
    const { body } = request;
    const profilePath = resumeProfilePath(seeker.public_id);
    const back = (notice: string) => reply.header('cache-control', PRIVATE).redirect(`${profilePath}?notice=${notice}`, 303);
    const job = (await liveJobsOfCompany(app.db, company.id)).find((item) => item.id === body.job_id);
    if (!job) return back('job');
    // Someone who applied already is a candidate, not a person to invite (decision 0296).
    if ((await appliedJobIds(app.db, company.id, seeker.account_id)).has(job.id)) return back('applied');
    const limit = { name: 'resume-invites', max: app.config.RESUME_INVITES_PER_DAY, windowMs: DAY_MS };
    const allowed = await consumeRateLimit(app.rateLimits.store, limit, company.id, app.now());
    if (!allowed.allowed) {
      reply.header('retry-after', String(allowed.retryAfterSeconds));
      return back('limit');
    }
    const me = signedInUser(request);
    const inserted = await insertInvitation(app.db, { companyId: company.id, jobId: job.id, seekerAccountId: seeker.account_id, invitedBy: me.id, now: app.now() });
    if (!inserted) {
      await refundRateLimit(app.rateLimits.store, limit, company.id, app.now());
      return back('already');
    }
    const account = await findAccountById(app.db, seeker.account_id);
    try {
      if (!account) throw new Error('the invited account is gone');
      await app.mailer.send(invitationMail(app.config.PUBLIC_URL, account.email, company.name, job));
    } catch (error) {
      request.log.warn({ err: error }, 'résumé database invitation not sent');
      await deleteInvitation(app.db, job.id, seeker.account_id);
      await refundRateLimit(app.rateLimits.store, limit, company.id, app.now());
      return back('failed');
    }
    return back('invited');
  });

  // The job seeker's switch on /candidate/about.
  app.post(RESUME_DATABASE_PATHS.findMe, { config: { requireRole: 'seeker', signInNext: () => SEEKER_PATHS.about }, schema: { body: FindMeFormSchema.default({}) } }, async (request, reply) => {
    const user = signedInUser(request);
    const form = request.body;
    const outcome = await setFindMe(app.db, user.id, form, app.now());
    return reply.header('cache-control', PRIVATE).redirect(`${SEEKER_PATHS.about}?find_me=${outcome}#find-me`, 303);
  });
}

function invitationMail(publicUrl: string, to: string, companyName: string, job: { id: string; title: string; city: string; state: string; remote: number }) {
  const url = `${publicUrl}${jobPath(job)}`;
  const where = job.remote ? 'Remote' : `${job.city}, ${job.state}`;
  const settings = `${publicUrl}${SEEKER_PATHS.about}#find-me`;
  const subject = `${companyName} invites you to apply: ${job.title}`;
  const text = [
    `${companyName} found your profile in the Jobwise résumé database and invites you to apply for ${job.title} (${where}).`,
    '',
    `See the job and apply: ${url}`,
    '',
    'They do not have your name, email or phone: those reach them only if you apply.',
    `You get this because you chose "Let employers find me". To stop, turn it off: ${settings}`,
  ].join('\n');
  const html =
    `<p>${escapeHtml(companyName)} found your profile in the Jobwise résumé database and invites you to apply for <strong>${escapeHtml(job.title)}</strong> (${escapeHtml(where)}).</p>` +
    `<p><a href="${escapeHtml(url)}">See the job and apply</a></p>` +
    '<p>They do not have your name, email or phone: those reach them only if you apply.</p>' +
    `<p>You get this because you chose "Let employers find me". <a href="${escapeHtml(settings)}">Turn it off</a> to stop.</p>`;
  // A kind: the mailer adds List-Unsubscribe and skips an address that unsubscribed from invitations (decision 0155).
  return { to, subject, text, html, kind: 'job-invitation' as const };
}

