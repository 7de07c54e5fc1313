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
import { firstValue } from '../../shared/form-fields';
import { oneOfNumbers, pageNumber, searchText } from '../../shared/search-params';

export const MAX_SEARCH_LENGTH = 200;
export const MAX_LOCATION_INPUT_LENGTH = 100;


/**
 * The results page's query string. A results page is for people and crawlers alike, so nothing here
 * refuses a request: each value that is missing, malformed or out of range falls back to its default
 * (the person still gets a page, never an error), and the page shows what was actually searched.
 */
const SearchQueryFields = z.object({
    search: searchText(MAX_SEARCH_LENGTH),
    location: searchText(MAX_LOCATION_INPUT_LENGTH),
    radius: oneOfNumbers<RadiusMiles>(RADIUS_MILES).transform((value) => value ?? DEFAULT_RADIUS_MILES),
    min_pay: oneOfNumbers<number>(MIN_PAY_CHOICES),
    type: z.preprocess(firstValue, z.enum(EMPLOYMENT_TYPES).nullable().catch(null)).default(null),
    category: z.preprocess(firstValue, z.enum(JOB_CATEGORIES).nullable().catch(null)).default(null),
    posted: oneOfNumbers<PostedWithinDays>(POSTED_WITHIN_DAYS),
    remote: z.preprocess(firstValue, z.string().catch('')).transform((value) => value === '1' || value === 'true' || value === 'on'),
    sort: z.preprocess(firstValue, z.enum(SEARCH_SORTS).catch('relevance')).default('relevance'),
    page: pageNumber(MAX_RESULT_PAGE),
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
