// Counts in words (issue 44): one rule for "1 view" and "2 views", by the language's plural rules
// (Intl.PluralRules, CLDR) rather than `count === 1 ? …` at each place. Pure; both sides use it.
const RULES = new Intl.PluralRules('en-US');

/** The word's form for this count: `one` for 1, `other` for 0, 2, 1.5 … */
export function plural(count: number, one: string, other: string): string {
  return RULES.select(count) === 'one' ? one : other;
}

/** The count in en-US digits and the word's form for it: "1 view", "0 views", "1,250 apply clicks". */
export function countOf(count: number, one: string, other: string): string {
  return `${count.toLocaleString('en-US')} ${plural(count, one, other)}`;
}
