import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Indexes for the two-stage job search (docs/decisions/0045-two-stage-search-ranking.md): a search
 * picks its page from small index entries and reads only those 20 job rows whole.
 * - Both: `jobs_place_cover` carries what a radius search filters and sorts on, so it is answered
 *   from the index alone. State, remote and category indexes gain `status`, so their counts of open
 *   jobs need no row either.
 * - SQLite: `jobs_search_cover`, by seq (the full-text table's key), with what ranking and the
 *   filters read; the narrow `jobs_lat_lon` is a prefix of the place index and goes.
 * - PostgreSQL: the GIN index holds open jobs only (every search asks for open jobs); the narrow
 *   `jobs_lat_lon` stays, as the planner combines it with the GIN index for text plus place.
 *   The partial GIN index has no schema-builder form: constant raw SQL.
 */
const PLACE_COVER = ['latitude', 'longitude', 'status', 'posted_at', 'seq', 'employment_type', 'pay_max_annual', 'remote', 'category'];
const SEARCH_COVER = ['seq', 'posted_at', 'title_key', 'latitude', 'longitude', 'remote', 'state', 'category', 'employment_type', 'pay_max_annual'];
const BY_STATUS = [
  ['jobs_state_posted', 'state'],
  ['jobs_remote_posted', 'remote'],
  ['jobs_category_posted', 'category'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('jobs_place_cover').on('jobs').columns(PLACE_COVER).execute();
  for (const [name, column] of BY_STATUS) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('jobs').columns([column, 'status', 'posted_at']).execute();
  }
  if (isPostgres(db)) {
    await sql`drop index jobs_search_vector`.execute(db);
    await sql`create index jobs_search_vector_open on jobs using gin (search_vector) where status = 'open'`.execute(db);
  } else {
    await db.schema.dropIndex('jobs_lat_lon').execute();
    await db.schema.createIndex('jobs_search_cover').on('jobs').columns(SEARCH_COVER).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index jobs_search_vector_open`.execute(db);
    await sql`create index jobs_search_vector on jobs using gin (search_vector)`.execute(db);
  } else {
    await db.schema.dropIndex('jobs_search_cover').execute();
    await db.schema.createIndex('jobs_lat_lon').on('jobs').columns(['latitude', 'longitude']).execute();
  }
  for (const [name, column] of BY_STATUS) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('jobs').columns([column, 'posted_at']).execute();
  }
  await db.schema.dropIndex('jobs_place_cover').execute();
}
