import type { FastifyInstance } from 'fastify';
import { EMPLOYMENT_TYPE_LABELS, JOB_CATEGORY_LABELS, RADIUS_MILES } from '../../../shared/jobs/enums';
import type { ResultsOffer } from '../../../shared/jobs/page-props';
import { searchUrl, type SearchCriteria } from '../../../shared/jobs/search-url';
import { formatCount, formatTotal } from '../jobs/job-view';
import { hasRadius, type Place } from '../jobs/places';
import { searchJobs, type JobSearchResult } from '../jobs/search.repository';
import { searchTerms } from '../jobs/search-terms';
import { groupWords, titleEntryOf } from '../jobs/search-words';
import { TITLE_ENTRIES, type TitleClass } from '../jobs/title-synonyms';

/**
 * Never a dead end (decision 0262): a search with no results offers ways on, each with the number of
 * jobs it finds, counted by the same search: without its narrowest filter, within a wider radius,
 * for related titles, and an alert for when such a job is posted.
 */

/** At most this many related titles are offered. */
const MAX_RELATED_TITLES = 3;

const jobsText = (result: JobSearchResult) => `${formatTotal(result)} ${result.total === 1 && !result.totalIsLowerBound ? 'job' : 'jobs'}`;

/** The active filters, each with its name and the criteria without it. */
function activeFilters(criteria: SearchCriteria): Array<{ name: string; without: SearchCriteria }> {
  const filters: Array<{ name: string; without: SearchCriteria }> = [];
  const without = (change: Partial<SearchCriteria>) => ({ ...criteria, ...change, page: 1 });
  if (criteria.minPay !== null) filters.push({ name: `$${formatCount(criteria.minPay)}+ a year`, without: without({ minPay: null }) });
  if (criteria.employmentType !== null) filters.push({ name: EMPLOYMENT_TYPE_LABELS[criteria.employmentType], without: without({ employmentType: null }) });
  if (criteria.category !== null) filters.push({ name: JOB_CATEGORY_LABELS[criteria.category], without: without({ category: null }) });
  if (criteria.postedWithin !== null) filters.push({ name: `posted in the last ${criteria.postedWithin} ${criteria.postedWithin === 1 ? 'day' : 'days'}`, without: without({ postedWithin: null }) });
  if (criteria.remoteOnly) filters.push({ name: 'remote only', without: without({ remoteOnly: false }) });
  return filters;
}

const titleCase = (phrase: string) => phrase.replace(/\b[a-z]/g, (letter) => letter.toUpperCase()).replace(/\bAnd\b/g, 'and');

/** Classes of the title table whose titles a seeker of one often takes: the class's own first. */
const NEIGHBOUR_CLASSES: Partial<Record<TitleClass, TitleClass[]>> = {
  nursing: ['care', 'medical'],
  care: ['nursing', 'medical'],
  medical: ['nursing', 'care'],
  driving: ['warehouse'],
  warehouse: ['driving', 'trades'],
  trades: ['warehouse'],
  retail: ['customer-service', 'food-service'],
  'customer-service': ['office', 'retail'],
  office: ['customer-service', 'human-resources'],
  'human-resources': ['office'],
  hospitality: ['food-service', 'housekeeping'],
  'food-service': ['hospitality', 'retail'],
  housekeeping: ['hospitality'],
};
/** At most this many related titles are counted. */
const MAX_RELATED_COUNTED = 8;

/**
 * Titles related to the search's words: the other titles of their entry's class of the title table,
 * then of its neighbour classes; not the broad words (an entry with `alsoFinds`).
 */
export function relatedTitles(search: string): string[] {
  const own = groupWords(searchTerms(search))
    .map((group) => titleEntryOf(group.typed))
    .find((entry) => entry !== undefined);
  if (!own) return [];
  const classes = [own.class, ...(NEIGHBOUR_CLASSES[own.class] ?? [])];
  return classes
    .flatMap((cls) => TITLE_ENTRIES.filter((entry) => entry.class === cls && entry !== own && !entry.alsoFinds))
    .map((entry) => titleCase(entry.phrases[0]!))
    .slice(0, MAX_RELATED_COUNTED);
}

/** The ways on from a search that found nothing, each counted; the alert last. */
export async function zeroResultOffers(app: FastifyInstance, criteria: SearchCriteria, place: Place | null): Promise<ResultsOffer[]> {
  const now = app.now();
  const count = (asked: SearchCriteria) => searchJobs(app.db, app.dialect, { criteria: asked, place, now });
  const offers: ResultsOffer[] = [];

  // The narrowest filter: the one whose removal finds the most jobs.
  const filters = activeFilters(criteria);
  const withoutEach = await Promise.all(filters.map((filter) => count(filter.without)));
  let narrowest = -1;
  withoutEach.forEach((result, i) => {
    if (result.total > 0 && (narrowest < 0 || result.total > withoutEach[narrowest]!.total)) narrowest = i;
  });
  if (narrowest >= 0) {
    const filter = filters[narrowest]!;
    offers.push({ kind: 'without-filter', label: `Without “${filter.name}”`, href: searchUrl(filter.without), countText: jobsText(withoutEach[narrowest]!) });
  }

  // The nearest wider radius that finds jobs.
  if (hasRadius(place)) {
    for (const radius of RADIUS_MILES.filter((miles) => miles > criteria.radius)) {
      const result = await count({ ...criteria, radius, page: 1 });
      if (result.total > 0) {
        offers.push({ kind: 'wider-radius', label: `${jobsText(result)} within ${radius} miles`, href: searchUrl({ ...criteria, radius, page: 1 }), countText: jobsText(result) });
        break;
      }
    }
  }

  // Related titles of the same class, where they find jobs.
  const related = await Promise.all(relatedTitles(criteria.search).map(async (title) => ({ title, result: await count({ ...criteria, search: title, page: 1 }) })));
  for (const { title, result } of related.filter((item) => item.result.total > 0).sort((a, b) => b.result.total - a.result.total).slice(0, MAX_RELATED_TITLES)) {
    offers.push({ kind: 'related-title', label: title, href: searchUrl({ ...criteria, search: title, page: 1 }), countText: jobsText(result) });
  }

  if (criteria.search || criteria.location) {
    const what = criteria.search ? `a ${criteria.search} job` : 'a job';
    const where = place ? (place.kind === 'remote' ? ' that is remote' : ` in ${place.label}`) : '';
    offers.push({ kind: 'alert', label: `Get an alert when ${what} is posted${where}`, href: searchUrl({ ...criteria, page: 1 }), countText: '' });
  }
  return offers;
}
