import type { Kysely } from 'kysely';

/**
 * Which key the unsubscribe list is keyed by (issue 47, decision 0276): one row holding an HMAC of a
 * fixed text under UNSUBSCRIBE_LIST_KEY, never the key. Start-up compares it with the configured key
 * and refuses a changed key while anyone is on the list, since they would all be re-subscribed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unsubscribe_list_key')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('recorded_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unsubscribe_list_key').execute();
}
