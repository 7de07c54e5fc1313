import type { Kysely } from 'kysely';

/**
 * Issue 16, session 12: what a seed dropped and must make again (the jobs' secondary indexes, on
 * SQLite the full-text insert trigger and entries), written in the step that drops them and cleared
 * when they are back, so a seed killed in between is mended by the next (decision 0209).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seed_restore')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('definition', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seed_restore').execute();
}
