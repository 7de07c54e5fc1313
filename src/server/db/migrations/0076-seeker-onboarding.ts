import type { Kysely } from 'kysely';

/**
 * Onboarding answers (issue 43, decision 0234): one row per seeker, written question by question.
 * Lists (titles, job types, skipped questions) are JSON text, read only whole. completed_at is set
 * when the last question is answered or skipped; the first alert is made then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seeker_onboarding')
    .addColumn('account_id', 'text', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('titles', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('radius', 'integer')
    .addColumn('min_pay', 'integer')
    .addColumn('employment_types', 'text', (col) => col.notNull())
    .addColumn('remote', 'text')
    .addColumn('skipped', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'bigint')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seeker_onboarding').execute();
}
