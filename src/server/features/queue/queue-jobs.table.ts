import type { Selectable } from 'kysely';

/**
 * SQLite's job queue (migration 0080, decision 0270): one row a job; PostgreSQL keeps its jobs in
 * pg-boss's schema instead. id is made from (queue, key), so a job is enqueued once per idempotency key.
 */
export interface QueueJobsTable {
  id: string;
  queue: string;
  /** The idempotency key the enqueuing feature chose; the email's Message-ID is made from it. */
  key: string;
  /** JSON, checked by the queue's schema when it is run. */
  payload: string;
  /** waiting (new, or retrying after run_after), active (held until lease_until), done, dead (out of attempts) */
  state: string;
  /** Tries started, a crashed one included. */
  attempts: number;
  max_attempts: number;
  /** The first retry waits this long; each later one twice the one before (decision 0271). */
  retry_delay_ms: number;
  run_after: number;
  /** While active: after this the worker is taken to have died and the job is run again. */
  lease_until: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

export type QueueJobRow = Selectable<QueueJobsTable>;
