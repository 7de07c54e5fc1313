import type { Db } from '../../db/database';

/** Rows deleted per statement: a long purge never holds one huge delete (and its locks) at once. */
const PURGE_CHUNK = 5000;

/**
 * Deletes event-log rows stored before `cutoff` (epoch ms), in chunks by the created_at index (migration
 * 0008); returns how many went.
 */
export async function purgeEventLogBefore(db: Db, cutoff: number): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = db.selectFrom('event_log').select('id').where('created_at', '<', cutoff).limit(PURGE_CHUNK);
    const deleted = await db.deleteFrom('event_log').where('id', 'in', ids).executeTakeFirst();
    const count = Number(deleted.numDeletedRows);
    total += count;
    if (count < PURGE_CHUNK) return total;
  }
}
