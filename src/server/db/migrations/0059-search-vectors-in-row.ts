import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Issue 16, decision 0217 (PostgreSQL only): a job's row stays whole up to 4 kB
 * (`toast_tuple_target`), and its two search vectors stay in the row even past that (storage MAIN: a
 * longer row moves its description out first). Seeded rows are about 2.1 kB, over the default 2 kB, so
 * the toaster moved out the largest value, the words' vector (about 865 bytes, which pglz cannot
 * shrink): ranking the 1,000 candidates of a text search fetched 1,000 values from the TOAST table
 * (2,800 buffers, about 4 ms at 1M).
 *
 * No rewrite: rows keep their layout until they are written again (a posting, an edit, a seed), so the
 * migration takes a moment under its lock. `VACUUM FULL jobs` moves the existing rows at once.
 */
const VECTORS = ['search_vector', 'search_tokens'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const column of VECTORS) await sql`alter table jobs alter column ${sql.id(column)} set storage main`.execute(db);
  await sql`alter table jobs set (toast_tuple_target = 4080)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table jobs reset (toast_tuple_target)`.execute(db);
  for (const column of VECTORS) await sql`alter table jobs alter column ${sql.id(column)} set storage extended`.execute(db);
}
