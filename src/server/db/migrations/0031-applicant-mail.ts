import type { Kysely } from 'kysely';

/**
 * Applicant emails (issue 12, decisions 0155 and 0156): each team member's choice for new-application
 * mail, a company's rejection-email setting, the claimed deliveries (one row per email, unique per
 * kind, source and recipient), and the per-kind unsubscribe list every kind of email honours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('application_mail_preferences')
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('frequency', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('application_mail_preferences_pk', ['company_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('applicant_mail_settings')
    .addColumn('company_id', 'text', (col) => col.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('rejection_emails', 'integer', (col) => col.notNull().defaultTo(0))
    // When they were last turned on: earlier rejections are never mailed.
    .addColumn('rejection_emails_since', 'bigint')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('applicant_mail_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('source_id', 'text', (col) => col.notNull())
    .addColumn('recipient_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .addUniqueConstraint('applicant_mail_deliveries_once', ['kind', 'source_id', 'recipient_id'])
    .execute();
  await db.schema.createIndex('applicant_mail_deliveries_by_time').on('applicant_mail_deliveries').columns(['claimed_at']).execute();
  // The outbox scans: new applications and stage changes of the last few days.
  await db.schema.createIndex('job_applications_by_created').on('job_applications').columns(['created_at']).execute();

  await db.schema
    .createTable('email_unsubscribes')
    .addColumn('recipient_key', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('email_unsubscribes_pk', ['recipient_key', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_unsubscribes').execute();
  await db.schema.dropIndex('job_applications_by_created').execute();
  await db.schema.dropTable('applicant_mail_deliveries').execute();
  await db.schema.dropTable('applicant_mail_settings').execute();
  await db.schema.dropTable('application_mail_preferences').execute();
}
