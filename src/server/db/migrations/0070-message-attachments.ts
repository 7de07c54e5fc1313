import type { Kysely } from 'kysely';

/** A message may carry one file (issue 42, decision 0229): its storage key, name as sent, type and size. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('attachment_key', 'text').execute();
  await db.schema.alterTable('messages').addColumn('attachment_name', 'text').execute();
  await db.schema.alterTable('messages').addColumn('attachment_type', 'text').execute();
  await db.schema.alterTable('messages').addColumn('attachment_size', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['attachment_size', 'attachment_type', 'attachment_name', 'attachment_key']) await db.schema.alterTable('messages').dropColumn(column).execute();
}
