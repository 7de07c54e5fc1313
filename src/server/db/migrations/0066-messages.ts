import type { Kysely } from 'kysely';

/**
 * Conversations between a company's team and a job seeker (issue 42, decision 0229): one per
 * application; their messages; who read how far (each person, either side); a seeker's block of a
 * company; reports of messages for the admins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('seeker_account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('application_id', 'text', (col) => col.references('job_applications.id').onDelete('set null'))
    .addColumn('job_title', 'text', (col) => col.notNull())
    .addColumn('started_by', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_message_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('conversations_by_application').unique().on('conversations').columns(['application_id']).execute();
  await db.schema.createIndex('conversations_by_company').on('conversations').columns(['company_id', 'last_message_at']).execute();
  await db.schema.createIndex('conversations_by_seeker').on('conversations').columns(['seeker_account_id', 'last_message_at']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('conversation_id', 'text', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('author_account_id', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    // 'seeker' or 'employer': which side wrote it, kept when the author's account is gone
    .addColumn('author_side', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('messages_by_conversation').on('messages').columns(['conversation_id', 'created_at']).execute();

  await db.schema
    .createTable('conversation_reads')
    .addColumn('conversation_id', 'text', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('read_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('conversation_reads_pk', ['conversation_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('company_blocks')
    .addColumn('seeker_account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('company_blocks_pk', ['seeker_account_id', 'company_id'])
    .execute();

  await db.schema
    .createTable('message_reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('message_id', 'text', (col) => col.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('reporter_account_id', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('resolved_at', 'bigint')
    .execute();
  await db.schema.createIndex('message_reports_open').on('message_reports').columns(['resolved_at', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['message_reports', 'company_blocks', 'conversation_reads', 'messages', 'conversations']) await db.schema.dropTable(table).execute();
}
