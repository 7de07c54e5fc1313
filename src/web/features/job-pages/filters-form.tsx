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
import { CheckboxField, SelectField } from '../../ui/choice-inputs';

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
}

const ANY = { value: '', label: '' };
const PAY_OPTIONS = [{ ...ANY, label: 'Any pay' }, ...MIN_PAY_CHOICES.map((amount) => ({ value: String(amount), label: `${minPayLabel(amount)} (about $${Math.round(amount / 2080)} an hour)` }))];
const TYPE_OPTIONS = [{ ...ANY, label: 'Any type' }, ...EMPLOYMENT_TYPES.map((type) => ({ value: type, label: EMPLOYMENT_TYPE_LABELS[type] }))];
const CATEGORY_OPTIONS = [{ ...ANY, label: 'Any category' }, ...JOB_CATEGORIES.map((category) => ({ value: category, label: JOB_CATEGORY_LABELS[category] }))];
const POSTED_OPTIONS = [{ ...ANY, label: 'Any time' }, ...POSTED_WITHIN_DAYS.map((days) => ({ value: String(days), label: postedLabel(days) }))];
/** Distance is a sort only where the place has a radius (a city or ZIP, not "Remote"). */
const sortOptions = (placeHasRadius: boolean) =>
  (placeHasRadius ? (['relevance', 'date', 'distance'] as const) : (['relevance', 'date'] as const)).map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

/** Filter and sort as a plain GET form: it works without script, inline or in the phone's sheet (each copy's ids its own). */
export function FiltersForm({ criteria, placeHasRadius }: FiltersFormProps) {
  return (
    <form method="get" action={SEARCH_PATH} className="filters-form">
      <input type="hidden" name="search" value={criteria.search} />
      <input type="hidden" name="location" value={criteria.location} />
      <input type="hidden" name="radius" value={criteria.radius} />
      <SelectField label="Minimum pay" name="min_pay" options={PAY_OPTIONS} defaultValue={String(criteria.minPay ?? '')} />
      <SelectField label="Job type" name="type" options={TYPE_OPTIONS} defaultValue={criteria.employmentType ?? ''} />
      <SelectField label="Category" name="category" options={CATEGORY_OPTIONS} defaultValue={criteria.category ?? ''} />
      <SelectField label="Date posted" name="posted" options={POSTED_OPTIONS} defaultValue={String(criteria.postedWithin ?? '')} />
      <SelectField label="Sort by" name="sort" options={sortOptions(placeHasRadius)} defaultValue={criteria.sort} />
      <CheckboxField label="Remote only" name="remote" value="1" defaultChecked={criteria.remoteOnly} />
      <div className="filters-actions">
        <Button type="submit">Apply filters</Button>
        {filtersActive(criteria) ? <a href={withoutFilters(criteria)}>Clear filters</a> : null}
      </div>
    </form>
  );
}
