import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('observation_batch')
    .addColumn('batch_id', 'text', (col) => col.primaryKey())
    .addColumn('message_count', 'integer', (col) => col.notNull())
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('observation_batch_received').on('observation_batch').column('received_at').execute();

  await db.schema
    .createTable('observation')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('batch_id', 'text', (col) => col.notNull())
    .addColumn('type_name', 'text', (col) => col.notNull())
    .addColumn('observe_type', 'text', (col) => col.notNull())
    .addColumn('source', 'text')
    .addColumn('component_id', 'text')
    .addColumn('action', 'text')
    .addColumn('base_form_type', 'text')
    .addColumn('response_status', 'text')
    .addColumn('event_type', 'text')
    .addColumn('visit_key', 'text', (col) => col.notNull())
    .addColumn('ptid', 'text')
    .addColumn('visit_id', 'text')
    .addColumn('client_time', 'bigint')
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .execute();
  // One secondary index, as every index costs each insert: the dashboard reads a range of days of two
  // types, and retention deletes whole days before a cutoff.
  await db.schema.createIndex('observation_day_type').on('observation').columns(['day', 'type_name']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('observation').execute();
  await db.schema.dropTable('observation_batch').execute();
}
