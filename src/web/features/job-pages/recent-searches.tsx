import { useEffect, useState } from 'react';
import { request } from '../../../shared/http/request';
import { SEARCH_PATH } from '../../../shared/jobs/search-url';
import { ONBOARDING_PATHS } from '../../../shared/seeker/onboarding';
import {
  browserStorage,
  clearRecentSearches,
  readRecentSearches,
  recentSearchHref,
  recentSearchLabel,
  rememberSearch,
  type StoredSearch,
} from './recent-searches-store';
import { useHydrated } from '../../shell/use-hydrated';
import { buttonClass } from '../../ui/button-class';
import './recent-searches.css';

/** A search form's submit: a visitor's search is kept in their browser (an account's on the server). */
export function rememberFormSearch(form: HTMLFormElement, signedIn: boolean): void {
  if (signedIn) return;
  const data = new FormData(form);
  rememberSearch(browserStorage(), { search: String(data.get('search') ?? ''), location: String(data.get('location') ?? '') });
}

function isSearchList(body: unknown): body is { searches: StoredSearch[] } {
  if (typeof body !== 'object' || body === null) return false;
  const searches = (body as { searches?: unknown }).searches;
  return Array.isArray(searches) && searches.every((item) => typeof item === 'object' && item !== null && typeof item.search === 'string' && typeof item.location === 'string');
}

/**
 * Recent searches under a search form, as links to their results (decision 0234): the account's
 * from the server when signed in, else the browser's. Drawn after hydration only (the server
 * knows neither list on a page kept for visitors), so nothing shifts before it.
 */
export function RecentSearches({ signedIn }: { signedIn: boolean }) {
  const hydrated = useHydrated();
  const [accountSearches, setAccountSearches] = useState<StoredSearch[]>([]);
  const [cleared, setCleared] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    void request({ path: ONBOARDING_PATHS.recentSearches, signal: controller.signal }).then((answer) => {
      if (answer.ok && !controller.signal.aborted && isSearchList(answer.body)) setAccountSearches(answer.body.searches);
    });
    return () => controller.abort();
  }, [signedIn]);
  // A visitor's come from the browser, read once the page is live (the server never knows them).
  const searches = signedIn ? accountSearches : hydrated && !cleared ? readRecentSearches(browserStorage()) : [];

  if (searches.length === 0) return null;
  return (
    <nav className="recent-searches" aria-label="Recent searches">
      <span className="recent-searches__title">Recent searches:</span>
      <ul>
        {searches.map((entry) => (
          <li key={`${entry.search}|${entry.location}`}>
            <a href={recentSearchHref(SEARCH_PATH, entry)}>{recentSearchLabel(entry)}</a>
          </li>
        ))}
      </ul>
      {signedIn ? null : (
        <button
          type="button"
          className={buttonClass('plain')}
          onClick={() => {
            clearRecentSearches(browserStorage());
            setCleared(true);
          }}
        >
          Clear
        </button>
      )}
    </nav>
  );
}
