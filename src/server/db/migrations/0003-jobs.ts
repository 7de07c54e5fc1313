import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Companies and jobs, with the indexes search needs, on both databases. Full-text search differs by
 * dialect (see docs/decisions/0040-full-text-search.md): SQLite gets an external-content FTS5 table
 * of the open jobs, kept in step by triggers; PostgreSQL a stored generated tsvector column with a GIN index. Those two
 * pieces have no schema-builder form, so they are the only raw SQL here (constant text, no input).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);

  await db.schema
    .createTable('companies')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('companies_slug').on('companies').column('slug').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('seq', 'bigint', (col) => col.notNull().unique())
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id'))
    .addColumn('company_name', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('title_key', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('employment_type', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('zip', 'text', (col) => col.notNull())
    .addColumn('latitude', 'double precision', (col) => col.notNull())
    .addColumn('longitude', 'double precision', (col) => col.notNull())
    .addColumn('remote', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('pay_min', 'double precision', (col) => col.notNull())
    .addColumn('pay_max', 'double precision', (col) => col.notNull())
    .addColumn('pay_period', 'text', (col) => col.notNull())
    .addColumn('pay_max_annual', 'double precision', (col) => col.notNull())
    .addColumn('benefits', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('apply_type', 'text', (col) => col.notNull())
    .addColumn('external_url', 'text')
    .addColumn('listing_key', 'text', (col) => col.notNull())
    .addColumn('listing_version_key', 'text', (col) => col.notNull())
    .addColumn('posted_at', 'bigint', (col) => col.notNull())
    .addColumn('closes_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  // Newest open jobs (no text, no place) and every "posted within" filter.
  await db.schema.createIndex('jobs_status_posted').on('jobs').columns(['status', 'posted_at']).execute();
  // Bounding box: a latitude range scan that checks longitude from the index without reading rows.
  await db.schema.createIndex('jobs_lat_lon').on('jobs').columns(['latitude', 'longitude']).execute();
  await db.schema.createIndex('jobs_state_posted').on('jobs').columns(['state', 'posted_at']).execute();
  await db.schema.createIndex('jobs_remote_posted').on('jobs').columns(['remote', 'posted_at']).execute();
  await db.schema.createIndex('jobs_title_key').on('jobs').columns(['title_key', 'status']).execute();
  await db.schema.createIndex('jobs_category_posted').on('jobs').columns(['category', 'posted_at']).execute();
  await db.schema.createIndex('jobs_city_state').on('jobs').columns(['state', 'city']).execute();
  await db.schema.createIndex('jobs_company').on('jobs').column('company_id').execute();
  await db.schema.createIndex('jobs_listing_key').on('jobs').column('listing_key').execute();

  if (postgres) {
    await sql`alter table jobs add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') ||
      setweight(to_tsvector('english', company_name), 'B') ||
      setweight(to_tsvector('english', description), 'C')
    ) stored`.execute(db);
    await sql`create index jobs_search_vector on jobs using gin (search_vector)`.execute(db);
  } else {
    await sql`create virtual table jobs_fts using fts5(
      title, company_name, description,
      content='jobs', content_rowid='seq', tokenize='porter unicode61 remove_diacritics 2'
    )`.execute(db);
    // Only open jobs are indexed: a text search then needs no join to rule out closed ones.
    await sql`create trigger jobs_fts_insert after insert on jobs when new.status = 'open' begin
      insert into jobs_fts(rowid, title, company_name, description) values (new.seq, new.title, new.company_name, new.description);
    end`.execute(db);
    await sql`create trigger jobs_fts_delete after delete on jobs when old.status = 'open' begin
      insert into jobs_fts(jobs_fts, rowid, title, company_name, description) values ('delete', old.seq, old.title, old.company_name, old.description);
    end`.execute(db);
    await sql`create trigger jobs_fts_update after update of title, company_name, description, seq, status on jobs begin
      insert into jobs_fts(jobs_fts, rowid, title, company_name, description)
        select 'delete', old.seq, old.title, old.company_name, old.description where old.status = 'open';
      insert into jobs_fts(rowid, title, company_name, description)
        select new.seq, new.title, new.company_name, new.description where new.status = 'open';
    end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await sql`drop table if exists jobs_fts`.execute(db);
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('companies').execute();
}
