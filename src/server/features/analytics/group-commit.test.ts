import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection';
import { createTestDatabase } from '../../../../tests/support/test-database';
import { GroupCommit, QueueFullError } from './group-commit';

let database: DatabaseHandle;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => database.close());

function committer(maxQueued = 1000, flushAt = 500, maxQueuedBytes = 1_000_000) {
  const groups: number[][] = [];
  const queue = new GroupCommit<number, string>({
    db: database.db,
    async write(trx, jobs) {
      groups.push(jobs);
      await trx
        .insertInto('event_log')
        .values(jobs.map((job) => ({ id: `e${job}`, event_type: 't', properties: '{}', path: '/', client_time: job, created_at: job })))
        .execute();
      return jobs.map((job) => `ok ${job}`);
    },
    weight: () => 10,
    // Job n holds n bytes, so the byte bound can be reached before the row bound.
    bytes: (job) => job,
    maxQueued,
    maxQueuedBytes,
    flushAt,
    maxDelayMs: 2,
  });
  return { queue, groups };
}

describe('GroupCommit', () => {
  it('writes jobs submitted together in one transaction and answers each after the commit', async () => {
    const { queue, groups } = committer();
    const results = await Promise.all([1, 2, 3, 4].map((job) => queue.submit(job)));
    expect(results).toEqual(['ok 1', 'ok 2', 'ok 3', 'ok 4']);
    expect(groups).toEqual([[1, 2, 3, 4]]);
    const rows = await database.db.selectFrom('event_log').select('id').execute();
    expect(rows).toHaveLength(4);
  });

  it('flushes at once when enough weight waits, and gathers jobs arriving during a flush into the next group', async () => {
    const { queue, groups } = committer(1000, 20);
    const first = [queue.submit(1), queue.submit(2)]; // weight 20: flush starts now
    const second = [queue.submit(3), queue.submit(4), queue.submit(5)];
    await Promise.all([...first, ...second]);
    expect(groups).toEqual([[1, 2], [3, 4, 5]]);
  });

  it('refuses jobs beyond its bound with QueueFullError', async () => {
    const { queue } = committer(30);
    const accepted = [queue.submit(1), queue.submit(2), queue.submit(3)];
    await expect(queue.submit(4)).rejects.toBeInstanceOf(QueueFullError);
    await Promise.all(accepted);
    await expect(queue.submit(5)).resolves.toBe('ok 5');
  });

  it('refuses jobs beyond its byte bound too, whatever their row count (issue 14)', async () => {
    const { queue } = committer(1000, 500, 100);
    const accepted = [queue.submit(60), queue.submit(30)];
    await expect(queue.submit(11)).rejects.toBeInstanceOf(QueueFullError);
    await Promise.all(accepted);
    await expect(queue.submit(99)).resolves.toBe('ok 99');
  });

  it('rejects every job of a group whose transaction fails, and stores none of them', async () => {
    const { queue } = committer();
    await queue.submit(7);
    const results = await Promise.allSettled([queue.submit(8), queue.submit(7)]); // e7 exists: the group fails
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    const rows = await database.db.selectFrom('event_log').select('id').execute();
    expect(rows.map((row) => row.id)).toEqual(['e7']);
  });

  it('writes what is queued on close and refuses new jobs after', async () => {
    const { queue } = committer();
    const pending = queue.submit(1);
    await queue.close();
    await expect(pending).resolves.toBe('ok 1');
    await expect(queue.submit(2)).rejects.toBeInstanceOf(QueueFullError);
  });
});
