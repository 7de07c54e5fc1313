// No imports: this module is shared by the server and by page chunks that must stay small.

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'temporary', 'internship'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  internship: 'Internship',
};

/** The spec's icon categories (1) plus the common ones a US job site needs. */
export const JOB_CATEGORIES = [
  'warehouse',
  'housekeeping',
  'manufacturing',
  'retail',
  'hospitality',
  'personal_care',
  'education',
  'healthcare',
  'driving',
  'food_service',
  'office',
] as const;
export type JobCategory = (typeof JOB_CATEGORIES)[number];
export const JOB_CATEGORY_LABELS: Record<JobCategory, string> = {
  warehouse: 'Warehouse and Forklift',
  housekeeping: 'Housekeeping',
  manufacturing: 'Manufacturing',
  retail: 'Retail',
  hospitality: 'Tourism and Hospitality',
  personal_care: 'Personal Care',
  education: 'Education',
  healthcare: 'Healthcare',
  driving: 'Driving',
  food_service: 'Food Service',
  office: 'Office and Administrative',
};

export const PAY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number];

/**
 * 'open' is a live job and the only status search, the sitemap, alerts and suggestions read; a posted
 * job is 'draft', 'in_review' or 'rejected' before it goes live, and 'closed' (filled) or 'expired' after.
 * 'paused' is a live job waiting for a plan with room for it, after a trial ended (decision 0288).
 */
export const JOB_STATUSES = ['open', 'closed', 'draft', 'in_review', 'rejected', 'expired', 'paused'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const APPLY_TYPES = ['on_site', 'external', 'email'] as const;
export type ApplyType = (typeof APPLY_TYPES)[number];

export const RADIUS_MILES = [5, 10, 25, 50, 100] as const;
export type RadiusMiles = (typeof RADIUS_MILES)[number];
export const DEFAULT_RADIUS_MILES: RadiusMiles = 25;

export const POSTED_WITHIN_DAYS = [1, 3, 7, 30] as const;
export type PostedWithinDays = (typeof POSTED_WITHIN_DAYS)[number];

export const SEARCH_SORTS = ['relevance', 'date', 'distance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Minimum pay choices, in dollars a year; hourly pay counts as 2,080 hours a year. */
export const MIN_PAY_CHOICES = [30_000, 40_000, 50_000, 60_000, 80_000, 100_000] as const;
export const HOURS_PER_YEAR = 2080;

export const RESULTS_PER_PAGE = 20;
/** Deep pages cost the database a lot and help nobody; past this, we ask the person to narrow the search. */
export const MAX_RESULT_PAGE = 50;

export const REMOTE_LOCATION = 'Remote';
