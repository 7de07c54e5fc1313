import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * The résumé database (issue 12, decisions 0160 to 0164).
 * - resume_seekers: one row per job seeker who chose "Let employers find me", and only while they do
 *   (opting out deletes it). It holds what employers search and see: never a name, email or phone.
 *   `public_id` is the opaque id in /resume-database/:id; `seq` is the full-text key.
 * - resume_profile_views: each profile a company opened in a calendar month (UTC), once per month;
 *   resume_view_months counts them, raised by one conditional update so the plan's quota holds on
 *   both databases even for simultaneous opens.
 * - resume_invitations: "Invite to apply", once per seeker and job.
 * Full text per dialect, as for jobs (decision 0040): an external-content FTS5 table kept by triggers
 * on SQLite, a stored generated tsvector with a GIN index on PostgreSQL (constant raw SQL, no input).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resume_seekers')
    .addColumn('account_id', 'text', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('public_id', 'text', (col) => col.notNull().unique())
    .addColumn('seq', 'bigint', (col) => col.notNull().unique())
    .addColumn('initials', 'text', (col) => col.notNull())
    .addColumn('headline', 'text', (col) => col.notNull())
    .addColumn('experience', 'text', (col) => col.notNull())
    // Titles of the jobs the person applied to or saved, newest first, joined with " · ".
    .addColumn('titles', 'text', (col) => col.notNull())
    .addColumn('place', 'text', (col) => col.notNull())
    .addColumn('state', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('opted_in_at', 'bigint', (col) => col.notNull())
    .addColumn('last_active_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  // Newest activity first (no text, no place) and every "last active within".
  await db.schema.createIndex('resume_seekers_active').on('resume_seekers').columns(['last_active_at', 'seq']).execute();
  // A radius: the bounding box from the index alone, with the sort key.
  await db.schema.createIndex('resume_seekers_place').on('resume_seekers').columns(['latitude', 'longitude', 'last_active_at', 'seq']).execute();
  await db.schema.createIndex('resume_seekers_state').on('resume_seekers').columns(['state', 'last_active_at', 'seq']).execute();

  if (isPostgres(db)) {
    await sql`alter table resume_seekers add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', headline), 'A') ||
      setweight(to_tsvector('english', titles), 'B') ||
      setweight(to_tsvector('english', experience), 'C')
    ) stored`.execute(db);
    await sql`create index resume_seekers_search_vector on resume_seekers using gin (search_vector)`.execute(db);
  } else {
    // A text match reads the sort key and the place from this index, not the row.
    await db.schema.createIndex('resume_seekers_seq_cover').on('resume_seekers').columns(['seq', 'last_active_at', 'latitude', 'longitude', 'state']).execute();
    await sql`create virtual table resume_seekers_fts using fts5(
      headline, titles, experience,
      content='resume_seekers', content_rowid='seq', tokenize='porter unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`create trigger resume_seekers_fts_insert after insert on resume_seekers begin
      insert into resume_seekers_fts(rowid, headline, titles, experience) values (new.seq, new.headline, new.titles, new.experience);
    end`.execute(db);
    await sql`create trigger resume_seekers_fts_delete after delete on resume_seekers begin
      insert into resume_seekers_fts(resume_seekers_fts, rowid, headline, titles, experience) values ('delete', old.seq, old.headline, old.titles, old.experience);
    end`.execute(db);
    await sql`create trigger resume_seekers_fts_update after update of headline, titles, experience, seq on resume_seekers begin
      insert into resume_seekers_fts(resume_seekers_fts, rowid, headline, titles, experience) values ('delete', old.seq, old.headline, old.titles, old.experience);
      insert into resume_seekers_fts(rowid, headline, titles, experience) values (new.seq, new.headline, new.titles, new.experience);
    end`.execute(db);
  }

  await db.schema
    .createTable('resume_profile_views')
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    // "2026-11": the calendar month in UTC.
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('seeker_account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('viewed_by', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('viewed_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('resume_profile_views_pk', ['company_id', 'month', 'seeker_account_id'])
    .execute();

  await db.schema
    .createTable('resume_view_months')
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('used', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('resume_view_months_pk', ['company_id', 'month'])
    .execute();

  await db.schema
    .createTable('resume_invitations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('seeker_account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('invited_by', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('resume_invitations_once', ['job_id', 'seeker_account_id'])
    .execute();
  await db.schema.createIndex('resume_invitations_seeker').on('resume_invitations').columns(['seeker_account_id', 'company_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resume_invitations').execute();
  await db.schema.dropTable('resume_view_months').execute();
  await db.schema.dropTable('resume_profile_views').execute();
  if (!isPostgres(db)) await sql`drop table if exists resume_seekers_fts`.execute(db);
  await db.schema.dropTable('resume_seekers').execute();
}
