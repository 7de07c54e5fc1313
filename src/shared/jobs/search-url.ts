// No imports beyond enums: page chunks build their links with this.
import { DEFAULT_RADIUS_MILES, type EmploymentType, type JobCategory, type PostedWithinDays, type RadiusMiles, type SearchSort } from './enums';

/** Everything that shapes a results page; all of it lives in the URL so a search can be shared. */
export interface SearchCriteria {
  search: string;
  location: string;
  radius: RadiusMiles;
  minPay: number | null;
  employmentType: EmploymentType | null;
  category: JobCategory | null;
  postedWithin: PostedWithinDays | null;
  remoteOnly: boolean;
  sort: 'relevance' | SearchSort;
  page: number;
}

export const SEARCH_PATH = '/jobs-search';

/** The URL of a results page; defaults are left out so links stay short and canonical. */
export function searchUrl(criteria: Partial<SearchCriteria>): string {
  const query = new URLSearchParams();
  if (criteria.search) query.set('search', criteria.search);
  if (criteria.location) query.set('location', criteria.location);
  if (criteria.radius && criteria.radius !== DEFAULT_RADIUS_MILES) query.set('radius', String(criteria.radius));
  if (criteria.minPay) query.set('min_pay', String(criteria.minPay));
  if (criteria.employmentType) query.set('type', criteria.employmentType);
  if (criteria.category) query.set('category', criteria.category);
  if (criteria.postedWithin) query.set('posted', String(criteria.postedWithin));
  if (criteria.remoteOnly) query.set('remote', '1');
  if (criteria.sort && criteria.sort !== 'relevance') query.set('sort', criteria.sort);
  if (criteria.page && criteria.page > 1) query.set('page', String(criteria.page));
  const text = query.toString();
  return text ? `${SEARCH_PATH}?${text}` : SEARCH_PATH;
}
