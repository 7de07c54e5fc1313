import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Issue 16, decision 0193: a second place index that leads with the job's band of latitude (a
 * quarter of a degree), then longitude. `jobs_place_cover` leads with latitude, so a radius's box was
 * read as a strip of latitude across the whole country, its longitude tested entry by entry; keyed
 * (band, longitude, ...), a search asks each of the box's few bands for its range of longitude and
 * reads the box alone. It covers the same columns, so searches that read a whole box (counts, pages
 * by distance) stay answered from the index. `jobs_place_cover` stays: for a page in date order the
 * planners pick between it and walking the newest jobs, and the band index must not change that.
 * `src/server/features/jobs/search-sql.ts` (`bandedBox`) spells the same band expression per database (an
 * expression index serves only the same expression). Constant raw SQL (no input).
 */
const COVERED = 'longitude, latitude, status, posted_at, seq, employment_type, pay_max_annual, remote, category, featured';
const SQLITE_BAND = 'cast((latitude + 90) * 4 as integer)';
const POSTGRES_BAND = '(floor((latitude + 90) * 4)::integer)';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await sql.raw(`create index jobs_place_band on jobs (${postgres ? POSTGRES_BAND : SQLITE_BAND}, ${COVERED})`).execute(db);
  // PostgreSQL keeps statistics of an index's expression only once analysed; until then it guesses.
  if (postgres) await sql`analyze jobs`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index jobs_place_band`.execute(db);
}
