import type { Kysely } from 'kysely';

/**
 * Emails about unread messages (issue 42, decision 0229): when each person was last emailed about a
 * conversation, claimed by compare-and-set so one instance sends it; messages by time for the run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_emails')
    .addColumn('conversation_id', 'text', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('sent_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('message_emails_pk', ['conversation_id', 'account_id'])
    .execute();
  await db.schema.createIndex('messages_by_time').on('messages').columns(['created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_by_time').execute();
  await db.schema.dropTable('message_emails').execute();
}
