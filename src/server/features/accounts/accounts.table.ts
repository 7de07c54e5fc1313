import type { Generated, Insertable, Selectable } from 'kysely';

export interface AccountsTable {
  id: string;
  /** As the person typed it (trimmed), for display and for mail. */
  email: string;
  /** Lower-cased: the identity, unique. */
  email_normalized: string;
  /** 'job_seeker' for everyone signing up through this flow; other roles are granted elsewhere. */
  role: Generated<string>;
  country_code: string | null;
  /** 1 when the person agreed to email job alerts (always, outside CA; by the checkbox in CA). */
  email_alerts_opt_in: number;
  /** 1 when the person unsubscribed from all email: the resubscribe offer is for them. */
  email_unsubscribed: Generated<number>;
  created_at: number;
  last_login_at: number | null;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccountRow = Insertable<AccountsTable>;
