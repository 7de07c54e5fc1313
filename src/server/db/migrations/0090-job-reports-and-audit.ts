import type { Kysely } from 'kysely';

/**
 * Jobs reported by visitors and what admins changed (issue 44, decision 0298): a report row per
 * report (open until an admin deals with the job), and an audit row per admin change with the
 * fields before and after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('reporter_account_id', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    /** JSON array of reason codes. */
    .addColumn('reasons', 'text', (col) => col.notNull())
    .addColumn('details', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('resolved_at', 'bigint')
    .execute();
  await db.schema.createIndex('job_reports_job').on('job_reports').columns(['job_id', 'resolved_at']).execute();
  await db.schema.createIndex('job_reports_open').on('job_reports').columns(['resolved_at', 'created_at']).execute();

  await db.schema
    .createTable('job_audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (col) => col.notNull())
    .addColumn('admin_account_id', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    /** The admin's address at the time: the log keeps who acted even after that account is gone. */
    .addColumn('admin_email', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    /** JSON object: field -> { before, after }. */
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('job_audit_log_job').on('job_audit_log').columns(['job_id', 'created_at']).execute();
  await db.schema.createIndex('job_audit_log_company').on('job_audit_log').columns(['company_id', 'action']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_audit_log').execute();
  await db.schema.dropTable('job_reports').execute();
}
