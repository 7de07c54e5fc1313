import type { Kysely } from 'kysely';

/**
 * Issue 14: Google sign-in nonces, issued by the server, bound to the visitor by a cookie, used once.
 * A nonce may also hold a Google identity waiting to be linked once the visitor proves the mailbox by code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('google_sign_in_nonces')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('link_subject', 'text')
    .addColumn('link_email_normalized', 'text')
    .addColumn('link_expires_at', 'bigint')
    .execute();
  await db.schema.createIndex('google_sign_in_nonces_expires').on('google_sign_in_nonces').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('google_sign_in_nonces').execute();
}
