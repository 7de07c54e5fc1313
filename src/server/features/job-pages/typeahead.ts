import { REMOTE_LOCATION } from '../../../shared/jobs/enums';
import type { ListingOverview } from '../jobs/jobs.repository';
import { getGazetteer, stateName } from '../jobs/places';

const MAX_SUGGESTIONS = 8;

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9, ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** True when every typed word starts some word of the candidate ("fork op" finds "Forklift Operator"). */
function wordsMatch(candidate: string, typed: string[]): boolean {
  const words = candidate.split(/[ ,]+/);
  return typed.every((part) => words.some((word) => word.startsWith(part)));
}

/** Job titles with open listings, most listings first, matching what was typed. */
export function suggestTitles(overview: ListingOverview, query: string): string[] {
  const typed = fold(query).split(/[ ,]+/).filter(Boolean);
  if (typed.length === 0) return overview.titles.slice(0, MAX_SUGGESTIONS).map((title) => title.title);
  const out: string[] = [];
  for (const title of overview.titles) {
    if (wordsMatch(fold(title.title), typed)) out.push(title.title);
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}

/**
 * Places with open listings ("City, ST"), states and "Remote", matching what was typed; digits
 * complete to ZIP codes. Places with more jobs come first.
 */
export function suggestLocations(overview: ListingOverview, query: string): string[] {
  const folded = fold(query);
  if (/^\d{1,5}$/.test(folded)) {
    const out: string[] = [];
    for (const zip of getGazetteer().byZip.values()) {
      if (zip.zip.startsWith(folded)) out.push(`${zip.city}, ${zip.state} ${zip.zip}`);
      if (out.length === MAX_SUGGESTIONS) break;
    }
    return out;
  }
  const typed = folded.split(/[ ,]+/).filter(Boolean);
  const candidates: Array<{ label: string; count: number }> = [];
  if (overview.remote > 0) candidates.push({ label: REMOTE_LOCATION, count: overview.remote });
  for (const { state, count } of overview.states) candidates.push({ label: stateName(state) ?? state, count });
  for (const { city, state, count } of overview.cities) candidates.push({ label: `${city}, ${state}`, count });
  if (typed.length === 0) return overview.cities.slice(0, MAX_SUGGESTIONS).map(({ city, state }) => `${city}, ${state}`);
  return candidates
    .filter((candidate) => wordsMatch(fold(candidate.label), typed))
    .sort((a, b) => b.count - a.count)
    .slice(0, MAX_SUGGESTIONS)
    .map((candidate) => candidate.label);
}
