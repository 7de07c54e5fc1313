import {
  EMPLOYMENT_TYPES,
  EMPLOYMENT_TYPE_LABELS,
  JOB_CATEGORIES,
  JOB_CATEGORY_LABELS,
  MIN_PAY_CHOICES,
  POSTED_WITHIN_DAYS,
} from '../../shared/jobs/enums';
import type { SearchResultsProps } from '../../shared/jobs/page-props';
import { SEARCH_PATH, searchUrl } from '../../shared/jobs/search-url';
import { JobList } from '../features/jobs/job-list';
import { Pagination } from '../features/jobs/pagination';
import { SearchForm } from '../features/jobs/search-form';
import '../features/jobs/jobs.css';

const money = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;

export default function JobResultsPage({ props }: { props: SearchResultsProps }) {
  const { criteria, jobs, unknownLocation } = props;
  const heading = headingText(criteria.search, props.placeLabel);
  const filtersActive = criteria.minPay !== null || criteria.employmentType !== null || criteria.category !== null || criteria.postedWithin !== null || criteria.remoteOnly || criteria.sort !== 'relevance';
  return (
    <div className="jobs-page">
      <h1>{heading}</h1>
      <SearchForm search={criteria.search} location={criteria.location} radius={criteria.radius} />

      <details className="filters" open={filtersActive}>
        <summary>Filter and sort</summary>
        <form method="get" action={SEARCH_PATH} className="filters-form">
          <input type="hidden" name="search" value={criteria.search} />
          <input type="hidden" name="location" value={criteria.location} />
          <input type="hidden" name="radius" value={criteria.radius} />
          <div className="field">
            <label htmlFor="filter-pay">Minimum pay</label>
            <select id="filter-pay" name="min_pay" defaultValue={criteria.minPay ?? ''}>
              <option value="">Any pay</option>
              {MIN_PAY_CHOICES.map((amount) => (
                <option key={amount} value={amount}>
                  {money(amount)}+ a year (about ${Math.round(amount / 2080)} an hour)
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-type">Job type</label>
            <select id="filter-type" name="type" defaultValue={criteria.employmentType ?? ''}>
              <option value="">Any type</option>
              {EMPLOYMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {EMPLOYMENT_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-category">Category</label>
            <select id="filter-category" name="category" defaultValue={criteria.category ?? ''}>
              <option value="">Any category</option>
              {JOB_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {JOB_CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-posted">Date posted</label>
            <select id="filter-posted" name="posted" defaultValue={criteria.postedWithin ?? ''}>
              <option value="">Any time</option>
              {POSTED_WITHIN_DAYS.map((days) => (
                <option key={days} value={days}>
                  {days === 1 ? 'Last 24 hours' : `Last ${days} days`}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-sort">Sort by</label>
            <select id="filter-sort" name="sort" defaultValue={criteria.sort}>
              <option value="relevance">Relevance</option>
              <option value="date">Date posted</option>
              {props.placeHasRadius ? <option value="distance">Distance</option> : null}
            </select>
          </div>
          <div className="field field-checkbox">
            <input id="filter-remote" type="checkbox" name="remote" value="1" defaultChecked={criteria.remoteOnly} />
            <label htmlFor="filter-remote">Remote only</label>
          </div>
          <div className="filters-actions">
            <button type="submit" className="button button-primary">
              Apply filters
            </button>
            {filtersActive ? (
              <a href={searchUrl({ search: criteria.search, location: criteria.location, radius: criteria.radius })}>Clear filters</a>
            ) : null}
          </div>
        </form>
      </details>

      {unknownLocation ? (
        <div className="notice" role="alert">
          <p>
            We couldn&apos;t find the place &ldquo;{unknownLocation.text}&rdquo;. Try a city and state (&ldquo;Austin, TX&rdquo;), a ZIP code, a state,
            or &ldquo;Remote&rdquo;.
          </p>
          {unknownLocation.suggestions.length ? (
            <>
              <p>Did you mean:</p>
              <ul className="link-list">
                {unknownLocation.suggestions.map((suggestion) => (
                  <li key={suggestion.href}>
                    <a href={suggestion.href}>{suggestion.label}</a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : (
        <p className="results-summary" role="status">
          {props.summary}
          {props.pageCount > 1 ? ` · Page ${criteria.page} of ${props.pageCount}` : ''}
        </p>
      )}

      {jobs.length ? (
        <JobList
          jobs={jobs}
          save={{
            next: searchUrl(criteria),
            savedJobIds: props.savedJobIds,
            searchContext: { jobCount: props.totalText, jobTitle: criteria.search, radius: String(criteria.radius), location: props.placeLabel ?? criteria.location },
          }}
        />
      ) : !unknownLocation ? (
        <div className="notice">
          {props.total > 0 ? (
            <p>
              There are no more results on this page. <a href={searchUrl({ ...criteria, page: props.pageCount })}>Go to the last page</a>.
            </p>
          ) : (
            <>
              <p>No open jobs match this search yet. You could:</p>
              <ul>
                {filtersActive ? (
                  <li>
                    <a href={searchUrl({ search: criteria.search, location: criteria.location, radius: criteria.radius })}>Remove the filters</a>
                  </li>
                ) : null}
                {props.placeHasRadius && criteria.radius < 100 ? (
                  <li>
                    <a href={searchUrl({ ...criteria, radius: 100, page: 1 })}>Search within 100 miles</a>
                  </li>
                ) : null}
                {criteria.search ? (
                  <li>
                    <a href={searchUrl({ location: criteria.location, radius: criteria.radius })}>See all jobs {props.placeLabel ? `in ${props.placeLabel}` : ''}</a>
                  </li>
                ) : null}
                <li>
                  <a href="/browse">Browse jobs by category and city</a>
                </li>
              </ul>
            </>
          )}
        </div>
      ) : null}

      <Pagination page={criteria.page} pageCount={props.pageCount} href={(page) => searchUrl({ ...criteria, page })} />
    </div>
  );
}

function headingText(search: string, placeLabel: string | null): string {
  if (!search && !placeLabel) return 'Search jobs';
  const what = search ? `${search} jobs` : 'Jobs';
  if (!placeLabel) return what;
  return placeLabel === 'Remote' ? `Remote ${what.charAt(0).toLowerCase()}${what.slice(1)}` : `${what} in ${placeLabel}`;
}
