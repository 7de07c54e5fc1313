import { sql, type Kysely } from 'kysely';

/**
 * Issue 16, session 24: `jobs_city_state` (state, city, migration 0003) answers no statement the app
 * runs. Every statement on jobs that the API and unit tests ran (273 of them) was planned against a
 * seeded million on SQLite: none used it (a state alone reads `jobs_state_posted`, a company's city
 * `jobs_company_status`, the counts by city scan the table). On PostgreSQL the search bench never
 * scanned it, and the one plan that did was the slow one decision 0215 removed (its Texas entries ANDed
 * with each search range). It cost every job written an entry, and a seed of a million 2.5 s (SQLite)
 * and 3.3 s (PostgreSQL) of one core to build.
 *
 * A seed interrupted after it dropped the indexes (migration 0057) left the index missing and its
 * definition in seed_restore, from which the next seed would make it again: both go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_city_state').ifExists().execute();
  await sql`delete from seed_restore where name = 'jobs_city_state'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('jobs_city_state').ifNotExists().on('jobs').columns(['state', 'city']).execute();
}
