import { RADIUS_MILES, type RadiusMiles } from '../../../shared/jobs/enums';
import { SEARCH_PATH } from '../../../shared/jobs/search-url';
import { useShell } from '../../shell/shell-context';
import { RecentSearches, rememberFormSearch } from './recent-searches';
import { Typeahead } from './typeahead';

export const TITLE_SUGGESTIONS_URL = '/api/typeahead/titles';
export const LOCATION_SUGGESTIONS_URL = '/api/typeahead/locations';

interface SearchFormProps {
  search: string;
  location: string;
  radius: RadiusMiles;
  /** Headline-level forms (landing, near-me) label themselves; a results page reuses the page heading. */
  label?: string;
}

/** What and where, with type-ahead; submits to the results page as a plain GET form. */
export function SearchForm({ search, location, radius, label = 'Search jobs' }: SearchFormProps) {
  const signedIn = Boolean(useShell().user);
  return (
    <>
      <form className="job-search-form" role="search" aria-label={label} method="get" action={SEARCH_PATH} onSubmit={(event) => rememberFormSearch(event.currentTarget, signedIn)}>
        <Typeahead name="search" label="What" endpoint={TITLE_SUGGESTIONS_URL} defaultValue={search} placeholder="Job title, keywords or company" />
        <Typeahead name="location" label="Where" endpoint={LOCATION_SUGGESTIONS_URL} defaultValue={location} placeholder='City, state, ZIP or "Remote"' />
        <div className="field">
          <label htmlFor="search-radius">Within</label>
          <select id="search-radius" name="radius" defaultValue={String(radius)}>
            {RADIUS_MILES.map((miles) => (
              <option key={miles} value={miles}>
                {miles} miles
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary">
          Search
        </button>
      </form>
      <RecentSearches signedIn={signedIn} />
    </>
  );
}
