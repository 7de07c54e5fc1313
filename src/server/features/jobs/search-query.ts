import { z } from 'zod';
import {
  DEFAULT_RADIUS_MILES,
  EMPLOYMENT_TYPES,
  JOB_CATEGORIES,
  MAX_RESULT_PAGE,
  MIN_PAY_CHOICES,
  POSTED_WITHIN_DAYS,
  RADIUS_MILES,
  SEARCH_SORTS,
  type PostedWithinDays,
  type RadiusMiles,
} from '../../../shared/jobs/enums';
import type { SearchCriteria } from '../../../shared/jobs/search-url';
import { hasRadius, type Place } from './places';

export const MAX_SEARCH_LENGTH = 200;
export const MAX_LOCATION_INPUT_LENGTH = 100;

/** A repeated parameter (?a=1&a=2) arrives as an array: the first value counts. */
const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const text = (max: number) =>
  z.preprocess(
    first,
    z
      .string()
      .catch('')
      // Control characters never belong in a search; whitespace runs collapse to one space.
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .transform((value) => value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max)),
  );
const oneOf = <T extends number>(choices: readonly T[]) =>
  z.preprocess(first, z.coerce.number().catch(Number.NaN)).transform((value): T | null => (choices as readonly number[]).includes(value) ? (value as T) : null);

/**
 * The results page's query string. A results page is for people and crawlers alike, so nothing here
 * refuses a request: each value that is missing, malformed or out of range falls back to its default
 * (the person still gets a page, never an error), and the page shows what was actually searched.
 */
const SearchQueryFields = z.object({
    search: text(MAX_SEARCH_LENGTH),
    location: text(MAX_LOCATION_INPUT_LENGTH),
    radius: oneOf<RadiusMiles>(RADIUS_MILES).transform((value) => value ?? DEFAULT_RADIUS_MILES),
    min_pay: oneOf<number>(MIN_PAY_CHOICES),
    type: z.preprocess(first, z.enum(EMPLOYMENT_TYPES).nullable().catch(null)).default(null),
    category: z.preprocess(first, z.enum(JOB_CATEGORIES).nullable().catch(null)).default(null),
    posted: oneOf<PostedWithinDays>(POSTED_WITHIN_DAYS),
    remote: z.preprocess(first, z.string().catch('')).transform((value) => value === '1' || value === 'true' || value === 'on'),
    sort: z.preprocess(first, z.enum(SEARCH_SORTS).catch('relevance')).default('relevance'),
    page: z
      .preprocess(first, z.coerce.number().catch(1))
      .transform((value) => (Number.isFinite(value) ? Math.min(MAX_RESULT_PAGE, Math.max(1, Math.trunc(value))) : 1)),
});
export const SearchQuerySchema = SearchQueryFields.catch(() => SearchQueryFields.parse({}));

/**
 * The criteria as searched: distance order only where the place has a centre (the form offers it
 * only then); a typed address asking it elsewhere gets relevance, the default order.
 */
export function withAvailableSort(criteria: SearchCriteria, place: Place | null): SearchCriteria {
  return criteria.sort === 'distance' && !hasRadius(place) ? { ...criteria, sort: 'relevance' } : criteria;
}

export function toCriteria(query: z.infer<typeof SearchQuerySchema>): SearchCriteria {
  return {
    search: query.search,
    location: query.location,
    radius: query.radius,
    minPay: query.min_pay,
    employmentType: query.type,
    category: query.category,
    postedWithin: query.posted,
    remoteOnly: query.remote,
    sort: query.sort,
    page: query.page,
  };
}
