import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database, DialectName } from '../../db/database';
import type { NewObservationRow } from './observation.table';

/** The columns that differ from message to message; the others are the batch's (BatchToStore). */
export type ObservationFields = Pick<
  NewObservationRow,
  'type_name' | 'source' | 'component_id' | 'action' | 'base_form_type' | 'response_status' | 'event_type' | 'visit_key' | 'ptid' | 'client_time' | 'payload'
>;

/** One accepted batch, ready to store: what its rows share once, and each message's own columns. */
export interface BatchToStore {
  batchId: string;
  observeType: string;
  receivedAt: number;
  /** receivedAt's UTC date (YYYY-MM-DD). */
  day: string;
  /** The visit_id cookie of the request that brought it. */
  visitId: string | null;
  messages: ObservationFields[];
}

export type StoreOutcome = 'stored' | 'duplicate';

/** A message's id: its batch id and its place in the batch, unique because a batch id is stored once (decision 0050). */
export function observationId(batchId: string, index: number): string {
  return `${batchId}.${index}`;
}

/** The batch's rows as the table holds them. */
export function observationRows(batch: BatchToStore): NewObservationRow[] {
  return batch.messages.map((message, index) => ({
    id: observationId(batch.batchId, index),
    batch_id: batch.batchId,
    type_name: message.type_name,
    observe_type: batch.observeType,
    source: message.source,
    component_id: message.component_id,
    action: message.action,
    base_form_type: message.base_form_type,
    response_status: message.response_status,
    event_type: message.event_type,
    visit_key: message.visit_key,
    ptid: message.ptid,
    visit_id: batch.visitId,
    client_time: message.client_time,
    received_at: batch.receivedAt,
    day: batch.day,
    payload: message.payload,
  }));
}

const OBSERVATION_COLUMNS = [
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
] as const satisfies readonly (keyof NewObservationRow)[];

const MESSAGE_COLUMNS = [
  'type_name',
  'source',
  'component_id',
  'action',
  'base_form_type',
  'response_status',
  'event_type',
  'visit_key',
  'ptid',
  'client_time',
  'payload',
] as const satisfies readonly (keyof ObservationFields)[];

const BATCH_COLUMNS = ['batch_id', 'message_count', 'received_at'] as const;
/** Batch ids per SQLite statement: 300 parameters, and at most 100 statement texts for the statement cache. */
const SQLITE_BATCH_IDS_PER_INSERT = 100;

const sqliteStatements = new Map<string, string>();

function cachedSql(key: string, make: () => string): string {
  let text = sqliteStatements.get(key);
  if (!text) {
    text = make();
    sqliteStatements.set(key, text);
  }
  return text;
}

/** `insert into observation_batch ... values (?, ?, ?), ... on conflict do nothing returning batch_id`, per row count. */
function sqliteBatchIdsInsert(count: number): string {
  return cachedSql(`batch/${count}`, () => {
    const tuples = Array<string>(count).fill('(?, ?, ?)').join(', ');
    return `insert into "observation_batch" (${BATCH_COLUMNS.map((column) => `"${column}"`).join(', ')}) values ${tuples} on conflict ("batch_id") do nothing returning "batch_id"`;
  });
}

/**
 * One batch's messages in one statement, per message count. The values every row of the batch shares
 * are bound once (the first five parameters), and each row's id is made from the batch id and the
 * position written into the text: SQLite's cost per row here is mostly binding values (about 0.1 us
 * each, measured), and this binds 11 a row instead of 17. Positions are literals, not values.
 */
function sqliteMessagesInsert(count: number): string {
  return cachedSql(`messages/${count}`, () => {
    const rows = Array.from({ length: count }, (_, position) => `(${position}, ${MESSAGE_COLUMNS.map(() => '?').join(', ')})`).join(', ');
    const message = (column: (typeof MESSAGE_COLUMNS)[number]) => `m.column${MESSAGE_COLUMNS.indexOf(column) + 2}`;
    const select = OBSERVATION_COLUMNS.map((column) => {
      switch (column) {
        case 'id':
          return `b.batch_id || '.' || m.column1`;
        case 'batch_id':
        case 'observe_type':
        case 'visit_id':
        case 'received_at':
        case 'day':
          return `b.${column}`;
        default:
          return message(column);
      }
    });
    return (
      `insert into "observation" (${OBSERVATION_COLUMNS.map((column) => `"${column}"`).join(', ')}) ` +
      `select ${select.join(', ')} from (select ? as batch_id, ? as observe_type, ? as visit_id, ? as received_at, ? as day) as b, (values ${rows}) as m`
    );
  });
}

async function insertSqlite(trx: Transaction<Database>, batches: BatchToStore[]): Promise<void> {
  for (const batch of batches) {
    if (batch.messages.length === 0) continue;
    const parameters: unknown[] = [batch.batchId, batch.observeType, batch.visitId, batch.receivedAt, batch.day];
    for (const message of batch.messages) {
      parameters.push(
        message.type_name,
        message.source ?? null,
        message.component_id ?? null,
        message.action ?? null,
        message.base_form_type ?? null,
        message.response_status ?? null,
        message.event_type ?? null,
        message.visit_key,
        message.ptid ?? null,
        message.client_time ?? null,
        message.payload,
      );
    }
    await trx.executeQuery(CompiledQuery.raw(sqliteMessagesInsert(batch.messages.length), parameters));
  }
}

/** PostgreSQL: one statement with one parameter, the rows as JSON unpacked by json_populate_recordset, so the parsing happens in the database (decision 0051). */
async function insertPostgres<Row extends Record<string, unknown>>(
  trx: Transaction<Database>,
  table: 'observation' | 'observation_batch',
  columns: readonly (keyof Row & string)[],
  rows: Row[],
  suffix = '',
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const list = columns.map((column) => `"${column}"`).join(', ');
  const text = `insert into "${table}" (${list}) select ${list} from json_populate_recordset(null::"${table}", $1::json)${suffix}`;
  const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [JSON.stringify(rows)]));
  return [...result.rows];
}

/** Inserts batch ids, answering those not stored before. */
async function insertBatchIds(trx: Transaction<Database>, dialect: DialectName, rows: { batch_id: string; message_count: number; received_at: number }[]): Promise<Set<unknown>> {
  const suffix = ' on conflict ("batch_id") do nothing returning "batch_id"';
  if (dialect === 'postgres') return new Set((await insertPostgres(trx, 'observation_batch', BATCH_COLUMNS, rows, suffix)).map((row) => row.batch_id));
  const stored = new Set<unknown>();
  for (let start = 0; start < rows.length; start += SQLITE_BATCH_IDS_PER_INSERT) {
    const chunk = rows.slice(start, start + SQLITE_BATCH_IDS_PER_INSERT);
    const parameters: unknown[] = [];
    for (const row of chunk) parameters.push(row.batch_id, row.message_count, row.received_at);
    const result = await trx.executeQuery<{ batch_id: string }>(CompiledQuery.raw(sqliteBatchIdsInsert(chunk.length), parameters));
    for (const row of result.rows) stored.add(row.batch_id);
  }
  return stored;
}

/**
 * Stores many batches in the caller's transaction. A batch whose id is already stored (a retry of
 * one acknowledged earlier, or a twin in the same group) is skipped whole. The batch ids are
 * inserted with ON CONFLICT DO NOTHING ... RETURNING, so two servers racing on one id cannot both
 * store it.
 */
export async function storeBatches(trx: Transaction<Database>, batches: BatchToStore[], dialect: DialectName): Promise<StoreOutcome[]> {
  const firstIndexById = new Map<string, number>();
  batches.forEach((batch, index) => {
    if (!firstIndexById.has(batch.batchId)) firstIndexById.set(batch.batchId, index);
  });
  const candidates = [...firstIndexById.values()].map((index) => {
    const batch = batches[index]!;
    return { batch_id: batch.batchId, message_count: batch.messages.length, received_at: batch.receivedAt };
  });
  const stored = await insertBatchIds(trx, dialect, candidates);

  const toWrite: BatchToStore[] = [];
  const outcomes = batches.map((batch, index): StoreOutcome => {
    if (firstIndexById.get(batch.batchId) !== index || !stored.has(batch.batchId)) return 'duplicate';
    toWrite.push(batch);
    return 'stored';
  });
  if (dialect === 'postgres') await insertPostgres(trx, 'observation', OBSERVATION_COLUMNS, toWrite.flatMap(observationRows));
  else await insertSqlite(trx, toWrite);
  return outcomes;
}

/**
 * Deletes observations of the days before the cutoff's day (UTC), and batch ids received before the
 * cutoff; returns how many observations went. Whole days, so the delete uses the day index.
 */
export async function purgeObservationsBefore(db: Kysely<Database>, cutoff: number): Promise<number> {
  const cutoffDay = new Date(cutoff).toISOString().slice(0, 10);
  const deleted = await db.deleteFrom('observation').where('day', '<', cutoffDay).executeTakeFirst();
  await db.deleteFrom('observation_batch').where('received_at', '<', cutoff).execute();
  return Number(deleted.numDeletedRows);
}
