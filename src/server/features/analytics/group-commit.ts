import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database';

/** The queue is full: the caller answers 503 with Retry-After rather than letting memory grow. */
export class QueueFullError extends Error {
  readonly statusCode = 503;
  constructor() {
    super('The observation queue is full.');
    this.name = 'QueueFullError';
  }
}

export interface GroupCommitOptions<Job, Result> {
  db: Db;
  /** Writes many requests' jobs in one transaction and returns one result per job, in order. */
  write(trx: Transaction<Database>, jobs: Job[]): Promise<Result[]>;
  /** How much a job counts against the limits (rows it will write). */
  weight(job: Job): number;
  /** Queued weight beyond which new jobs are refused. */
  maxQueued: number;
  /** About how many bytes a job holds in memory until it is written. */
  bytes(job: Job): number;
  /** Queued bytes beyond which new jobs are refused (a few large jobs fill memory before many rows do). */
  maxQueuedBytes: number;
  /** Flush at once when this much weight is waiting. */
  flushAt: number;
  /** Otherwise flush this many milliseconds after the first job arrives. */
  maxDelayMs: number;
}

interface Pending<Job, Result> {
  job: Job;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Group commit: jobs from concurrent requests wait a few milliseconds and are written together in one
 * transaction, so a commit (and its fsync) is paid once per group instead of once per request. Each
 * caller's promise settles only after the transaction holding its job has committed: an answer is
 * sent once the data is stored. One flush runs at a time; jobs arriving meanwhile form the next group.
 */
export class GroupCommit<Job, Result> {
  private queue: Pending<Job, Result>[] = [];
  private queuedWeight = 0;
  private queuedBytes = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: GroupCommitOptions<Job, Result>) {}

  get queued(): number {
    return this.queuedWeight;
  }

  submit(job: Job): Promise<Result> {
    if (this.closed) return Promise.reject(new QueueFullError());
    const weight = this.options.weight(job);
    const bytes = this.options.bytes(job);
    if (this.queuedWeight + weight > this.options.maxQueued) return Promise.reject(new QueueFullError());
    if (this.queuedBytes + bytes > this.options.maxQueuedBytes) return Promise.reject(new QueueFullError());
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.queuedWeight += weight;
      this.queuedBytes += bytes;
      this.schedule();
    });
  }

  /** Writes whatever is queued and waits for it; new jobs are refused afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.flushing || this.queue.length > 0) {
      if (this.flushing) await this.flushing;
      else await this.flush();
    }
  }

  private schedule() {
    if (this.flushing) return; // the running flush picks the queue up when it ends
    if (this.queuedWeight >= this.options.flushAt) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.options.maxDelayMs);
    }
  }

  private flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const group = this.queue;
    if (group.length === 0) return Promise.resolve();
    this.queue = [];
    this.queuedWeight = 0;
    this.queuedBytes = 0;
    this.flushing = (async () => {
      try {
        const results = await this.options.db.transaction().execute((trx) =>
          this.options.write(
            trx,
            group.map((pending) => pending.job),
          ),
        );
        group.forEach((pending, index) => pending.resolve(results[index] as Result));
      } catch (error) {
        for (const pending of group) pending.reject(error);
      } finally {
        this.flushing = null;
        // Jobs that arrived during this flush have waited long enough: write them now.
        if (this.queue.length > 0) {
          if (this.timer) clearTimeout(this.timer);
          this.timer = null;
          void this.flush();
        }
      }
    })();
    return this.flushing;
  }
}
