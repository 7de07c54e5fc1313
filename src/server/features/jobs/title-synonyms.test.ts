import { describe, expect, it } from 'vitest';
import { searchTerms } from './search-terms';
import { ftsWordsPhrases, ftsWordsQuery, groupWords, hasSynonyms, plainWords, withoutUnmatchedNames, wordKey } from './search-words';
import { TITLE_ENTRIES } from './title-synonyms';

/** What a US job seeker types, and a title of the table each must be read as (decision 0260). */
const ABBREVIATIONS: Array<[typed: string, title: string]> = [
  ['rn', 'registered nurse'],
  ['lpn', 'licensed practical nurse'],
  ['lvn', 'licensed practical nurse'],
  ['cna', 'certified nursing assistant'],
  ['hha', 'home health aide'],
  ['pca', 'personal care assistant'],
  ['dsp', 'direct support professional'],
  ['pct', 'patient care technician'],
  ['ma', 'medical assistant'],
  ['pt', 'physical therapist'],
  ['cdl', 'cdl a truck driver'],
  ['csr', 'customer service representative'],
  ['hr', 'human resources'],
  ['hr coordinator', 'human resources coordinator'],
  ['qa', 'quality assurance'],
  ['it', 'information technology'],
  ['forklift driver', 'forklift operator'],
  ['admin assistant', 'administrative assistant'],
  ['waitress', 'server'],
  ['custodian', 'janitor'],
];

describe('the title table', () => {
  it('spells every phrase as lower-case words of letters and digits, as the search terms are', () => {
    for (const entry of TITLE_ENTRIES) {
      expect(entry.phrases.length).toBeGreaterThan(0);
      for (const phrase of [...entry.phrases, ...(entry.alsoFinds ?? [])]) expect(searchTerms(phrase).join(' ')).toBe(phrase);
    }
  });

  it('puts no phrase in two entries (a typed phrase has one meaning)', () => {
    const seen = new Map<string, string>();
    for (const entry of TITLE_ENTRIES) {
      for (const phrase of entry.phrases) {
        const key = phrase.split(' ').map(wordKey).join(' ');
        expect(seen.get(key), `"${phrase}" is also in "${seen.get(key)}"`).toBeUndefined();
        seen.set(key, entry.phrases[0]!);
      }
    }
  });

  it.each(ABBREVIATIONS)('reads "%s" as %s', (typed, title) => {
    const [group] = groupWords(searchTerms(typed));
    const forms = [group!.typed, ...group!.synonyms].map((words) => words.join(' '));
    expect(forms[0]).toBe(typed);
    // A form the title holds, word for word: the title is found (a longer name holding a shorter one is left out).
    expect(forms.some((form) => ` ${title} `.includes(` ${form} `)), forms.join(', ')).toBe(true);
  });
});

describe('groupWords', () => {
  it('leaves out another name that holds a shorter one: it finds no other job, only scores one twice', () => {
    const names = groupWords(['cna'])[0]!.synonyms.map((words) => words.join(' '));
    expect(names).toContain('nursing assistant');
    expect(names).not.toContain('certified nursing assistant');
  });

  it('takes the longest phrase of the table from the left and leaves other words alone', () => {
    const groups = groupWords(searchTerms('Registered Nurses ICU nights'));
    expect(groups.map((group) => group.typed.join(' '))).toEqual(['registered nurses', 'icu', 'nights']);
    expect(groups[0]!.synonyms.map((words) => words.join(' '))).toContain('rn');
    expect(groups[1]!.synonyms).toEqual([]);
  });

  it('reads a plural abbreviation as the abbreviation', () => {
    expect(groupWords(['cnas'])[0]!.synonyms.map((words) => words.join(' '))).toContain('nursing assistant');
  });

  it('lets a broad word find its narrower abbreviations, but not the other way round', () => {
    expect(groupWords(['nurse'])[0]!.synonyms.map((words) => words.join(' '))).toEqual(expect.arrayContaining(['rn', 'lpn']));
    expect(groupWords(['rn'])[0]!.synonyms.map((words) => words.join(' '))).not.toContain('nurse');
  });

  it('asks exactly the words as typed where no word has other names, or when told to', () => {
    expect(ftsWordsQuery(groupWords(['forklift', 'pallets']))).toBe('"forklift" "pallets"');
    const typedOnly = groupWords(['rn', 'icu'], { synonyms: false });
    expect(hasSynonyms(typedOnly)).toBe(false);
    expect(ftsWordsQuery(typedOnly)).toBe('"rn" "icu"');
  });

  it('asks other names of the title column, spells the ANDs and numbers the phrases in query order', () => {
    const groups = groupWords(['icu', 'rn']);
    expect(ftsWordsQuery(groups)).toBe('"icu" AND ("rn" OR title : ("registered nurse" OR "staff nurse"))');
    expect(ftsWordsPhrases(groups)).toEqual(['"icu"', '"rn"', 'title : "registered nurse"', 'title : "staff nurse"']);
    expect(plainWords(groups)).toEqual(['icu']);
  });

  it('leaves out the other names no title holds, asking the counts of the title phrases in query order', async () => {
    const groups = groupWords(['icu', 'rn']);
    let asked: string[] = [];
    const kept = await withoutUnmatchedNames(groups, async (phrases) => {
      asked = phrases;
      return phrases.map((phrase) => (phrase.includes('staff') ? 0 : 4));
    });
    expect(asked).toEqual(['title : "registered nurse"', 'title : "staff nurse"']);
    expect(kept.map((group) => group.synonyms.map((words) => words.join(' ')))).toEqual([[], ['registered nurse']]);
  });
});
