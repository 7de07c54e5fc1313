import { type Kysely } from 'kysely';

/**
 * Issue 16, session 8: `jobs_status_featured_posted` (migration 0015) gives the open jobs in the
 * default order (featured first, then the newest) for a page without words, but the order's last
 * tie-breaker, seq, was not in it: jobs posted at the same moment (a bulk import of an employer's
 * feed) were read and sorted whole for every page, as SQLite's "USE TEMP B-TREE FOR LAST TERM OF ORDER
 * BY" and PostgreSQL's incremental sort do. With seq the page is read in order and stops after 20
 * rows, as migration 0035 did for the state, remote and category indexes (decision 0202).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_status_featured_posted').execute();
  await db.schema.createIndex('jobs_status_featured_posted').on('jobs').columns(['status', 'featured', 'posted_at', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_status_featured_posted').execute();
  await db.schema.createIndex('jobs_status_featured_posted').on('jobs').columns(['status', 'featured', 'posted_at']).execute();
}
