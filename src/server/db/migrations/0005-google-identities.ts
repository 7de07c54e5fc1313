import type { Kysely } from 'kysely';

/** Accounts linked to an outside sign-in (Google): one row per provider subject. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_identities')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('account_identities_provider_subject', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('account_identities_account').on('account_identities').column('account_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_identities').execute();
}
