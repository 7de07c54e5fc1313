import { sql, type Kysely } from 'kysely';

/**
 * Issue 18: the development mailbox is read by address, newest first (browser tests and the sign-up
 * benchmark read each code this way). The index on the lowered address alone left every read a sort of
 * the address's messages; with the order in the index the newest is read off it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dev_mailbox_to').execute();
  await db.schema.createIndex('dev_mailbox_to_newest').on('dev_mailbox').expression(sql`lower(to_address), sent_at desc, id desc`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dev_mailbox_to_newest').execute();
  await db.schema.createIndex('dev_mailbox_to').on('dev_mailbox').expression(sql`lower(to_address)`).execute();
}
