import { distance } from 'fastest-levenshtein';
import { sql } from 'kysely';
import type { SearchCriteria } from '../../../shared/jobs/search-url';
import type { Db, DialectName } from '../../db/database';
import type { JobSearchParams, JobSearchResult } from './search-plan';
import { searchJobs } from './search.repository';
import { countTextMatches } from './search-sql';
import { lexemeStatistics } from './search-statistics';
import { searchTerms } from './search-terms';
import { groupWords, isTitleWord } from './search-words';

/**
 * Typos (decision 0261): when a word of a search matches few jobs and a close word of the index's own
 * vocabulary matches many, the search is made with the close word. The vocabulary is the databases'
 * own (SQLite's fts5vocab over jobs_fts, PostgreSQL's ANALYZE statistics of the jobs' tsvector), the
 * distance fastest-levenshtein's; there is no list of misspellings. Only asked when the search as
 * typed found few jobs, so a search that finds enough reads no vocabulary.
 */

/** A search finding fewer jobs than this looks for a correction. */
export const FEW_RESULTS = 3;
/** A close word must match at least this many jobs, and this many times the typed word's matches. */
const MIN_CORRECTION_MATCHES = 5;
const MATCHES_FACTOR = 5;
/** The vocabulary is read again after this long (it changes with every posting, slowly in what is common). */
const VOCABULARY_MAX_AGE_MS = 10 * 60_000;
/** Words shorter than this are left alone: too many short words are a letter apart. */
const MIN_WORD_LENGTH = 4;

/** The words to search instead, word for word, or null when no word needs correcting. */
export interface SpellingCorrection {
  /** The search's text with each corrected word replaced ("nurse houston"). */
  search: string;
  /** The corrected words, as typed -> as searched. */
  words: Array<{ typed: string; corrected: string }>;
}

interface Vocabulary {
  /** Index terms (stems) beginning with a letter, and how many jobs hold each. */
  terms: Array<{ term: string; jobs: number }>;
}

const kept = new WeakMap<Db, Map<string, { readAt: number; vocabulary: Promise<Vocabulary> }>>();

/** The index terms starting with `letter` that at least MIN_CORRECTION_MATCHES jobs hold, kept a while per database. */
function vocabulary(db: Db, dialect: DialectName, letter: string): Promise<Vocabulary> {
  let byLetter = kept.get(db);
  if (!byLetter) kept.set(db, (byLetter = new Map()));
  const now = performance.now();
  const cached = byLetter.get(letter);
  if (cached && now - cached.readAt < VOCABULARY_MAX_AGE_MS) return cached.vocabulary;
  const read = dialect === 'sqlite' ? sqliteVocabulary(db, letter) : postgresVocabulary(db, letter);
  byLetter.set(letter, { readAt: now, vocabulary: read });
  read.catch(() => byLetter.delete(letter));
  return read;
}

/** SQLite: fts5vocab's terms of one first letter (a range of its sorted terms), with their jobs. */
async function sqliteVocabulary(db: Db, letter: string): Promise<Vocabulary> {
  const next = String.fromCharCode(letter.charCodeAt(0) + 1);
  const { rows } = await sql<{ term: string; doc: number }>`select term, doc from jobs_fts_vocab where term >= ${letter} and term < ${next}`.execute(db);
  return { terms: rows.filter((row) => row.doc >= MIN_CORRECTION_MATCHES && isWord(row.term)).map((row) => ({ term: row.term, jobs: Number(row.doc) })) };
}

/** PostgreSQL: the most common lexemes ANALYZE keeps of the jobs' tsvector, their shares as jobs. */
async function postgresVocabulary(db: Db, letter: string): Promise<Vocabulary> {
  const statistics = await lexemeStatistics(db);
  if (!statistics) return { terms: [] };
  const { rows } = await sql<{ n: number | string }>`select reltuples as n from pg_class where oid = 'jobs'::regclass`.execute(db);
  const jobs = Math.max(0, Number(rows[0]?.n ?? 0));
  const terms: Vocabulary['terms'] = [];
  for (const [lexeme, share] of statistics.shares) {
    const count = Math.round(share * jobs);
    if (lexeme.startsWith(letter) && isWord(lexeme) && count >= MIN_CORRECTION_MATCHES) terms.push({ term: lexeme, jobs: count });
  }
  return { terms };
}

/** A word of listings, not one of the index's place and filter tokens (search-tokens.ts) nor a number. */
function isWord(term: string): boolean {
  return /^[a-z]+$/.test(term) && !term.startsWith('zz');
}

/** How far a typed word is from an index term, a stem: to the whole word, or to its start as long as the stem ("nurce" -> "nurs"). */
function closeness(word: string, stem: string): number {
  if (word.length < stem.length || word.length - stem.length > 3) return distance(word, stem);
  return Math.min(distance(word, stem), distance(word.slice(0, stem.length), stem) + (word.length - stem.length > 2 ? 1 : 0));
}

/** The most edits a correction of a word this long may be. */
function allowedEdits(length: number): number {
  return length <= 5 ? 1 : 2;
}

/** How many jobs the word as typed matches, counted no further than `limit`. */
async function wordMatches(db: Db, dialect: DialectName, word: string, limit: number): Promise<number> {
  if (dialect === 'sqlite') return countTextMatches(db, groupWords([word], { synonyms: false }), limit);
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (select 1 from jobs j where j.status = 'open'
    and (j.search_vector || j.search_tokens) @@ plainto_tsquery('english', ${word}) limit ${limit}) m`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The word a person would read for an index term (a stem: "nurs"): of the forms the stem and the typed
 * word suggest, the closest to what was typed that the database makes into that same term.
 */
async function readableWord(db: Db, dialect: DialectName, typed: string, stem: string, jobs: number): Promise<string | null> {
  const forms = [...new Set([stem, `${stem}e`, `${stem}s`, stem.replace(/i$/, 'y'), `${stem}er`, `${stem}ing`, `${stem}ed`, `${stem}ion`])].sort(
    (a, b) => distance(typed, a) - distance(typed, b),
  );
  for (const form of forms.slice(0, 4)) {
    if (dialect === 'postgres') {
      const { rows } = await sql<{ lexemes: string[] | null }>`select tsvector_to_array(to_tsvector('english', ${form})) as lexemes`.execute(db);
      if (rows[0]?.lexemes?.length === 1 && rows[0].lexemes[0] === stem) return form;
    } else if ((await wordMatches(db, dialect, form, jobs + 1)) === jobs) {
      // The form matches exactly the stem's jobs: FTS5 made it into the stem.
      return form;
    }
  }
  return null;
}

/**
 * A correction of the search's words, or null: each word of at least MIN_WORD_LENGTH letters that is
 * not a title word of the table and matches fewer than FEW_RESULTS jobs is replaced by the closest
 * vocabulary term (fewest edits, then fewest edits as a whole word, then most jobs) that matches many more.
 */
export async function correctSpelling(db: Db, dialect: DialectName, search: string): Promise<SpellingCorrection | null> {
  const words: SpellingCorrection['words'] = [];
  for (const word of searchTerms(search)) {
    if (word.length < MIN_WORD_LENGTH || !/^[a-z]+$/.test(word) || isTitleWord(word)) continue;
    const typedMatches = await wordMatches(db, dialect, word, FEW_RESULTS);
    if (typedMatches >= FEW_RESULTS) continue;
    const needed = Math.max(MIN_CORRECTION_MATCHES, MATCHES_FACTOR * typedMatches);
    const { terms } = await vocabulary(db, dialect, word[0]!);
    let best: { term: string; jobs: number; edits: number; whole: number } | null = null;
    for (const { term, jobs } of terms) {
      if (jobs < needed) continue;
      const edits = closeness(word, term);
      if (edits === 0 || edits > allowedEdits(word.length)) continue;
      // Among equally close stems, the one closer as a whole word ("custodain": custodian, not custom), then the commoner.
      const whole = distance(word, term);
      if (!best || edits < best.edits || (edits === best.edits && (whole < best.whole || (whole === best.whole && jobs > best.jobs)))) best = { term, jobs, edits, whole };
    }
    if (!best) continue;
    const corrected = await readableWord(db, dialect, word, best.term, best.jobs);
    if (corrected && corrected !== word) words.push({ typed: word, corrected });
  }
  if (words.length === 0) return null;
  let corrected = search;
  for (const { typed, corrected: replacement } of words) corrected = corrected.replace(new RegExp(`(?<![\\p{L}\\p{N}])${typed}(?![\\p{L}\\p{N}])`, 'giu'), replacement);
  return { search: corrected, words };
}

export interface CorrectedSearch {
  result: JobSearchResult;
  /** The criteria searched: the corrected words where `correction` is set. */
  criteria: SearchCriteria;
  correction: SpellingCorrection | null;
}

/**
 * The search as typed and, where it finds fewer than FEW_RESULTS jobs, with its words corrected; the
 * corrected search is kept when it finds more. `asTyped`: the person asked for the words as typed.
 */
export async function searchWithSpelling(db: Db, dialect: DialectName, params: JobSearchParams, options: { asTyped: boolean }): Promise<CorrectedSearch> {
  const result = await searchJobs(db, dialect, params);
  const asSearched = { result, criteria: params.criteria, correction: null };
  if (options.asTyped || result.total >= FEW_RESULTS || !params.criteria.search) return asSearched;
  const correction = await correctSpelling(db, dialect, params.criteria.search);
  if (!correction) return asSearched;
  const criteria = { ...params.criteria, search: correction.search };
  const corrected = await searchJobs(db, dialect, { ...params, criteria });
  return corrected.total > result.total ? { result: corrected, criteria, correction } : asSearched;
}
