import type { Kysely } from 'kysely';

/** Candidate spotlight answers: one per (person, prompt); a recording or file lives in storage under storage_key. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spotlight_answers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('prompt', 'text', (col) => col.notNull())
    // video, audio or text
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('text', 'text')
    .addColumn('transcript', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('content_type', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('spotlight_answers_one_per_prompt', ['account_id', 'prompt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('spotlight_answers').execute();
}
