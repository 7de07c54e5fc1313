import zipcodes from 'zipcodes';
import { REMOTE_LOCATION } from '../../../shared/jobs/enums';

/** A place a person can search near, resolved from the offline US ZIP code data. */
export type Place =
  | { kind: 'city'; label: string; city: string; state: string; latitude: number; longitude: number }
  | { kind: 'zip'; label: string; zip: string; city: string; state: string; latitude: number; longitude: number }
  | { kind: 'state'; label: string; state: string; stateName: string }
  | { kind: 'remote'; label: string };

/** A place with a centre: a city or a ZIP code, searched within a radius of it. */
export type RadiusPlace = Extract<Place, { kind: 'city' | 'zip' }>;

/** Whether the place has a centre to measure a radius and a distance from. */
export function hasRadius(place: Place | null | undefined): place is RadiusPlace {
  return place?.kind === 'city' || place?.kind === 'zip';
}

export type LocationResult =
  | { status: 'none' }
  | { status: 'found'; place: Place }
  | { status: 'unknown'; text: string; suggestions: string[] };

interface CityEntry {
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  /** ZIP codes in the city: a rough measure of its size, used to pick among same-named cities. */
  zipCount: number;
}

interface Gazetteer {
  byZip: Map<string, { zip: string; city: string; state: string; latitude: number; longitude: number }>;
  /** "austin|tx" -> city */
  byCityState: Map<string, CityEntry>;
  /** "austin" -> cities of that name, largest first */
  byCityName: Map<string, CityEntry[]>;
  cities: CityEntry[];
  stateByCode: Map<string, string>;
  codeByStateName: Map<string, string>;
}

export const MAX_LOCATION_LENGTH = 100;
let gazetteer: Gazetteer | null = null;

/** Built once, on first use, from the zipcodes package (50 states and DC). */
export function getGazetteer(): Gazetteer {
  if (gazetteer) return gazetteer;
  const stateByCode = new Map<string, string>();
  const codeByStateName = new Map<string, string>();
  for (const [name, code] of Object.entries(zipcodes.states.full)) {
    if (!US_STATE_CODES.has(code)) continue;
    const title = name.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase()).replace(/\bOf\b/, 'of');
    stateByCode.set(code, title);
    codeByStateName.set(name.toLowerCase(), code);
  }
  const byZip: Gazetteer['byZip'] = new Map();
  // The median, not the mean: a few ZIP codes (PO boxes, agencies) carry far-away coordinates.
  const sums = new Map<string, { city: string; state: string; lats: number[]; lons: number[] }>();
  for (const entry of Object.values(zipcodes.codes)) {
    if (entry.country !== 'US' || !US_STATE_CODES.has(entry.state)) continue;
    if (!Number.isFinite(entry.latitude) || !Number.isFinite(entry.longitude) || (entry.latitude === 0 && entry.longitude === 0)) continue;
    byZip.set(entry.zip, { zip: entry.zip, city: entry.city, state: entry.state, latitude: entry.latitude, longitude: entry.longitude });
    const key = cityKey(entry.city, entry.state);
    const sum = sums.get(key) ?? { city: entry.city, state: entry.state, lats: [], lons: [] };
    sum.lats.push(entry.latitude);
    sum.lons.push(entry.longitude);
    sums.set(key, sum);
  }
  const byCityState = new Map<string, CityEntry>();
  const byCityName = new Map<string, CityEntry[]>();
  for (const [key, sum] of sums) {
    const city: CityEntry = { city: sum.city, state: sum.state, latitude: round4(median(sum.lats)), longitude: round4(median(sum.lons)), zipCount: sum.lats.length };
    byCityState.set(key, city);
    const name = normalize(sum.city);
    const list = byCityName.get(name) ?? [];
    list.push(city);
    byCityName.set(name, list);
  }
  for (const list of byCityName.values()) list.sort((a, b) => b.zipCount - a.zipCount);
  const cities = [...byCityState.values()].sort((a, b) => b.zipCount - a.zipCount);
  gazetteer = { byZip, byCityState, byCityName, cities, stateByCode, codeByStateName };
  return gazetteer;
}

/**
 * Reads what a person typed in the location box: "City, ST", "City State", "City, State Name",
 * a ZIP code, a state (code or name), or "Remote". A city name alone picks the largest city of
 * that name. Anything else is unknown, with the closest city names as suggestions.
 */
export function parseLocation(input: string | undefined | null): LocationResult {
  const text = (input ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_LOCATION_LENGTH);
  if (text === '') return { status: 'none' };
  const g = getGazetteer();
  const lower = text.toLowerCase();
  if (lower === 'remote' || lower === 'anywhere' || lower === 'work from home') {
    return { status: 'found', place: { kind: 'remote', label: REMOTE_LOCATION } };
  }

  const zipMatch = /^(\d{5})(?:-\d{4})?$/.exec(text);
  if (zipMatch) {
    const zip = g.byZip.get(zipMatch[1]!);
    if (zip) return { status: 'found', place: { kind: 'zip', label: `${zip.city}, ${zip.state} ${zip.zip}`, ...zip } };
    return { status: 'unknown', text, suggestions: [] };
  }

  const state = stateCode(lower, g);
  if (state) return { status: 'found', place: { kind: 'state', label: g.stateByCode.get(state)!, state, stateName: g.stateByCode.get(state)! } };

  // "City, ST" / "City, State" / "City ST" / "City State Name" (optionally with a ZIP at the end).
  const withoutZip = lower.replace(/\s+\d{5}(?:-\d{4})?$/, '');
  const comma = withoutZip.lastIndexOf(',');
  const candidates: Array<[string, string]> = [];
  if (comma > 0) candidates.push([withoutZip.slice(0, comma).trim(), withoutZip.slice(comma + 1).trim()]);
  const words = withoutZip.replace(/,/g, ' ').split(' ').filter(Boolean);
  for (let split = words.length - 1; split >= Math.max(1, words.length - 4); split -= 1) {
    candidates.push([words.slice(0, split).join(' '), words.slice(split).join(' ')]);
  }
  for (const [cityPart, statePart] of candidates) {
    const code = stateCode(statePart, g);
    if (!code) continue;
    const city = g.byCityState.get(`${normalize(cityPart)}|${code}`);
    if (city) return { status: 'found', place: cityPlace(city) };
  }

  const sameName = g.byCityName.get(normalize(withoutZip.replace(/,/g, ' ')));
  if (sameName?.[0]) return { status: 'found', place: cityPlace(sameName[0]) };

  return { status: 'unknown', text, suggestions: closestCities(withoutZip, g) };
}

export function cityPlace(city: { city: string; state: string; latitude: number; longitude: number }): Place {
  return { kind: 'city', label: `${city.city}, ${city.state}`, city: city.city, state: city.state, latitude: city.latitude, longitude: city.longitude };
}

export function findCity(city: string, state: string): CityEntry | undefined {
  return getGazetteer().byCityState.get(cityKey(city, state));
}

export function stateName(code: string): string | undefined {
  return getGazetteer().stateByCode.get(code);
}

function stateCode(text: string, g: Gazetteer): string | undefined {
  const trimmed = text.trim().replace(/\.$/, '');
  if (trimmed.length === 2 && g.stateByCode.has(trimmed.toUpperCase())) return trimmed.toUpperCase();
  return g.codeByStateName.get(trimmed.toLowerCase());
}

/** Up to five "City, ST" labels whose names are closest to what was typed (edit distance). */
function closestCities(text: string, g: Gazetteer): string[] {
  const comma = text.indexOf(',');
  const wanted = normalize(comma > 0 ? text.slice(0, comma) : text);
  if (wanted.length < 2) return [];
  const limit = Math.max(1, Math.min(3, Math.floor(wanted.length / 3)));
  const scored: Array<{ city: CityEntry; distance: number }> = [];
  for (const [name, list] of g.byCityName) {
    if (Math.abs(name.length - wanted.length) > limit) continue;
    const distance = editDistance(wanted, name, limit);
    if (distance <= limit) for (const city of list) scored.push({ city, distance });
  }
  scored.sort((a, b) => a.distance - b.distance || b.city.zipCount - a.city.zipCount);
  return scored.slice(0, 5).map(({ city }) => `${city.city}, ${city.state}`);
}

/** Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\bst\.?(?=\s)/g, 'saint')
    .replace(/\bft\.?(?=\s)/g, 'fort')
    .replace(/\bmt\.?(?=\s)/g, 'mount')
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function cityKey(city: string, state: string): string {
  return `${normalize(city)}|${state.toUpperCase()}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

const US_STATE_CODES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '),
);
