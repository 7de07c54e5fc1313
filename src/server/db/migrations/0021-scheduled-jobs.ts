import type { Kysely } from 'kysely';

/** Claims for scheduled jobs, so a job runs once per period across all instances (decision 0141). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('next_run_at', 'bigint', (col) => col.notNull())
    .addColumn('lease_until', 'bigint', (col) => col.notNull())
    .addColumn('last_started_at', 'bigint')
    .addColumn('last_finished_at', 'bigint')
    .addColumn('last_status', 'text')
    .addColumn('last_instance', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_jobs').execute();
}
