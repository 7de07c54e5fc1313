import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';
import type { ApplyType, EmploymentType, JobCategory, JobStatus, PayPeriod } from '../../../shared/jobs/enums';

export interface JobTable {
  id: string;
  /**
   * A stable integer per job. SQLite's full-text index (an external-content FTS5 table) is keyed
   * by it: the implicit rowid of a table without an INTEGER PRIMARY KEY may change on VACUUM.
   */
  seq: number;
  company_id: string;
  /** Kept on the job so full-text search covers it without a join, and pages show it without one. */
  company_name: string;
  title: string;
  /** Lower-case, hyphenated title: groups listings for salary pages and type-ahead. */
  title_key: string;
  description: string;
  category: JobCategory;
  employment_type: EmploymentType;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  remote: number;
  pay_min: number;
  pay_max: number;
  pay_period: PayPeriod;
  /** pay_max as dollars a year (hourly times 2,080): one column for the minimum-pay filter. */
  pay_max_annual: number;
  /** JSON array of benefit names. */
  benefits: string;
  status: JobStatus;
  apply_type: ApplyType;
  external_url: string | null;
  listing_key: string;
  listing_version_key: string;
  posted_at: number;
  closes_at: number | null;
  created_at: number;
  updated_at: number;
  // Posting (issue 11, migration 0015); demo jobs have the defaults.
  /** The description as the employer wrote it; `description` is then its plain text (search, snippets). */
  description_markdown: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON of the form as last typed (JobDraftData), kept for drafts and for editing. */
  draft_data: ColumnType<string | null, string | null | undefined, string | null>;
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
  featured: ColumnType<number, number | undefined, number>;
  hybrid: ColumnType<number, number | undefined, number>;
  pay_currency: ColumnType<string, string | undefined, string>;
  apply_email: ColumnType<string | null, string | null | undefined, string | null>;
  posted_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the job was first published or sent to review: the daily post limit counts these. */
  first_submitted_at: ColumnType<number | null, number | null | undefined, number | null>;
  submitted_at: ColumnType<number | null, number | null | undefined, number | null>;
  reviewed_at: ColumnType<number | null, number | null | undefined, number | null>;
  reviewed_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** A posted job's end; null for demo jobs, which never expire. */
  expires_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Claimed by the expiry job when it mails the 3-day notice, so it is sent once. */
  expiry_notice_at: ColumnType<number | null, number | null | undefined, number | null>;
  closed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the job first went live: a job waiting for review after this is a live job's edit. */
  went_live_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 from a publish that sends the job to review until an admin approves it (decision 0227). */
  awaiting_approval: ColumnType<number, number | undefined, number>;
  /** A draft scheduled to publish at this time (UTC epoch ms); null when not scheduled (decision 0292). */
  publish_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The IANA zone the employer chose the publish time in, to show it back the same way. */
  publish_time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the last scheduled publish was refused (the plan's limit); null otherwise (decision 0292). */
  publish_problem: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who scheduled the publish: told by email if the scheduler refuses it (decision 0310). */
  publish_scheduled_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type JobRow = Selectable<JobTable>;
export type NewJob = Insertable<JobTable>;
export type JobUpdate = Updateable<JobTable>;

/**
 * Whether a job takes applications now: live, and not past its end. The scheduled expiry closes a job
 * some minutes after its date; until then its page may still show, but no one can apply (issue 41).
 */
export function takesApplications(job: Pick<JobRow, 'status' | 'expires_at'>, now: number): boolean {
  return job.status === 'open' && (job.expires_at === null || job.expires_at > now);
}
