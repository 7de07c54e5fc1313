import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** pending: the company's first job waits for an admin (emp2's moderation); approved: jobs publish at once. */
export const MODERATION_STATES = ['pending', 'approved'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

export interface CompanyTable {
  id: string;
  name: string;
  /** The public page is /company/{slug}; unique. */
  slug: string;
  created_at: number;
  website: string | null;
  /** Storage key of the logo file (app.fileStorage, namespace logos), null without a logo. */
  logo_key: string | null;
  /** Detected from the logo's bytes at upload: image/png, image/jpeg or image/webp. */
  logo_content_type: string | null;
  /** SIZE_BANDS (src/shared/companies/constants.ts); null for the seed's companies. */
  size_band: string | null;
  industry: string | null;
  description: Generated<string>;
  /** PLAN_IDS; see planFor() in src/shared/companies/plans.ts. */
  plan: Generated<string>;
  moderation_state: Generated<string>;
  /** The account that made the company; null for the seed's companies (they have no owner). */
  created_by: string | null;
  updated_at: number | null;
  /**
   * The response figures (migration 0071, decision 0232), stored by the follow-up run: applications of
   * the last 90 days whose 14-day window has closed, those answered within it, and the median time to
   * that first answer (null when none was answered). Shown once response_counted reaches 10.
   */
  response_counted: Generated<number>;
  response_answered: Generated<number>;
  response_median_ms: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the figures were last worked out; null before the first run. */
  response_figures_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the company's one free trial of Standard started (migration 0083, decision 0288); never cleared. */
  trial_started_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the running trial ends; null when none runs (the trial run clears it as it puts the company back on Free). */
  trial_ends_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the owner's "your trial ends soon" email was queued: once per company (decision 0309). */
  trial_notice_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the owner closed the company (decision 0289); null while it is open. */
  closed_at: ColumnType<number | null, number | null | undefined, number | null>;
  closed_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CompanyMembersTable {
  company_id: string;
  /** Unique: one person works for one company on Jobwise (decision 0100). */
  account_id: string;
  role: string;
  created_at: number;
}

export interface CompanyInvitationsTable {
  id: string;
  company_id: string;
  email: string;
  email_normalized: string;
  role: string;
  token_hash: string;
  invited_by: string | null;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  accepted_by: string | null;
  revoked_at: number | null;
}

export interface PlanRequestsTable {
  id: string;
  company_id: string;
  plan: string;
  requested_by: string | null;
  created_at: number;
}

export type CompanyRow = Selectable<CompanyTable>;
export type NewCompany = Insertable<CompanyTable>;
export type CompanyUpdate = Updateable<CompanyTable>;
export type CompanyMemberRow = Selectable<CompanyMembersTable>;
export type CompanyInvitationRow = Selectable<CompanyInvitationsTable>;
