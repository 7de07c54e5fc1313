import { RADIUS_MILES, type RadiusMiles } from '../../../shared/jobs/enums';
import { SEARCH_PATH } from '../../../shared/jobs/search-url';
import { useShell } from '../../shell/shell-context';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/choice-inputs';
import { RecentSearches, rememberFormSearch } from './recent-searches';
import { LOCATION_SUGGESTIONS_URL, TITLE_SUGGESTIONS_URL } from './suggestions';
import { Typeahead } from './typeahead';

/** The radius choices as a select draws them, in the search form and onboarding. */
export const RADIUS_OPTIONS = RADIUS_MILES.map((miles) => ({ value: String(miles), label: `${miles} miles` }));

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
        <SelectField label="Within" name="radius" options={RADIUS_OPTIONS} defaultValue={String(radius)} />
        <Button type="submit">Search</Button>
      </form>
      <RecentSearches signedIn={signedIn} />
    </>
  );
}
