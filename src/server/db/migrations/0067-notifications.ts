import type { Kysely } from 'kysely';

/**
 * Notifications (issue 42, decision 0228): one row per thing a person is told, on one side of the
 * site. subject_key names what it is about ("application:{id}:stage"); a later notification with the
 * same key replaces the earlier one, so a list says where an application stands, not every step. The
 * unique index treats nulls as distinct on SQLite and PostgreSQL alike: rows without a key never merge.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('side', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('link', 'text', (col) => col.notNull())
    .addColumn('subject_key', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  // The list, newest first, per person and side.
  await db.schema.createIndex('notifications_by_account').on('notifications').columns(['account_id', 'side', 'created_at']).execute();
  // The bell: one count of a person's unread rows, answered from this index alone.
  await db.schema.createIndex('notifications_unread').on('notifications').columns(['account_id', 'side', 'read_at']).execute();
  await db.schema.createIndex('notifications_by_subject').unique().on('notifications').columns(['account_id', 'subject_key']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
