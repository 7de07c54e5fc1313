// No imports beyond search-url: the results page's chunk builds its feed link with this.
import { searchUrl, type SearchCriteria } from '../jobs/search-url';

/** Open job data (issue 48): feeds and the public read API, each at one address. */
export const OPEN_DATA_PATHS = {
  /** An Atom feed of a search: the results page's query string, on this path (decision 0265). */
  searchFeed: '/feeds/jobs-search.atom',
  /** Every open job in the XML job-feed format aggregators take (decision 0267). */
  aggregatorFeed: '/feeds/jobs.xml',
  apiBase: '/api/v1',
  openApiDocument: '/api/v1/openapi.json',
  apiReference: '/api/docs',
} as const;

/** The Atom feed of the search a results page shows: the same criteria, without the page. */
export function searchFeedUrl(criteria: Partial<SearchCriteria>): string {
  const results = searchUrl({ ...criteria, page: 1 });
  const queryAt = results.indexOf('?');
  return queryAt === -1 ? OPEN_DATA_PATHS.searchFeed : `${OPEN_DATA_PATHS.searchFeed}${results.slice(queryAt)}`;
}

/** A company's open jobs as an Atom feed. */
export function companyFeedPath(slug: string): string {
  return `/feeds/companies/${encodeURIComponent(slug)}.atom`;
}
