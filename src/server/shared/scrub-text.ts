// Takes an erased person's email, name and phone out of free-text columns that are not theirs to delete
// (analytics, error reports), in place: the rows stay for the figures (decision 0225).
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** "abc%_!" -> "%abc!%!_!!%", lower-cased, for `lower(column) LIKE ... ESCAPE '!'` (the same on SQLite and PostgreSQL). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (char) => `!${char}`)}%`;
}

/** Every occurrence of every needle, whatever its case, replaced. Longer needles first, so one inside another is not left half-done. */
export function replaceNeedles(text: string, needles: readonly string[], replacement: string): string {
  let result = text;
  for (const needle of [...needles].sort((a, b) => b.length - a.length)) {
    result = result.replace(new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu'), replacement);
  }
  return result;
}

export interface ScrubTarget {
  table: string;
  /** Columns that together find one row (an index's, where the table has no key). */
  locate: readonly string[];
  /** The text columns to clean. */
  columns: readonly string[];
}

/**
 * Finds the rows where any column holds any needle (case-insensitive), then rewrites those cells. The
 * search reads the table once per call; the updates touch only the rows found, one short statement each,
 * so a large table is never locked for the length of the search. Answers how many rows were changed.
 */
export async function scrubText(db: Db, target: ScrubTarget, needles: readonly string[], replacement: string): Promise<number> {
  const usable = [...new Set(needles.map((needle) => needle.trim()).filter((needle) => needle.length >= 4))];
  if (usable.length === 0) return 0;
  const matches = target.columns.flatMap((column) => usable.map((needle) => sql`lower(${sql.ref(column)}) like ${containsPattern(needle)} escape '!'`));
  const selected = [...new Set([...target.locate, ...target.columns])].map((column) => sql.ref(column));
  const found = await sql<Record<string, unknown>>`select ${sql.join(selected)} from ${sql.table(target.table)} where ${sql.join(matches, sql` or `)}`.execute(db);
  let changed = 0;
  for (const row of found.rows) {
    const updates = target.columns.flatMap((column) => {
      const value = row[column];
      if (typeof value !== 'string') return [];
      const cleaned = replaceNeedles(value, usable, replacement);
      return cleaned === value ? [] : [sql`${sql.ref(column)} = ${cleaned}`];
    });
    if (updates.length === 0) continue;
    const where = target.locate.map((column) => sql`${sql.ref(column)} = ${row[column] as string | number}`);
    await sql`update ${sql.table(target.table)} set ${sql.join(updates)} where ${sql.join(where, sql` and `)}`.execute(db);
    changed += 1;
  }
  return changed;
}
