import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/database';

/** A queue of one kind of background work, with its limits (decision 0270). */
export interface QueueDefinition<Payload = unknown> {
  /** Lowercase words joined by dashes. */
  name: string;
  /** How many of its jobs one instance runs at once. */
  concurrency: number;
  /** Tries in all (the first one included) before the job is dead: admins see it and may retry it. */
  maxAttempts: number;
  /** The wait before the first retry; each later retry waits twice the one before (decision 0271). */
  retryDelayMs: number;
  /** A try running longer than this is taken to have died with its instance, and the job runs again. */
  timeoutMs: number;
  payload: z.ZodType<Payload>;
  /** Does the work; throwing is a failed try. What it answers is counted by runDue (sent, skipped...). */
  run(job: RunningJob<Payload>): Promise<string>;
}

export interface RunningJob<Payload> {
  id: string;
  queue: string;
  key: string;
  payload: Payload;
  /** 1 on the first try. */
  attempt: number;
  /** The Message-ID for the email this job sends: the same on every try (messageIdFor). */
  messageId: string;
}

/** A job as the backend hands it to the worker. */
export interface ClaimedJob {
  id: string;
  queue: string;
  key: string;
  payload: unknown;
  attempt: number;
  /** Whether a failure of this try leaves the job dead. */
  lastAttempt: boolean;
}

export interface DeadJob {
  id: string;
  queue: string;
  key: string;
  attempts: number;
  lastError: string;
  diedAt: number;
}

/** Jobs per queue by state, for operators and /metrics (queueStats). */
export interface QueueStats {
  queue: string;
  /** Due now or later, retries included. */
  waiting: number;
  /** Waiting after at least one failed try. */
  retrying: number;
  active: number;
  dead: number;
  done: number;
}

/** The database side of the queue: pg-boss on PostgreSQL, queue_jobs on SQLite, one interface (decision 0270). */
export interface QueueBackend {
  readonly kind: 'pg-boss' | 'sqlite';
  prepare(queues: readonly QueueDefinition[]): Promise<void>;
  /** False when a job with this key is already in the queue. `db` may be a transaction: the job is enqueued with it. */
  enqueue(db: Db, queue: QueueDefinition, key: string, payload: unknown, now: number): Promise<boolean>;
  fetch(queue: QueueDefinition, limit: number, now: number): Promise<ClaimedJob[]>;
  complete(queue: QueueDefinition, job: ClaimedJob, now: number): Promise<void>;
  /** Records a failed try: waits for its backoff, or is dead when it was the last attempt. */
  fail(queue: QueueDefinition, job: ClaimedJob, error: string, now: number): Promise<void>;
  /** Gives back a job this instance will not finish (shutting down): due again at once, the try not counted. */
  release(queue: QueueDefinition, job: ClaimedJob, now: number): Promise<void>;
  deadJobs(queues: readonly string[], limit: number): Promise<DeadJob[]>;
  /** Gives a dead job one more try, due now. False when there is no such dead job. */
  retryDead(queue: QueueDefinition, id: string, now: number): Promise<boolean>;
  stats(queues: readonly string[]): Promise<QueueStats[]>;
  /** Fails the tries that outlived their queue's timeout (pg-boss; SQLite's fetch takes them back itself). */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

/** The wait before try number `attempt + 1` after `attempt` failed tries: base, 2 base, 4 base... (decision 0271). */
export function retryDelayAfter(failedAttempts: number, baseMs: number): number {
  return baseMs * 2 ** Math.min(16, Math.max(0, failedAttempts - 1));
}

/**
 * The job's id from its queue and idempotency key: the same key makes the same id, so enqueueing twice
 * stores one job. Shaped as a UUID (pg-boss's id column is one).
 */
export function jobIdFor(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\n${key}`).digest('hex');
  // Version 5 and the RFC 4122 variant, as a name-based UUID is marked.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The Message-ID of the email a job sends, from its queue and key (decision 0272): a try after a crash
 * sends the same Message-ID, so a mail client shows the duplicate once.
 */
export function messageIdFor(queue: string, key: string, publicUrl: string): string {
  const hex = createHash('sha256').update(`${queue}\n${key}`).digest('hex').slice(0, 32);
  return `<${hex}@${new URL(publicUrl).hostname}>`;
}

export function isQueueName(name: string): boolean {
  return /^[a-z0-9-]{1,60}$/.test(name);
}
