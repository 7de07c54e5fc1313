import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Employers post jobs (issue 11). A posted job is a row of `jobs` from its first draft on; only
 * status 'open' (live) is indexed for search, listed in the sitemap and read by alerts and
 * suggestions, so a job enters all of them when it goes live and leaves all of them when it stops.
 * - jobs: the Markdown as written, the draft as typed (JSON), moderation, expiry, featuring, the
 *   apply email, the pay currency, hybrid work and who posted it.
 * - job_screening_questions, job_application_answers: questions asked on apply and the answers.
 * - job_daily_figures: per-job counts by day, added to by batched upserts (decision 0113).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: Array<[string, 'text' | 'integer' | 'bigint', ((col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder)?]> = [
    ['description_markdown', 'text'],
    ['draft_data', 'text'],
    ['rejection_reason', 'text'],
    ['featured', 'integer', (col) => col.notNull().defaultTo(0)],
    ['hybrid', 'integer', (col) => col.notNull().defaultTo(0)],
    ['pay_currency', 'text', (col) => col.notNull().defaultTo('USD')],
    ['apply_email', 'text'],
    ['posted_by', 'text'],
    ['first_submitted_at', 'bigint'],
    ['submitted_at', 'bigint'],
    ['reviewed_at', 'bigint'],
    ['reviewed_by', 'text'],
    ['expires_at', 'bigint'],
    ['expiry_notice_at', 'bigint'],
    ['closed_at', 'bigint'],
    ['went_live_at', 'bigint'],
  ];
  // One column a statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type, build] of columns) {
    await db.schema.alterTable('jobs').addColumn(name, type, build ?? ((col) => col)).execute();
  }
  // Featured jobs come first among search matches (decision 0114): the covering indexes of search
  // (decision 0045) carry the flag, and the newest-first list of every open job reads it in order.
  await db.schema.dropIndex('jobs_place_cover').execute();
  await db.schema.createIndex('jobs_place_cover').on('jobs').columns([...PLACE_COVER, 'featured']).execute();
  if (!isPostgres(db)) {
    await db.schema.dropIndex('jobs_search_cover').execute();
    await db.schema.createIndex('jobs_search_cover').on('jobs').columns([...SEARCH_COVER, 'featured']).execute();
  }
  await db.schema.createIndex('jobs_status_featured_posted').on('jobs').columns(['status', 'featured', 'posted_at']).execute();
  // The expiry job: live jobs by expiry date.
  await db.schema.createIndex('jobs_status_expires').on('jobs').columns(['status', 'expires_at']).execute();
  // A company's dashboard and the moderation queue.
  await db.schema.createIndex('jobs_company_status').on('jobs').columns(['company_id', 'status', 'updated_at']).execute();
  await db.schema.createIndex('jobs_status_submitted').on('jobs').columns(['status', 'submitted_at']).execute();

  await db.schema
    .createTable('job_screening_questions')
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('deal_breaker', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expected', 'text')
    .addPrimaryKeyConstraint('job_screening_questions_pk', ['job_id', 'position'])
    .execute();

  await db.schema
    .createTable('job_application_answers')
    .addColumn('application_id', 'text', (col) => col.notNull().references('job_applications.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    // The question as it was asked: the employer may edit the job later.
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('deal_breaker_failed', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('job_application_answers_pk', ['application_id', 'position'])
    .execute();
  await db.schema
    .alterTable('job_applications')
    .addColumn('failed_deal_breaker', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('job_daily_figures')
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    // UTC day, 'YYYY-MM-DD'.
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('search_appearances', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('apply_clicks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('applications', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('job_daily_figures_pk', ['job_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_daily_figures').execute();
  await db.schema.alterTable('job_applications').dropColumn('failed_deal_breaker').execute();
  await db.schema.dropTable('job_application_answers').execute();
  await db.schema.dropTable('job_screening_questions').execute();
  await db.schema.dropIndex('jobs_status_submitted').execute();
  await db.schema.dropIndex('jobs_company_status').execute();
  await db.schema.dropIndex('jobs_status_expires').execute();
  await db.schema.dropIndex('jobs_status_featured_posted').execute();
  await db.schema.dropIndex('jobs_place_cover').execute();
  await db.schema.createIndex('jobs_place_cover').on('jobs').columns(PLACE_COVER).execute();
  if (!isPostgres(db)) {
    await db.schema.dropIndex('jobs_search_cover').execute();
    await db.schema.createIndex('jobs_search_cover').on('jobs').columns(SEARCH_COVER).execute();
  }
  for (const name of ['went_live_at', 'closed_at', 'expiry_notice_at', 'expires_at', 'reviewed_by', 'reviewed_at', 'submitted_at', 'first_submitted_at', 'posted_by', 'apply_email', 'pay_currency', 'hybrid', 'featured', 'rejection_reason', 'draft_data', 'description_markdown']) {
    await db.schema.alterTable('jobs').dropColumn(name).execute();
  }
}

/** The covering indexes of migration 0007, as they were. */
const PLACE_COVER = ['latitude', 'longitude', 'status', 'posted_at', 'seq', 'employment_type', 'pay_max_annual', 'remote', 'category'];
const SEARCH_COVER = ['seq', 'posted_at', 'title_key', 'latitude', 'longitude', 'remote', 'state', 'category', 'employment_type', 'pay_max_annual'];
