import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Issue 18 (docs/decisions/0187-observation-id-unindexed.md): `observation.id` loses its primary key.
 * The id is `batch_id.position`, unique because a batch id is stored once (`observation_batch`'s key),
 * and nothing looks a row up by it; its index cost every insert a write at a random place (batch ids are
 * random), a quarter of SQLite's time per stored message and a third of the WAL it wrote.
 * SQLite cannot drop a primary key, so the table is rebuilt (the same on PostgreSQL, one path for both).
 */
const COLUMNS = [
  'id',
  'batch_id',
  'type_name',
  'observe_type',
  'source',
  'component_id',
  'action',
  'base_form_type',
  'response_status',
  'event_type',
  'visit_key',
  'ptid',
  'visit_id',
  'client_time',
  'received_at',
  'day',
  'payload',
] as const;

function observationColumns(table: CreateTableBuilder<string, never>, withPrimaryKey: boolean) {
  return table
    .addColumn('id', 'text', (col) => (withPrimaryKey ? col.primaryKey() : col.notNull()))
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
    .addColumn('payload', 'text', (col) => col.notNull());
}

async function rebuild(db: Kysely<unknown>, withPrimaryKey: boolean): Promise<void> {
  // The index name is free again once the old table's index is gone.
  await db.schema.dropIndex('observation_day_type').execute();
  await db.schema.alterTable('observation').renameTo('observation_before_0040').execute();
  await observationColumns(db.schema.createTable('observation'), withPrimaryKey).execute();
  const untyped = db as Kysely<Record<'observation' | 'observation_before_0040', Record<(typeof COLUMNS)[number], unknown>>>;
  await untyped
    .insertInto('observation')
    .columns(COLUMNS)
    .expression(untyped.selectFrom('observation_before_0040').select(COLUMNS))
    .execute();
  await db.schema.dropTable('observation_before_0040').execute();
  await db.schema.createIndex('observation_day_type').on('observation').columns(['day', 'type_name']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, false);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, true);
}
