import type { ColumnType, Selectable } from 'kysely';

export interface SavedJobsTable {
  account_id: string;
  job_id: string;
  created_at: number;
}

export interface SeekerProfilesTable {
  account_id: string;
  full_name: string;
  /** E.164, as libphonenumber-js formats it. */
  phone: string;
  location: string;
  headline: string;
  updated_at: number;
}

export interface ResumesTable {
  account_id: string;
  /** The key in the résumé storage (a file under DATA_DIR/uploads by default). */
  storage_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  uploaded_at: number;
}

export interface JobApplicationsTable {
  id: string;
  account_id: string;
  job_id: string;
  full_name: string;
  email: string;
  phone: string;
  location: string;
  headline: string;
  resume_storage_key: string | null;
  created_at: number;
  /** 1 when an answer to a deal-breaker screening question was not the one wanted (migration 0015). */
  failed_deal_breaker: ColumnType<number, number | undefined, number>;
}

export interface ExternalApplyClicksTable {
  id: string;
  account_id: string | null;
  job_id: string;
  created_at: number;
}

export interface JobSearchesTable {
  id: string;
  account_id: string;
  search: string;
  location: string;
  created_at: number;
}

export interface JobAlertsTable {
  id: string;
  account_id: string;
  search: string;
  location: string;
  radius: number;
  frequency: string;
  created_at: number;
  last_sent_at: number;
  next_send_at: number;
}

export interface AlertDeliveriesTable {
  id: string;
  alert_id: string;
  window_start: number;
  window_end: number;
  status: string;
  job_count: number;
  claimed_at: number;
  finished_at: number | null;
}

export type SeekerProfileRow = Selectable<SeekerProfilesTable>;
export type ResumeRow = Selectable<ResumesTable>;
export type JobAlertRow = Selectable<JobAlertsTable>;
