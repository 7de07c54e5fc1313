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
  /** STAGES (src/shared/applicants/stages.ts); 'new' until the team moves it (migration 0030). */
  stage: ColumnType<string, string | undefined, string>;
  stage_changed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When someone on the company's team first opened it; null = unread. */
  opened_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The team's rating, 1 to 5. */
  rating: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set when the seeker withdraws; it then leaves the inbox. */
  withdrawn_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The match with the job, 0 to 100 (migration 0033; applicants/match.ts); null until computed. */
  match_score: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON array of the match's reasons ("3 mi away"). */
  match_reasons: ColumnType<string | null, string | null | undefined, string | null>;
  /** Miles from the job; null when the job is remote or the applicant's place is unknown. */
  distance_miles: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the match was computed; older than the job's updated_at means it is recomputed. */
  match_computed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The team chose to keep it open: it is not closed after 30 days without an answer (migration 0071, decision 0232). */
  kept_open_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Closed for the candidate after 30 days without an answer ("no longer under consideration"); a later stage move reopens it. */
  closed_at: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** Paused (the person got a job, decision 0232): no digest is sent until they resume. */
  paused_at: ColumnType<number | null, number | null | undefined, number | null>;
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
