// Rows as the public API shows them (decision 0266): one builder per answer, so every route names a
// field the same way.
import { z } from 'zod';
import { companyPath } from '../../../shared/companies/company-path';
import { JOB_CATEGORIES, type JobCategory } from '../../../shared/jobs/enums';
import { externalApplyPath } from '../../../shared/seeker/paths';
import type { CompanyRow } from '../companies/company.service';
import { formatPay, formatPlace } from '../jobs/job-view';
import { renderJobMarkdown } from '../jobs/markdown';
import type { JobSummaryRow } from '../jobs/search.repository';
import { jobPath } from '../jobs/slugs';
import type { ApiJob, ApiJobDetail, ApiSearchJob } from './api-contract';
import { summaryOf } from './atom-feed';
import type { PublishedJob } from './open-jobs.repository';

type JobFacts = Pick<JobSummaryRow, 'id' | 'listing_key' | 'title' | 'company_name' | 'city' | 'state' | 'remote' | 'hybrid' | 'pay_min' | 'pay_max' | 'pay_period' | 'pay_currency' | 'employment_type' | 'posted_at'> & {
  category: string;
  featured?: number;
};

const isCategory = (value: string): value is JobCategory => (JOB_CATEGORIES as readonly string[]).includes(value);

function apiJob(job: JobFacts, summaryText: string, publicUrl: string): ApiJob {
  return {
    listing_key: job.listing_key,
    title: job.title,
    company_name: job.company_name,
    url: publicUrl + jobPath(job),
    location: { label: formatPlace(job), city: job.city, state: job.state, remote: job.remote === 1, hybrid: job.hybrid === 1 },
    // The jobs table holds only known categories; one it did not would be the mistake of a migration.
    category: isCategory(job.category) ? job.category : 'warehouse',
    employment_type: job.employment_type,
    pay: { min: job.pay_min, max: job.pay_max, period: job.pay_period, currency: job.pay_currency, text: formatPay(job.pay_min, job.pay_max, job.pay_period, job.pay_currency) },
    posted_at: new Date(Number(job.posted_at)).toISOString(),
    summary: summaryText,
    featured: job.featured === 1,
  };
}

export function apiSearchJob(row: JobSummaryRow, publicUrl: string): ApiSearchJob {
  return { ...apiJob(row, summaryOf(row.snippet), publicUrl), distance_miles: row.distance === null ? null : Math.round(row.distance * 10) / 10 };
}

export function apiCompanyJob(job: PublishedJob, publicUrl: string): ApiJob {
  return apiJob(job, summaryOf(job.description), publicUrl);
}

export function apiJobDetail(job: PublishedJob, company: CompanyRow | undefined, publicUrl: string): ApiJobDetail {
  return {
    ...apiJob(job, summaryOf(job.description), publicUrl),
    company: { name: job.company_name, slug: company?.slug ?? null, url: company ? publicUrl + companyPath(company) : null },
    description: job.description,
    description_html: job.description_markdown === null ? null : renderJobMarkdown(job.description_markdown),
    benefits: parseBenefits(job.benefits),
    apply_url: job.apply_type === 'external' ? publicUrl + externalApplyPath(job.listing_key) : publicUrl + jobPath(job),
    expires_at: job.expires_at === null ? null : new Date(Number(job.expires_at)).toISOString(),
    updated_at: new Date(Number(job.updated_at)).toISOString(),
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
