import type { Selectable } from 'kysely';

/** A visitor's report of a job (decision 0298): open until an admin closes the job or keeps it. */
export interface JobReportsTable {
  id: string;
  job_id: string;
  reporter_account_id: string | null;
  /** JSON array of JOB_REPORT_REASONS codes. */
  reasons: string;
  details: string;
  created_at: number;
  resolved_at: number | null;
}

/** One admin change of a job: who, when, what, and each changed field before and after (decision 0298). */
export interface JobAuditLogTable {
  id: string;
  job_id: string;
  company_id: string;
  admin_account_id: string | null;
  admin_email: string;
  action: string;
  /** JSON object: field -> { before, after }. */
  changes: string;
  created_at: number;
}

export type JobReportRow = Selectable<JobReportsTable>;
export type JobAuditRow = Selectable<JobAuditLogTable>;
