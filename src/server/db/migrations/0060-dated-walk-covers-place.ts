import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Issue 16, session 18 (decision 0198, amended): a place without words, in the default or date order,
 * walks the open jobs newest first through `jobs_status_featured_posted` and tests each against the
 * radius's box until the page is full. The index lacked the coordinates, so every job the walk tested
 * was a read of its table row: page 50 of Los Angeles at 1M tested 17,900 jobs, 15.5 ms on SQLite and
 * 30.5 on PostgreSQL. With latitude and longitude at the end of the index the walk reads the index
 * alone (on PostgreSQL where the visibility map says the page is all-visible, as after the seed's
 * VACUUM). The order the index gives is unchanged (seq is unique, so nothing after it sorts).
 *
 * SQLite's statistics of the index go with it: without them its planner counted a radius's jobs
 * through this index (it now covers the coordinates) instead of the place index, 2.2 -> 7.9 ms for
 * Los Angeles at 1M. Analyzing the one index takes a fraction of a second at 1M. PostgreSQL keeps no
 * statistics of a plain B-tree of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_status_featured_posted').execute();
  await db.schema.createIndex('jobs_status_featured_posted').on('jobs').columns(['status', 'featured', 'posted_at', 'seq', 'latitude', 'longitude']).execute();
  await analyzeIndex(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_status_featured_posted').execute();
  await db.schema.createIndex('jobs_status_featured_posted').on('jobs').columns(['status', 'featured', 'posted_at', 'seq']).execute();
  await analyzeIndex(db);
}

async function analyzeIndex(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await sql`analyze jobs_status_featured_posted`.execute(db);
}
