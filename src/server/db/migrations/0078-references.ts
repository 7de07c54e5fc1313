import type { Kysely } from 'kysely';

/**
 * References (issue 43, decision 0235): one row per request a job seeker sends. The link's secret and the
 * reference giver's alert offer are stored only as HMACs; the row id is the link's public half, so a
 * link is found by id and its secret compared in constant time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reference_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('seeker_account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('referee_name', 'text', (col) => col.notNull())
    .addColumn('referee_email', 'text', (col) => col.notNull())
    .addColumn('referee_email_normalized', 'text', (col) => col.notNull())
    .addColumn('relationship', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('submitted_at', 'bigint')
    .addColumn('reference_text', 'text')
    .addColumn('shown_to_employers', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('alert_token_hash', 'text')
    .addColumn('alert_expires_at', 'bigint')
    .addColumn('alert_created_at', 'bigint')
    .execute();
  await db.schema.createIndex('reference_requests_seeker').on('reference_requests').columns(['seeker_account_id', 'created_at']).execute();
  await db.schema.createIndex('reference_requests_referee').on('reference_requests').column('referee_email_normalized').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reference_requests').execute();
}
