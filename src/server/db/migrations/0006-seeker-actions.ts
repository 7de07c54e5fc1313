import type { Kysely } from 'kysely';

/** Job seekers act: saved jobs, profiles, résumés, applications, external apply clicks, searches, alerts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_jobs')
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('saved_jobs_pk', ['account_id', 'job_id'])
    .execute();
  await db.schema.createIndex('saved_jobs_account_time').on('saved_jobs').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('seeker_profiles')
    .addColumn('account_id', 'text', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('headline', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('resumes')
    .addColumn('account_id', 'text', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull())
    .addColumn('uploaded_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('job_applications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    // What the employer receives: the profile as it was when the person applied.
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('headline', 'text', (col) => col.notNull())
    .addColumn('resume_storage_key', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('job_applications_once', ['account_id', 'job_id'])
    .execute();

  await db.schema
    .createTable('external_apply_clicks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('external_apply_clicks_account').on('external_apply_clicks').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('job_searches')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('search', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('job_searches_account_time').on('job_searches').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('job_alerts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('search', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('radius', 'integer', (col) => col.notNull())
    .addColumn('frequency', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    // Jobs posted after this were not mailed yet (the end of the last window sent).
    .addColumn('last_sent_at', 'bigint', (col) => col.notNull())
    // The digest claims an alert by moving this forward (compare-and-set) before it sends.
    .addColumn('next_send_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('job_alerts_account').on('job_alerts').column('account_id').execute();
  await db.schema.createIndex('job_alerts_due').on('job_alerts').column('next_send_at').execute();

  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('alert_id', 'text', (col) => col.notNull().references('job_alerts.id').onDelete('cascade'))
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('window_end', 'bigint', (col) => col.notNull())
    // claimed -> sent | failed | empty. A row left 'claimed' is a send interrupted by a crash: never retried.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('job_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('claimed_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .addUniqueConstraint('alert_deliveries_once', ['alert_id', 'window_end'])
    .execute();

  // Mail headers (List-Unsubscribe) kept with development mailbox messages so they can be checked.
  await db.schema.alterTable('dev_mailbox').addColumn('headers', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dev_mailbox').dropColumn('headers').execute();
  for (const table of ['alert_deliveries', 'job_alerts', 'job_searches', 'external_apply_clicks', 'job_applications', 'resumes', 'seeker_profiles', 'saved_jobs']) {
    await db.schema.dropTable(table).execute();
  }
}
