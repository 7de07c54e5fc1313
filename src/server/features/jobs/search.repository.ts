import { sql, type RawBuilder } from 'kysely';
import { MAX_RESULT_PAGE, RESULTS_PER_PAGE, type EmploymentType, type PayPeriod } from '../../../shared/jobs/enums';
import type { SearchCriteria } from '../../../shared/jobs/search-url';
import type { Db, DialectName } from '../../db/database';
import { boundingBox, type BoundingBox } from './geo';
import { hasRadius, type Place } from './places';
import { withAvailableSort } from './search-query';
import { sqliteListingScore, sqliteTextScore, sqliteWordCounts } from './search-rank';
import { ftsQuery, searchTerms } from './search-terms';
import { newestSearchRanges, wordsAndTokens } from './search-ranges';
import { lexemeStatistics, mostMatches } from './search-statistics';
import { coveringCells, ftsTokenQuery, NEWEST_WINDOWS, newestBlocks, PLACE_SEQ_BLOCK, placeWindowTokens, SEQ_BUCKET, searchTokenGroups, seqBlocksBetween, tsTokenQuery } from './search-tokens';

const DAY_MS = 86_400_000;
/** A listing this many days old counts half as much as a brand-new one with the same text score. */
const RECENCY_HALF_LIFE_DAYS = 14;
/**
 * SQLite: from this many text matches, a text search within a radius lists the box's jobs first
 * (measured: "driver", 15,000 matches, in Chicago's 25-mile box of 3,000 jobs, 8.6 -> 4.7 ms;
 * "warehouse", 3,400 matches, in New York's 50-mile box, 3.4 ms probing against 6.8 ms listing).
 */
export const NEAR_FIRST_MIN_MATCHES = 8000;

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
  hybrid: number;
  /** 1 for a job of a plan with featured jobs: marked, and first among the matches (decision 0114). */
  featured: number;
  pay_min: number;
  pay_max: number;
  pay_period: PayPeriod;
  pay_currency: string;
  employment_type: EmploymentType;
  posted_at: number;
  snippet: string;
  distance: number | null;
}

export interface JobSearchResult {
  /** Every match, or at least this many when `totalIsLowerBound` (above MATCH_COUNT_BOUND). */
  total: number;
  /** True when there are more than MATCH_COUNT_BOUND matches: `total` is then the bound ("1,000+"). */
  totalIsLowerBound: boolean;
  rows: JobSummaryRow[];
}

/**
 * How many of the best first-stage matches the full text score orders: every result any page can
 * show (50 pages of 20), so pages never disagree about the order.
 */
export const RANKED_WINDOW = MAX_RESULT_PAGE * RESULTS_PER_PAGE;

/**
 * Totals are exact up to this many matches; above it a search says "1,000+" (decision 0170): every
 * result a person can reach (50 pages of 20), and the most a search counts.
 */
export const MATCH_COUNT_BOUND = RANKED_WINDOW;
/**
 * Above the bound, a text search ranks only this many matches, the newest in index order (seq, which
 * grows with posting), instead of every match: the work is bounded by the page, not the matches.
 */
export const RANKED_CANDIDATES = 1200;

/**
 * One search for both databases (docs/decisions/0045-two-stage-search-ranking.md). Rows are picked
 * first from small index entries (the key, the sort key and the total), and only the page's 20 rows
 * are then read whole. A text search ranks in two stages: every match gets a cheap score (the share
 * of the words in the title, times recency) and the best RANKED_WINDOW of them are ordered by that
 * times the full text score: bm25 on SQLite's FTS5 table, ts_rank_cd on PostgreSQL's tsvector.
 * A place filters first by a bounding box on the indexed coordinates, then by great-circle distance.
 * Featured jobs come first among the matches, in every order (decision 0114).
 */
export async function searchJobs(db: Db, dialect: DialectName, input: JobSearchParams, options: { windows?: boolean } = {}): Promise<JobSearchResult> {
  // Distance needs a radius's centre: elsewhere the results page searches by relevance, and so does
  // every caller (without it the repository sorted every match by date: 75 ms for "forklift" at 1M).
  const params = { ...input, criteria: withAvailableSort(input.criteria, input.place) };
  const withinRadius = hasRadius(params.place);
  // PostgreSQL asks the index for its newest blocks of seqs first (decisions 0171, 0199); `windows:
  // false` asks for every block, so a test can compare the two.
  const windows = options.windows ?? true;
  const words = searchTerms(params.criteria.search).length > 0;
  const newestFirst = words && params.criteria.sort !== 'distance';
  // Newest first, a text search within a radius stops after its candidates: probing the newest text
  // matches for the box beats listing the box first ("warehouse" within 50 miles of 10001 at 1M:
  // 86 -> 21 ms of CPU; "driver" within 25 miles of Chicago: 45 -> 40 ms).
  // The candidates of a text search come from the full-text index with the place's cells and the
  // filters' tokens (decision 0171): the index intersects words and filters itself. By distance too
  // (decision 0213): without the cells PostgreSQL ANDed every match of the words with the box's
  // place-index entries and SQLite listed the box's jobs first ("driver" within 25 miles of Chicago
  // at 1M: 152,000 matches, 32,000 jobs; 609 and 68 ms), where the cells hold the 5,521 near it. A
  // radius no cells cover (100 miles in Alaska: too many at every grid) keeps SQLite's box-first list.
  const byDistanceWithWords = !newestFirst && withinRadius && words;
  const cellsCover = byDistanceWithWords && hasRadius(params.place) && coveringCells(boundingBox(params.place.latitude, params.place.longitude, params.criteria.radius)) !== null;
  const plan = await planSearch(db, dialect, params, { nearFirst: !newestFirst && !cellsCover, tokens: newestFirst || byDistanceWithWords });
  let result: JobSearchResult;
  // PostgreSQL, words without a radius (decision 0205): words alone try the two newest seq blocks
  // first (a common word has its candidates there, and the window reads no more rows than they are);
  // then the newest search ranges, each through its own index; then as before.
  let ranged: JobSearchResult | null = null;
  let maxSeq: number | undefined;
  if (newestFirst && dialect === 'postgres' && !plan.box && windows) {
    let windowed: WindowAnswer = { result: null, matchesPerSeq: null };
    if (plan.withTokens) {
      maxSeq = await largestSeq(db);
    } else {
      const newest = await largestSeqAndLexemes(db, plan.terms);
      maxSeq = newest.maxSeq;
      windowed = await rankWithinFirstWindow(db, dialect, params, plan, newest);
    }
    ranged = windowed.result;
    // A rate of matches that says the ranges cannot hold the candidates either (a rare word, or none
    // at all) goes straight to every match: the ranges' statement would be asked in vain.
    if (!ranged && searchRangesMayHold(windowed.matchesPerSeq, maxSeq)) ranged = await rankWithinSearchRanges(db, dialect, params, maxSeq);
  }
  if (ranged) {
    result = ranged;
  } else if (newestFirst && dialect === 'postgres' && !plan.withTokens && windows) {
    // After the ranges (wider than any window) only every match is left; within a radius too wide for
    // place tokens, the windows as before.
    result = (await rankWithinNewestBlocks(db, dialect, params, plan, plan.box ? NEWEST_WINDOWS : [], { fallBack: true, maxSeq })).result!;
  } else if (newestFirst && dialect === 'postgres' && plan.box && windows) {
    // A radius too wide for the place's newest blocks (too many tokens: 100 miles of Los Angeles)
    // asks the search ranges with its cells next, unless the blocks' rate of matches says they cannot
    // hold the candidates; then every match (decision 0215: "driver" there at 1M, 158-229 ms for
    // every match, 15-22 through the ranges).
    const maxSeq = await largestSeq(db);
    const placed = await rankWithinPlaceBlocks(db, dialect, params, maxSeq);
    result =
      placed.result ??
      (searchRangesMayHold(placed.matchesPerSeq, maxSeq) ? await rankWithinSearchRanges(db, dialect, params, maxSeq) : null) ??
      (await rankEveryMatch(db, dialect, params, plan, { knownTotal: null, newestOnly: true }));
  } else if (byDistanceWithWords) {
    // A ring around the place where the radius holds more matches than the bound and the ring fills the
    // page; otherwise every match of the radius (the index hands over those of its cells) read and
    // sorted for the page, and counted in the same statement unless the ring's count said "1,000+".
    const ringed = cellsCover ? await nearestWithinRingWithWords(db, dialect, params) : { result: null, knownTotal: null };
    result = ringed.result ?? (await rankEveryMatch(db, dialect, params, plan, { knownTotal: ringed.knownTotal, newestOnly: false }));
  } else if (newestFirst) {
    // One pass: the newest RANKED_CANDIDATES matches are ranked and counted. Where they are all the
    // matches (at most the bound), that is the every-match ranking and its exact total.
    result = await rankEveryMatch(db, dialect, params, plan, { knownTotal: null, newestOnly: true });
  } else {
    // In index order (or within the radius's box) a page stops early; the count stops at the bound.
    const capped = await countUpTo(db, plan, MATCH_COUNT_BOUND + 1);
    result =
      (await walkInDateOrder(db, dialect, params, plan, capped)) ??
      (await nearestWithinRing(db, dialect, params, capped)) ??
      (await rankEveryMatch(db, dialect, params, plan, { knownTotal: capped, newestOnly: false }));
  }
  return result.total > MATCH_COUNT_BOUND ? { ...result, total: MATCH_COUNT_BOUND, totalIsLowerBound: true } : result;
}

/**
 * The search as it was before the bound (decisions 0040, 0045): every match counted and ranked.
 * Exact at any size, and the path of every search with at most MATCH_COUNT_BOUND matches; kept
 * callable on its own so a test can compare the two paths.
 */
export async function searchEveryMatch(db: Db, dialect: DialectName, params: JobSearchParams): Promise<JobSearchResult> {
  return rankEveryMatch(db, dialect, params, await planSearch(db, dialect, params, { nearFirstFromFullCount: true }), { knownTotal: null, newestOnly: false });
}

/**
 * PostgreSQL, words alone: the smallest of the newest seq windows (NEWEST_WINDOWS blocks of SEQ_BUCKET) that holds
 * RANKED_CANDIDATES matches, so the table is read for that window's matches only (a GIN index finds
 * every match but orders none, and each one it hands over is a row read from a 1.7 GB table at 1M).
 * A window with that many matches holds the newest candidates exactly: every job outside it is older.
 * Each window's search is ranked at once and kept if it has that many candidates (a window with fewer
 * cost little to rank); without such a window, the plan as it was. Only for words alone: GIN drives its scan by its rarest
 * entries one by one, so beside a place's cells or a filter's token a window made it slower
 * ("warehouse" within 50 miles of 10001 at 1M: 27 -> 110 ms with 32 blocks).
 */
async function rankWithinNewestBlocks(
  db: Db,
  dialect: DialectName,
  params: JobSearchParams,
  plan: SearchPlan,
  windows: readonly number[],
  options: { fallBack: boolean; maxSeq?: number },
): Promise<WindowAnswer> {
  let matchesPerSeq: number | null = null;
  const finish = async () => ({ result: options.fallBack ? await rankEveryMatch(db, dialect, params, plan, { knownTotal: null, newestOnly: true }) : null, matchesPerSeq });
  if (!windows.length) return finish();
  const maxSeq = options.maxSeq ?? (await largestSeq(db));
  // The newest block is partly filled: a window spans this many seqs.
  const span = (blocks: number) => newestWindowSeqs(maxSeq, blocks)!;
  let needed = 0;
  for (const blocks of windows) {
    const window = newestBlocks(maxSeq, blocks);
    if (!window) break;
    // A window narrower than the last one's rate of matches asks for is skipped.
    if (span(blocks) < needed) continue;
    const narrowed = await planSearch(db, dialect, params, { nearFirst: false, tokens: true, window });
    const result = await rankEveryMatch(db, dialect, params, narrowed, { knownTotal: null, newestOnly: true });
    // Ranked newest first, the total is the number of candidates (at most RANKED_CANDIDATES).
    if (result.total >= RANKED_CANDIDATES) return { result, matchesPerSeq: null };
    matchesPerSeq = result.total / span(blocks);
    needed = result.total === 0 ? Number.POSITIVE_INFINITY : (span(blocks) * RANKED_CANDIDATES) / result.total;
  }
  return finish();
}

/** A window's page when it held the candidates; otherwise the rate of matches it found per seq (null: not known). */
interface WindowAnswer {
  result: JobSearchResult | null;
  matchesPerSeq: number | null;
}

/**
 * PostgreSQL, words alone: the newest two seq blocks first, unless the statistics' common words
 * (decision 0207) say they cannot hold the candidates even if every job holding the rarest word held
 * them all ("registered nurse": at most 760 of the window's 17,000 seqs hold "nurse"); the rarest
 * word's share then stands for the window's rate of matches.
 */
async function rankWithinFirstWindow(
  db: Db,
  dialect: DialectName,
  params: JobSearchParams,
  plan: SearchPlan,
  newest: { maxSeq: number; lexemes: string[] },
): Promise<WindowAnswer> {
  const [firstWindow] = NEWEST_WINDOWS;
  const statistics = await lexemeStatistics(db);
  const windowSeqs = newestWindowSeqs(newest.maxSeq, firstWindow);
  const most = windowSeqs === null ? null : mostMatches(statistics, newest.lexemes, windowSeqs);
  if (most !== null && most < RANKED_CANDIDATES) return { result: null, matchesPerSeq: mostMatches(statistics, newest.lexemes, 1) };
  return rankWithinNewestBlocks(db, dialect, params, plan, [firstWindow], { fallBack: false, maxSeq: newest.maxSeq });
}

/**
 * Whether the newest search ranges may hold RANKED_CANDIDATES matches, from the rate of matches in the
 * newest seqs (null: not known, so they may). Matches are not spread evenly over the seqs (a word can
 * be more common in older jobs), so the ranges are skipped only when the rate asks for fewer than a
 * quarter of the candidates there. Either way the results are the same; only the statements differ.
 */
function searchRangesMayHold(matchesPerSeq: number | null, maxSeq: number): boolean {
  if (matchesPerSeq === null) return true;
  const seqs = newestSearchRanges(maxSeq).ranges.reduce((sum, range) => sum + Math.max(0, Math.min(range.to, maxSeq + 1) - range.from), 0);
  return matchesPerSeq * seqs >= RANKED_CANDIDATES * SEARCH_RANGES_MARGIN;
}
/** The share of the candidates a window's rate must promise in the ranges for them to be asked. */
const SEARCH_RANGES_MARGIN = 0.25;

/**
 * PostgreSQL, words without a radius: the newest RANKED_CANDIDATES matches from the newest search
 * ranges, each read through its own partial index (decision 0205). Null when those ranges hold fewer
 * candidates and older jobs remain beyond them: the caller then searches as before.
 */
async function rankWithinSearchRanges(db: Db, dialect: DialectName, params: JobSearchParams, maxSeq: number): Promise<JobSearchResult | null> {
  const { ranges, coversAll } = newestSearchRanges(maxSeq);
  const plan = await planSearch(db, dialect, params, { nearFirst: false, tokens: true });
  const result = await rankEveryMatch(db, dialect, params, plan, { knownTotal: null, newestOnly: true, seqRanges: ranges });
  return result.total >= RANKED_CANDIDATES || coversAll ? result : null;
}

/**
 * The largest seq and, in the same statement, the lexemes PostgreSQL makes of the words (those of
 * plainto_tsquery: the same parser and dictionaries), for the statistics of decision 0207.
 */
async function largestSeqAndLexemes(db: Db, terms: string[]): Promise<{ maxSeq: number; lexemes: string[] }> {
  const { rows } = await sql<{ seq: number | string | null; lexemes: string[] | null }>`select (select max(seq) from jobs) as seq,
    tsvector_to_array(to_tsvector('english', ${terms.join(' ')})) as lexemes`.execute(db);
  return { maxSeq: Number(rows[0]?.seq ?? 0), lexemes: rows[0]?.lexemes ?? [] };
}

/** How many seqs the newest `blocks` seq blocks span up to `maxSeq` (the newest is partly filled), or null when they would cover every job. */
function newestWindowSeqs(maxSeq: number, blocks: number): number | null {
  if (!newestBlocks(maxSeq, blocks)) return null;
  return maxSeq - (Math.floor(maxSeq / SEQ_BUCKET) - blocks + 1) * SEQ_BUCKET + 1;
}

/** The largest seq of any job (an index's last entry): at least the number of open jobs. */
async function largestSeq(db: Db): Promise<number> {
  const { rows } = await sql<{ seq: number | string | null }>`select max(seq) as seq from jobs`.execute(db);
  return Number(rows[0]?.seq ?? 0);
}

/** How many of the newest blocks of PLACE_SEQ_BLOCK seqs a text search within a radius asks for first. */
const FIRST_PLACE_WINDOW_BLOCKS = 3;
/** The share more than the rate of matches asks for, when a window is widened: matches are not spread evenly. */
const PLACE_WINDOW_MARGIN = 1.15;

/**
 * PostgreSQL, words within a radius (decision 0199): the newest RANKED_CANDIDATES matches, asked of
 * the GIN index within the newest blocks of the one-degree cells covering the radius (the
 * cell-and-block tokens of migration 0051), so the table reads the window's matches only (at 1M,
 * "driver" near Chicago: 2,179 rows instead of 5,521; GIN intersects the words with 12 entries
 * instead of the 20 finer cells). A window holding that many candidates holds the newest exactly:
 * every job outside it is older. Otherwise one wider window sized from the first one's rate of
 * matches, then no result, with the rate of matches the windows found (for the caller to choose
 * between the search ranges and the whole index). No result and no rate where a window would cover
 * every block (fewer than FIRST_PLACE_WINDOW_BLOCKS + 1 blocks of seqs: under 400,000 jobs) or need
 * too many tokens.
 */
async function rankWithinPlaceBlocks(db: Db, dialect: DialectName, params: JobSearchParams, maxSeq: number): Promise<WindowAnswer> {
  const last = Math.floor(maxSeq / PLACE_SEQ_BLOCK);
  // The newest block is partly filled.
  const span = (blocks: number) => maxSeq - (last - blocks + 1) * PLACE_SEQ_BLOCK + 1;
  let blocks = FIRST_PLACE_WINDOW_BLOCKS;
  let matchesPerSeq: number | null = null;
  for (let attempt = 0; attempt < 2 && blocks <= last; attempt += 1) {
    const window = Array.from({ length: blocks }, (_, i) => last - i);
    const plan = await planSearch(db, dialect, params, { nearFirst: false, tokens: true, placeBlocks: window });
    if (!plan.placeWindowed) return { result: null, matchesPerSeq };
    const result = await rankEveryMatch(db, dialect, params, plan, { knownTotal: null, newestOnly: true });
    // Ranked newest first, the total is the number of candidates (at most RANKED_CANDIDATES).
    if (result.total >= RANKED_CANDIDATES) return { result, matchesPerSeq: null };
    matchesPerSeq = result.total / span(blocks);
    if (result.total === 0) return { result: null, matchesPerSeq };
    const needed = (span(blocks) * RANKED_CANDIDATES * PLACE_WINDOW_MARGIN) / result.total;
    blocks = 1 + Math.ceil(Math.max(0, needed - span(1)) / PLACE_SEQ_BLOCK);
  }
  return { result: null, matchesPerSeq };
}

/**
 * A place by distance, without words (decision 0193): the page needs the featured jobs of the radius,
 * which come first, and the nearest others. The radius's featured jobs come from their own partial
 * index and the others from the ring's bands of the place index; only those get their distance computed and sorted
 * (Houston's 50-mile radius at 1M: 5,392 part-time jobs sorted, 8 ms on SQLite). Every job outside
 * the ring is farther than every job in it, so when the ring fills the page the page is the radius's;
 * otherwise a wider ring, then the whole radius. Jobs crowd around a place's centre: small rings first.
 */
async function nearestWithinRing(db: Db, dialect: DialectName, params: JobSearchParams, capped: number): Promise<JobSearchResult | null> {
  const { criteria, place } = params;
  if (criteria.sort !== 'distance' || !hasRadius(place) || searchTerms(criteria.search).length) return null;
  // A count that stopped at the bound says only that the radius holds more than it: a deep page of a
  // dense place (New York's 25 miles: 50,000 jobs at 1M, 72-83 ms to sort for page 50) tries the
  // rings too, where a ring too small costs a read of its own bands.
  if (capped <= MATCH_COUNT_BOUND && capped < RING_MIN_MATCHES_PER_PAGE * criteria.page * RESULTS_PER_PAGE) return null;
  for (const share of RING_SHARES) {
    const ringPlan = await planSearch(db, dialect, params, { ring: criteria.radius * share });
    const result = await rankEveryMatch(db, dialect, params, ringPlan, { knownTotal: capped, newestOnly: false });
    if (result.rows.length === RESULTS_PER_PAGE) return result;
  }
  return null;
}

/**
 * Words within a radius by distance (decision 0213): the page from a ring around the place, as
 * nearestWithinRing reads a place without words, when the radius holds more matches than the bound.
 * Those are counted among the matches in the smallest ring's cells alone, in that ring's statement
 * (the full-text index with those few cells, asked once for the count and the ring's others: at 1M,
 * "driver" near Chicago, 1,116 rows where the radius's cells hand over 5,521; PostgreSQL spent 9 ms
 * of GIN on the radius's), which also says the total: "1,000+". Words are fewer
 * than jobs, so the rings start at a sixteenth of the radius (the smallest ring's cells at the finest
 * grid are the next one's). Returns no result where the rings do not fill the page, with the total
 * when the count found more than the bound.
 */
async function nearestWithinRingWithWords(db: Db, dialect: DialectName, params: JobSearchParams): Promise<{ result: JobSearchResult | null; knownTotal: number | null }> {
  const { criteria, place } = params;
  const none = { result: null, knownTotal: null };
  if (!hasRadius(place)) return none;
  const [first] = WORD_RING_SHARES;
  // A ring no cells cover would have the index hand over every match of the words: no rings then.
  if (coveringCells(boundingBox(place.latitude, place.longitude, criteria.radius * first)) === null) return none;
  const firstPlan = await planSearch(db, dialect, params, { ring: criteria.radius * first, tokens: true, nearFirst: false, ringCount: true });
  const { box } = firstPlan;
  if (!box || !firstPlan.distance) return none;
  // Each ring's statement tests every featured job of the radius for the words (8-10 us each at 1M):
  // where the radius has many, sorting its matches costs less (1% of the jobs featured, "warehouse"
  // within 50 miles of 10001, 1,200 featured: 14 -> 24 ms on SQLite, 20 -> 34 on PostgreSQL).
  const featured = await sql<{ n: number | string }>`select count(*) as n from (select 1 from jobs j where j.status = 'open' and j.featured = 1
    and ${indexedBox(box)} limit ${RING_MAX_FEATURED + 1}) f`.execute(db);
  if (Number(featured.rows[0]?.n ?? 0) > RING_MAX_FEATURED) return none;
  // The first ring's page, and in the same statement its cells' matches within the radius counted up
  // to the bound: more than it, and the radius holds more than the bound ("1,000+").
  const firstRing = await rankEveryMatch(db, dialect, params, firstPlan, { knownTotal: null, newestOnly: false });
  if (firstRing.total <= MATCH_COUNT_BOUND) return none;
  const knownTotal = MATCH_COUNT_BOUND + 1;
  if (firstRing.rows.length === RESULTS_PER_PAGE) return { result: firstRing, knownTotal };
  for (const share of WORD_RING_SHARES.slice(1)) {
    const ringPlan = await planSearch(db, dialect, params, { ring: criteria.radius * share, tokens: true, nearFirst: false });
    const result = await rankEveryMatch(db, dialect, params, ringPlan, { knownTotal, newestOnly: false });
    if (result.rows.length === RESULTS_PER_PAGE) return { result, knownTotal };
  }
  return { result: null, knownTotal };
}
/** Rings tried for words, as shares of the radius. */
const WORD_RING_SHARES = [1 / 16, 1 / 4] as const;
/** Words try rings only where the radius's box holds at most this many featured jobs. */
const RING_MAX_FEATURED = 200;

/**
 * A place without words in date order (decision 0198, amended): how many of the newest open jobs the
 * walk may test against the box before it gives up and the box is read instead. The walk needs about
 * (the page's last row) x (jobs / the box's jobs) of them, reading the box costs the box's jobs: the
 * walk is the cheaper exactly when the box holds more than the square root of (the page's last row) x
 * (jobs), and it then needs no more than that root. So the walk is allowed that many: a dense box's
 * page costs the walk alone (Los Angeles, page 1: about 360 of the newest jobs, at 100,000 jobs as at
 * 2M), and a sparse one costs at most that root more than its read. `maxSeq` (the largest seq, at
 * least the number of open jobs) stands for the jobs.
 */
export function walkBudget(maxSeq: number, page: number): number {
  return Math.ceil(Math.sqrt(page * RESULTS_PER_PAGE * Math.max(1, maxSeq)));
}

/**
 * A place without words in date order, where its box holds more than the bound (decision 0198): the
 * page from the newest walkBudget open jobs, each tested against the box and filters, or null where
 * they hold too few of the box's jobs for the page. With more matches than the bound, every page up to
 * MAX_RESULT_PAGE is full, so a page that is not came from too short a walk.
 */
async function walkInDateOrder(db: Db, dialect: DialectName, params: JobSearchParams, plan: SearchPlan, capped: number): Promise<JobSearchResult | null> {
  if (plan.datedWalk === null || params.criteria.sort === 'distance' || capped <= MATCH_COUNT_BOUND) return null;
  const budget = walkBudget(await largestSeq(db), params.criteria.page);
  const walked = await rankEveryMatch(db, dialect, params, plan, { knownTotal: capped, newestOnly: false, walkBudget: budget });
  return walked.rows.length === RESULTS_PER_PAGE ? walked : null;
}

/** Rings tried, as shares of the radius. */
const RING_SHARES = [1 / 64, 1 / 16, 1 / 4] as const;
/** Rings only where the radius holds this many times the jobs up to the page asked for (or more than the bound). */
const RING_MIN_MATCHES_PER_PAGE = 4;

interface SearchPlan {
  terms: string[];
  /** PostgreSQL: the words are looked up with tokens in the GIN index of words and tokens (decision 0171). */
  withTokens: boolean;
  /** SQLite: how many token phrases the full-text match has beside the words' (search-tokens.ts). */
  ftsTokenPhrases: number;
  filters: RawBuilder<unknown>[];
  distance: RawBuilder<unknown> | null;
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  /** The same, with the box asked of the place index band by band (decision 0193), for reading all of it. */
  bandedWhere: RawBuilder<unknown>;
  /**
   * A place without words: the open jobs walked in date order, each tested against the box rather
   * than the box asked of an index, so the walk stops after a page (decision 0198); null otherwise.
   * The walk reads the rows of a subquery of the newest open jobs in the page's order, at most a
   * budget of them (its own limit keeps the box and filters out of it), with no sort above it: both
   * databases walk the date index, which holds the coordinates (migration 0060), and stop. Asked of
   * an index, both misjudged a dense box and read all of it (PostgreSQL takes latitude and longitude
   * as independent, 25 times too few for Los Angeles at 1M: 55,815 jobs read and sorted, 32 ms).
   * `columns`: what the page and its tests read of the subquery's rows (every column with a filter).
   */
  datedWalk: { where: RawBuilder<unknown>; columns: string } | null;
  /**
   * By distance within a ring (nearestWithinRing): the radius's featured jobs and the ring's others,
   * each read where it says, their union sorted for the page. Without words the featured jobs come from
   * their own small index and the others from the ring's bands of the place index; with words the
   * featured ones are tested for the words one by one, and the others asked of the full-text index
   * with the ring's cells (decision 0213, amended).
   */
  ringArms: {
    featured: { from: RawBuilder<unknown>; where: RawBuilder<unknown> };
    others: { from: RawBuilder<unknown>; where: RawBuilder<unknown> };
    /** With `ringCount`: the words' matches among the ring's cells within the radius (`ring_matches`), the others' source and counted up to the bound. */
    matches: RawBuilder<unknown> | null;
  } | null;
  tsquery: RawBuilder<unknown> | null;
  near: RawBuilder<unknown> | null;
  /** The radius's box, when the place has one. */
  box: BoundingBox | null;
  /** PostgreSQL: the place was asked of the index as the cells and seq blocks of `placeBlocks` (decision 0199). */
  placeWindowed: boolean;
}

/** Where a search's rows come from and what they must meet, for both paths. */
async function planSearch(
  db: Db,
  dialect: DialectName,
  params: JobSearchParams,
  options: { nearFirstFromFullCount?: boolean; nearFirst?: boolean; tokens?: boolean; window?: string[]; ring?: number; ringCount?: boolean; placeBlocks?: number[] } = {},
): Promise<SearchPlan> {
  const { criteria, place, now } = params;
  const terms = searchTerms(criteria.search);
  const filters: RawBuilder<unknown>[] = [];

  let distance: RawBuilder<unknown> | null = null;
  let inBox: RawBuilder<unknown> | null = null;
  let inBandedBox: RawBuilder<unknown> | null = null;
  let box: BoundingBox | null = null;
  let ring: { box: BoundingBox; featured: RawBuilder<unknown>; others: RawBuilder<unknown> } | null = null;
  if (hasRadius(place)) {
    box = boundingBox(place.latitude, place.longitude, criteria.radius);
    inBox = indexedBox(box);
    // The place index leads with the latitude band (decision 0193): each band of the box, then its
    // longitudes, so a search that reads the whole box reads it alone, not the country's strip at its
    // latitudes. Not for a page in date order (the newest jobs, each tested against the box, stop
    // after a page in a dense place) nor for words (their own index leads).
    inBandedBox = bandedBox(dialect, box);
    distance = distanceMiles(place.latitude, place.longitude);
    if (options.ring === undefined) {
      filters.push(inBox, sql`${distance} <= ${criteria.radius}`);
    } else {
      // Featured jobs of the whole radius, asked of their own small index, and the others within the
      // ring, read from the ring's bands of the place index alone (decision 0193, amended).
      const ringBox = boundingBox(place.latitude, place.longitude, options.ring);
      ring = {
        box: ringBox,
        featured: sql`j.featured = 1 and ${inBox} and ${distance} <= ${criteria.radius}`,
        // With words the full-text index leads (the ring's cells among its tokens): the box is a test on each row.
        others: sql`j.featured <> 1 and ${terms.length ? unindexedBox(ringBox) : bandedBox(dialect, ringBox)} and ${distance} <= ${options.ring}`,
      };
    }
  }
  // The box and the radius: what a walk in date order reads from the date index (see datedWalk below).
  const placeFilterCount = filters.length;
  // The state, remote and category filters, each also a token of the full-text index (search-tokens.ts),
  // spelled two ways: as columns an index can serve, and (PostgreSQL, beside the tokens) kept off the
  // B-tree indexes, see below.
  const tokenFilters: Array<{ indexed: RawBuilder<unknown>; unindexed: RawBuilder<unknown> }> = [];
  if (place?.kind === 'state') tokenFilters.push({ indexed: sql`j.state = ${place.state}`, unindexed: sql`(j.state || '') = ${place.state}` });
  if (place?.kind === 'remote' || criteria.remoteOnly) tokenFilters.push({ indexed: sql`j.remote = 1`, unindexed: sql`j.remote + 0 = 1` });
  if (criteria.category !== null) tokenFilters.push({ indexed: sql`j.category = ${criteria.category}`, unindexed: sql`(j.category || '') = ${criteria.category}` });
  filters.push(...tokenFilters.map((filter) => filter.indexed));
  if (criteria.minPay !== null) filters.push(sql`j.pay_max_annual >= ${criteria.minPay}`);
  if (criteria.employmentType !== null) filters.push(sql`j.employment_type = ${criteria.employmentType}`);
  if (criteria.postedWithin !== null) filters.push(sql`j.posted_at >= ${now - criteria.postedWithin * DAY_MS}`);

  // Where the rows come from. SQLite's full-text table holds open jobs only, so a text search there
  // needs no status test and reads the job's columns from the covering index by seq.
  let from: RawBuilder<unknown> = sql`jobs j`;
  let match: RawBuilder<unknown> = sql`j.status = 'open'`;
  let tsquery: RawBuilder<unknown> | null = null;
  let where: RawBuilder<unknown>;
  // SQLite, a broad word within a radius the place's cells cannot narrow (no cells cover it, or the
  // every-match search): the radius's box holds fewer jobs than the word matches, so list them from
  // the place index first and keep the text matches found among them, a hash probe each, rather than
  // an index probe for every text match. For a narrower word the probes are cheaper (decision 0213).
  let near: RawBuilder<unknown> | null = null;
  const placeWindow = options.placeBlocks && box && dialect === 'postgres' ? placeWindowTokens(box, options.placeBlocks) : null;
  // Within a ring, the ring's cells: the index hands over the words' matches near the place only.
  const tokens = options.tokens && terms.length ? searchTokenGroups(criteria, place, ring?.box ?? box, { postgres: dialect === 'postgres', placeWindow: placeWindow ?? undefined }) : [];
  if (options.window && terms.length && dialect === 'postgres') tokens.push(options.window);
  const placeTokens = tokens.length > 0 && box !== null && (placeWindow !== null || coveringCells(box) !== null);
  if (dialect === 'postgres' && placeTokens && inBox && box && filters.includes(inBox)) {
    // The place's cells are among the tokens the GIN index intersects with the words, so the box is
    // a test on each candidate, kept off the place indexes by unary plus: PostgreSQL takes latitude
    // and longitude as independent (22,430 jobs within 50 miles of 10001 at 1M, where 120,769 are)
    // and ANDed the box's bitmap with the words' 1,400 matches: 21 of 35 ms (decision 0210).
    filters[filters.indexOf(inBox)] = unindexedBox(box);
  }
  if (dialect === 'postgres' && tokens.length) {
    // The same for a state, remote or a category: each is a token the GIN index intersects with the
    // words, and the planner ANDed the words' bitmap with the B-tree's entries of the whole state
    // ("assistant" in Texas at 1M: 102,425 entries of a (state, city) index since dropped, 58 of 78 ms).
    for (const filter of tokenFilters) filters[filters.indexOf(filter.indexed)] = filter.unindexed;
  }
  if (terms.length && dialect === 'sqlite') {
    match = sql`jobs_fts match ${tokens.length ? `(${ftsQuery(terms)}) AND ${ftsTokenQuery(tokens)}` : ftsQuery(terms)}`;
    from = sql`jobs_fts f join jobs j on j.seq = f.rowid`;
    where = sql.join([match, ...filters], sql` and `);
    const textMatches = () => (options.nearFirstFromFullCount ? countTextMatches(db, terms) : countTextMatchesUpTo(db, terms, NEAR_FIRST_MIN_MATCHES));
    if (options.nearFirst !== false && inBox && (await textMatches()) >= NEAR_FIRST_MIN_MATCHES) {
      near = sql`near as materialized (select j.seq as seq from jobs j where j.status = 'open' and ${inBox})`;
      // CROSS JOIN fixes SQLite's join order: text matches, then the box's list, then the index.
      from = sql`jobs_fts f cross join near n on n.seq = f.rowid cross join jobs j on j.seq = f.rowid`;
    }
  } else {
    if (terms.length) {
      tsquery = sql`plainto_tsquery('english', ${terms.join(' ')})`;
      // The words and tokens' expression, which the whole-table GIN index and the search ranges
      // index (decisions 0171, 0205), also for words alone: the planner has its statistics
      // (migration 0056), and the words' own index is gone (decision 0210).
      const combined = sql.raw(wordsAndTokens('j'));
      // Words that are all stop words make an empty tsquery, which matches nothing; ANDed with tokens
      // it would be the tokens alone (every job of the place): numnode() keeps it matching nothing
      // (a constant, folded when the statement is planned).
      match = tokens.length
        ? sql`j.status = 'open' and numnode(${tsquery}) > 0 and ${combined} @@ (${tsquery} && cast(${tsTokenQuery(tokens)} as tsquery))`
        : sql`j.status = 'open' and ${combined} @@ ${tsquery}`;
    }
    where = sql.join([match, ...filters], sql` and `);
  }
  const bandedWhere = inBox && inBandedBox && !terms.length ? sql.join([match, ...filters.map((filter) => (filter === inBox ? inBandedBox! : filter))], sql` and `) : where;
  // Both databases misjudge a dense box and read all of it for a page by date (SQLite a skip scan
  // over the band index's bands; Los Angeles at 1M, 55,815 jobs, 25 ms on SQLite, 32 on PostgreSQL):
  // see SearchPlan.datedWalk. Without filters the walk reads the date index alone; a filter reads the
  // job's row, all of it.
  const datedWalk = !inBox || !box || terms.length || ring ? null : { where, columns: filters.length > placeFilterCount ? '*' : WALK_COLUMNS };
  let ringArms: SearchPlan['ringArms'] = null;
  if (ring) {
    // The featured jobs of the whole radius, each tested for the words (they are few), not asked of
    // the full-text index with the ring's cells, which would miss those outside the ring.
    const words = !terms.length
      ? null
      : dialect === 'sqlite'
        ? sql`exists (select 1 from jobs_fts where jobs_fts match ${ftsQuery(terms)} and rowid = j.seq)`
        : sql`${sql.raw(wordsAndTokens('j'))} @@ ${tsquery}`;
    // With words, a ring's statement can also count the matches among its cells within the radius
    // (whether the radius holds more than the bound): the index hands them over once, for the count
    // and for the ring's others.
    const matches =
      terms.length && options.ringCount && box && distance
        ? sql`ring_matches as materialized (select j.seq as seq, j.featured as featured, j.posted_at as posted_at, j.latitude as latitude, j.longitude as longitude
            from ${from} where ${where} and ${unindexedBox(box)} and ${distance} <= ${criteria.radius})`
        : null;
    ringArms = {
      featured: { from: sql`jobs j`, where: sql.join([sql`j.status = 'open'`, ...(words ? [words] : []), ...filters, ring.featured], sql` and `) },
      others: matches ? { from: sql`ring_matches j`, where: ring.others } : { from, where: sql`${where} and ${ring.others}` },
      matches,
    };
  }
  const ftsTokenPhrases = dialect === 'sqlite' && terms.length ? tokens.reduce((sum, group) => sum + group.length, 0) : 0;
  return { terms, withTokens: tokens.length > 0, ftsTokenPhrases, filters, distance, from, where, bandedWhere, datedWalk, ringArms, tsquery, near, box, placeWindowed: placeWindow !== null && tokens.length > 0 };
}

/** Latitude bands per degree of the place index (migration 0041: a quarter of a degree). */
const BANDS_PER_DEGREE = 4;

/** A box asked of the place indexes. */
function indexedBox(box: BoundingBox): RawBuilder<unknown> {
  return sql`j.latitude between ${box.minLatitude} and ${box.maxLatitude} and j.longitude between ${box.minLongitude} and ${box.maxLongitude}`;
}

/** A box tested on each row, its terms kept off every index by unary plus (both databases). */
function unindexedBox(box: BoundingBox): RawBuilder<unknown> {
  return sql`+j.latitude between ${box.minLatitude} and ${box.maxLatitude} and +j.longitude between ${box.minLongitude} and ${box.maxLongitude}`;
}

/** The order of a page in date order (featured jobs first), as the walk spells it: the page's own, and the index's. */
const DATED_ORDER = 'featured desc, posted_at desc, seq desc';
/** What a walk's page and its box read of a job: the date index's columns (migration 0060). */
const WALK_COLUMNS = 'status, featured, posted_at, seq, latitude, longitude';

/**
 * A box asked of the place index band by band (decision 0193): each band of the box, then its
 * longitudes, so a search that reads the whole box reads it alone, not the country's strip at its
 * latitudes. The band is spelled as the index's expression.
 */
function bandedBox(dialect: DialectName, box: BoundingBox): RawBuilder<unknown> {
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

/** How many rows match, counting no further than `limit` (the work stops there). */
async function countUpTo(db: Db, plan: SearchPlan, limit: number): Promise<number> {
  const { from, bandedWhere, near } = plan;
  const query = sql<{ total: number | string }>`${near ? sql`with ${near} ` : sql``}select count(*) as total from (select 1 from ${from} where ${bandedWhere} limit ${limit}) m`;
  return Number((await query.execute(db)).rows[0]?.total ?? 0);
}

/**
 * The page of a search: every match ranked (or ordered) and, unless `knownTotal` is given, counted.
 * With `newestOnly`, a text search ordered by relevance or date ranks only the RANKED_CANDIDATES
 * newest matches, taken in index order (the full-text index's rowid on SQLite, seq on PostgreSQL), so
 * its work no longer grows with the number of matches. Searches by distance, and those without
 * words, already stop after a page in index order or read only the radius's box.
 */
async function rankEveryMatch(
  db: Db,
  dialect: DialectName,
  params: JobSearchParams,
  plan: SearchPlan,
  options: {
    knownTotal: number | null;
    newestOnly: boolean;
    /** A place without words in date order: the page from the newest this many open jobs (walkInDateOrder). */
    walkBudget?: number;
    seqRanges?: Array<{ from: number; to: number }>;
  },
): Promise<JobSearchResult> {
  const { criteria, now } = params;
  const { knownTotal } = options;
  const { terms, filters, distance, tsquery, near } = plan;
  let { from, where } = plan;
  // By distance every job of the box is read and sorted: band by band (decision 0193).
  if (criteria.sort === 'distance' && distance !== null) where = plan.bandedWhere;
  // The walk in date order: its rows come in the page's order (PostgreSQL's must not be sorted again).
  let sortPage = true;
  if (options.walkBudget !== undefined && plan.datedWalk) {
    // Column names and an integer of ours, never input.
    from = sql.raw(`(select ${plan.datedWalk.columns} from jobs where status = 'open' order by ${DATED_ORDER} limit ${Math.trunc(options.walkBudget)}) j`);
    where = plan.datedWalk.where;
    sortPage = false;
  }
  // SQLite's full text score for the words: bm25(), or the same score from the words' kept counts of
  // matches where the connection has the rank function (decision 0221).
  const wordCounts = dialect === 'sqlite' && terms.length && criteria.sort === 'relevance' ? await sqliteWordCounts(db, terms) : null;
  const textScore = sqliteTextScore(wordCounts);
  let newest: RawBuilder<unknown> | null = null;
  // SQLite, words alone: the scan that lists the newest candidates also gives each its bm25, so the
  // second stage reads no full-text index again (decision 0190).
  let scoredNewest = false;
  // SQLite, words with a place or filters: the candidates' text score from their listing (decision 0221).
  let listedScore: RawBuilder<number> | null = null;
  if (options.newestOnly && terms.length && criteria.sort !== 'distance') {
    // PostgreSQL with filters besides the words: "+ 0" keeps the planner off a backward walk of the
    // seq index, which it takes when it expects few matches and which then reads most of the table
    // ("cook" with pay, type and 7 days at 1M: 1.5 s); the GIN bitmap and a top-N sort instead.
    // With tokens the GIN index of words and tokens is the way in, whatever the planner guesses of the
    // tokens beside the words (its statistics of the expression, migration 0056, know the words).
    const key = dialect === 'sqlite' ? sql`f.rowid` : filters.length || plan.withTokens || options.seqRanges?.length ? sql`(j.seq + 0)` : sql`j.seq`;
    if (dialect === 'sqlite' && !plan.withTokens && filters.length === 0 && criteria.sort === 'relevance') {
      // The full-text table holds open jobs only: with no filter, no job row is needed to list them.
      // bm25 here is the one the second stage computed by looking each candidate up in the index
      // (1,000 look-ups in a doclist of 118,000 "forklift" entries at 1M: 5 ms): the same match
      // expression, so the same score.
      newest = sql`newest as materialized (select f.rowid as seq, ${textScore} as bm25 from jobs_fts f where ${match(terms)} order by f.rowid desc limit ${RANKED_CANDIDATES})`;
      scoredNewest = true;
      from = sql`newest m cross join jobs j on j.seq = m.seq`;
    } else if (dialect === 'sqlite') {
      // The candidates carry what ranking and ordering read, from the job rows the listing already
      // joined for the place and the filters, rather than looked up again by seq (at 1M, interleaved
      // A/B: 7-14% off "driver" near Chicago, "warehouse" near 10001, the filters, "registered nurse"
      // in Texas; decision 0218). With the rank function, their text score too (decision 0221).
      listedScore = sqliteListingScore(wordCounts, plan.ftsTokenPhrases);
      newest = sql`newest as materialized (select ${LISTED}${listedScore ? sql`, (-${listedScore}) as text_score` : sql``} from ${from} where ${where} order by ${key} desc limit ${RANKED_CANDIDATES})`;
      from = sql`newest j`;
    } else {
      // PostgreSQL: the candidates carry what ranking and ordering read, taken from the rows the
      // bitmap scan already holds, rather than fetched again by seq from the 1.7 GB table (at 1M,
      // "driver" near Chicago: 2,200 index lookups, 8 of its 24 ms), and each its row's address
      // (ctid): ts_rank_cd reads the vector of the RANKED_WINDOW the prescore keeps straight from their
      // rows, where it is kept since decision 0217 (decision 0191, amended twice). Ranked in the
      // listing, PostgreSQL computed it for every row a branch read ("registered nurse": 2,917 ranks
      // for 1,200 candidates); listed with the vectors, the branches sorted and kept rows of 900 bytes
      // ("forklift": 3 MB sorted for 2,009 rows).
      const listed = sql`${LISTED}${criteria.sort === 'relevance' ? sql`, j.ctid as tid` : sql``}`;
      if (options.seqRanges?.length) {
        // One branch per search range, newest first (decision 0205): each is read through its range's
        // index, and the limit stops the Append before the older ranges once it has the candidates.
        // The bounds are literal integers, as the indexes' predicates spell them.
        // The second range in two branches (decision 0219): its newest seq block, then its other
        // blocks, each asked of the range's index with its block tokens. The newest range often holds
        // most of the candidates, and the few still needed are then read from one block rather than
        // from the whole range ("registered nurse" at 1M: 238 rows for the 87 needed, where the range
        // held 1,804); a search that needs the whole range pays one more GIN scan.
        const branch = (range: { from: number; to: number }, blocks: string[] | null) =>
          sql`(select ${listed} from ${from} where ${where}${blocks ? sql` and ${sql.raw(wordsAndTokens('j'))} @@ cast(${blocks.join(' | ')} as tsquery)` : sql``} and j.seq >= ${sql.lit(range.from)} and j.seq < ${sql.lit(range.to)} order by ${key} desc limit ${RANKED_CANDIDATES})`;
        const branches = options.seqRanges.flatMap((range, index) => {
          const blocks = index === 1 ? seqBlocksBetween(range.from, range.to) : [];
          return blocks.length < 2 ? [branch(range, null)] : [branch(range, blocks.slice(0, 1)), branch(range, blocks.slice(1))];
        });
        newest = sql`newest as materialized (select * from (${sql.join(branches, sql` union all `)}) ranges limit ${RANKED_CANDIDATES})`;
      } else {
        newest = sql`newest as materialized (select ${listed} from ${from} where ${where} order by ${key} desc limit ${RANKED_CANDIDATES})`;
      }
      from = sql`newest j`;
    }
    where = sql`true`;
  }
  const ctes = [near, newest].filter((cte): cte is RawBuilder<unknown> => cte !== null);
  const withNear = ctes.length ? sql`${sql.join(ctes, sql`, `)}, ` : sql``;
  const offset = (criteria.page - 1) * RESULTS_PER_PAGE;
  const columns = sql`j.id, j.listing_key, j.category, j.title, j.company_name, j.city, j.state, j.remote, j.hybrid, j.featured, j.pay_min, j.pay_max,
    j.pay_period, j.pay_currency, j.employment_type, j.posted_at, substr(j.description, 1, 240) as snippet`;
  // Sorting every match (text or radius) reads them all anyway, so the same pass counts them (a
  // window count). Otherwise rows come in index order and stop after a page, and a separate count is
  // cheaper. A SQLite text search without filters counts from its full-text index alone (open jobs
  // only), cheaper than the window's copy of every match.
  const countInline = knownTotal === null && !newest && (terms.length > 0 || distance !== null) && (dialect === 'postgres' || filters.length > 0);
  const totalColumn = countInline ? sql`, count(*) over () as total_count` : sql``;
  // The candidates are counted where they are listed (at most RANKED_CANDIDATES).
  const newestTotal = sql`(select count(*) from newest)`;

  type Row = JobSummaryRow & { total_count?: number | string; page_seq?: number | string | null };
  let rowsQuery: RawBuilder<Row>;
  if (terms.length && criteria.sort === 'relevance') {
    const prescore = sql`(${titleBoost(dialect, terms)} * ${recency(now)})`;
    const rerank = scoredNewest
      ? { from: sql`candidates c`, where: sql`true`, score: sql`(-c.bm25)` }
      : listedScore
        ? { from: sql`candidates c`, where: sql`true`, score: sql`c.text_score` }
        : dialect === 'sqlite' && newest
          ? { from: sql`scored c`, where: sql`true`, score: sql`c.text_score` }
          : dialect === 'sqlite'
            ? { from: sql`candidates c join jobs_fts f on f.rowid = c.seq`, where: match(terms), score: sql`(-${textScore})` }
            : { from: sql`candidates c join jobs t on t.ctid = c.tid`, where: sql`true`, score: postgresRank(tsquery) };
    // SQLite without the rank function (decision 0221), words with a place or filters: the
    // candidates' bm25 from one scan of the words' matches,
    // newest first, back to the oldest candidate, each looked up among the candidates, rather than one
    // look-up in the full-text index per candidate (decision 0192): 1,000 look-ups cost 6 ms at 1M,
    // the scan 1-2 ms where the candidates are dense among the words' matches, up to the whole list
    // of the words' matches (as long as bm25's own count of them) where they are few and far apart.
    // Every candidate matches the words, so the scan stops once it has met them all (a limit of their
    // count): a rowid bound down to the oldest made FTS5 walk the words' whole doclist (4.5 ms for
    // "driver" at 1M, whatever the bound) where the limit reads only that far (decision 0218).
    const scored =
      dialect === 'sqlite' && newest && !scoredNewest && !listedScore
        ? sql`, scored as (
        select c.seq as seq, c.featured as featured, c.prescore as prescore, (-${textScore}) as text_score
        from jobs_fts f cross join candidates c on c.seq = f.rowid
        where ${match(terms)}
        order by f.rowid desc limit (select count(*) from candidates)
      )`
        : sql``;
    rowsQuery = sql<Row>`
      with ${withNear}candidates as ${dialect === 'sqlite' ? sql`materialized` : sql``} (
        select j.seq as seq, j.featured as featured, ${prescore} as prescore${scoredNewest ? sql`, m.bm25 as bm25` : sql``}${listedScore ? sql`, j.text_score as text_score` : sql``}${dialect === 'postgres' ? (newest ? sql`, j.tid as tid` : sql`, j.ctid as tid`) : sql``} ${totalColumn}
        from ${from} where ${where}
        order by featured desc, prescore desc, j.seq desc
        limit ${RANKED_WINDOW}
      )${scored}, page as (
        select c.seq as seq, c.featured as featured, ${countInline ? sql`c.total_count` : sql`null`} as total_count, ${rerank.score} * c.prescore as score
        from ${rerank.from} where ${rerank.where}
        order by featured desc, score desc, c.seq desc
        limit ${RESULTS_PER_PAGE} offset ${offset}
      )
      select ${columns}, ${distance ?? sql`null`} as distance, ${newest ? newestTotal : sql`page.total_count`} as total_count
      from page join jobs j on j.seq = page.seq
      order by page.featured desc, page.score desc, page.seq desc`;
  } else if (plan.ringArms && distance) {
    // Two arms, each read through its own index: the union is small, and sorted whole for the page.
    const arm = ({ from: armFrom, where: armWhere }: { from: RawBuilder<unknown>; where: RawBuilder<unknown> }) =>
      sql`select j.seq as seq, j.featured as featured, j.posted_at as posted_at, ${distance} as distance from ${armFrom} where ${armWhere}`;
    const { matches } = plan.ringArms;
    rowsQuery = sql<Row>`
      with ${matches ? sql`${matches}, ` : sql``}page as (
        select r.seq as seq, r.featured as featured, r.posted_at as posted_at, r.distance as distance
        from (${arm(plan.ringArms.featured)} union all ${arm(plan.ringArms.others)}) r
        order by r.featured desc, r.distance asc, r.posted_at desc, r.seq desc
        limit ${RESULTS_PER_PAGE} offset ${offset}
      )
      select ${columns}, page.distance as distance${matches ? sql`, c.total_count as total_count, page.seq as page_seq` : sql``}
      from ${matches ? sql`(select count(*) as total_count from (select 1 from ring_matches limit ${MATCH_COUNT_BOUND + 1}) m) c left join page on true left join jobs j on j.seq = page.seq` : sql`page join jobs j on j.seq = page.seq`}
      order by page.featured desc, page.distance asc, page.posted_at desc, page.seq desc`;
  } else {
    const byDistance = criteria.sort === 'distance' && distance !== null;
    rowsQuery = sql<Row>`
      with ${withNear}page as (
        select j.seq as seq, j.featured as featured, j.posted_at as posted_at, ${byDistance ? distance : sql`null`} as distance ${totalColumn}
        from ${from} where ${where}
        ${sortPage ? sql`order by j.featured desc, ${byDistance ? sql`distance asc, ` : sql``}j.posted_at desc, j.seq desc` : sql``}
        limit ${RESULTS_PER_PAGE} offset ${offset}
      )
      select ${columns}, ${distance ?? sql`null`} as distance${countInline ? sql`, page.total_count as total_count` : newest ? sql`, ${newestTotal} as total_count` : sql``}
      from page join jobs j on j.seq = page.seq
      order by page.featured desc, ${byDistance ? sql`page.distance asc, ` : sql``}page.posted_at desc, page.seq desc`;
  }
  let rows = (await rowsQuery.execute(db)).rows;
  // A ring's count comes in a row of its own when its page is empty (no job: every column null).
  const ringCount = plan.ringArms?.matches ? Number(rows[0]?.total_count ?? 0) : null;
  if (ringCount !== null) rows = rows.filter((row) => row.page_seq !== null);
  let total: number;
  if (knownTotal !== null) total = knownTotal;
  // A ring's count of its cells' matches within the radius, up to the bound + 1.
  else if (ringCount !== null) total = ringCount;
  else if ((countInline || newest) && rows.length > 0) total = Number(rows[0]!.total_count);
  // The first page of the candidates is empty only when they are none: no statement to count them.
  else if (newest && offset === 0) total = 0;
  else if (newest) total = Number((await sql<{ total: number | string }>`with ${sql.join(ctes, sql`, `)} select ${newestTotal} as total`.execute(db)).rows[0]?.total ?? 0);
  else if (dialect === 'sqlite' && terms.length && filters.length === 0) total = await countTextMatches(db, terms);
  else {
    const count = sql<{ total: number | string }>`${near ? sql`with ${near} ` : sql``}select count(*) as total from ${plan.from} where ${plan.where}`;
    total = Number((await count.execute(db)).rows[0]?.total ?? 0);
  }
  return {
    total,
    totalIsLowerBound: false,
    rows: rows.map(({ total_count: _total, page_seq: _seq, ...row }) => ({ ...row, distance: row.distance === null ? null : Number(row.distance) })),
  };
}

/** What a bounded text search lists of each candidate: its key and what ranking and ordering read. */
const LISTED = sql`j.seq as seq, j.featured as featured, j.posted_at as posted_at, j.title_key as title_key`;

/** PostgreSQL's full text score of a candidate's row (`t`, joined by its address) for the words' tsquery. */
function postgresRank(tsquery: RawBuilder<unknown> | null): RawBuilder<number> {
  return sql<number>`cast(ts_rank_cd(t.search_vector, ${tsquery}) as double precision)`;
}

/** SQLite: the full-text match of the words alone. */
function match(terms: string[]): RawBuilder<unknown> {
  return sql`jobs_fts match ${ftsQuery(terms)}`;
}

/** SQLite: as countTextMatches, counting no further than `limit`. */
async function countTextMatchesUpTo(db: Db, terms: string[], limit: number): Promise<number> {
  const { rows } = await sql<{ total: number }>`select count(*) as total from (select 1 from jobs_fts where jobs_fts match ${ftsQuery(terms)} limit ${limit}) m`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/** SQLite: open jobs matching all the words, counted from the full-text index alone. */
async function countTextMatches(db: Db, terms: string[]): Promise<number> {
  const { rows } = await sql<{ total: number }>`select count(*) as total from jobs_fts where jobs_fts match ${ftsQuery(terms)}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/**
 * 1 + 2 x the share of the words found in the title, up to 3x: bm25 and ts_rank_cd saturate term
 * frequency, so column weights alone barely lift a title match over one mention in a description.
 * Looked up in title_key (the lower-case, accent-free title) so SQLite reads it from an index.
 */
function titleBoost(dialect: DialectName, terms: string[]): RawBuilder<unknown> {
  const hits = terms.map((term) => {
    const stem = roughStem(term).normalize('NFD').replace(/\p{M}/gu, '');
    const position = dialect === 'sqlite' ? sql`instr(j.title_key, ${stem})` : sql`strpos(j.title_key, ${stem})`;
    return sql`case when ${position} > 0 then 1 else 0 end`;
  });
  return sql`(1 + 2 * cast(${sql.join(hits, sql` + `)} as double precision) / ${sql.lit(terms.length)})`;
}

/** 1 for a listing posted now, 1/2 at RECENCY_HALF_LIFE_DAYS old, falling towards 0. */
function recency(now: number): RawBuilder<unknown> {
  const ageDays = sql`(cast(${now} - j.posted_at as double precision) / ${DAY_MS})`;
  return sql`(${sql.lit(RECENCY_HALF_LIFE_DAYS)} / (${sql.lit(RECENCY_HALF_LIFE_DAYS)} + ${ageDays}))`;
}

/** "dispatchers" -> "dispatcher": enough to find a plural's singular inside a title. */
function roughStem(term: string): string {
  return term.length > 4 && term.endsWith('s') ? term.slice(0, -1) : term;
}

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
