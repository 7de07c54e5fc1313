import { sql, type RawBuilder } from 'kysely';
import { RESULTS_PER_PAGE, type EmploymentType, type PayPeriod } from '../../../shared/jobs/enums';
import type { SearchCriteria } from '../../../shared/jobs/search-url';
import type { Db, DialectName } from '../../db/database';
import { boundingBox } from './geo';
import type { Place } from './places';

const DAY_MS = 86_400_000;
/** A listing this many days old counts half as much as a brand-new one with the same text score. */
const RECENCY_HALF_LIFE_DAYS = 14;
/** More words than this add nothing to a job search and cost the index time. */
const MAX_SEARCH_TERMS = 12;

export interface JobSearchParams {
  criteria: SearchCriteria;
  /** The resolved place, or null for "anywhere". */
  place: Place | null;
  now: number;
}

export interface JobSummaryRow {
  id: string;
  listing_key: string;
  category: string;
  title: string;
  company_name: string;
  city: string;
  state: string;
  remote: number;
  pay_min: number;
  pay_max: number;
  pay_period: PayPeriod;
  employment_type: EmploymentType;
  posted_at: number;
  snippet: string;
  distance: number | null;
}

export interface JobSearchResult {
  total: number;
  rows: JobSummaryRow[];
}

/**
 * The words of a search as plain terms: letters and digits only, so nothing a person types (quotes,
 * stars, parentheses, AND/OR/NEAR, column filters) can change the meaning of the full-text query.
 */
export function searchTerms(text: string): string[] {
  const terms = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(terms)].slice(0, MAX_SEARCH_TERMS);
}

/** FTS5 query text: each term a quoted string (terms hold no quotes), all required. */
export function ftsQuery(terms: string[]): string {
  return terms.map((term) => `"${term}"`).join(' ');
}

/**
 * One search for both databases. Only the full-text part differs by dialect: SQLite matches the
 * FTS5 table and ranks with bm25 (title weighted over company over description); PostgreSQL matches
 * the GIN-indexed tsvector and ranks with ts_rank_cd. Either text score is divided by an age factor,
 * so among equally good matches newer listings come first. A place filters first by a bounding box
 * on the indexed coordinates, then by exact great-circle distance.
 */
export async function searchJobs(db: Db, dialect: DialectName, params: JobSearchParams): Promise<JobSearchResult> {
  const { criteria, place, now } = params;
  const terms = searchTerms(criteria.search);
  const conditions: RawBuilder<unknown>[] = [sql`j.status = 'open'`];
  let from: RawBuilder<unknown> = sql`jobs j`;
  let textScore: RawBuilder<unknown> | null = null;

  let titleBoost: RawBuilder<unknown> = sql`1`;
  if (terms.length) {
    // bm25 saturates term frequency, so column weights alone barely lift a title match over one
    // mention in a description: count the words found in the title and boost by that share, up to 3x.
    const position = (stem: string) => (dialect === 'sqlite' ? sql`instr(lower(j.title), ${stem})` : sql`strpos(lower(j.title), ${stem})`);
    const hits = terms.map((term) => sql`case when ${position(roughStem(term))} > 0 then 1 else 0 end`);
    titleBoost = sql`(1.0 + 2.0 * (${sql.join(hits, sql` + `)}) / ${sql.lit(terms.length)})`;
    if (dialect === 'sqlite') {
      from = sql`jobs_fts f join jobs j on j.seq = f.rowid`;
      conditions.push(sql`jobs_fts match ${ftsQuery(terms)}`);
      textScore = sql`(-bm25(jobs_fts, 10.0, 4.0, 1.0))`;
    } else {
      const tsquery = sql`plainto_tsquery('english', ${terms.join(' ')})`;
      conditions.push(sql`j.search_vector @@ ${tsquery}`);
      textScore = sql`cast(ts_rank_cd(j.search_vector, ${tsquery}) as double precision)`;
    }
  }

  let distance: RawBuilder<unknown> | null = null;
  if (place && (place.kind === 'city' || place.kind === 'zip')) {
    const box = boundingBox(place.latitude, place.longitude, criteria.radius);
    conditions.push(sql`j.latitude between ${box.minLatitude} and ${box.maxLatitude}`);
    conditions.push(sql`j.longitude between ${box.minLongitude} and ${box.maxLongitude}`);
    distance = distanceMiles(place.latitude, place.longitude);
    conditions.push(sql`${distance} <= ${criteria.radius}`);
  } else if (place?.kind === 'state') {
    conditions.push(sql`j.state = ${place.state}`);
  } else if (place?.kind === 'remote') {
    conditions.push(sql`j.remote = 1`);
  }
  if (criteria.remoteOnly) conditions.push(sql`j.remote = 1`);
  if (criteria.minPay !== null) conditions.push(sql`j.pay_max_annual >= ${criteria.minPay}`);
  if (criteria.employmentType !== null) conditions.push(sql`j.employment_type = ${criteria.employmentType}`);
  if (criteria.category !== null) conditions.push(sql`j.category = ${criteria.category}`);
  if (criteria.postedWithin !== null) conditions.push(sql`j.posted_at >= ${now - criteria.postedWithin * DAY_MS}`);

  const where = sql.join(conditions, sql` and `);
  const ageDays = sql`(cast(${now} - j.posted_at as double precision) / ${DAY_MS})`;
  let orderBy: RawBuilder<unknown>;
  if (criteria.sort === 'distance' && distance) orderBy = sql`distance asc, j.posted_at desc, j.seq desc`;
  else if (criteria.sort === 'date' || !textScore) orderBy = sql`j.posted_at desc, j.seq desc`;
  else orderBy = sql`(${textScore} * ${titleBoost} * ${RECENCY_HALF_LIFE_DAYS} / (${RECENCY_HALF_LIFE_DAYS} + ${ageDays})) desc, j.seq desc`;

  const offset = (criteria.page - 1) * RESULTS_PER_PAGE;
  // PostgreSQL: a text search must score every match to rank them, so the same pass counts them (a
  // window count) instead of a second query reading every matching row again. SQLite cannot run
  // bm25() beside a window function; a text-only search there counts from the FTS index alone,
  // which holds only open jobs. Without text, rows come in index order and stop after a page, so a
  // separate count is cheaper.
  const countInline = dialect === 'postgres' && textScore !== null && criteria.sort !== 'date';
  const rowsQuery = sql<JobSummaryRow & { total_count?: number | string }>`
    select j.id, j.listing_key, j.category, j.title, j.company_name, j.city, j.state, j.remote, j.pay_min, j.pay_max, j.pay_period,
           j.employment_type, j.posted_at, substr(j.description, 1, 240) as snippet,
           ${distance ?? sql`null`} as distance
           ${countInline ? sql`, count(*) over () as total_count` : sql``}
    from ${from}
    where ${where}
    order by ${orderBy}
    limit ${RESULTS_PER_PAGE} offset ${offset}`;
  const countQuery =
    dialect === 'sqlite' && terms.length && conditions.length === 2
      ? sql<{ total: number | string }>`select count(*) as total from jobs_fts where jobs_fts match ${ftsQuery(terms)}`
      : sql<{ total: number | string }>`select count(*) as total from ${from} where ${where}`;

  const rows = (await rowsQuery.execute(db)).rows;
  let total: number;
  if (countInline && rows.length > 0) total = Number(rows[0]!.total_count);
  else total = Number((await countQuery.execute(db)).rows[0]?.total ?? 0);
  return {
    total,
    rows: rows.map(({ total_count: _total, ...row }) => ({ ...row, distance: row.distance === null ? null : Number(row.distance) })),
  };
}

/** "dispatchers" -> "dispatcher": enough to find a plural's singular inside a title. */
function roughStem(term: string): string {
  return term.length > 4 && term.endsWith('s') ? term.slice(0, -1) : term;
}

/** Great-circle distance in miles from a point to each job, as SQL (both dialects have these functions). */
function distanceMiles(latitude: number, longitude: number): RawBuilder<number> {
  const lat = sql`radians(j.latitude)`;
  const dLat = sql`(radians(j.latitude) - ${(latitude * Math.PI) / 180})`;
  const dLon = sql`(radians(j.longitude) - ${(longitude * Math.PI) / 180})`;
  const cosLat0 = Math.cos((latitude * Math.PI) / 180);
  return sql<number>`(7917.6 * asin(sqrt(sin(${dLat} / 2) * sin(${dLat} / 2) + ${cosLat0} * cos(${lat}) * sin(${dLon} / 2) * sin(${dLon} / 2))))`;
}
