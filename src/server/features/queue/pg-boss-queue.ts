import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db } from '../../db/database';
import { jobIdFor, type ClaimedJob, type DeadJob, type QueueBackend, type QueueStats } from './queue';

/** pg-boss's schema, created by migration 0080. */
export const PG_BOSS_SCHEMA = 'pgboss';
/** Dead jobs stay where admins see them this long before pg-boss archives them. */
const DEAD_KEPT_SECONDS = 30 * 24 * 60 * 60;

/** pg-boss runs its SQL through the app's own pool, and a job enqueued with a transaction is part of it. */
function through(db: Db): PgBoss.Db {
  return { executeSql: async (text, values) => db.executeQuery(CompiledQuery.raw(text, values)) };
}

interface DeadRow {
  id: string;
  name: string;
  singleton_key: string | null;
  retry_count: number;
  message: string | null;
  completed_on: Date | null;
}

/**
 * The queue on PostgreSQL: pg-boss 10 (decision 0270). Jobs are taken with its FOR UPDATE SKIP LOCKED
 * fetch; retries wait with its exponential backoff (jittered, in whole seconds, decision 0271); a job
 * out of attempts is in its 'failed' state, which is the queue's dead state. pg-boss's supervisor
 * fails jobs whose try outlived the queue's timeout (an instance that died), and they are retried.
 */
export function pgBossQueue(db: Db, options: { supervise: boolean; onError: (error: unknown) => void }): QueueBackend {
  const boss = new PgBoss({
    db: through(db),
    schema: PG_BOSS_SCHEMA,
    supervise: options.supervise,
    schedule: false,
    archiveFailedAfterSeconds: DEAD_KEPT_SECONDS,
  });
  // pg-boss reports its maintenance errors as events; with no listener an EventEmitter would throw them.
  boss.on('error', options.onError);
  let started: Promise<unknown> | null = null;
  const ready = () =>
    (started ??= boss.start().catch((error: unknown) => {
      started = null;
      throw error;
    }));

  return {
    kind: 'pg-boss',
    async prepare(queues) {
      await ready();
      for (const queue of queues) await createQueueOnce(boss, queue.name);
    },

    async enqueue(trx, queue, key, payload) {
      const id = await boss.send(queue.name, payload as object, {
        id: jobIdFor(queue.name, key),
        singletonKey: key,
        retryLimit: queue.maxAttempts - 1,
        retryDelay: Math.max(1, Math.round(queue.retryDelayMs / 1000)),
        retryBackoff: true,
        expireInSeconds: Math.max(1, Math.round(queue.timeoutMs / 1000)),
        db: through(trx),
      });
      return id !== null;
    },

    async fetch(queue, limit) {
      const jobs = await boss.fetch<unknown>(queue.name, { batchSize: limit, includeMetadata: true });
      return jobs.map(
        (job): ClaimedJob => ({
          id: job.id,
          queue: queue.name,
          key: job.singletonKey ?? job.id,
          payload: job.data,
          attempt: job.retryCount + 1,
          lastAttempt: job.retryCount >= job.retryLimit,
        }),
      );
    },

    async complete(queue, job) {
      await boss.complete(queue.name, job.id);
    },

    async fail(queue, job, error) {
      await boss.fail(queue.name, job.id, { message: error });
    },

    async release(queue, job) {
      // As pg-boss's own retry(): one more allowed try pays for the one the next fetch counts.
      await sql`update ${sql.table(`${PG_BOSS_SCHEMA}.job`)} set state = 'retry', start_after = now(), retry_limit = retry_limit + 1
        where name = ${queue.name} and id = ${job.id}::uuid and state = 'active'`.execute(db);
    },

    async deadJobs(queues, limit): Promise<DeadJob[]> {
      if (queues.length === 0) return [];
      const { rows } = await sql<DeadRow>`select id, name, singleton_key, retry_count,
          coalesce(output->>'message', output->'value'->>'message') as message, completed_on
        from ${sql.table(`${PG_BOSS_SCHEMA}.job`)}
        where name in (${sql.join(queues)}) and state = 'failed'
        order by completed_on desc, id limit ${limit}`.execute(db);
      return rows.map((row) => ({
        id: row.id,
        queue: row.name,
        key: row.singleton_key ?? row.id,
        attempts: Number(row.retry_count) + 1,
        lastError: row.message ?? '',
        diedAt: row.completed_on ? row.completed_on.getTime() : 0,
      }));
    },

    async retryDead(queue, id) {
      if (!/^[0-9a-f-]{36}$/.test(id)) return false;
      const result = (await boss.retry(queue.name, id)) as unknown as { affected: number };
      return result.affected === 1;
    },

    async stats(queues): Promise<QueueStats[]> {
      const { rows } = await sql<{ name: string; state: string; retried: number; count: number }>`select name, state::text as state,
          count(*) filter (where retry_count > 0 or state = 'retry') as retried, count(*) as count
        from ${sql.table(`${PG_BOSS_SCHEMA}.job`)} where name in (${sql.join(queues.length ? queues : [''])}) group by name, state`.execute(db);
      return queues.map((name) => {
        const stats: QueueStats = { queue: name, waiting: 0, retrying: 0, active: 0, dead: 0, done: 0 };
        for (const row of rows) {
          if (row.name !== name) continue;
          const count = Number(row.count);
          if (row.state === 'created' || row.state === 'retry') stats.waiting += count;
          if (row.state === 'retry') stats.retrying += count;
          if (row.state === 'active') stats.active += count;
          if (row.state === 'failed') stats.dead += count;
          if (row.state === 'completed') stats.done += count;
        }
        return stats;
      });
    },

    async sweep() {
      await ready();
      await boss.expire();
    },

    async close() {
      if (started) await boss.stop({ graceful: false, close: false });
    },
  };
}

/**
 * Creates a queue unless it exists. Instances starting at the same moment create the same queues, and
 * pg-boss's create_queue can then deadlock in PostgreSQL (40P01): it is idempotent, so the loser tries
 * again after a short, random wait.
 */
async function createQueueOnce(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}
