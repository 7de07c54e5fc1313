/** More words than this add nothing to a job search and cost the index time. */
const MAX_SEARCH_TERMS = 12;

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
