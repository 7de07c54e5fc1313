import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database';
import { boundingBox, type BoundingBox } from './geo';
import type { SearchPlan } from './search-plan';
import { wordsAndTokens } from './search-ranges';
import { bandedBox, distanceMiles, indexedBox, postedSince, unindexedBox, WALK_COLUMNS } from './search-sql';
import { ftsTokenQuery, placeWindowTokens, searchTokenGroups, tsTokenQuery } from './search-tokens';
import { ftsWordsQuery, wordsTsquery } from './search-words';

/**
 * Where a search statement's rows come from and what they must meet, for one read of a plan: the
 * whole index, or a narrower window of it that an executor tries first (decision 0246).
 */
export interface MatchSource {
  /** PostgreSQL: the words are looked up with tokens in the GIN index of words and tokens (decision 0171). */
  withTokens: boolean;
  /** SQLite: how many token phrases the full-text match has beside the words' (search-tokens.ts). */
  ftsTokenPhrases: number;
  filters: RawBuilder<unknown>[];
  /** Each row's distance from the radius's centre, where the plan has a radius. */
  distance: RawBuilder<unknown> | null;
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  /** The same conditions with the box asked of the place index band by band (decision 0193), for reading all of it. */
  wholeBoxWhere: RawBuilder<unknown>;
  /**
   * A place without words: the open jobs walked in date order, each tested against the box rather
   * than the box asked of an index, so the walk stops after a page (decision 0198); null otherwise.
   * The walk reads a subquery of the newest open jobs in the page's order, at most a budget of them
   * (its own limit keeps the box and filters out of it), with no sort above it: both databases walk
   * the date index, which holds the coordinates (migration 0060), and stop; asked of an index, both
   * misjudge a dense box and read all of it. `columns`: what the page and its tests read of the
   * subquery's rows (every column with a filter).
   */
  dateWalk: { where: RawBuilder<unknown>; columns: string } | null;
  /**
   * By distance within a ring: the radius's featured jobs and the ring's others, each read where it
   * says, their union sorted for the page. Without words the featured jobs come from their own small
   * index and the others from the ring's bands of the place index; with words the featured ones are
   * tested for the words one by one, and the others asked of the full-text index with the ring's
   * cells (decisions 0193, 0213).
   */
  ring: {
    featured: { from: RawBuilder<unknown>; where: RawBuilder<unknown> };
    others: { from: RawBuilder<unknown>; where: RawBuilder<unknown> };
    /** With `countMatches`: the words' matches among the ring's cells within the radius (`ring_matches`), the others' source and counted up to the bound. */
    matches: RawBuilder<unknown> | null;
  } | null;
  /** PostgreSQL: the words' tsquery. */
  tsquery: RawBuilder<unknown> | null;
  /** SQLite: the radius's box listed first (`box_first`), where the executor asked for it. */
  boxFirst: RawBuilder<unknown> | null;
  /** PostgreSQL: the place was asked of the index as the cells and seq blocks of `placeBlocks` (decision 0199). */
  placeBlocksApplied: boolean;
}

export interface SourceOptions {
  /** Words: ask the full-text index for the place's cells and the filters' tokens beside them (decision 0171). */
  tokens?: boolean;
  /**
   * SQLite, words within a radius the cells do not narrow, when they match at least
   * NEAR_FIRST_MIN_MATCHES jobs: the box's jobs listed from the place index first, and the text
   * matches kept among them, a hash probe each, rather than an index probe per text match (decision 0213).
   */
  boxFirst?: boolean;
  /** PostgreSQL, words: only the jobs of these seq-block tokens (search-tokens.ts). */
  seqBlocks?: string[];
  /** PostgreSQL, words within a radius: the place as the cell-and-block tokens of these place blocks (decision 0199). */
  placeBlocks?: number[];
  /** By distance within a ring of this many miles; with `countMatches`, its statement also counts the words' matches (decision 0213). */
  ring?: { miles: number; countMatches?: boolean };
}

/** The source of a plan's rows, read as `options` say. */
export function matchSource(dialect: DialectName, plan: SearchPlan, options: SourceOptions = {}): MatchSource {
  const { criteria, place, now, terms, words, radius } = plan;
  const filters: RawBuilder<unknown>[] = [];

  let distance: RawBuilder<unknown> | null = null;
  let inBox: RawBuilder<unknown> | null = null;
  let inBandedBox: RawBuilder<unknown> | null = null;
  let box: BoundingBox | null = null;
  let ring: { box: BoundingBox; featured: RawBuilder<unknown>; others: RawBuilder<unknown> } | null = null;
  if (radius) {
    box = radius.box;
    inBox = indexedBox(box);
    // The place index leads with the latitude band (decision 0193), for a search that reads the whole
    // box. Not for a page in date order (decision 0198) nor for words (their own index leads).
    inBandedBox = bandedBox(dialect, box);
    distance = distanceMiles(radius.centre.latitude, radius.centre.longitude);
    if (!options.ring) {
      filters.push(inBox, sql`${distance} <= ${radius.miles}`);
    } else {
      // Featured jobs of the whole radius, asked of their own small index, and the others within the
      // ring, read from the ring's bands of the place index alone (decision 0193).
      const ringBox = boundingBox(radius.centre.latitude, radius.centre.longitude, options.ring.miles);
      ring = {
        box: ringBox,
        featured: sql`j.featured = 1 and ${inBox} and ${distance} <= ${radius.miles}`,
        // With words the full-text index leads (the ring's cells among its tokens): the box is a test on each row.
        others: sql`j.featured <> 1 and ${terms.length ? unindexedBox(ringBox) : bandedBox(dialect, ringBox)} and ${distance} <= ${options.ring.miles}`,
      };
    }
  }
  // The box and the radius: what a walk in date order reads from the date index (see dateWalk).
  const placeFilterCount = filters.length;
  // The state, remote and category filters, each also a token of the full-text index, spelled two
  // ways: as columns an index can serve, and (PostgreSQL, beside the tokens) kept off the B-tree
  // indexes (decision 0215).
  const tokenFilters: Array<{ indexed: RawBuilder<unknown>; unindexed: RawBuilder<unknown> }> = [];
  if (place?.kind === 'state') tokenFilters.push({ indexed: sql`j.state = ${place.state}`, unindexed: sql`(j.state || '') = ${place.state}` });
  if (place?.kind === 'remote' || criteria.remoteOnly) tokenFilters.push({ indexed: sql`j.remote = 1`, unindexed: sql`j.remote + 0 = 1` });
  if (criteria.category !== null) tokenFilters.push({ indexed: sql`j.category = ${criteria.category}`, unindexed: sql`(j.category || '') = ${criteria.category}` });
  filters.push(...tokenFilters.map((filter) => filter.indexed));
  if (criteria.minPay !== null) filters.push(sql`j.pay_max_annual >= ${criteria.minPay}`);
  if (criteria.employmentType !== null) filters.push(sql`j.employment_type = ${criteria.employmentType}`);
  if (criteria.postedWithin !== null) filters.push(sql`j.posted_at >= ${postedSince(now, criteria.postedWithin)}`);

  // Where the rows come from. SQLite's full-text table holds open jobs only, so a text search there
  // needs no status test and reads the job's columns from the covering index by seq.
  let from: RawBuilder<unknown> = sql`jobs j`;
  let match: RawBuilder<unknown> = sql`j.status = 'open'`;
  let tsquery: RawBuilder<unknown> | null = null;
  let where: RawBuilder<unknown>;
  let boxFirst: RawBuilder<unknown> | null = null;
  const placeWindow = options.placeBlocks && box && dialect === 'postgres' ? placeWindowTokens(box, options.placeBlocks) : null;
  // Within a ring, the ring's cells: the index hands over the words' matches near the place only.
  const tokens = options.tokens && terms.length ? searchTokenGroups(criteria, place, ring?.box ?? box, { postgres: dialect === 'postgres', placeWindow: placeWindow ?? undefined }) : [];
  if (options.seqBlocks && terms.length && dialect === 'postgres') tokens.push(options.seqBlocks);
  const placeTokens = tokens.length > 0 && box !== null && (placeWindow !== null || (radius !== null && radius.cells !== null));
  if (dialect === 'postgres' && placeTokens && inBox && box && filters.includes(inBox)) {
    // The place's cells are among the tokens the GIN index intersects with the words, so the box is
    // a test on each candidate, kept off the place indexes by unary plus: PostgreSQL takes latitude
    // and longitude as independent and would AND the box's bitmap with the words' (decision 0210).
    filters[filters.indexOf(inBox)] = unindexedBox(box);
  }
  if (dialect === 'postgres' && tokens.length) {
    // The same for a state, remote or a category: each is a token the GIN index intersects with the
    // words, where the planner would AND the words' bitmap with a B-tree's entries (decision 0215).
    for (const filter of tokenFilters) filters[filters.indexOf(filter.indexed)] = filter.unindexed;
  }
  if (terms.length && dialect === 'sqlite') {
    match = sql`jobs_fts match ${tokens.length ? `(${ftsWordsQuery(words)}) AND ${ftsTokenQuery(tokens)}` : ftsWordsQuery(words)}`;
    from = sql`jobs_fts f join jobs j on j.seq = f.rowid`;
    where = sql.join([match, ...filters], sql` and `);
    if (options.boxFirst && inBox) {
      boxFirst = sql`near as materialized (select j.seq as seq from jobs j where j.status = 'open' and ${inBox})`;
      // CROSS JOIN fixes SQLite's join order: text matches, then the box's list, then the index.
      from = sql`jobs_fts f cross join near n on n.seq = f.rowid cross join jobs j on j.seq = f.rowid`;
    }
  } else {
    if (terms.length) {
      tsquery = wordsTsquery(words);
      // The words and tokens' expression, which the whole-table GIN index and the search ranges index
      // (decisions 0171, 0205), also for words alone: the planner has its statistics (migration 0056).
      const combined = sql.raw(wordsAndTokens('j'));
      // Words that are all stop words make an empty tsquery, which matches nothing; ANDed with tokens
      // it would be the tokens alone (every job of the place): numnode() keeps it matching nothing.
      match = tokens.length
        ? sql`j.status = 'open' and numnode(${tsquery}) > 0 and ${combined} @@ (${tsquery} && cast(${tsTokenQuery(tokens)} as tsquery))`
        : sql`j.status = 'open' and ${combined} @@ ${tsquery}`;
    }
    where = sql.join([match, ...filters], sql` and `);
  }
  const wholeBoxWhere = inBox && inBandedBox && !terms.length ? sql.join([match, ...filters.map((filter) => (filter === inBox ? inBandedBox! : filter))], sql` and `) : where;
  // Without filters the walk reads the date index alone; a filter reads the job's row, all of it.
  const dateWalk = !inBox || !box || terms.length || ring ? null : { where, columns: filters.length > placeFilterCount ? '*' : WALK_COLUMNS };
  let ringArms: MatchSource['ring'] = null;
  if (ring && radius) {
    // The featured jobs of the whole radius, each tested for the words (they are few), not asked of
    // the full-text index with the ring's cells, which would miss those outside the ring.
    const wordsTest = !terms.length
      ? null
      : dialect === 'sqlite'
        ? sql`exists (select 1 from jobs_fts where jobs_fts match ${ftsWordsQuery(words)} and rowid = j.seq)`
        : sql`${sql.raw(wordsAndTokens('j'))} @@ ${tsquery}`;
    // With words, a ring's statement can also count the matches among its cells within the radius:
    // the index hands them over once, for the count and for the ring's others.
    const matches =
      terms.length && options.ring?.countMatches && distance
        ? sql`ring_matches as materialized (select j.seq as seq, j.featured as featured, j.posted_at as posted_at, j.latitude as latitude, j.longitude as longitude
            from ${from} where ${where} and ${unindexedBox(radius.box)} and ${distance} <= ${radius.miles})`
        : null;
    ringArms = {
      featured: { from: sql`jobs j`, where: sql.join([sql`j.status = 'open'`, ...(wordsTest ? [wordsTest] : []), ...filters, ring.featured], sql` and `) },
      others: matches ? { from: sql`ring_matches j`, where: ring.others } : { from, where: sql`${where} and ${ring.others}` },
      matches,
    };
  }
  const ftsTokenPhrases = dialect === 'sqlite' && terms.length ? tokens.reduce((sum, group) => sum + group.length, 0) : 0;
  return {
    withTokens: tokens.length > 0,
    ftsTokenPhrases,
    filters,
    distance,
    from,
    where,
    wholeBoxWhere,
    dateWalk,
    ring: ringArms,
    tsquery,
    boxFirst,
    placeBlocksApplied: placeWindow !== null && tokens.length > 0,
  };
}
