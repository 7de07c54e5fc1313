import { sql, type RawBuilder } from 'kysely';
import { TITLE_ENTRIES, type TitleEntry } from './title-synonyms';

/**
 * A search's words as the full-text query asks them (decision 0260): each group is one word, or one
 * phrase of the title table, as typed, OR the other names of that title. Every group is required;
 * within a group, any of its forms. A search whose words have no other names is one group a word,
 * and asks exactly what the words alone asked before.
 */
export interface WordGroup {
  /** The words as typed: all required (not as a phrase), as a search without synonyms asks them. */
  typed: string[];
  /** The other names, each a phrase (its words next to each other). */
  synonyms: string[][];
}

/** At most this many other names a group: a title with more gains little and costs the index a phrase each. */
const MAX_SYNONYMS_PER_GROUP = 8;

/** A word's form for comparing with the table: a plural's final "s" off ("rns", "cnas", "nurses"). */
export function wordKey(word: string): string {
  return word.length >= 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

const phraseKey = (words: readonly string[]) => words.map(wordKey).join(' ');
const phraseWords = (phrase: string) => phrase.split(' ');

interface TitleIndex {
  /** Each phrase's key -> its entry and the phrases it finds. */
  byPhrase: Map<string, { entry: TitleEntry; finds: string[] }>;
  /** The most words of any phrase. */
  longest: number;
}

let titleIndex: TitleIndex | null = null;

function getTitleIndex(): TitleIndex {
  if (titleIndex) return titleIndex;
  const byPhrase: TitleIndex['byPhrase'] = new Map();
  let longest = 1;
  for (const entry of TITLE_ENTRIES) {
    for (const phrase of entry.phrases) {
      const words = phraseWords(phrase);
      longest = Math.max(longest, words.length);
      byPhrase.set(phraseKey(words), { entry, finds: [...entry.phrases.filter((other) => other !== phrase), ...(entry.alsoFinds ?? [])] });
    }
  }
  titleIndex = { byPhrase, longest };
  return titleIndex;
}

/** The entry a phrase of lower-case words belongs to, if the table has it. */
export function titleEntryOf(words: readonly string[]): TitleEntry | undefined {
  return getTitleIndex().byPhrase.get(phraseKey(words))?.entry;
}

/** Whether a word is part of any phrase of the table (a title word, not a place). */
export function isTitleWord(word: string): boolean {
  const key = wordKey(word);
  for (const phrase of getTitleIndex().byPhrase.keys()) if (phrase.split(' ').includes(key)) return true;
  return false;
}

/**
 * The words (search-terms.ts) in groups: from the left, the longest run of words that is a phrase of
 * the table becomes one group with the entry's other names; any other word is a group of its own.
 */
export function groupWords(terms: readonly string[], options: { synonyms: boolean } = { synonyms: true }): WordGroup[] {
  const index = getTitleIndex();
  const groups: WordGroup[] = [];
  let at = 0;
  while (at < terms.length) {
    let matched = false;
    if (options.synonyms) {
      for (let length = Math.min(index.longest, terms.length - at); length >= 1; length -= 1) {
        const typed = terms.slice(at, at + length);
        const found = index.byPhrase.get(phraseKey(typed));
        if (!found) continue;
        const typedKey = phraseKey(typed);
        const synonyms = withoutRedundant(typed, found.finds.map(phraseWords).filter((words) => phraseKey(words) !== typedKey)).slice(0, MAX_SYNONYMS_PER_GROUP);
        groups.push({ typed, synonyms });
        at += length;
        matched = true;
        break;
      }
    }
    if (!matched) {
      groups.push({ typed: [terms[at]!], synonyms: [] });
      at += 1;
    }
  }
  return groups;
}

/**
 * The other names without those another form already finds: a phrase holding another name, or all
 * the typed words. They would match no other job, only score the same job twice ("certified nursing
 * assistant" beside "nursing assistant"), lifting other names above the words typed.
 */
function withoutRedundant(typed: readonly string[], names: string[][]): string[][] {
  const keys = (words: readonly string[]) => words.map(wordKey);
  const holds = (phrase: readonly string[], part: readonly string[]) => {
    const whole = ` ${keys(phrase).join(' ')} `;
    return whole.includes(` ${keys(part).join(' ')} `);
  };
  return names.filter((name, i) => {
    const typedKeys = keys(typed);
    if (typedKeys.every((word) => keys(name).includes(word))) return false;
    return !names.some((other, j) => j !== i && other.length < name.length && holds(name, other));
  });
}

/** Whether any group has other names (the search asks more than the words as typed). */
export function hasSynonyms(groups: readonly WordGroup[]): boolean {
  return groups.some((group) => group.synonyms.length > 0);
}

const quoted = (words: readonly string[]) => `"${words.join(' ')}"`;

/**
 * FTS5 query text: each typed word a quoted string, all required (`"forklift" "operator"`, as before
 * where no group has other names). Other names are names of titles, so they are asked of the title
 * column alone: a description's "rn" or "it" is no title, and a title's few words cost FTS5 little to
 * check a phrase in. FTS5 takes no implicit AND before a parenthesis, so with other names the ANDs are
 * spelled: `"icu" AND (("registered" AND "nurse") OR title : ("rn" OR "staff nurse"))`. Terms hold
 * letters and digits only: nothing to escape.
 */
export function ftsWordsQuery(groups: readonly WordGroup[]): string {
  if (!hasSynonyms(groups)) return groups.flatMap((group) => group.typed.map((word) => quoted([word]))).join(' ');
  return groups
    .map((group) => {
      const typed = group.typed.map((word) => quoted([word])).join(' AND ');
      if (group.synonyms.length === 0) return typed;
      return `(${group.typed.length > 1 ? `(${typed})` : typed} OR ${TITLE_COLUMN} : (${group.synonyms.map(quoted).join(' OR ')}))`;
    })
    .join(' AND ');
}

/** The full-text column other names are asked of (jobs_fts's title; weight A of PostgreSQL's vector). */
const TITLE_COLUMN = 'title';

/**
 * The FTS5 phrases of ftsWordsQuery in the order FTS5 numbers them, each as a query of its own with
 * its column filter (a typed word is a phrase of one word): bm25 counts each phrase's matches so.
 */
export function ftsWordsPhrases(groups: readonly WordGroup[]): string[] {
  return groups.flatMap((group) => [...group.typed.map((word) => quoted([word])), ...group.synonyms.map((words) => `${TITLE_COLUMN} : ${quoted(words)}`)]);
}

/**
 * PostgreSQL's tsquery of the words: `plainto_tsquery` of the typed words, as before, where no group
 * has other names; otherwise each group's typed words OR each other name as a phrase of the title
 * (weight A of the jobs' vector, `to_tsquery('english', 'registered:A <-> nurse:A')`), the groups ANDed.
 * The table's words are letters and digits (title-synonyms.test.ts): nothing of to_tsquery's syntax.
 */
export function wordsTsquery(groups: readonly WordGroup[]): RawBuilder<unknown> {
  if (!hasSynonyms(groups)) return sql`plainto_tsquery('english', ${groups.flatMap((group) => group.typed).join(' ')})`;
  const parts = groups.map((group) => {
    const forms = [sql`plainto_tsquery('english', ${group.typed.join(' ')})`, ...group.synonyms.map((words) => sql`to_tsquery('english', ${words.map((word) => `${word}:A`).join(' <-> ')})`)];
    return forms.length === 1 ? forms[0]! : sql`(${sql.join(forms, sql` || `)})`;
  });
  return sql`(${sql.join(parts, sql` && `)})`;
}

/**
 * SQLite: the groups without the other names no title holds (decision 0260). FTS5 looks for a
 * phrase's next match along the doclists of its words; for a phrase of common words that no title
 * holds ("customer service agent") that is every job holding the words, on every search. Asked of
 * the kept counts (search-rank.ts), the phrase is left out: it matched nothing, so the page, the
 * total and every score are the same without it.
 */
export async function withoutUnmatchedNames(groups: WordGroup[], counts: (phrases: string[]) => Promise<number[]>): Promise<WordGroup[]> {
  if (!hasSynonyms(groups)) return groups;
  const phrases = groups.flatMap((group) => group.synonyms.map((words) => `${TITLE_COLUMN} : ${quoted(words)}`));
  const found = await counts(phrases);
  let at = 0;
  return groups.map((group) => ({ typed: group.typed, synonyms: group.synonyms.filter(() => (found[at++] ?? 1) > 0) }));
}

/** The typed words of groups without other names: those whose statistics bound the matches (decision 0207). */
export function plainWords(groups: readonly WordGroup[]): string[] {
  return groups.filter((group) => group.synonyms.length === 0).flatMap((group) => group.typed);
}
