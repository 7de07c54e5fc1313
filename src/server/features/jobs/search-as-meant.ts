import type { SearchCriteria } from '../../../shared/jobs/search-url';
import type { Db, DialectName } from '../../db/database';
import { findCity, parseLocation, type LocationResult, type Place } from './places';
import { withAvailableSort } from './search-query';
import { searchWithSpelling, type CorrectedSearch } from './search-spelling';
import { searchTerms } from './search-terms';
import { isTitleWord } from './search-words';

/**
 * The search as a job seeker means it (decisions 0260-0262): a place typed at the end of the "What"
 * box read as the place, the words' abbreviations and other names (the plan's word groups), and a
 * typo corrected where the words as typed find few jobs. `asTyped` skips the place and the typo steps.
 */

/** ZIP codes a one-word city needs to be read as a place in the "What" box: a town named Cook does not make "line cook" a place. */
const MIN_CITY_ZIP_CODES = 5;

/**
 * A place typed at the end of the "What" box ("nurse houston", "cna in dallas tx", "rn 78701"): the
 * words before it and the place, or null. The last one to four words are tried, longest first; they
 * must hold no title word of the table, a state alone must be spelled out (MA, PA, OR are words
 * too), and a city named by one word must be a sizable one.
 */
export function placeInWords(search: string): { words: string; place: Place } | null {
  const words = search.trim().split(/\s+/).filter(Boolean);
  for (let length = Math.min(4, words.length - 1); length >= 1; length -= 1) {
    const tail = words.slice(words.length - length);
    let head = words.slice(0, words.length - length);
    if (head.at(-1)?.toLowerCase() === 'in' || head.at(-1)?.toLowerCase() === 'near') head = head.slice(0, -1);
    if (head.length === 0) continue;
    const tailTerms = searchTerms(tail.join(' '));
    if (tailTerms.length === 0 || tailTerms.some((term) => isTitleWord(term))) continue;
    const location = parseLocation(tail.join(' '));
    if (location.status !== 'found') continue;
    const { place } = location;
    if (place.kind === 'state' && tail.join(' ').replace(/[^a-z]/gi, '').length <= 2) continue;
    if (place.kind === 'city' && tailTerms.length === 1 && (findCity(place.city, place.state)?.zipCount ?? 0) < MIN_CITY_ZIP_CODES) continue;
    return { words: head.join(' '), place };
  }
  return null;
}

export interface MeantSearch extends CorrectedSearch {
  /** What the "Where" box said, or the place read from the words. */
  location: LocationResult;
  place: Place | null;
  /** The place read from the "What" box, and the words before it. */
  placeFromWords: { words: string; place: Place } | null;
}

/** The search of the results page: typed criteria in, the criteria searched and their results out. */
export async function searchAsMeant(db: Db, dialect: DialectName, typed: SearchCriteria, now: number, options: { asTyped: boolean }): Promise<MeantSearch> {
  const split = !options.asTyped && !typed.location && typed.search ? placeInWords(typed.search) : null;
  const asked = split ? { ...typed, search: split.words, location: split.place.label } : typed;
  const location = parseLocation(asked.location);
  const place = location.status === 'found' ? location.place : null;
  const criteria = withAvailableSort(asked, place);
  const searched = await searchWithSpelling(db, dialect, { criteria, place, now }, options);
  return { ...searched, location, place, placeFromWords: split };
}
