/** One row per scheduled job: which period is due, and who holds the run now (decision 0141). */
export interface ScheduledJobsTable {
  name: string;
  /** The next period starts here; the instance whose claim moves it forward runs the job. */
  next_run_at: number;
  /** A run in progress holds the job until this time; a crashed instance's lease simply runs out. */
  lease_until: number;
  last_started_at: number | null;
  last_finished_at: number | null;
  /** 'running' | 'ok' | 'failed' */
  last_status: string | null;
  /** host:pid of the instance that ran it last, for operators. */
  last_instance: string | null;
}
