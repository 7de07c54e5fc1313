import type { Kysely } from 'kysely';

/**
 * No application left in silence (issue 42, decision 0232):
 * - companies keep their response figures, worked out by the follow-up run: applications counted,
 *   those answered within 14 days, the median time to that answer, and when they were worked out;
 * - an application may be kept open by the team (no 30-day close) or closed for the candidate after
 *   30 days without an answer;
 * - a job seeker's alerts may be paused (they told us they got a job);
 * - the follow-up emails and notifications are claimed, one row each, so one instance sends each once;
 * - reported hires, without the person: what the admin analytics count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').addColumn('response_counted', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('companies').addColumn('response_answered', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('companies').addColumn('response_median_ms', 'bigint').execute();
  await db.schema.alterTable('companies').addColumn('response_figures_at', 'bigint').execute();

  await db.schema.alterTable('job_applications').addColumn('kept_open_at', 'bigint').execute();
  await db.schema.alterTable('job_applications').addColumn('closed_at', 'bigint').execute();

  await db.schema.alterTable('job_alerts').addColumn('paused_at', 'bigint').execute();

  await db.schema
    .createTable('follow_up_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('application_id', 'text', (col) => col.notNull().references('job_applications.id').onDelete('cascade'))
    .addColumn('recipient_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('follow_up_deliveries_claim').unique().on('follow_up_deliveries').columns(['kind', 'application_id', 'recipient_id']).execute();

  await db.schema
    .createTable('hire_reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('company_id', 'text')
    .addColumn('employer_name', 'text', (col) => col.notNull())
    .addColumn('job_title', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('hire_reports_by_day').on('hire_reports').columns(['day', 'source']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('hire_reports').execute();
  await db.schema.dropTable('follow_up_deliveries').execute();
  await db.schema.alterTable('job_alerts').dropColumn('paused_at').execute();
  for (const column of ['closed_at', 'kept_open_at']) await db.schema.alterTable('job_applications').dropColumn(column).execute();
  for (const column of ['response_figures_at', 'response_median_ms', 'response_answered', 'response_counted']) await db.schema.alterTable('companies').dropColumn(column).execute();
}
