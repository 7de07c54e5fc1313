// A visitor's recent searches, kept in their browser (decision 0234); a signed-in person's are kept
// per account on the server (job_searches). No imports: the landing page's first load uses this.

export interface StoredSearch {
  search: string;
  location: string;
}

export const RECENT_SEARCHES_KEY = 'jobwise.recentSearches';
export const MAX_RECENT_SEARCHES = 5;
const MAX_FIELD_LENGTH = 100;

/** The part of Storage used here, so tests hand in their own and private modes that throw are survived. */
export type SearchStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const clean = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, MAX_FIELD_LENGTH) : '');
const keyOf = (entry: StoredSearch) => `${entry.search.toLowerCase()}\u0000${entry.location.toLowerCase()}`;

/** Newest first; anything unreadable (another site version, a hand edit, storage refused) reads as none. */
export function readRecentSearches(storage: SearchStorage | null): StoredSearch[] {
  if (!storage) return [];
  let raw: string | null;
  try {
    raw = storage.getItem(RECENT_SEARCHES_KEY);
  } catch {
    return [];
  }
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<string>();
  const out: StoredSearch[] = [];
  for (const item of parsed) {
    if (typeof item !== 'object' || item === null) continue;
    const entry = { search: clean((item as { search?: unknown }).search), location: clean((item as { location?: unknown }).location) };
    if ((!entry.search && !entry.location) || seen.has(keyOf(entry))) continue;
    seen.add(keyOf(entry));
    out.push(entry);
    if (out.length === MAX_RECENT_SEARCHES) break;
  }
  return out;
}

/** Puts the search first (once: the same words and place, case aside, move up); empty searches are not kept. */
export function rememberSearch(storage: SearchStorage | null, search: StoredSearch): StoredSearch[] {
  const entry = { search: clean(search.search), location: clean(search.location) };
  const current = readRecentSearches(storage);
  if (!entry.search && !entry.location) return current;
  const next = [entry, ...current.filter((item) => keyOf(item) !== keyOf(entry))].slice(0, MAX_RECENT_SEARCHES);
  try {
    storage?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next));
  } catch {
    // Full or refused (private mode): the search still runs, it just is not remembered.
  }
  return next;
}

export function clearRecentSearches(storage: SearchStorage | null): void {
  try {
    storage?.removeItem(RECENT_SEARCHES_KEY);
  } catch {
    // Nothing to do: there was nothing we could read either.
  }
}

/** The browser's localStorage, or null where reading it throws (some privacy settings). */
export function browserStorage(): SearchStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The results page address of a search. */
export function recentSearchHref(path: string, entry: StoredSearch): string {
  const query = new URLSearchParams();
  if (entry.search) query.set('search', entry.search);
  if (entry.location) query.set('location', entry.location);
  return `${path}?${query.toString()}`;
}

export function recentSearchLabel(entry: StoredSearch): string {
  if (entry.search && entry.location) return `${entry.search} in ${entry.location}`;
  return entry.search || entry.location;
}
