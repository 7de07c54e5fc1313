import type { Selectable } from 'kysely';

/** How one team member hears of new applications (migration 0031). No row: immediately. */
export interface ApplicationMailPreferencesTable {
  company_id: string;
  account_id: string;
  /** APPLICATION_MAIL_FREQUENCIES (src/shared/applicant-mail/settings.ts) */
  frequency: string;
  updated_at: number;
}

/** A company's choices about the mail its applicants get. No row: the defaults (no rejection emails). */
export interface ApplicantMailSettingsTable {
  company_id: string;
  /** 1: an applicant moved to Rejected gets the kind, templated email. Off by default. */
  rejection_emails: number;
  /** When rejection emails were last turned on; only rejections from then on are mailed. */
  rejection_emails_since: number | null;
  updated_at: number;
}

/**
 * Each email of this feature, claimed when it is queued (decisions 0156, 0272): the unique key
 * (kind, source_id, recipient_id) lets one instance, one run, queue it once; the job queue sends it,
 * retrying with backoff, and the job's key is the same triple.
 * kind 'new-application': source = application id; 'digest': source = "{companyId}:{window end}";
 * 'interview', 'offer', 'hired' and 'rejection': source = the application (one email per stage and
 * application, decision 0228). recipient = account id.
 */
export interface ApplicantMailDeliveriesTable {
  id: string;
  kind: string;
  source_id: string;
  recipient_id: string;
  /** claimed, queued (in the job queue), sent, failed (the last try; the queue retries it), empty (a digest with nothing in it), skipped (unsubscribed) */
  status: string;
  claimed_at: number;
  finished_at: number | null;
}

export type ApplicantMailDeliveryRow = Selectable<ApplicantMailDeliveriesTable>;
