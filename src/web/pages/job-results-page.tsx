import { useEffect, useRef } from 'react';
import type { SearchResultsProps } from '../../shared/jobs/page-props';
import { searchUrl, type SearchCriteria } from '../../shared/jobs/search-url';
import { searchFeedUrl } from '../../shared/open-data/paths';
import { FilterChips } from '../features/job-pages/filter-chips';
import { FilterMenus } from '../features/job-pages/filter-menus';
import { filtersActive as hasFilters, withoutFilters } from '../features/job-pages/filters-form';
import { Pagination } from '../ui/pagination';
import { ResultsFilters } from '../features/job-pages/results-filters';
import { ResultsAlert } from '../features/job-pages/results-alert';
import { ResultsPanes } from '../features/job-pages/results-panes';
import { SearchForm } from '../features/job-pages/search-form';
import { fromWidth } from '../ui/breakpoints';
import { useMediaQuery } from '../ui/use-media-query';
import '../features/job-pages/jobs.css';
import '../features/job-pages/results.css';

/** From this width the search form is always open; below it, it folds into a one-line summary. */
const OPEN_FORM_QUERY = fromWidth('md');

export default function JobResultsPage({ props }: { props: SearchResultsProps }) {
  const { criteria, jobs, unknownLocation } = props;
  const heading = headingText(criteria.search, props.placeLabel);
  const filtersActive = hasFilters(criteria);
  const pagination = <Pagination page={criteria.page} pageCount={props.pageCount} href={(page) => searchUrl({ ...criteria, page })} />;
  return (
    <div className="jobs-page results-page">
      <h1>{heading}</h1>
      <SearchPanel criteria={criteria} placeLabel={props.placeLabel} placeHasRadius={props.placeHasRadius} />

      <div className="results-tools">
        <ResultsFilters criteria={criteria} placeHasRadius={props.placeHasRadius} />
        <FilterMenus criteria={criteria} placeHasRadius={props.placeHasRadius} />
        <FilterChips criteria={criteria} />
        {!unknownLocation && (criteria.search || criteria.location) ? <ResultsAlert criteria={criteria} placeLabel={props.placeLabel} notice={props.alertNotice ?? null} /> : null}
      </div>

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
        <div className="results-summary-line">
          <p className="results-summary" role="status">
            {props.summary}
            {props.pageCount > 1 ? ` · Page ${criteria.page} of ${props.pageCount}` : ''}
          </p>
          <a className="results-feed" href={searchFeedUrl(criteria)} type="application/atom+xml">
            Feed of this search
          </a>
        </div>
      )}


      {jobs.length ? (
        <ResultsPanes
          jobs={jobs}
          selected={props.selected ?? null}
          firstDetail={props.firstDetail ?? null}
          save={{
            next: searchUrl(criteria),
            savedJobIds: props.savedJobIds,
            appliedJobIds: props.appliedJobIds,
            searchContext: { jobCount: props.totalText, jobTitle: criteria.search, radius: String(criteria.radius), location: props.placeLabel ?? criteria.location },
          }}
        >
          {pagination}
        </ResultsPanes>
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
                    <a href={withoutFilters(criteria)}>Remove the filters</a>
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
      {jobs.length ? null : pagination}
    </div>
  );
}

/**
 * What and where. Below 768 px it folds into one line ("driver · Chicago, IL · 25 mi") that opens the
 * form, so the first results show above the fold on a phone; wider, the form is always open (CSS opens
 * the disclosure's content, and script opens it where the browser cannot).
 */
function SearchPanel({ criteria, placeLabel, placeHasRadius }: { criteria: SearchCriteria; placeLabel: string | null; placeHasRadius: boolean }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const wide = useMediaQuery(OPEN_FORM_QUERY);
  useEffect(() => {
    if (wide && ref.current && !ref.current.open) ref.current.open = true;
  }, [wide]);
  const empty = !criteria.search && !criteria.location;
  const where = placeLabel ?? (criteria.location || 'Anywhere');
  const line = [criteria.search || 'All jobs', where, placeHasRadius ? `${criteria.radius} mi` : null].filter(Boolean).join(' · ');
  return (
    <details ref={ref} className="results-search" open={empty}>
      <summary className="results-search-summary">
        <span className="visually-hidden">Edit search: </span>
        <span className="results-search-line">{line}</span>
        <span className="results-search-edit" aria-hidden="true">
          Edit
        </span>
      </summary>
      <SearchForm search={criteria.search} location={criteria.location} radius={criteria.radius} />
    </details>
  );
}

function headingText(search: string, placeLabel: string | null): string {
  if (!search && !placeLabel) return 'Search jobs';
  const what = search ? `${search} jobs` : 'Jobs';
  if (!placeLabel) return what;
  return placeLabel === 'Remote' ? `Remote ${what.charAt(0).toLowerCase()}${what.slice(1)}` : `${what} in ${placeLabel}`;
}
