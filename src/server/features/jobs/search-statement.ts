import { sql, type RawBuilder } from 'kysely';
import { RESULTS_PER_PAGE } from '../../../shared/jobs/enums';
import type { Db, DialectName } from '../../db/database';
import { RANKED_CANDIDATES, RANKED_WINDOW, type JobSearchResult, type JobSummaryRow, type SearchPlan } from './search-plan';
import { seqBlocksBetween } from './search-tokens';
import { sqliteListingScore, sqliteTextScore, sqliteWordCounts } from './search-rank';
import { wordsAndTokens } from './search-ranges';
import { countTextMatches, DATED_ORDER, LISTED, recency, titleBoost, wordsMatch } from './search-sql';
import type { MatchSource } from './search-source';

export interface StatementOptions {
  /** The total, when already counted: the statement then counts nothing. */
  knownTotal: number | null;
  /**
   * A text search by relevance or date ranks only the RANKED_CANDIDATES newest matches, taken in
   * index order (the full-text index's rowid on SQLite, seq on PostgreSQL), and its total is their
   * count (decision 0170). Otherwise every match is ranked or ordered.
   */
  newestCandidates: boolean;
  /** A place without words in date order: the page from the newest this many open jobs (decision 0198). */
  walkBudget?: number;
  /** PostgreSQL: the candidates from these seq ranges, newest first, each through its own index (decision 0205). */
  seqRanges?: Array<{ from: number; to: number }>;
}

/**
 * One search statement (decision 0045): rows are picked first from small index entries (the key, the
 * sort key and the total), and only the page's 20 rows are then read whole. A text search by
 * relevance ranks in two stages: every candidate gets a cheap score (the share of the words in the
 * title, times recency) and the best RANKED_WINDOW of them are ordered by that times the full text
 * score: bm25 on SQLite's FTS5 table, ts_rank_cd on PostgreSQL's tsvector. Featured jobs come first
 * among the matches, in every order (decision 0114). Gives the page and, unless known, the total.
 */
export async function runSearchStatement(db: Db, dialect: DialectName, plan: SearchPlan, source: MatchSource, options: StatementOptions): Promise<JobSearchResult> {
  const { sort, now, terms, words } = plan;
  const { knownTotal } = options;
  const { filters, distance, tsquery, boxFirst } = source;
  let { from, where } = source;
  // By distance every job of the box is read and sorted: band by band (decision 0193).
  if (sort === 'distance' && distance !== null) where = source.wholeBoxWhere;
  // The walk in date order: its rows come in the page's order (PostgreSQL's must not be sorted again).
  let sortPage = true;
  if (options.walkBudget !== undefined && source.dateWalk) {
    // Column names and an integer of ours, never input.
    from = sql.raw(`(select ${source.dateWalk.columns} from jobs where status = 'open' order by ${DATED_ORDER} limit ${Math.trunc(options.walkBudget)}) j`);
    where = source.dateWalk.where;
    sortPage = false;
  }
  // SQLite's full text score for the words: bm25(), or the same score from the words' kept counts of
  // matches where the connection has the rank function (decision 0221).
  const wordCounts = dialect === 'sqlite' && terms.length && sort === 'relevance' ? await sqliteWordCounts(db, words) : null;
  const textScore = sqliteTextScore(wordCounts);
  let newest: RawBuilder<unknown> | null = null;
  // How the candidates' text score is found: SQLite's words alone score in the listing's scan of
  // the full-text index (decision 0190); with a place or filters, in the listing where the rank
  // function is there (decision 0221); otherwise after the listing.
  let scoredInWordsListing = false;
  let listedScore: RawBuilder<number> | null = null;
  if (options.newestCandidates && terms.length && sort !== 'distance') {
    // PostgreSQL with filters besides the words: "+ 0" keeps the planner off a backward walk of the
    // seq index, which it takes when it expects few matches and which then reads most of the table;
    // the GIN bitmap and a top-N sort instead. With tokens the GIN index of words and tokens is the
    // way in, whatever the planner guesses of the tokens beside the words (migration 0056).
    const key = dialect === 'sqlite' ? sql`f.rowid` : filters.length || source.withTokens || options.seqRanges?.length ? sql`(j.seq + 0)` : sql`j.seq`;
    if (dialect === 'sqlite' && !source.withTokens && filters.length === 0 && sort === 'relevance') {
      // The full-text table holds open jobs only: with no filter, no job row is needed to list them,
      // and the listing's match expression is the words' alone, so its bm25 is the candidates' score.
      newest = sql`newest as materialized (select f.rowid as seq, ${textScore} as bm25 from jobs_fts f where ${wordsMatch(words)} order by f.rowid desc limit ${RANKED_CANDIDATES})`;
      scoredInWordsListing = true;
      from = sql`newest m cross join jobs j on j.seq = m.seq`;
    } else if (dialect === 'sqlite') {
      // The candidates carry what ranking and ordering read, from the job rows the listing already
      // joined for the place and the filters, rather than looked up again by seq (decision 0218);
      // with the rank function, their text score too (decision 0221).
      listedScore = sqliteListingScore(wordCounts, source.ftsTokenPhrases);
      newest = sql`newest as materialized (select ${LISTED}${listedScore ? sql`, (-${listedScore}) as text_score` : sql``} from ${from} where ${where} order by ${key} desc limit ${RANKED_CANDIDATES})`;
      from = sql`newest j`;
    } else {
      // PostgreSQL: the candidates carry what ranking and ordering read, taken from the rows the
      // bitmap scan already holds, and each its row's address (ctid): ts_rank_cd reads the vector of
      // the RANKED_WINDOW the prescore keeps straight from their rows (decisions 0191, 0217).
      const listed = sql`${LISTED}${sort === 'relevance' ? sql`, j.ctid as tid` : sql``}`;
      if (options.seqRanges?.length) {
        // One branch per search range, newest first (decision 0205): each is read through its range's
        // index, and the limit stops the Append before the older ranges once it has the candidates.
        // The bounds are literal integers, as the indexes' predicates spell them. The second range in
        // two branches, its newest seq block and then its other blocks (decision 0219).
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
  const ctes = [boxFirst, newest].filter((cte): cte is RawBuilder<unknown> => cte !== null);
  const withCtes = ctes.length ? sql`${sql.join(ctes, sql`, `)}, ` : sql``;
  const offset = (plan.page - 1) * RESULTS_PER_PAGE;
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
  if (terms.length && sort === 'relevance') {
    const prescore = sql`(${titleBoost(dialect, words)} * ${recency(now)})`;
    const rerank = scoredInWordsListing
      ? { from: sql`candidates c`, where: sql`true`, score: sql`(-c.bm25)` }
      : listedScore
        ? { from: sql`candidates c`, where: sql`true`, score: sql`c.text_score` }
        : dialect === 'sqlite' && newest
          ? { from: sql`scored c`, where: sql`true`, score: sql`c.text_score` }
          : dialect === 'sqlite'
            ? { from: sql`candidates c join jobs_fts f on f.rowid = c.seq`, where: wordsMatch(words), score: sql`(-${textScore})` }
            : { from: sql`candidates c join jobs t on t.ctid = c.tid`, where: sql`true`, score: sql`cast(ts_rank_cd(t.search_vector, ${tsquery}) as double precision)` };
    // SQLite without the rank function, words with a place or filters: the candidates' bm25 from one
    // scan of the words' matches, newest first, each looked up among the candidates, rather than one
    // look-up in the full-text index per candidate (decision 0192). Every candidate matches the words,
    // so the scan stops once it has met them all: a limit of their count (decision 0218).
    const scored =
      dialect === 'sqlite' && newest && !scoredInWordsListing && !listedScore
        ? sql`, scored as (
        select c.seq as seq, c.featured as featured, c.prescore as prescore, (-${textScore}) as text_score
        from jobs_fts f cross join candidates c on c.seq = f.rowid
        where ${wordsMatch(words)}
        order by f.rowid desc limit (select count(*) from candidates)
      )`
        : sql``;
    rowsQuery = sql<Row>`
      with ${withCtes}candidates as ${dialect === 'sqlite' ? sql`materialized` : sql``} (
        select j.seq as seq, j.featured as featured, ${prescore} as prescore${scoredInWordsListing ? sql`, m.bm25 as bm25` : sql``}${listedScore ? sql`, j.text_score as text_score` : sql``}${dialect === 'postgres' ? (newest ? sql`, j.tid as tid` : sql`, j.ctid as tid`) : sql``} ${totalColumn}
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
  } else if (source.ring && distance) {
    // Two arms, each read through its own index: the union is small, and sorted whole for the page.
    const arm = ({ from: armFrom, where: armWhere }: { from: RawBuilder<unknown>; where: RawBuilder<unknown> }) =>
      sql`select j.seq as seq, j.featured as featured, j.posted_at as posted_at, ${distance} as distance from ${armFrom} where ${armWhere}`;
    const { matches } = source.ring;
    rowsQuery = sql<Row>`
      with ${matches ? sql`${matches}, ` : sql``}page as (
        select r.seq as seq, r.featured as featured, r.posted_at as posted_at, r.distance as distance
        from (${arm(source.ring.featured)} union all ${arm(source.ring.others)}) r
        order by r.featured desc, r.distance asc, r.posted_at desc, r.seq desc
        limit ${RESULTS_PER_PAGE} offset ${offset}
      )
      select ${columns}, page.distance as distance${matches ? sql`, c.total_count as total_count, page.seq as page_seq` : sql``}
      from ${matches ? sql`(select count(*) as total_count from (select 1 from ring_matches limit ${plan.bound + 1}) m) c left join page on true left join jobs j on j.seq = page.seq` : sql`page join jobs j on j.seq = page.seq`}
      order by page.featured desc, page.distance asc, page.posted_at desc, page.seq desc`;
  } else {
    const byDistance = sort === 'distance' && distance !== null;
    rowsQuery = sql<Row>`
      with ${withCtes}page as (
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
  const ringCount = source.ring?.matches ? Number(rows[0]?.total_count ?? 0) : null;
  if (ringCount !== null) rows = rows.filter((row) => row.page_seq !== null);
  let total: number;
  if (knownTotal !== null) total = knownTotal;
  // A ring's count of its cells' matches within the radius, up to the bound + 1.
  else if (ringCount !== null) total = ringCount;
  else if ((countInline || newest) && rows.length > 0) total = Number(rows[0]!.total_count);
  // The first page of the candidates is empty only when they are none: no statement to count them.
  else if (newest && offset === 0) total = 0;
  else if (newest) total = Number((await sql<{ total: number | string }>`with ${sql.join(ctes, sql`, `)} select ${newestTotal} as total`.execute(db)).rows[0]?.total ?? 0);
  else if (dialect === 'sqlite' && terms.length && filters.length === 0) total = await countTextMatches(db, words);
  else {
    const count = sql<{ total: number | string }>`${boxFirst ? sql`with ${boxFirst} ` : sql``}select count(*) as total from ${source.from} where ${source.where}`;
    total = Number((await count.execute(db)).rows[0]?.total ?? 0);
  }
  return {
    total,
    totalIsLowerBound: false,
    rows: rows.map(({ total_count: _total, page_seq: _seq, ...row }) => ({ ...row, distance: row.distance === null ? null : Number(row.distance) })),
  };
}

/** How many rows of a source match, counting no further than `limit` (the work stops there). */
export async function countUpTo(db: Db, source: MatchSource, limit: number): Promise<number> {
  const { from, wholeBoxWhere, boxFirst } = source;
  const query = sql<{ total: number | string }>`${boxFirst ? sql`with ${boxFirst} ` : sql``}select count(*) as total from (select 1 from ${from} where ${wholeBoxWhere} limit ${limit}) m`;
  return Number((await query.execute(db)).rows[0]?.total ?? 0);
}
