import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { NewObservationRow } from './observation.table';

/** One accepted batch, ready to store: its rows are built before it is queued. */
export interface BatchToStore {
  batchId: string;
  receivedAt: number;
  rows: NewObservationRow[];
}

export type StoreOutcome = 'stored' | 'duplicate';

// Parameters per statement stay well under SQLite's 32,766 and PostgreSQL's 65,535.
const ROWS_PER_INSERT = 1000;

/**
 * Stores many batches in the caller's transaction. A batch whose id is already stored (a retry of
 * one acknowledged earlier, or a twin in the same group) is skipped whole. The batch ids are
 * inserted with ON CONFLICT DO NOTHING ... RETURNING, so two servers racing on one id cannot both
 * store it.
 */
export async function storeBatches(trx: Transaction<Database>, batches: BatchToStore[]): Promise<StoreOutcome[]> {
  const firstIndexById = new Map<string, number>();
  batches.forEach((batch, index) => {
    if (!firstIndexById.has(batch.batchId)) firstIndexById.set(batch.batchId, index);
  });
  const candidates = [...firstIndexById.values()].map((index) => batches[index]!);
  const inserted = new Set<string>();
  for (let start = 0; start < candidates.length; start += ROWS_PER_INSERT) {
    const chunk = candidates.slice(start, start + ROWS_PER_INSERT);
    const rows = await trx
      .insertInto('observation_batch')
      .values(chunk.map((batch) => ({ batch_id: batch.batchId, message_count: batch.rows.length, received_at: batch.receivedAt })))
      .onConflict((oc) => oc.column('batch_id').doNothing())
      .returning('batch_id')
      .execute();
    for (const row of rows) inserted.add(row.batch_id);
  }
  const toWrite: NewObservationRow[] = [];
  const outcomes = batches.map((batch, index): StoreOutcome => {
    if (firstIndexById.get(batch.batchId) !== index || !inserted.has(batch.batchId)) return 'duplicate';
    toWrite.push(...batch.rows);
    return 'stored';
  });
  for (let start = 0; start < toWrite.length; start += ROWS_PER_INSERT) {
    await trx
      .insertInto('observation')
      .values(toWrite.slice(start, start + ROWS_PER_INSERT))
      .execute();
  }
  return outcomes;
}

/** Deletes observations and batch ids received before the cutoff; returns how many observations went. */
export async function purgeObservationsBefore(db: Kysely<Database>, cutoff: number): Promise<number> {
  const deleted = await db.deleteFrom('observation').where('received_at', '<', cutoff).executeTakeFirst();
  await db.deleteFrom('observation_batch').where('received_at', '<', cutoff).execute();
  return Number(deleted.numDeletedRows);
}
