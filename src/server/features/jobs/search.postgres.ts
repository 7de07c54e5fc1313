import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { everyMatchByDistance, newestMatches, searchOnEither } from './search-paths';
import { RANKED_CANDIDATES, type JobSearchResult, type SearchPlan } from './search-plan';
import { newestSearchRanges } from './search-ranges';
import { largestSeq } from './search-sql';
import { matchSource } from './search-source';
import { runSearchStatement } from './search-statement';
import { lexemeStatistics, mostMatches } from './search-statistics';
import type { SearchStrategy } from './search-strategy';
import { plainWords } from './search-words';
import { NEWEST_WINDOWS, newestBlocks, PLACE_SEQ_BLOCK, SEQ_BUCKET } from './search-tokens';

/**
 * Stage three on PostgreSQL (decision 0246). Its GIN index finds every match of the words but orders
 * none, and each match it hands over is a row read from the table: so a text search by relevance or
 * date asks for a window of the newest seqs first (seq blocks, search ranges, the place's cell
 * blocks), and keeps a window's answer only when it holds RANKED_CANDIDATES matches, for then it
 * holds the newest candidates exactly (every job outside it is older). Otherwise the next window,
 * and last the whole index: the same page either way, only the statements differ.
 */
export function searchOnPostgres(db: Db, plan: SearchPlan, strategy: SearchStrategy): Promise<JobSearchResult> {
  switch (strategy) {
    case 'newest-seq-blocks':
      return newestSeqBlocksFirst(db, plan);
    case 'newest-search-ranges':
      return searchRangesFirst(db, plan);
    case 'newest-seq-windows':
      return seqWindowsFirst(db, plan);
    case 'newest-place-blocks':
      return placeBlocksFirst(db, plan);
    case 'every-match-by-distance':
      return everyMatchByDistance(db, 'postgres', plan, { knownTotal: null, boxFirst: false });
    default:
      return searchOnEither(db, 'postgres', plan, strategy);
  }
}

/** A window's page when it held the candidates; otherwise the rate of matches it found per seq (null: not known). */
interface WindowAnswer {
  result: JobSearchResult | null;
  matchesPerSeq: number | null;
}

/**
 * Words alone: the newest two seq blocks, unless the statistics' common words say they cannot hold
 * the candidates (decision 0207); then the search ranges, unless the rate of matches says they cannot
 * hold them either; then the whole index.
 */
async function newestSeqBlocksFirst(db: Db, plan: SearchPlan): Promise<JobSearchResult> {
  const newest = await largestSeqAndLexemes(db, plainWords(plan.words));
  const first = await firstSeqWindow(db, plan, newest);
  return (
    first.result ??
    (searchRangesMayHold(first.matchesPerSeq, newest.maxSeq) ? await rankWithinSearchRanges(db, plan, newest.maxSeq) : null) ??
    (await newestMatches(db, 'postgres', plan))
  );
}

/** Words with filter tokens, no radius: the search ranges, then the whole index (a seq block beside a filter's token slows GIN). */
async function searchRangesFirst(db: Db, plan: SearchPlan): Promise<JobSearchResult> {
  return (await rankWithinSearchRanges(db, plan, await largestSeq(db))) ?? (await newestMatches(db, 'postgres', plan));
}

/** Words within a radius no tokens narrow: the newest 2, then 8 seq blocks, then the whole index. */
async function seqWindowsFirst(db: Db, plan: SearchPlan): Promise<JobSearchResult> {
  const windowed = await rankWithinSeqWindows(db, plan, NEWEST_WINDOWS, await largestSeq(db));
  return windowed.result ?? (await newestMatches(db, 'postgres', plan));
}

/**
 * Words within a radius with tokens: the place's newest cell blocks (decision 0199); then the search
 * ranges with the place's cells, unless the blocks' rate of matches says they cannot hold the
 * candidates (decision 0215); then the whole index.
 */
async function placeBlocksFirst(db: Db, plan: SearchPlan): Promise<JobSearchResult> {
  const maxSeq = await largestSeq(db);
  const placed = await rankWithinPlaceBlocks(db, plan, maxSeq);
  return (
    placed.result ??
    (searchRangesMayHold(placed.matchesPerSeq, maxSeq) ? await rankWithinSearchRanges(db, plan, maxSeq) : null) ??
    (await newestMatches(db, 'postgres', plan))
  );
}

/**
 * The first of NEWEST_WINDOWS, unless the statistics say it cannot hold the candidates even if every
 * job holding the rarest word held them all; the rarest word's share then stands for the rate of
 * matches (decision 0207).
 */
async function firstSeqWindow(db: Db, plan: SearchPlan, newest: { maxSeq: number; lexemes: string[] }): Promise<WindowAnswer> {
  const [firstWindow] = NEWEST_WINDOWS;
  const statistics = await lexemeStatistics(db);
  const windowSeqs = newestWindowSeqs(newest.maxSeq, firstWindow);
  const most = windowSeqs === null ? null : mostMatches(statistics, newest.lexemes, windowSeqs);
  if (most !== null && most < RANKED_CANDIDATES) return { result: null, matchesPerSeq: mostMatches(statistics, newest.lexemes, 1) };
  return rankWithinSeqWindows(db, plan, [firstWindow], newest.maxSeq);
}

/**
 * The smallest of the newest seq windows (`windows` blocks of SEQ_BUCKET, decision 0171) that holds
 * RANKED_CANDIDATES matches, each ranked at once and kept if it has that many. A window narrower than
 * the last one's rate of matches asks for is skipped. Only where no place cells or filter tokens are
 * among the tokens: GIN drives its scan by its rarest entries, and beside those a window is slower.
 */
async function rankWithinSeqWindows(db: Db, plan: SearchPlan, windows: readonly number[], maxSeq: number): Promise<WindowAnswer> {
  let matchesPerSeq: number | null = null;
  let needed = 0;
  for (const blocks of windows) {
    const seqBlocks = newestBlocks(maxSeq, blocks);
    if (!seqBlocks) break;
    const span = newestWindowSeqs(maxSeq, blocks)!;
    if (span < needed) continue;
    const source = matchSource('postgres', plan, { tokens: true, seqBlocks });
    const result = await runSearchStatement(db, 'postgres', plan, source, { knownTotal: null, newestCandidates: true });
    // Ranked newest first, the total is the number of candidates (at most RANKED_CANDIDATES).
    if (result.total >= RANKED_CANDIDATES) return { result, matchesPerSeq: null };
    matchesPerSeq = result.total / span;
    needed = result.total === 0 ? Number.POSITIVE_INFINITY : (span * RANKED_CANDIDATES) / result.total;
  }
  return { result: null, matchesPerSeq };
}

/**
 * Whether the newest search ranges may hold RANKED_CANDIDATES matches, from the rate of matches in the
 * newest seqs (null: not known, so they may). Matches are not spread evenly over the seqs, so the
 * ranges are skipped only when the rate promises fewer than SEARCH_RANGES_MARGIN of the candidates.
 */
function searchRangesMayHold(matchesPerSeq: number | null, maxSeq: number): boolean {
  if (matchesPerSeq === null) return true;
  const seqs = newestSearchRanges(maxSeq).ranges.reduce((sum, range) => sum + Math.max(0, Math.min(range.to, maxSeq + 1) - range.from), 0);
  return matchesPerSeq * seqs >= RANKED_CANDIDATES * SEARCH_RANGES_MARGIN;
}
/** The share of the candidates a window's rate must promise in the ranges for them to be asked. */
const SEARCH_RANGES_MARGIN = 0.25;

/**
 * The newest RANKED_CANDIDATES matches from the newest search ranges, each read through its own
 * partial index (decision 0205). Null when those ranges hold fewer and older jobs remain beyond them.
 */
async function rankWithinSearchRanges(db: Db, plan: SearchPlan, maxSeq: number): Promise<JobSearchResult | null> {
  const { ranges, coversAll } = newestSearchRanges(maxSeq);
  const source = matchSource('postgres', plan, { tokens: true });
  const result = await runSearchStatement(db, 'postgres', plan, source, { knownTotal: null, newestCandidates: true, seqRanges: ranges });
  return result.total >= RANKED_CANDIDATES || coversAll ? result : null;
}

/** How many of the newest blocks of PLACE_SEQ_BLOCK seqs a text search within a radius asks for first. */
const FIRST_PLACE_WINDOW_BLOCKS = 3;
/** The share more than the rate of matches asks for, when a window is widened: matches are not spread evenly. */
const PLACE_WINDOW_MARGIN = 1.15;

/**
 * The newest RANKED_CANDIDATES matches within the newest blocks of the one-degree cells covering the
 * radius (the cell-and-block tokens of migration 0051, decision 0199); otherwise one wider window
 * sized from the first one's rate of matches; then no result, with the rate the windows found. No
 * result and no rate where a window would cover every block or need too many tokens.
 */
async function rankWithinPlaceBlocks(db: Db, plan: SearchPlan, maxSeq: number): Promise<WindowAnswer> {
  const last = Math.floor(maxSeq / PLACE_SEQ_BLOCK);
  // The newest block is partly filled.
  const span = (blocks: number) => maxSeq - (last - blocks + 1) * PLACE_SEQ_BLOCK + 1;
  let blocks = FIRST_PLACE_WINDOW_BLOCKS;
  let matchesPerSeq: number | null = null;
  for (let attempt = 0; attempt < 2 && blocks <= last; attempt += 1) {
    const placeBlocks = Array.from({ length: blocks }, (_, i) => last - i);
    const source = matchSource('postgres', plan, { tokens: true, placeBlocks });
    if (!source.placeBlocksApplied) return { result: null, matchesPerSeq };
    const result = await runSearchStatement(db, 'postgres', plan, source, { knownTotal: null, newestCandidates: true });
    if (result.total >= RANKED_CANDIDATES) return { result, matchesPerSeq: null };
    matchesPerSeq = result.total / span(blocks);
    if (result.total === 0) return { result: null, matchesPerSeq };
    const needed = (span(blocks) * RANKED_CANDIDATES * PLACE_WINDOW_MARGIN) / result.total;
    blocks = 1 + Math.ceil(Math.max(0, needed - span(1)) / PLACE_SEQ_BLOCK);
  }
  return { result: null, matchesPerSeq };
}

/**
 * The largest seq and, in the same statement, the lexemes PostgreSQL makes of the words (those of
 * plainto_tsquery: the same parser and dictionaries), for the statistics of decision 0207. Only the
 * words without other names (decision 0260): a group that also finds other names may match more
 * than its typed words, so they bound nothing.
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
