import { EMPLOYMENT_TYPE_LABELS, JOB_CATEGORY_LABELS } from '../../../shared/jobs/enums';
import { searchUrl, type SearchCriteria } from '../../../shared/jobs/search-url';
import { SORT_LABELS, minPayLabel, postedLabel, withoutFilters } from './filters-form';
import { X } from 'lucide';
import { Icon } from '../../ui/icon';

export interface FilterChip {
  label: string;
  /** The same search without just this filter, back on page 1. */
  href: string;
}

/** One chip per active filter (and a sort other than relevance), each removing only itself. */
export function filterChips(criteria: SearchCriteria): FilterChip[] {
  const without = (change: Partial<SearchCriteria>) => searchUrl({ ...criteria, ...change, page: 1 });
  const chips: FilterChip[] = [];
  if (criteria.minPay !== null) chips.push({ label: minPayLabel(criteria.minPay), href: without({ minPay: null }) });
  if (criteria.employmentType !== null) chips.push({ label: EMPLOYMENT_TYPE_LABELS[criteria.employmentType], href: without({ employmentType: null }) });
  if (criteria.category !== null) chips.push({ label: JOB_CATEGORY_LABELS[criteria.category], href: without({ category: null }) });
  if (criteria.postedWithin !== null) chips.push({ label: postedLabel(criteria.postedWithin), href: without({ postedWithin: null }) });
  if (criteria.remoteOnly) chips.push({ label: 'Remote only', href: without({ remoteOnly: false }) });
  if (criteria.sort !== 'relevance') chips.push({ label: `Sorted by ${SORT_LABELS[criteria.sort].toLowerCase()}`, href: without({ sort: 'relevance' }) });
  return chips;
}

/** The active filters as removable chips: plain links, so they work without script. */
export function FilterChips({ criteria }: { criteria: SearchCriteria }) {
  const chips = filterChips(criteria);
  if (chips.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.label}>
          <a className="filter-chip" href={chip.href}>
            <span className="visually-hidden">Remove filter: </span>
            {chip.label}
            <Icon icon={X} className="filter-chip-x" />
          </a>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <a className="filter-chips-clear" href={withoutFilters(criteria)}>
            Clear all
          </a>
        </li>
      ) : null}
    </ul>
  );
}
