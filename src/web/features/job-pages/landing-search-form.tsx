import { SEARCH_PATH } from '../../../shared/jobs/search-url';
import { buttonClass } from '../../ui/button-class';
import { logEvent } from '../analytics/event-logger';
import { observeLanding } from '../analytics/landing-observations';
import { RecentSearches, rememberFormSearch } from './recent-searches';
import { LOCATION_SUGGESTIONS_URL, TITLE_SUGGESTIONS_URL } from './suggestions';
import { Typeahead } from './typeahead';

/**
 * The landing page's search bar, loaded after hydration (decision 0234): the results page's
 * suggestions in both fields, and the visitor's recent searches kept in their browser (the landing
 * page is for visitors: a signed-in person is sent to Suggested Jobs).
 */
export function LandingSearchForm() {
  return (
    <>
      <form
        className="search-form"
        role="search"
        method="get"
        action={SEARCH_PATH}
        onSubmit={(event) => {
          rememberFormSearch(event.currentTarget, false);
          logEvent('landing_search', { component: 'search form', action: 'search' });
          observeLanding('search_form', 'SEARCH', { leaving: true });
        }}
      >
        <div className="search-field">
          <Typeahead name="search" label="Job title" endpoint={TITLE_SUGGESTIONS_URL} defaultValue="" placeholder="e.g. Forklift operator" />
        </div>
        <div className="search-field">
          <Typeahead name="location" label="Location" endpoint={LOCATION_SUGGESTIONS_URL} defaultValue="" placeholder="City, state or ZIP code" autoComplete="address-level2" />
        </div>
        {/* The Button's classes without its stylesheet: the landing page loads nothing new (decision 0321). */}
        <button type="submit" className={buttonClass('primary', false, 'search-submit')}>
          Search Jobs
        </button>
      </form>
      <RecentSearches signedIn={false} />
    </>
  );
}
