import { MAX_RESULT_PAGE, RESULTS_PER_PAGE, type EmploymentType, type PayPeriod, type SearchSort } from '../../../shared/jobs/enums';
import type { SearchCriteria } from '../../../shared/jobs/search-url';
import { boundingBox, type BoundingBox } from './geo';
import { hasRadius, type Place, type RadiusPlace } from './places';
import { withAvailableSort } from './search-query';
import { searchTerms } from './search-terms';
import { groupWords, type WordGroup } from './search-words';
import { coveringCells, searchTokenGroups } from './search-tokens';

/**
 * Stage one of the search pipeline (decision 0246): the criteria resolved once into a plain value,
 * the plan, which the strategy chooser (search-strategy.ts) and each database's executor read.
 */

export interface JobSearchParams {
  criteria: SearchCriteria;
  /** The resolved place, or null for "anywhere". */
  place: Place | null;
  now: number;
  /** False: the words as typed only, without the title table's other names (tests and the bench's baseline). */
  synonyms?: boolean;
}

export interface JobSummaryRow {
  id: string;
  listing_key: string;
  category: string;
  title: string;
  company_name: string;
  city: string;
  state: string;
  remote: number;
  hybrid: number;
  /** 1 for a job of a plan with featured jobs: marked, and first among the matches (decision 0114). */
  featured: number;
  pay_min: number;
  pay_max: number;
  pay_period: PayPeriod;
  pay_currency: string;
  employment_type: EmploymentType;
  posted_at: number;
  snippet: string;
  distance: number | null;
}

export interface JobSearchResult {
  /** Every match, or at least this many when `totalIsLowerBound` (above MATCH_COUNT_BOUND). */
  total: number;
  /** True when there are more than MATCH_COUNT_BOUND matches: `total` is then the bound ("1,000+"). */
  totalIsLowerBound: boolean;
  rows: JobSummaryRow[];
}

/**
 * How many of the best first-stage matches the full text score orders: every result any page can
 * show (50 pages of 20), so pages never disagree about the order (decision 0045).
 */
export const RANKED_WINDOW = MAX_RESULT_PAGE * RESULTS_PER_PAGE;

/**
 * Totals are exact up to this many matches; above it a search says "1,000+" (decision 0170): every
 * result a person can reach, and the most a search counts.
 */
export const MATCH_COUNT_BOUND = RANKED_WINDOW;

/**
 * A text search by relevance or date ranks only this many matches, the newest (by seq, which grows
 * with posting), so its work is bounded by the page, not by the matches (decision 0170). Where there
 * are no more matches than this, they are all ranked: the every-match ranking and its exact total.
 */
export const RANKED_CANDIDATES = 1200;

/** A radius around a place with a centre. */
export interface SearchRadius {
  centre: RadiusPlace;
  miles: number;
  /** The smallest latitude/longitude box holding the radius: asked of the place indexes first. */
  box: BoundingBox;
  /** The full-text index's place cells covering the box (search-tokens.ts), or null where too many would. */
  cells: string[] | null;
}

export interface SearchPlan {
  /** The criteria as searched: distance order only where the place has a centre. */
  criteria: SearchCriteria;
  /** The words, as full-text terms (search-terms.ts); empty for a search without words. */
  terms: string[];
  /** The words in groups, each as typed OR its other names from the title table (decision 0260). */
  words: WordGroup[];
  place: Place | null;
  radius: SearchRadius | null;
  sort: SearchSort;
  page: number;
  now: number;
  /** Whether the place (a state, remote) or the filters have tokens in the full-text index (decision 0171). */
  filterTokens: boolean;
  /** Totals are exact up to this many matches (MATCH_COUNT_BOUND). */
  bound: number;
}

/** The plan of a search: every fact about the criteria that the rest of the search reads. */
export function resolveSearch(params: JobSearchParams): SearchPlan {
  const { criteria: asked, place, now } = params;
  // Distance needs a radius's centre: elsewhere the search is by relevance (search-query.ts).
  const criteria = withAvailableSort(asked, place);
  const terms = searchTerms(criteria.search);
  let radius: SearchRadius | null = null;
  if (hasRadius(place)) {
    const box = boundingBox(place.latitude, place.longitude, criteria.radius);
    radius = { centre: place, miles: criteria.radius, box, cells: coveringCells(box) };
  }
  return {
    criteria,
    terms,
    words: groupWords(terms, { synonyms: params.synonyms ?? true }),
    place,
    radius,
    sort: criteria.sort,
    page: criteria.page,
    now,
    filterTokens: searchTokenGroups(criteria, place, null).length > 0,
    bound: MATCH_COUNT_BOUND,
  };
}

/** A result as a page shows it: a total above the bound is the bound, marked as a lower bound. */
export function boundTotal(result: JobSearchResult, bound: number): JobSearchResult {
  return result.total > bound ? { ...result, total: bound, totalIsLowerBound: true } : result;
}
