import type { ColumnType, Selectable } from 'kysely';

/** A job seeker who chose "Let employers find me" (only while they do): what employers search and see. */
export interface ResumeSeekersTable {
  account_id: string;
  /** The opaque id in /resume-database/:id (never the account id). */
  public_id: string;
  /** The full-text key (FTS5 rowid on SQLite). */
  seq: number;
  initials: string;
  headline: string;
  experience: string;
  titles: string;
  /** JSON: the profile sections as decision 0236 lets employers see them (ResumeBackground); '' before any. */
  background: ColumnType<string, string | undefined, string>;
  /** The words of `background` that search reads (skills, job titles, qualifications, licences). */
  background_text: ColumnType<string, string | undefined, string>;
  place: string;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  opted_in_at: number;
  /** Moved at most once a day, by the person's own requests (decision 0162). */
  last_active_at: number;
  updated_at: number;
}

export interface ResumeProfileViewsTable {
  company_id: string;
  /** "YYYY-MM" in UTC. */
  month: string;
  seeker_account_id: string;
  viewed_by: string | null;
  viewed_at: number;
}

export interface ResumeViewMonthsTable {
  company_id: string;
  month: string;
  used: number;
}

export interface ResumeInvitationsTable {
  id: string;
  company_id: string;
  job_id: string;
  seeker_account_id: string;
  invited_by: string | null;
  created_at: number;
}

export type ResumeSeekerRow = Selectable<ResumeSeekersTable>;
