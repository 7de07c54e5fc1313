import {
  EMPLOYMENT_TYPES,
  EMPLOYMENT_TYPE_LABELS,
  JOB_CATEGORIES,
  JOB_CATEGORY_LABELS,
  MIN_PAY_CHOICES,
  POSTED_WITHIN_DAYS,
} from '../../../shared/jobs/enums';
import { SEARCH_PATH, searchUrl, type SearchCriteria } from '../../../shared/jobs/search-url';
import { Button } from '../../ui/button';

const money = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;

export const minPayLabel = (amount: number) => `${money(amount)}+ a year`;
export const postedLabel = (days: number) => (days === 1 ? 'Last 24 hours' : `Last ${days} days`);
export const SORT_LABELS = { relevance: 'Relevance', date: 'Date posted', distance: 'Distance' } as const;

/** Whether anything beyond what, where and radius shapes the results (filters or a sort). */
export function filtersActive(criteria: SearchCriteria): boolean {
  return criteria.minPay !== null || criteria.employmentType !== null || criteria.category !== null || criteria.postedWithin !== null || criteria.remoteOnly || criteria.sort !== 'relevance';
}

/** The search with every filter and the sort removed. */
export const withoutFilters = (criteria: SearchCriteria) => searchUrl({ search: criteria.search, location: criteria.location, radius: criteria.radius });

interface FiltersFormProps {
  criteria: SearchCriteria;
  placeHasRadius: boolean;
  /** Keeps ids unique when a second copy of the form shows in the phone's sheet. */
  idPrefix?: string;
}

/** Filter and sort as a plain GET form: it works without script, inline or in the phone's sheet. */
export function FiltersForm({ criteria, placeHasRadius, idPrefix = 'filter' }: FiltersFormProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form method="get" action={SEARCH_PATH} className="filters-form">
      <input type="hidden" name="search" value={criteria.search} />
      <input type="hidden" name="location" value={criteria.location} />
      <input type="hidden" name="radius" value={criteria.radius} />
      <div className="field">
        <label htmlFor={id('pay')}>Minimum pay</label>
        <select id={id('pay')} name="min_pay" defaultValue={criteria.minPay ?? ''}>
          <option value="">Any pay</option>
          {MIN_PAY_CHOICES.map((amount) => (
            <option key={amount} value={amount}>
              {minPayLabel(amount)} (about ${Math.round(amount / 2080)} an hour)
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id('type')}>Job type</label>
        <select id={id('type')} name="type" defaultValue={criteria.employmentType ?? ''}>
          <option value="">Any type</option>
          {EMPLOYMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {EMPLOYMENT_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id('category')}>Category</label>
        <select id={id('category')} name="category" defaultValue={criteria.category ?? ''}>
          <option value="">Any category</option>
          {JOB_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {JOB_CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id('posted')}>Date posted</label>
        <select id={id('posted')} name="posted" defaultValue={criteria.postedWithin ?? ''}>
          <option value="">Any time</option>
          {POSTED_WITHIN_DAYS.map((days) => (
            <option key={days} value={days}>
              {postedLabel(days)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id('sort')}>Sort by</label>
        <select id={id('sort')} name="sort" defaultValue={criteria.sort}>
          <option value="relevance">{SORT_LABELS.relevance}</option>
          <option value="date">{SORT_LABELS.date}</option>
          {placeHasRadius ? <option value="distance">{SORT_LABELS.distance}</option> : null}
        </select>
      </div>
      <div className="field field-checkbox">
        <input id={id('remote')} type="checkbox" name="remote" value="1" defaultChecked={criteria.remoteOnly} />
        <label htmlFor={id('remote')}>Remote only</label>
      </div>
      <div className="filters-actions">
        <Button type="submit">
          Apply filters
        </Button>
        {filtersActive(criteria) ? <a href={withoutFilters(criteria)}>Clear filters</a> : null}
      </div>
    </form>
  );
}
