import type { Kysely } from 'kysely';

/**
 * Decision 0310: who scheduled a draft's publish, so a publish the scheduler refuses is emailed to
 * them (or, when they are gone from the company, to its owner). Cleared with the schedule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('publish_scheduled_by', 'text', (col) => col.references('accounts.id').onDelete('set null')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('publish_scheduled_by').execute();
}
