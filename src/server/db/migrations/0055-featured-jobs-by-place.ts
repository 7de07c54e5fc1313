import { sql, type Kysely } from 'kysely';

/**
 * Issue 16, session 12: a page by distance reads the featured jobs of the whole radius and the others
 * within a ring around the place (decision 0193). The featured ones were found by reading every job
 * of the radius from the place index, so the page's cost grew with the catalogue (New York's 25 miles
 * hold 50,000 jobs at 1M). This partial index holds the open featured jobs alone, by place: a few
 * per place, so the ring's page reads them and the ring's own jobs, nothing else (decision 0193,
 * amended). The same statement on both databases; a query must spell `status = 'open'` and
 * `featured = 1` as constants for either planner to use it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index jobs_featured_place on jobs (latitude, longitude) where status = 'open' and featured = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index jobs_featured_place`.execute(db);
}
