import type { Kysely } from 'kysely';

/**
 * A company's hiring needs, asked once after sign-up (issue 44, decision 0297): one row a company,
 * answered or skipped, so the survey is never asked again. Its answers start the first job's form.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('employer_surveys')
    .addColumn('company_id', 'text', (col) => col.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('skipped', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('roles', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('hires', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('place_type', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('location', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('start', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('answered_by', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('answered_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('employer_surveys').execute();
}
