import { sql, type Expression } from 'kysely';

/** "50%_off!" -> "%50!%!_off!!%": the text found anywhere, lower-cased, its % and _ taken as themselves. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (char) => `!${char}`)}%`;
}

/**
 * `lower(value) like '%text%' escape '!'`: a case-blind "contains", the same on SQLite and PostgreSQL.
 * The escape is named: SQLite has no default one, so an unnamed backslash matched `%` as a wildcard there.
 */
export function containsText(value: Expression<unknown>, text: string) {
  return sql<boolean>`lower(${value}) like ${containsPattern(text)} escape '!'`;
}
