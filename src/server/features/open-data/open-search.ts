// The search as open data asks it: the same steps as the results page (the place parsed once, the sort
// it allows, the jobs feature's search pipeline), so a feed or an API page lists the same jobs as the
// results page for the same criteria (decision 0265). Nothing here counts views or appearances: feeds
// and API calls are read by programs, not seen by people.
import type { FastifyInstance } from 'fastify';
import { MAX_RESULT_PAGE, RESULTS_PER_PAGE } from '../../../shared/jobs/enums';
import type { SearchCriteria } from '../../../shared/jobs/search-url';
import { parseLocation, type Place } from '../jobs/places';
import { withAvailableSort } from '../jobs/search-query';
import { searchJobs, type JobSearchResult } from '../jobs/search.repository';

export interface OpenSearch {
  /** The criteria as searched (distance order only where the place has a centre). */
  criteria: SearchCriteria;
  place: Place | null;
  /** The place typed, when no place of that name is known: the search then finds nothing. */
  unknownPlace: string | null;
  result: JobSearchResult;
  /** Whether a next page exists within the search's bound on deep pages (MAX_RESULT_PAGE). */
  hasNextPage: boolean;
}

export async function openSearch(app: FastifyInstance, asked: SearchCriteria): Promise<OpenSearch> {
  const location = parseLocation(asked.location);
  if (location.status === 'unknown') {
    return { criteria: asked, place: null, unknownPlace: location.text, result: { total: 0, totalIsLowerBound: false, rows: [] }, hasNextPage: false };
  }
  const place = location.status === 'found' ? location.place : null;
  const criteria = withAvailableSort(asked, place);
  const result = await searchJobs(app.db, app.dialect, { criteria, place, now: app.now() });
  const hasNextPage = criteria.page < MAX_RESULT_PAGE && criteria.page * RESULTS_PER_PAGE < result.total;
  return { criteria, place, unknownPlace: null, result, hasNextPage };
}
