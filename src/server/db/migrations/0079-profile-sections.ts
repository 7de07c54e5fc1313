import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * The profile's sections (issue 43, decision 0236): one row an entry (work, education, skills,
 * licences, links), its fields as JSON read only whole and checked by the kind's schema on the way in
 * and out. The résumé database's row gains `background` (JSON, what decision 0236 lets employers see:
 * job titles with dates, qualifications with years, skills, licence names) and `background_text`, the
 * words of it that search reads; the full-text index is rebuilt with that column (constant raw SQL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seeker_profile_entries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('fields', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('seeker_profile_entries_account').on('seeker_profile_entries').columns(['account_id', 'kind', 'created_at']).execute();

  await db.schema.alterTable('resume_seekers').addColumn('background', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('resume_seekers').addColumn('background_text', 'text', (col) => col.notNull().defaultTo('')).execute();

  if (isPostgres(db)) {
    await sql`drop index if exists resume_seekers_search_vector`.execute(db);
    await sql`alter table resume_seekers drop column search_vector`.execute(db);
    await sql`alter table resume_seekers add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', headline), 'A') ||
      setweight(to_tsvector('english', titles), 'B') ||
      setweight(to_tsvector('english', background_text), 'B') ||
      setweight(to_tsvector('english', experience), 'C')
    ) stored`.execute(db);
    await sql`create index resume_seekers_search_vector on resume_seekers using gin (search_vector)`.execute(db);
  } else {
    await replaceSqliteFullText(db, ['headline', 'titles', 'experience', 'background_text']);
  }
}

async function replaceSqliteFullText(db: Kysely<unknown>, columns: string[]): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.raw(`resume_seekers_fts_${trigger}`)}`.execute(db);
  await sql`drop table if exists resume_seekers_fts`.execute(db);
  const list = sql.raw(columns.join(', '));
  const fresh = sql.raw(columns.map((column) => `new.${column}`).join(', '));
  const stale = sql.raw(columns.map((column) => `old.${column}`).join(', '));
  await sql`create virtual table resume_seekers_fts using fts5(
    ${list},
    content='resume_seekers', content_rowid='seq', tokenize='porter unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger resume_seekers_fts_insert after insert on resume_seekers begin
    insert into resume_seekers_fts(rowid, ${list}) values (new.seq, ${fresh});
  end`.execute(db);
  await sql`create trigger resume_seekers_fts_delete after delete on resume_seekers begin
    insert into resume_seekers_fts(resume_seekers_fts, rowid, ${list}) values ('delete', old.seq, ${stale});
  end`.execute(db);
  await sql`create trigger resume_seekers_fts_update after update of ${list}, seq on resume_seekers begin
    insert into resume_seekers_fts(resume_seekers_fts, rowid, ${list}) values ('delete', old.seq, ${stale});
    insert into resume_seekers_fts(rowid, ${list}) values (new.seq, ${fresh});
  end`.execute(db);
  await sql`insert into resume_seekers_fts(resume_seekers_fts) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists resume_seekers_search_vector`.execute(db);
    await sql`alter table resume_seekers drop column search_vector`.execute(db);
    await sql`alter table resume_seekers add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', headline), 'A') ||
      setweight(to_tsvector('english', titles), 'B') ||
      setweight(to_tsvector('english', experience), 'C')
    ) stored`.execute(db);
    await sql`create index resume_seekers_search_vector on resume_seekers using gin (search_vector)`.execute(db);
  } else {
    await replaceSqliteFullText(db, ['headline', 'titles', 'experience']);
  }
  await db.schema.alterTable('resume_seekers').dropColumn('background_text').execute();
  await db.schema.alterTable('resume_seekers').dropColumn('background').execute();
  await db.schema.dropTable('seeker_profile_entries').execute();
}
