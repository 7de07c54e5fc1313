// The public read API's contract (issue 48, decision 0266): every field's name and meaning, written
// once as zod schemas. Routes declare them through the type provider; the OpenAPI document at
// /api/v1/openapi.json is generated from them. Field names are snake_case and stable: a change that
// removes or renames one is a new version (/api/v2), never an edit here.
import { z } from 'zod';
import { EMPLOYMENT_TYPES, JOB_CATEGORIES, MAX_RESULT_PAGE, MIN_PAY_CHOICES, PAY_PERIODS, POSTED_WITHIN_DAYS, RADIUS_MILES, SEARCH_SORTS } from '../../../shared/jobs/enums';
import { MAX_LOCATION_INPUT_LENGTH, MAX_SEARCH_LENGTH } from '../jobs/search-query';

const asStrings = <T extends readonly number[]>(values: T) => values.map(String) as [string, ...string[]];

/** A cursor is opaque to clients: base64url of a small JSON value this API wrote. */
export function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Where the next page of a search starts: its page number, up to the search's last reachable page. */
const SearchCursorValue = z.object({ p: z.number().int().min(2).max(MAX_RESULT_PAGE) });
/** Where the next page of a company's jobs starts: after this job (newest first). */
const CompanyCursorValue = z.object({ t: z.number().int(), i: z.string().min(1).max(100) });

const cursorOf = <T extends z.ZodType>(value: T) =>
  z
    .string()
    .max(200)
    .transform((cursor, context) => {
      const parsed = value.safeParse(decodeCursor(cursor));
      if (parsed.success) return parsed.data as z.infer<T>;
      context.addIssue({ code: 'custom', message: 'This is not a cursor this API gave.' });
      return z.NEVER;
    })
    .optional()
    .describe('The `next_cursor` of the previous page; absent for the first page.');

export const SEARCH_CURSOR = SearchCursorValue;
export const COMPANY_CURSOR = CompanyCursorValue;

export const ApiJobsQuerySchema = z.object({
  search: z.string().max(MAX_SEARCH_LENGTH).optional().describe('Words to look for in the title, company and description, as typed in the search form.'),
  location: z
    .string()
    .max(MAX_LOCATION_INPUT_LENGTH)
    .optional()
    .describe('A city and state ("Austin, TX"), a ZIP code, a state ("TX" or "Texas"), or "Remote". An unknown place is refused (400).'),
  radius: z.enum(asStrings(RADIUS_MILES)).optional().describe('Miles around a city or ZIP code; 25 when absent.'),
  min_pay: z.enum(asStrings(MIN_PAY_CHOICES)).optional().describe('Only jobs paying at least this much a year (hourly pay counted at 2,080 hours).'),
  type: z.enum(EMPLOYMENT_TYPES).optional().describe('Only jobs of this employment type.'),
  category: z.enum(JOB_CATEGORIES).optional().describe('Only jobs in this category.'),
  posted: z.enum(asStrings(POSTED_WITHIN_DAYS)).optional().describe('Only jobs posted within this many days.'),
  remote: z.enum(['true', 'false']).optional().describe('`true`: only remote jobs.'),
  sort: z.enum(SEARCH_SORTS).optional().describe('`relevance` (default), `date` (newest first) or `distance` (needs a city or ZIP code).'),
  cursor: cursorOf(SearchCursorValue),
});

export const ListingKeySchema = z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/).describe("The job's listing key, as in `listing_key`.");

export const CompanySlugParamsSchema = z.object({
  slug: z.string().min(1).max(120).describe("The company's slug, as in its page's address /company/{slug}."),
});

export const CompanyJobsQuerySchema = z.object({ cursor: cursorOf(CompanyCursorValue) });

const isoTime = z.iso.datetime().describe('An ISO 8601 time in UTC.');

const ApiLocationSchema = z
  .object({
    label: z.string().describe('How the place is shown: "Austin, TX", "Remote", "Austin, TX (hybrid)".'),
    city: z.string().describe('The city; empty for a remote job without one.'),
    state: z.string().describe('The two-letter US state code; empty for a remote job without one.'),
    remote: z.boolean(),
    hybrid: z.boolean(),
  })
  .describe('Where the job is.');

const ApiPaySchema = z
  .object({
    min: z.number(),
    max: z.number(),
    period: z.enum(PAY_PERIODS).describe('What min and max are paid for: an hour, a day, a week, a month or a year.'),
    currency: z.string().describe('ISO 4217 code.'),
    text: z.string().describe('As shown on the job: "$16.00 - $20.00 an hour".'),
  })
  .describe('The pay range.');

export const ApiJobSchema = z.object({
  listing_key: z.string().describe('Stable key of the listing: the address of its detail at /api/v1/jobs/{listing_key}.'),
  title: z.string(),
  company_name: z.string(),
  url: z.url().describe("The job's page on Jobwise, where people read and apply."),
  location: ApiLocationSchema,
  category: z.enum(JOB_CATEGORIES),
  employment_type: z.enum(EMPLOYMENT_TYPES),
  pay: ApiPaySchema,
  posted_at: isoTime,
  summary: z.string().describe("The description's first sentences."),
  featured: z.boolean().describe("A featured job (its company's plan): listed first among a search's matches."),
});

export const ApiSearchJobSchema = ApiJobSchema.extend({
  distance_miles: z.number().nullable().describe('Miles from the searched city or ZIP code; null without one.'),
});

export const ApiJobsAnswerSchema = z.object({
  jobs: z.array(ApiSearchJobSchema).describe('This page of the matches, in the search\'s order (20 a page, as on the results page).'),
  total: z.number().int().describe('How many jobs match; at least this many when `total_is_lower_bound`.'),
  total_is_lower_bound: z.boolean().describe('More jobs match than a search counts (1,000): add words, a place or a filter.'),
  place: z.string().nullable().describe('The place searched, as understood ("Austin, TX"); null for anywhere.'),
  sort: z.enum(SEARCH_SORTS).describe('The order used: `distance` falls back to `relevance` without a city or ZIP code.'),
  next_cursor: z.string().nullable().describe(`Pass as \`cursor\` for the next page; null on the last page. A search reaches at most ${MAX_RESULT_PAGE} pages.`),
});

export const ApiJobDetailSchema = ApiJobSchema.extend({
  company: z
    .object({
      name: z.string(),
      slug: z.string().nullable().describe('For /api/v1/companies/{slug}; null if the company has no public page.'),
      url: z.url().nullable().describe("The company's page on Jobwise."),
    })
    .describe('The employer.'),
  description: z.string().describe('The description as plain text, paragraphs separated by blank lines.'),
  description_html: z.string().nullable().describe('The description as sanitised HTML, when the employer wrote it with formatting.'),
  benefits: z.array(z.string()),
  apply_url: z.url().describe('Where to apply: the job page, or for a job that takes applications elsewhere, our link to that site.'),
  expires_at: isoTime.nullable().describe('When the job stops taking applications; null if it has no end date.'),
  updated_at: isoTime,
});

export const ApiCompanySchema = z.object({
  slug: z.string(),
  name: z.string(),
  url: z.url().describe("The company's page on Jobwise."),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  description: z.string(),
  logo_url: z.url().nullable(),
  open_jobs: z.number().int().describe('How many of its jobs are open now.'),
  jobs_url: z.url().describe('Its open jobs: /api/v1/companies/{slug}/jobs.'),
  feed_url: z.url().describe('Its open jobs as an Atom feed.'),
});

export const ApiCompanyJobsAnswerSchema = z.object({
  jobs: z.array(ApiJobSchema).describe('Its open jobs, newest first, 20 a page.'),
  next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
});

export const ApiRefusalSchema = z
  .object({
    status: z.string().describe('PROTO_VALIDATION_ERROR, NOT_FOUND, RATE_LIMITING_THROTTLED.'),
    error_message: z.string(),
    error: z.string().describe('The same message, for older clients.'),
    details: z.string().optional().describe('For a 400: each refused field and why, "radius: Invalid option".'),
  })
  .describe('A refusal.');

export type ApiJob = z.infer<typeof ApiJobSchema>;
export type ApiSearchJob = z.infer<typeof ApiSearchJobSchema>;
export type ApiJobDetail = z.infer<typeof ApiJobDetailSchema>;
