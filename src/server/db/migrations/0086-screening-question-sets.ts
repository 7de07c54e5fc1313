import type { Kysely } from 'kysely';

/**
 * Decision 0293: a company's saved screening-question sets (/quiz/create). The questions are kept as
 * typed (JSON of the posting form's question slots), so a set fills the form exactly as saved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('screening_question_sets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('questions', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('screening_question_sets_company').on('screening_question_sets').columns(['company_id', 'name']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screening_question_sets').execute();
}
