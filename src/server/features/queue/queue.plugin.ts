import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/connection';
import { pgBossQueue } from './pg-boss-queue';
import { isQueueName, messageIdFor, type ClaimedJob, type DeadJob, type QueueBackend, type QueueDefinition, type QueueStats } from './queue';
import { sqliteQueue } from './sqlite-queue';

/** What a feature holds after defining its queue: enqueue its jobs. */
export interface QueueHandle<Payload> {
  readonly name: string;
  /**
   * Adds a job unless one with this idempotency key is already in the queue (then false). Pass the
   * transaction that records the work, so the job exists exactly when the record does (decision 0272).
   */
  enqueue(db: Db, key: string, payload: Payload): Promise<boolean>;
}

/** Outcomes of one pass: what each job's run answered (sent, skipped...), and 'failed' for failed tries. */
export type RunCounts = Record<string, number>;

/** Emails sent at once by one instance, per mail queue. */
const MAIL_CONCURRENCY = 4;
/** Tries before an email's job is dead: with a 30 s first wait, about two hours of retrying (decision 0271). */
const MAIL_ATTEMPTS = 9;

export interface JobQueue {
  readonly backend: QueueBackend['kind'];
  /** Registers a queue and its worker; call it while the app is being built (in the feature's plugin). */
  define<Payload>(definition: QueueDefinition<Payload>): QueueHandle<Payload>;
  /**
   * A queue of emails, with the one policy every email shares (decision 0271): four sends at once per
   * instance, nine tries from QUEUE_RETRY_DELAY_SECONDS doubling (about two hours), a try's time limit
   * of twice the mail server's.
   */
  defineMail<Payload>(definition: Pick<QueueDefinition<Payload>, 'name' | 'payload' | 'run'>): QueueHandle<Payload>;
  /**
   * Runs this instance's due jobs until none is due (one queue, or all), at most each queue's
   * concurrency at once: what the worker's timer does, and tests with their clock.
   */
  runDue(queue?: string): Promise<RunCounts>;
  deadJobs(limit?: number): Promise<DeadJob[]>;
  /** Gives a dead job another try, due now (an admin's retry). False when there is no such dead job. */
  retryDead(queue: string, id: string): Promise<boolean>;
  /** Jobs per queue by state: for the admin page and /metrics. */
  stats(): Promise<QueueStats[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    queue: JobQueue;
  }
}

interface Running {
  job: ClaimedJob;
  definition: QueueDefinition;
  done: Promise<void>;
  released: boolean;
}

/**
 * One job queue for background work (issue 46, decision 0270): pg-boss on PostgreSQL, queue_jobs on
 * SQLite, behind one interface. Each queue is worked by this instance every QUEUE_POLL_SECONDS, up to
 * its concurrency; on close, running jobs get QUEUE_SHUTDOWN_SECONDS to finish, and what still runs is
 * released for another instance (decision 0273).
 */
async function queuePlugin(app: FastifyInstance) {
  const { config } = app;
  const backend = app.dialect === 'postgres' ? pgBossQueue(app.db, { supervise: config.NODE_ENV !== 'test', onError: (error) => app.log.error({ err: error }, 'pg-boss maintenance failed') }) : sqliteQueue(app.db);
  const definitions = new Map<string, QueueDefinition>();
  const running = new Set<Running>();
  const passes = new Map<string, Promise<RunCounts>>();
  let closing = false;
  // The backend's start (pg-boss's schema check, its queues): at onReady, again later if the database was
  // out of reach then (the instance starts not ready, decision 0142), before any job is added or fetched.
  let prepared: Promise<void> | null = null;
  const ensurePrepared = (): Promise<void> => {
    prepared ??= backend.prepare([...definitions.values()]).catch((error: unknown) => {
      prepared = null;
      throw error;
    });
    return prepared;
  };

  async function runOne(definition: QueueDefinition, job: ClaimedJob, counts: RunCounts): Promise<void> {
    const entry: Running = { job, definition, done: Promise.resolve(), released: false };
    const work = async () => {
      let outcome: string;
      try {
        const parsed = definition.payload.safeParse(job.payload);
        if (!parsed.success) throw new Error(`the job's payload does not fit its queue: ${parsed.error.message}`);
        outcome = await definition.run({ id: job.id, queue: job.queue, key: job.key, payload: parsed.data, attempt: job.attempt, messageId: messageIdFor(job.queue, job.key, config.PUBLIC_URL) });
      } catch (error) {
        // A released job belongs to whoever takes it next.
        if (entry.released) return;
        const message = error instanceof Error ? error.message : String(error);
        app.log.warn({ err: error, queue: job.queue, job: job.id, attempt: job.attempt, dead: job.lastAttempt }, job.lastAttempt ? 'job failed for the last time: dead' : 'job failed: will retry');
        await backend.fail(definition, job, message.slice(0, 1000), app.now());
        counts.failed = (counts.failed ?? 0) + 1;
        return;
      }
      if (entry.released) return;
      await backend.complete(definition, job, app.now());
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    };
    entry.done = work().finally(() => running.delete(entry));
    running.add(entry);
    await entry.done;
  }

  /** One queue until none of its jobs is due; one pass per queue at a time in this process. */
  function pass(definition: QueueDefinition): Promise<RunCounts> {
    const current = passes.get(definition.name);
    if (current) return current;
    const next = (async () => {
      const counts: RunCounts = {};
      await ensurePrepared();
      while (!closing) {
        const jobs = await backend.fetch(definition, definition.concurrency, app.now());
        if (jobs.length === 0) break;
        await Promise.all(jobs.map((job) => runOne(definition, job, counts)));
      }
      return counts;
    })().finally(() => passes.delete(definition.name));
    passes.set(definition.name, next);
    return next;
  }

  const queue: JobQueue = {
    backend: backend.kind,
    define<Payload>(definition: QueueDefinition<Payload>): QueueHandle<Payload> {
      if (definitions.has(definition.name)) throw new Error(`queue ${definition.name} is defined twice`);
      if (!isQueueName(definition.name)) throw new Error('a queue name is lowercase words joined by dashes');
      if (definition.concurrency < 1 || definition.maxAttempts < 1 || definition.retryDelayMs < 1000) throw new Error(`queue ${definition.name}: concurrency and attempts of at least 1, retries a second apart or more`);
      const general = definition as unknown as QueueDefinition;
      definitions.set(definition.name, general);
      return {
        name: definition.name,
        enqueue: async (db, key, payload) => {
          await ensurePrepared();
          return backend.enqueue(db, general, key, payload, app.now());
        },
      };
    },
    defineMail(definition) {
      return queue.define({
        ...definition,
        concurrency: MAIL_CONCURRENCY,
        maxAttempts: MAIL_ATTEMPTS,
        retryDelayMs: config.QUEUE_RETRY_DELAY_SECONDS * 1000,
        timeoutMs: Math.max(60_000, config.MAIL_SEND_TIMEOUT_MS * 2),
      });
    },
    async runDue(name) {
      await backend.sweep();
      const chosen = name ? [definitions.get(name)].filter((definition) => definition !== undefined) : [...definitions.values()];
      const counts: RunCounts = {};
      for (const definition of chosen) {
        for (const [outcome, count] of Object.entries(await pass(definition))) counts[outcome] = (counts[outcome] ?? 0) + count;
      }
      return counts;
    },
    deadJobs: (limit = 100) => backend.deadJobs([...definitions.keys()], limit),
    async retryDead(name, id) {
      const definition = definitions.get(name);
      return definition ? backend.retryDead(definition, id, app.now()) : false;
    },
    stats: () => backend.stats([...definitions.keys()]),
  };
  app.decorate('queue', queue);

  // At /metrics (decision 0275): each queue's jobs by state, read from the database at each scrape.
  const byState = (state: 'waiting' | 'retrying' | 'active' | 'dead') => async () =>
    (await backend.stats([...definitions.keys()])).map((row) => ({ labels: { queue: row.queue }, value: row[state] }));
  app.metrics.registerGauge({ name: 'jobwise_queue_waiting_jobs', help: 'Jobs waiting to run, by queue (retries included).', labelNames: ['queue'], read: byState('waiting') });
  app.metrics.registerGauge({ name: 'jobwise_queue_retrying_jobs', help: 'Jobs waiting after at least one failed try, by queue.', labelNames: ['queue'], read: byState('retrying') });
  app.metrics.registerGauge({ name: 'jobwise_queue_active_jobs', help: 'Jobs running now, by queue.', labelNames: ['queue'], read: byState('active') });
  app.metrics.registerGauge({ name: 'jobwise_queue_dead_jobs', help: 'Jobs that failed every try and wait for an admin, by queue.', labelNames: ['queue'], read: byState('dead') });

  app.addHook('onReady', async () => {
    try {
      await ensurePrepared();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      app.log.warn({ err: error }, 'the job queue starts once the database is in reach');
    }
  });

  const pollMs = config.QUEUE_POLL_SECONDS * 1000;
  let timer: NodeJS.Timeout | null = null;
  if (pollMs > 0 && config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        for (const definition of definitions.values()) {
          pass(definition).catch((error: unknown) => app.log.error({ err: error, queue: definition.name }, 'queue pass failed'));
        }
      }, pollMs);
      timer.unref();
    });
  }

  // preClose: the database closes in an onClose hook, and running jobs must finish or be released before it.
  app.addHook('preClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    const all = Promise.all([...running].map((entry) => entry.done.catch(() => undefined)));
    let waited: NodeJS.Timeout | null = null;
    await Promise.race([all, new Promise((resolve) => (waited = setTimeout(resolve, config.QUEUE_SHUTDOWN_SECONDS * 1000)))]);
    if (waited) clearTimeout(waited);
    for (const entry of running) {
      entry.released = true;
      await backend.release(entry.definition, entry.job, app.now()).catch((error: unknown) => app.log.error({ err: error, job: entry.job.id }, 'job not released'));
      app.log.warn({ queue: entry.job.queue, job: entry.job.id }, 'shutting down: job released for another instance');
    }
    await backend.close();
  });
}

export default fp(queuePlugin, { name: 'queue', dependencies: ['config', 'metrics'] });
