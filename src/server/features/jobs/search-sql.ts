import { sql, type RawBuilder } from 'kysely';
import type { Db, DialectName } from '../../db/database';
import type { BoundingBox } from './geo';
import { ftsWordsQuery, type WordGroup } from './search-words';
import { DAY_MS } from '../../../shared/time';

/** SQL fragments of the search that both databases' statements share (decision 0246). */

/** A listing this many days old counts half as much as a brand-new one with the same text score. */
const RECENCY_HALF_LIFE_DAYS = 14;
/** Latitude bands per degree of the place index (migration 0041: a quarter of a degree). */
const BANDS_PER_DEGREE = 4;

/**
 * Great-circle distance in miles from a point to each row, as SQL (both dialects have these functions):
 * `j` is the jobs table here; the résumé database passes its own alias.
 */
export function distanceMiles(latitude: number, longitude: number, table = 'j'): RawBuilder<number> {
  const rowLat = sql.ref(`${table}.latitude`);
  const rowLon = sql.ref(`${table}.longitude`);
  const lat = sql`radians(${rowLat})`;
  const dLat = sql`(radians(${rowLat}) - ${(latitude * Math.PI) / 180})`;
  const dLon = sql`(radians(${rowLon}) - ${(longitude * Math.PI) / 180})`;
  const cosLat0 = Math.cos((latitude * Math.PI) / 180);
  return sql<number>`(7917.6 * asin(sqrt(sin(${dLat} / 2) * sin(${dLat} / 2) + ${cosLat0} * cos(${lat}) * sin(${dLon} / 2) * sin(${dLon} / 2))))`;
}

/** The "posted within" filter's day in milliseconds. */
export function postedSince(now: number, days: number): number {
  return now - days * DAY_MS;
}

/** A box asked of the place indexes. */
export function indexedBox(box: BoundingBox): RawBuilder<unknown> {
  return sql`j.latitude between ${box.minLatitude} and ${box.maxLatitude} and j.longitude between ${box.minLongitude} and ${box.maxLongitude}`;
}

/** A box tested on each row, its terms kept off every index by unary plus (both databases). */
export function unindexedBox(box: BoundingBox): RawBuilder<unknown> {
  return sql`+j.latitude between ${box.minLatitude} and ${box.maxLatitude} and +j.longitude between ${box.minLongitude} and ${box.maxLongitude}`;
}

/**
 * A box asked of the place index band by band (decision 0193): each band of the box, then its
 * longitudes, so a search that reads the whole box reads it alone, not the country's strip at its
 * latitudes. The band is spelled as the index's expression (migration 0041).
 */
export function bandedBox(dialect: DialectName, box: BoundingBox): RawBuilder<unknown> {
  const band = dialect === 'postgres' ? `(floor((j.latitude + 90) * ${BANDS_PER_DEGREE})::integer)` : `cast((j.latitude + 90) * ${BANDS_PER_DEGREE} as integer)`;
  return sql`${sql.raw(band)} in (${sql.join(latitudeBands(box))})
      and j.latitude between ${box.minLatitude} and ${box.maxLatitude} and j.longitude between ${box.minLongitude} and ${box.maxLongitude}`;
}

/** The latitude bands a box spans (its latitudes are within -90..90). */
function latitudeBands(box: BoundingBox): number[] {
  const band = (latitude: number) => Math.floor((Math.min(90, Math.max(-90, latitude)) + 90) * BANDS_PER_DEGREE);
  const bands: number[] = [];
  for (let b = band(box.minLatitude); b <= band(box.maxLatitude); b += 1) bands.push(b);
  return bands;
}

/** The order of a page in date order (featured jobs first), as the walk spells it: the page's own, and the index's. */
export const DATED_ORDER = 'featured desc, posted_at desc, seq desc';
/** What a walk's page and its box read of a job: the date index's columns (migration 0060). */
export const WALK_COLUMNS = 'status, featured, posted_at, seq, latitude, longitude';

/** What a bounded text search lists of each candidate: its key and what ranking and ordering read. */
export const LISTED = sql`j.seq as seq, j.featured as featured, j.posted_at as posted_at, j.title_key as title_key`;

/**
 * 1 + 2 x the share of the typed words found in the title, up to 3x: bm25 and ts_rank_cd saturate term
 * frequency, so column weights alone barely lift a title match over one mention in a description.
 * Looked up in title_key (the lower-case, accent-free title) so SQLite reads it from an index. A group
 * whose title holds one of its other names (whole words) counts at least SYNONYM_TITLE_SHARE of its
 * typed words: all the words the seeker typed still rank first (decision 0260).
 */
export function titleBoost(dialect: DialectName, words: readonly WordGroup[]): RawBuilder<unknown> {
  const position = (text: RawBuilder<unknown>, part: string) => (dialect === 'sqlite' ? sql`instr(${text}, ${part})` : sql`strpos(${text}, ${part})`);
  const typedCount = words.reduce((sum, group) => sum + group.typed.length, 0);
  const hits = words.map((group) => {
    const typed = sql.join(
      group.typed.map((term) => {
        const stem = roughStem(term).normalize('NFD').replace(/\p{M}/gu, '');
        return sql`case when ${position(sql`j.title_key`, stem)} > 0 then 1 else 0 end`;
      }),
      sql` + `,
    );
    if (group.synonyms.length === 0) return typed;
    // title_key is the title's slug: words joined by hyphens, so a name is a whole word between them.
    const bounded = sql`('-' || j.title_key || '-')`;
    const named = sql.join(group.synonyms.map((phrase) => sql`${position(bounded, `-${phrase.join('-')}-`)} > 0`), sql` or `);
    const share = sql.lit(SYNONYM_TITLE_SHARE * group.typed.length);
    return sql`(case when ${named} then ${dialect === 'sqlite' ? sql`max` : sql`greatest`}(${typed}, ${share}) else ${typed} end)`;
  });
  return sql`(1 + 2 * cast(${sql.join(hits, sql` + `)} as double precision) / ${sql.lit(typedCount)})`;
}

/** A title holding another name of a typed phrase counts this share of the phrase's words found. */
const SYNONYM_TITLE_SHARE = 0.6;

/** 1 for a listing posted now, 1/2 at RECENCY_HALF_LIFE_DAYS old, falling towards 0. */
export function recency(now: number): RawBuilder<unknown> {
  const ageDays = sql`(cast(${now} - j.posted_at as double precision) / ${DAY_MS})`;
  return sql`(${sql.lit(RECENCY_HALF_LIFE_DAYS)} / (${sql.lit(RECENCY_HALF_LIFE_DAYS)} + ${ageDays}))`;
}

/** "dispatchers" -> "dispatcher": enough to find a plural's singular inside a title. */
function roughStem(term: string): string {
  return term.length > 4 && term.endsWith('s') ? term.slice(0, -1) : term;
}

/** SQLite: the full-text match of the words alone. */
export function wordsMatch(words: readonly WordGroup[]): RawBuilder<unknown> {
  return sql`jobs_fts match ${ftsWordsQuery(words)}`;
}

/** SQLite: open jobs matching all the words, counted from the full-text index alone, no further than `limit` if given. */
export async function countTextMatches(db: Db, words: readonly WordGroup[], limit?: number): Promise<number> {
  const query =
    limit === undefined
      ? sql<{ total: number }>`select count(*) as total from jobs_fts where jobs_fts match ${ftsWordsQuery(words)}`
      : sql<{ total: number }>`select count(*) as total from (select 1 from jobs_fts where jobs_fts match ${ftsWordsQuery(words)} limit ${limit}) m`;
  const { rows } = await query.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/** The largest seq of any job (an index's last entry): at least the number of open jobs. */
export async function largestSeq(db: Db): Promise<number> {
  const { rows } = await sql<{ seq: number | string | null }>`select max(seq) as seq from jobs`.execute(db);
  return Number(rows[0]?.seq ?? 0);
}
