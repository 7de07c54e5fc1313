import { sql } from 'kysely';
import { RESULTS_PER_PAGE } from '../../../shared/jobs/enums';
import type { Db, DialectName } from '../../db/database';
import { boundingBox } from './geo';
import type { JobSearchResult, SearchPlan } from './search-plan';
import { indexedBox, largestSeq } from './search-sql';
import { matchSource } from './search-source';
import { countUpTo, runSearchStatement } from './search-statement';
import type { SearchStrategy } from './search-strategy';
import { coveringCells } from './search-tokens';

/** The paths both databases take (decision 0246); each database's executor adds its own. */

/** Rings tried for a place without words by distance, as shares of the radius (decision 0193). */
const RING_SHARES = [1 / 64, 1 / 16, 1 / 4] as const;
/** Rings only where the radius holds this many times the jobs up to the page asked for (or more than the bound). */
const RING_MIN_MATCHES_PER_PAGE = 4;
/** Rings tried for words, as shares of the radius: words are fewer than jobs (decision 0213). */
const WORD_RING_SHARES = [1 / 16, 1 / 4] as const;
/** Words try rings only where the radius's box holds at most this many featured jobs (decision 0213). */
const RING_MAX_FEATURED = 200;

/** A path both databases take the same way. */
export function searchOnEither(db: Db, dialect: DialectName, plan: SearchPlan, strategy: SearchStrategy): Promise<JobSearchResult> {
  switch (strategy) {
    case 'newest-matches':
      return newestMatches(db, dialect, plan);
    case 'nearest-rings-with-words':
      return nearestRingsWithWords(db, dialect, plan);
    case 'dated-walk':
      return datedWalk(db, dialect, plan);
    case 'nearest-rings':
      return nearestRings(db, dialect, plan);
    case 'listing':
      return listing(db, dialect, plan);
    default:
      throw new Error(`the ${strategy} search is not one both databases take`);
  }
}

/** Words by relevance or date: the newest RANKED_CANDIDATES matches, ranked and counted in one statement (decision 0170). */
export function newestMatches(db: Db, dialect: DialectName, plan: SearchPlan): Promise<JobSearchResult> {
  return runSearchStatement(db, dialect, plan, matchSource(dialect, plan, { tokens: true }), { knownTotal: null, newestCandidates: true });
}

/**
 * Words by distance: every match of the radius (the index hands over those of its cells, where they
 * cover it) read and sorted for the page, and counted in the same statement unless known.
 */
export function everyMatchByDistance(db: Db, dialect: DialectName, plan: SearchPlan, options: { knownTotal: number | null; boxFirst: boolean }): Promise<JobSearchResult> {
  const source = matchSource(dialect, plan, { tokens: true, boxFirst: options.boxFirst });
  return runSearchStatement(db, dialect, plan, source, { knownTotal: options.knownTotal, newestCandidates: false });
}

/**
 * Words by distance, where the radius holds more matches than the bound (decision 0213): the page
 * from a ring around the place when the ring fills it, every job outside the ring being farther. The
 * matches are counted among the smallest ring's cells, in that ring's statement: more than the bound
 * there, and the radius holds more ("1,000+"). Otherwise every match of the radius.
 */
async function nearestRingsWithWords(db: Db, dialect: DialectName, plan: SearchPlan): Promise<JobSearchResult> {
  const ringed = await ringsWithWords(db, dialect, plan);
  return ringed.result ?? everyMatchByDistance(db, dialect, plan, { knownTotal: ringed.knownTotal, boxFirst: false });
}

/** The rings of nearestRingsWithWords: a full page, or none with the total when the count found more than the bound. */
async function ringsWithWords(db: Db, dialect: DialectName, plan: SearchPlan): Promise<{ result: JobSearchResult | null; knownTotal: number | null }> {
  const none = { result: null, knownTotal: null };
  const { radius } = plan;
  if (!radius) return none;
  const [first] = WORD_RING_SHARES;
  // A ring no cells cover would have the index hand over every match of the words: no rings then.
  if (coveringCells(boundingBox(radius.centre.latitude, radius.centre.longitude, radius.miles * first)) === null) return none;
  // Each ring's statement tests every featured job of the radius for the words: where the radius has
  // many, sorting its matches costs less.
  const featured = await sql<{ n: number | string }>`select count(*) as n from (select 1 from jobs j where j.status = 'open' and j.featured = 1
    and ${indexedBox(radius.box)} limit ${RING_MAX_FEATURED + 1}) f`.execute(db);
  if (Number(featured.rows[0]?.n ?? 0) > RING_MAX_FEATURED) return none;
  // The first ring's page, and in the same statement its cells' matches within the radius counted up
  // to the bound: more than it, and the radius holds more than the bound.
  const firstSource = matchSource(dialect, plan, { tokens: true, ring: { miles: radius.miles * first, countMatches: true } });
  const firstRing = await runSearchStatement(db, dialect, plan, firstSource, { knownTotal: null, newestCandidates: false });
  if (firstRing.total <= plan.bound) return none;
  const knownTotal = plan.bound + 1;
  if (firstRing.rows.length === RESULTS_PER_PAGE) return { result: firstRing, knownTotal };
  for (const share of WORD_RING_SHARES.slice(1)) {
    const source = matchSource(dialect, plan, { tokens: true, ring: { miles: radius.miles * share } });
    const result = await runSearchStatement(db, dialect, plan, source, { knownTotal, newestCandidates: false });
    if (result.rows.length === RESULTS_PER_PAGE) return { result, knownTotal };
  }
  return { result: null, knownTotal };
}

/**
 * A place without words in date order, where its box holds more than the bound (decision 0198): the
 * page from the newest walkBudget open jobs, each tested against the box and filters, when they fill
 * it (with more matches than the bound every reachable page is full); otherwise the box read whole.
 */
async function datedWalk(db: Db, dialect: DialectName, plan: SearchPlan): Promise<JobSearchResult> {
  const source = matchSource(dialect, plan);
  const capped = await countUpTo(db, source, plan.bound + 1);
  if (source.dateWalk && capped > plan.bound) {
    const budget = walkBudget(await largestSeq(db), plan.page);
    const walked = await runSearchStatement(db, dialect, plan, source, { knownTotal: capped, newestCandidates: false, walkBudget: budget });
    if (walked.rows.length === RESULTS_PER_PAGE) return walked;
  }
  return runSearchStatement(db, dialect, plan, source, { knownTotal: capped, newestCandidates: false });
}

/**
 * How many of the newest open jobs a walk in date order may test against the box before the box is
 * read instead (decision 0198): the walk needs about (the page's last row) x (jobs / the box's jobs)
 * of them and reading the box costs the box's jobs, so the walk is the cheaper exactly when the box
 * holds more than the square root of (the page's last row) x (jobs), and then needs no more than
 * that root. `maxSeq` (at least the number of open jobs) stands for the jobs.
 */
export function walkBudget(maxSeq: number, page: number): number {
  return Math.ceil(Math.sqrt(page * RESULTS_PER_PAGE * Math.max(1, maxSeq)));
}

/**
 * A place without words by distance (decision 0193): the radius's featured jobs, which come first,
 * and the nearest others from a ring around the place, smallest first; every job outside the ring is
 * farther than every job in it, so a ring that fills the page gives the radius's page. Tried where
 * the radius holds more than the bound or several times the page's jobs; otherwise the whole radius.
 */
async function nearestRings(db: Db, dialect: DialectName, plan: SearchPlan): Promise<JobSearchResult> {
  const source = matchSource(dialect, plan);
  const capped = await countUpTo(db, source, plan.bound + 1);
  if (plan.radius && (capped > plan.bound || capped >= RING_MIN_MATCHES_PER_PAGE * plan.page * RESULTS_PER_PAGE)) {
    for (const share of RING_SHARES) {
      const ring = matchSource(dialect, plan, { ring: { miles: plan.radius.miles * share } });
      const result = await runSearchStatement(db, dialect, plan, ring, { knownTotal: capped, newestCandidates: false });
      if (result.rows.length === RESULTS_PER_PAGE) return result;
    }
  }
  return runSearchStatement(db, dialect, plan, source, { knownTotal: capped, newestCandidates: false });
}

/** No words, no radius: counted up to the bound, and the page in index order. */
async function listing(db: Db, dialect: DialectName, plan: SearchPlan): Promise<JobSearchResult> {
  const source = matchSource(dialect, plan);
  const capped = await countUpTo(db, source, plan.bound + 1);
  return runSearchStatement(db, dialect, plan, source, { knownTotal: capped, newestCandidates: false });
}
