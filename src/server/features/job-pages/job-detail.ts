// A job's detail as the job page and the results page's detail pane show it (decision 0175): one
// builder, so both follow the same rules (description Markdown, apply kind, the viewer's saved and
// applied state). The job pages sit above every feature they show (decision 0255).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { companyPath } from '../../../shared/companies/company-path';
import { responseFiguresText } from '../../../shared/companies/response-figures';
import { emailApplyPingPath } from '../../../shared/employer-jobs/paths';
import { JOB_CATEGORY_LABELS } from '../../../shared/jobs/enums';
import type { JobPageProps } from '../../../shared/jobs/page-props';
import { searchUrl } from '../../../shared/jobs/search-url';
import { externalApplyPath } from '../../../shared/seeker/paths';
import { employmentTypeLabel, formatPay, formatPlace, formatPosted } from '../jobs/job-view';
import type { JobRow } from '../jobs/jobs.table';
import { renderJobMarkdown } from '../jobs/markdown';
import { jobPath } from '../jobs/slugs';
import { findCompanyById } from '../companies/company.service';
import { listQuestions } from '../employer-jobs/job-posting';
import { jobStates } from '../seeker/seeker.repository';

/** A screening question as the job page shows it. */
export interface JobPageQuestion {
  position: number;
  text: string;
  /** 'yes_no' | 'text' */
  kind: string;
}

/**
 * Everything a job's detail shows, for this viewer: the company's page, the absolute ping address,
 * and (signed in, not a preview) whether they saved or applied.
 */
export async function jobDetailProps(
  app: FastifyInstance,
  request: FastifyRequest,
  job: JobRow,
  preview: JobPageProps['preview'],
  questions: JobPageQuestion[] | null = null,
): Promise<JobPageProps> {
  const props = jobPageProps(job, app.now(), questions ?? (await listQuestions(app.db, job.id)));
  props.preview = preview;
  const company = await findCompanyById(app.db, job.company_id);
  props.companyHref = company ? companyPath(company) : null;
  props.companyResponse = company
    ? responseFiguresText({
        counted: Number(company.response_counted),
        answered: Number(company.response_answered),
        medianMs: company.response_median_ms === null ? null : Number(company.response_median_ms),
      })
    : null;
  // a[ping] takes an absolute http(s) address only.
  if (props.applyClickPingHref) props.applyClickPingHref = `${app.config.PUBLIC_URL}${props.applyClickPingHref}`;
  if (request.user && !preview) {
    const states = await jobStates(app.db, request.user.id, [job.id]);
    props.saved = states.saved.has(job.id);
    props.applied = states.applied.has(job.id);
  }
  return props;
}

/** `?job=<listing key>` on the results page, and the detail route's parameter. */
export const ListingKeySchema = z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/);
const SelectedJobQuerySchema = z.object({ job: z.preprocess((value) => (Array.isArray(value) ? value[0] : value), ListingKeySchema.optional().catch(undefined)) }).catch({ job: undefined });

/** The listing key a results URL selects (`?job=`), or null; anything malformed is ignored. */
export function selectedListingKey(query: unknown): string | null {
  return SelectedJobQuerySchema.parse(query ?? {}).job ?? null;
}

/** A job by its listing key, only while it is open to the public (as on its own page). */
export async function findOpenJobByListingKey(app: FastifyInstance, listingKey: string): Promise<JobRow | undefined> {
  return app.db.selectFrom('jobs').selectAll().where('listing_key', '=', listingKey).where('status', '=', 'open').executeTakeFirst();
}

function jobPageProps(job: JobRow, now: number, questions: JobPageQuestion[]): JobPageProps {
  const path = jobPath(job);
  return {
    id: job.id,
    path,
    title: job.title,
    company: job.company_name,
    place: formatPlace(job),
    pay: formatPay(job.pay_min, job.pay_max, job.pay_period, job.pay_currency),
    employmentType: employmentTypeLabel(job.employment_type),
    category: JOB_CATEGORY_LABELS[job.category] ?? job.category,
    benefits: parseBenefits(job.benefits),
    description: job.description_markdown === null ? job.description.split('\n').filter((line) => line.trim() !== '') : [],
    descriptionHtml: job.description_markdown === null ? null : renderJobMarkdown(job.description_markdown),
    preview: null,
    featured: job.featured === 1,
    questions: job.apply_type === 'on_site' ? questions.map((q) => ({ name: `answer_${q.position + 1}`, text: q.text, kind: q.kind === 'text' ? 'text' : 'yes_no' })) : [],
    applyEmailHref: job.apply_type === 'email' && job.apply_email ? `mailto:${job.apply_email}?subject=${encodeURIComponent(`Application: ${job.title}`)}` : null,
    applyClickPingHref: job.apply_type === 'email' ? emailApplyPingPath(job.listing_key) : null,
    posted: formatPosted(job.posted_at, now),
    postedIso: new Date(job.posted_at).toISOString(),
    applyExternal: job.apply_type === 'external',
    listingKey: job.listing_key,
    listingVersionKey: job.listing_version_key,
    externalApplyHref: externalApplyPath(job.listing_key),
    saved: false,
    applied: false,
    registerHref: `/jobseeker/register?next=${encodeURIComponent(path)}`,
    similarSearchHref: searchUrl({ search: job.title, location: job.remote || !job.city ? '' : `${job.city}, ${job.state}` }),
    salaryHref: `/Salaries/${job.title_key}`,
  };
}

const BenefitsSchema = z.array(z.string()).catch([]);
function parseBenefits(text: string): string[] {
  try {
    return BenefitsSchema.parse(JSON.parse(text));
  } catch {
    return [];
  }
}

