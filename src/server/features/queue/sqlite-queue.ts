import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { jobIdFor, retryDelayAfter, type DeadJob, type QueueBackend, type QueueStats } from './queue';

/**
 * The queue on SQLite (decision 0270): queue_jobs, one row a job. Taking jobs is one UPDATE ... RETURNING,
 * which SQLite's single writer makes atomic across processes; time is the app's clock.
 */
export function sqliteQueue(db: Db): QueueBackend {
  return {
    kind: 'sqlite',
    async prepare() {},

    async enqueue(trx, queue, key, payload, now) {
      const inserted = await trx
        .insertInto('queue_jobs')
        .values({
          id: jobIdFor(queue.name, key),
          queue: queue.name,
          key,
          payload: JSON.stringify(payload),
          state: 'waiting',
          attempts: 0,
          max_attempts: queue.maxAttempts,
          retry_delay_ms: queue.retryDelayMs,
          run_after: now,
          lease_until: null,
          last_error: null,
          created_at: now,
          finished_at: null,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async fetch(queue, limit, now) {
      // Due: waiting past its backoff, or active past its lease (the instance running it died).
      const due = db
        .selectFrom('queue_jobs')
        .select('id')
        .where('queue', '=', queue.name)
        .where((eb) => eb.or([eb.and([eb('state', '=', 'waiting'), eb('run_after', '<=', now)]), eb.and([eb('state', '=', 'active'), eb('lease_until', '<=', now)])]))
        .orderBy('run_after')
        .orderBy('id')
        .limit(limit);
      const rows = await db
        .updateTable('queue_jobs')
        .set({ state: 'active', attempts: sql`attempts + 1`, lease_until: now + queue.timeoutMs })
        .where('id', 'in', due)
        .returning(['id', 'queue', 'key', 'payload', 'attempts', 'max_attempts'])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        queue: row.queue,
        key: row.key,
        payload: JSON.parse(row.payload) as unknown,
        attempt: Number(row.attempts),
        lastAttempt: Number(row.attempts) >= Number(row.max_attempts),
      }));
    },

    async complete(_queue, job, now) {
      await db.updateTable('queue_jobs').set({ state: 'done', lease_until: null, finished_at: now }).where('id', '=', job.id).where('state', '=', 'active').execute();
    },

    async fail(_queue, job, error, now) {
      const row = await db.selectFrom('queue_jobs').select(['attempts', 'max_attempts', 'retry_delay_ms']).where('id', '=', job.id).executeTakeFirst();
      if (!row) return;
      const dead = Number(row.attempts) >= Number(row.max_attempts);
      await db
        .updateTable('queue_jobs')
        .set(
          dead
            ? { state: 'dead', lease_until: null, last_error: error, finished_at: now }
            : { state: 'waiting', lease_until: null, last_error: error, run_after: now + retryDelayAfter(Number(row.attempts), Number(row.retry_delay_ms)) },
        )
        .where('id', '=', job.id)
        .where('state', '=', 'active')
        .execute();
    },

    async release(_queue, job, now) {
      await db
        .updateTable('queue_jobs')
        .set({ state: 'waiting', lease_until: null, run_after: now, attempts: sql`attempts - 1` })
        .where('id', '=', job.id)
        .where('state', '=', 'active')
        .execute();
    },

    async deadJobs(queues, limit): Promise<DeadJob[]> {
      if (queues.length === 0) return [];
      const rows = await db
        .selectFrom('queue_jobs')
        .select(['id', 'queue', 'key', 'attempts', 'last_error', 'finished_at'])
        .where('queue', 'in', queues)
        .where('state', '=', 'dead')
        .orderBy('finished_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, queue: row.queue, key: row.key, attempts: Number(row.attempts), lastError: row.last_error ?? '', diedAt: Number(row.finished_at ?? 0) }));
    },

    async retryDead(queue, id, now) {
      const updated = await db
        .updateTable('queue_jobs')
        .set({ state: 'waiting', run_after: now, max_attempts: sql`attempts + 1`, finished_at: null })
        .where('id', '=', id)
        .where('queue', '=', queue.name)
        .where('state', '=', 'dead')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async stats(queues): Promise<QueueStats[]> {
      const rows = await db
        .selectFrom('queue_jobs')
        .select(['queue', 'state', sql<number>`case when attempts > 0 and state = 'waiting' then 1 else 0 end`.as('retrying'), (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy(['queue', 'state', sql`case when attempts > 0 and state = 'waiting' then 1 else 0 end`])
        .execute();
      return queues.map((name) => {
        const stats: QueueStats = { queue: name, waiting: 0, retrying: 0, active: 0, dead: 0, done: 0 };
        for (const row of rows) {
          if (row.queue !== name) continue;
          const count = Number(row.count);
          if (row.state === 'waiting') stats.waiting += count;
          if (row.state === 'waiting' && Number(row.retrying) === 1) stats.retrying += count;
          if (row.state === 'active') stats.active += count;
          if (row.state === 'dead') stats.dead += count;
          if (row.state === 'done') stats.done += count;
        }
        return stats;
      });
    },

    async sweep() {},

    async close() {},
  };
}
