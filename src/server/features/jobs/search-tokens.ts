import type { SearchCriteria } from '../../../shared/jobs/search-url';
import type { BoundingBox } from './geo';
import type { Place } from './places';

/**
 * Place and filter tokens in the full-text index (decision 0171). Every open job's index entry holds,
 * beside its words, a token for its place cell at each of four grid sizes and one for each filter
 * value, so a text search with a place or filters asks the full-text index for the words AND the
 * tokens, and the index intersects them itself instead of handing every match of a broad word to
 * the table. The tokens only narrow: the real conditions (radius, pay, ...) still apply to each row.
 *
 * The index side is SQL (migration 0036: a generated column on SQLite, the jobs_search_tokens
 * function on PostgreSQL); this module is the query side and must spell the tokens the same way.
 * Tokens are lower-case letters and digits ending in a digit, so neither FTS5's tokenizer nor its
 * Porter stemmer changes them, and "zz" keeps them apart from the words of a listing.
 */

/** Cells per degree at each grid size: 1/8, 1/4, 1/2 and 1 degree (powers of two: exact in floating point). */
export const CELL_LEVELS = [8, 4, 2, 1] as const;
/** A radius covered by more cells than this at every level gets no place tokens (a wider one costs the index more than it saves). */
export const MAX_COVER_CELLS = 24;
/** Pay thresholds with a token, as migration 0036 wrote them (the minimum-pay choices then). */
export const PAY_TOKEN_THRESHOLDS = [30_000, 40_000, 50_000, 60_000, 80_000, 100_000] as const;

/** PostgreSQL: each job also has a token for its block of SEQ_BUCKET seqs (`zzq<seq / SEQ_BUCKET>`). */
export const SEQ_BUCKET = 16_384;
/**
 * How many of the newest blocks a PostgreSQL text search asks for first, then widens to (decision 0171);
 * past the last, every block. More blocks make more index entries, and GIN checks each candidate
 * against all of them: 32 blocks cost more than they saved.
 */
export const NEWEST_WINDOWS = [2, 8] as const;

/** The tokens of the newest `blocks` seq blocks up to `maxSeq`, or null when they would cover every job. */
export function newestBlocks(maxSeq: number, blocks: number): string[] | null {
  const last = Math.floor(maxSeq / SEQ_BUCKET);
  if (last - blocks + 1 <= 0) return null;
  return Array.from({ length: blocks }, (_, i) => seqBlockToken(last - i));
}

/** The token of block `n` of SEQ_BUCKET seqs, as migration 0036 spells it. */
function seqBlockToken(n: number): string {
  return `zzq${n}`;
}

/** The tokens of the seq blocks that hold the seqs `from` to `to - 1`, newest first: each such seq is in exactly one. */
export function seqBlocksBetween(from: number, to: number): string[] {
  if (to <= from) return [];
  const first = Math.floor(from / SEQ_BUCKET);
  const last = Math.floor((to - 1) / SEQ_BUCKET);
  return Array.from({ length: last - first + 1 }, (_, i) => seqBlockToken(last - i));
}

export function cellToken(level: number, latitude: number, longitude: number): string {
  return `zzc${level}n${Math.floor((latitude + 90) * level)}n${Math.floor((longitude + 180) * level)}`;
}

/**
 * The cells of the finest level that cover the box in at most MAX_COVER_CELLS cells: every point of
 * the box (so every job within the radius) lies in one of them. Null when none does, or the box
 * leaves the map's range (no place tokens then; the search stays correct, only slower).
 */
export function coveringCells(box: BoundingBox): string[] | null {
  const { minLatitude, maxLatitude, minLongitude, maxLongitude } = box;
  if (minLatitude < -90 || maxLatitude > 90 || minLongitude < -180 || maxLongitude > 180) return null;
  for (const level of CELL_LEVELS) {
    const lat0 = Math.floor((minLatitude + 90) * level);
    const lat1 = Math.floor((maxLatitude + 90) * level);
    const lon0 = Math.floor((minLongitude + 180) * level);
    const lon1 = Math.floor((maxLongitude + 180) * level);
    if ((lat1 - lat0 + 1) * (lon1 - lon0 + 1) > MAX_COVER_CELLS) continue;
    const cells: string[] = [];
    for (let lat = lat0; lat <= lat1; lat += 1) {
      for (let lon = lon0; lon <= lon1; lon += 1) cells.push(`zzc${level}n${lat}n${lon}`);
    }
    return cells;
  }
  return null;
}

/**
 * PostgreSQL (migration 0051, decision 0199): each job also has a token for its one-degree cell with
 * its block of this many seqs (`zzg<lat>n<lon>b<seq / PLACE_SEQ_BLOCK>`), so a text search within a
 * radius can ask for the newest blocks of the cells that cover the radius.
 */
export const PLACE_SEQ_BLOCK = 131_072;
/** A window of more cell-and-block tokens than this costs GIN more than it saves: GIN checks each candidate against every one (decision 0199). */
export const MAX_PLACE_WINDOW_TOKENS = 16;

/**
 * The cell-and-block tokens of the one-degree cells covering the box, for the given seq blocks; null
 * when they would be more than MAX_PLACE_WINDOW_TOKENS or the box leaves the map's range.
 */
export function placeWindowTokens(box: BoundingBox, blocks: readonly number[]): string[] | null {
  const { minLatitude, maxLatitude, minLongitude, maxLongitude } = box;
  if (minLatitude < -90 || maxLatitude > 90 || minLongitude < -180 || maxLongitude > 180) return null;
  const lat0 = Math.floor(minLatitude + 90);
  const lat1 = Math.floor(maxLatitude + 90);
  const lon0 = Math.floor(minLongitude + 180);
  const lon1 = Math.floor(maxLongitude + 180);
  if ((lat1 - lat0 + 1) * (lon1 - lon0 + 1) * blocks.length > MAX_PLACE_WINDOW_TOKENS) return null;
  const tokens: string[] = [];
  for (let lat = lat0; lat <= lat1; lat += 1) {
    for (let lon = lon0; lon <= lon1; lon += 1) for (const block of blocks) tokens.push(`zzg${lat}n${lon}b${block}`);
  }
  return tokens;
}

const plain = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * What a search's place and filters ask of the index: groups of tokens, each group one OR, all groups
 * required. Empty when nothing of the search has a token.
 */
export function searchTokenGroups(
  criteria: SearchCriteria,
  place: Place | null,
  box: BoundingBox | null,
  options: { postgres?: boolean; placeWindow?: string[] } = {},
): string[][] {
  const groups: string[][] = [];
  if (options.placeWindow) groups.push(options.placeWindow);
  else if (box) {
    const cells = coveringCells(box);
    if (cells) groups.push(cells);
  }
  if (place?.kind === 'state') groups.push([`zzs${plain(place.state)}0`]);
  if (place?.kind === 'remote' || criteria.remoteOnly) groups.push(['zzr1']);
  const payToken = criteria.minPay !== null && (PAY_TOKEN_THRESHOLDS as readonly number[]).includes(criteria.minPay);
  // PostgreSQL: type and pay as one token of both (migration 0051): one entry for GIN to intersect.
  if (options.postgres && payToken && criteria.employmentType !== null) groups.push([`zzx${plain(criteria.employmentType)}p${criteria.minPay}`]);
  else {
    if (payToken) groups.push([`zzp${criteria.minPay}`]);
    if (criteria.employmentType !== null) groups.push([`zzt${plain(criteria.employmentType)}0`]);
  }
  if (criteria.category !== null) groups.push([`zzk${plain(criteria.category)}0`]);
  return groups;
}

/** FTS5: the groups within the tokens column, e.g. `search_tokens : ("a" OR "b") AND search_tokens : "c"`. */
export function ftsTokenQuery(groups: string[][]): string {
  return groups.map((group) => `search_tokens : (${group.map((token) => `"${token}"`).join(' OR ')})`).join(' AND ');
}

/** PostgreSQL tsquery text: `(a | b) & c` (tokens are letters and digits: nothing to quote). */
export function tsTokenQuery(groups: string[][]): string {
  return groups.map((group) => (group.length > 1 ? `(${group.join(' | ')})` : group[0]!)).join(' & ');
}
