import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * SQLite: the jobs' full-text index's own vocabulary, each term with the number of open jobs holding
 * it (FTS5's fts5vocab, a read-only view of jobs_fts: nothing is stored, nothing to rebuild). The
 * search's spelling step reads it for a close word that matches many jobs (decision 0261).
 * PostgreSQL reads ANALYZE's statistics of the jobs' tsvector instead: nothing to create.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create virtual table if not exists jobs_fts_vocab using fts5vocab('jobs_fts', 'row')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop table if exists jobs_fts_vocab`.execute(db);
}
