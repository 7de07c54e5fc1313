/** The admin's view of the job queue (decision 0271): counts per queue and the dead jobs, each retryable. */
export const QUEUE_PATHS = { admin: '/admin/queue' } as const;

export interface AdminQueueProps {
  queues: { queue: string; waiting: number; retrying: number; active: number; dead: number }[];
  dead: { queue: string; id: string; key: string; attempts: number; lastError: string; diedAt: string; retryHref: string }[];
  notice: string | null;
}
