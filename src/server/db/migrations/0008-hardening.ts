import type { Kysely } from 'kysely';

// Issue 14: the event log's retention purge deletes by the time a row was stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('event_log_created').on('event_log').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('event_log_created').execute();
}
