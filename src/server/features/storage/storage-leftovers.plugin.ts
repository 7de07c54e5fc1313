import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How old an unfinished write must be before it is taken for a crash's leftover: far longer than any
 * upload takes (30 MB at the slowest connection we serve), so a write still arriving is never removed.
 */
export const STORAGE_LEFTOVER_AGE_MS = 60 * 60_000;

/**
 * Crash leftovers (decision 0304): an instance killed mid-upload leaves a partial file (disk), a row
 * marked as being written and its chunks (database) or an incomplete multipart upload (S3). Once an
 * hour, claimed by one instance (decision 0141), each older than STORAGE_LEFTOVER_AGE_MS is removed.
 */
async function storageLeftoversPlugin(app: FastifyInstance) {
  app.scheduler.every('storage-leftovers', { everyMs: STORAGE_LEFTOVER_AGE_MS }, async () => {
    // Storage dates its writes by the real clock (file times, created_at, S3's Initiated), not app.now().
    const removed = await app.fileStorage.removeLeftovers(Date.now() - STORAGE_LEFTOVER_AGE_MS);
    if (removed > 0) app.log.info({ removed }, 'removed what uploads cut off by a crash left in storage');
    return removed;
  });
}

export default fp(storageLeftoversPlugin, { name: 'storage-leftovers', dependencies: ['storage', 'scheduler'] });
