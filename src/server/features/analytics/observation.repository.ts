import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database, DialectName } from '../../db/database';
import type { NewObservationRow } from './observation.table';

/** One accepted batch, ready to store: its rows are built before it is queued. */
export interface BatchToStore {
  batchId: string;
  receivedAt: number;
  rows: NewObservationRow[];
}

export type StoreOutcome = 'stored' | 'duplicate';

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

const BATCH_COLUMNS = ['batch_id', 'message_count', 'received_at'] as const;
/** Rows per SQLite statement: 100 x 17 parameters stays far below SQLite's 32,766. */
const SQLITE_ROWS_PER_INSERT = 100;

const sqliteInsertSql = new Map<string, string>();

/** `insert into t (a, b) values (?, ?), (?, ?) ...`, made once per table and row count. */
function sqliteInsert(table: string, columns: readonly string[], rowCount: number, suffix: string): string {
  const key = `${table}/${rowCount}/${suffix}`;
  let text = sqliteInsertSql.get(key);
  if (!text) {
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    text = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values ${Array(rowCount).fill(tuple).join(', ')}${suffix}`;
    sqliteInsertSql.set(key, text);
  }
  return text;
}

/**
 * Inserts rows as fast as each database allows (decision 0051, measured with bench/ and by CPU time):
 * - PostgreSQL: one statement with one parameter, the rows as a JSON array unpacked by
 *   json_populate_recordset, so the parsing happens in the database, not in this process;
 * - SQLite: multi-row VALUES with a statement text cached per row count, skipping the query builder,
 *   whose per-value nodes cost more than the insert itself.
 * Both are parameterised; no value is ever spliced into SQL text.
 */
async function insertRows<Row extends Record<string, unknown>>(
  trx: Transaction<Database>,
  dialect: DialectName,
  table: 'observation' | 'observation_batch',
  columns: readonly (keyof Row & string)[],
  rows: Row[],
  suffix = '',
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  if (dialect === 'postgres') {
    const list = columns.map((column) => `"${column}"`).join(', ');
    const text = `insert into "${table}" (${list}) select ${list} from json_populate_recordset(null::"${table}", $1::json)${suffix}`;
    const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [JSON.stringify(rows)]));
    return [...result.rows];
  }
  const returned: Record<string, unknown>[] = [];
  for (let start = 0; start < rows.length; start += SQLITE_ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + SQLITE_ROWS_PER_INSERT);
    const parameters: unknown[] = [];
    for (const row of chunk) for (const column of columns) parameters.push(row[column] ?? null);
    const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(sqliteInsert(table, columns, chunk.length, suffix), parameters));
    returned.push(...result.rows);
  }
  return returned;
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
    return { batch_id: batch.batchId, message_count: batch.rows.length, received_at: batch.receivedAt };
  });
  const inserted = await insertRows(trx, dialect, 'observation_batch', BATCH_COLUMNS, candidates, ' on conflict ("batch_id") do nothing returning "batch_id"');
  const stored = new Set(inserted.map((row) => row.batch_id));

  const toWrite: NewObservationRow[] = [];
  const outcomes = batches.map((batch, index): StoreOutcome => {
    if (firstIndexById.get(batch.batchId) !== index || !stored.has(batch.batchId)) return 'duplicate';
    for (const row of batch.rows) toWrite.push(row);
    return 'stored';
  });
  await insertRows(trx, dialect, 'observation', OBSERVATION_COLUMNS, toWrite);
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
