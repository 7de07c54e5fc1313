import type { Kysely } from 'kysely';

/**
 * Interviews (issue 42, decision 0231): an interview per proposal about an application, its proposed
 * times, and the calendar event's UID and SEQUENCE; the reminder's claim is reminder_sent_at. The
 * development mailbox keeps attachments (the .ics) so a person and the tests can read them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('interviews')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) => col.notNull().references('job_applications.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('seeker_account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (col) => col.references('conversations.id').onDelete('set null'))
    .addColumn('proposed_by', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('job_title', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('employer_time_zone', 'text', (col) => col.notNull())
    .addColumn('seeker_time_zone', 'text')
    .addColumn('place_kind', 'text', (col) => col.notNull())
    .addColumn('place', 'text', (col) => col.notNull())
    .addColumn('minutes', 'integer', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'bigint')
    .addColumn('calendar_uid', 'text', (col) => col.notNull().unique())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    .addColumn('reminder_sent_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('interviews_by_application').on('interviews').columns(['application_id', 'created_at']).execute();
  await db.schema.createIndex('interviews_by_conversation').on('interviews').columns(['conversation_id']).execute();
  await db.schema.createIndex('interviews_by_seeker').on('interviews').columns(['seeker_account_id']).execute();
  // The reminder run reads confirmed interviews by start.
  await db.schema.createIndex('interviews_by_start').on('interviews').columns(['status', 'starts_at']).execute();
  await db.schema
    .createTable('interview_slots')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('interview_id', 'text', (col) => col.notNull().references('interviews.id').onDelete('cascade'))
    .addColumn('starts_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('interview_slots_by_interview').on('interview_slots').columns(['interview_id', 'starts_at']).execute();
  await db.schema.alterTable('dev_mailbox').addColumn('attachments', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dev_mailbox').dropColumn('attachments').execute();
  await db.schema.dropTable('interview_slots').execute();
  await db.schema.dropTable('interviews').execute();
}
