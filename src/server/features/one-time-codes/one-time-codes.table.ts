import type { Generated, Selectable } from 'kysely';

/** One row per (email, purpose): a resend replaces the row, so only the newest code can ever work. */
export interface OneTimeCodesTable {
  id: string;
  email_normalized: string;
  purpose: string;
  /** HMAC-SHA256 (keyed by the sign-in codes' secret, decision 0276) of purpose, email and code, hex. The code itself is never stored. */
  code_hmac: string;
  /** Checks made against this code, right or wrong; at the limit the code is dead. */
  attempts: number;
  expires_at: number;
  used_at: number | null;
  last_sent_at: number;
  created_at: number;
  /** JSON of what the registration asked for (country, explicit opt-in), applied when the code is verified. */
  details: Generated<string>;
}

export type OneTimeCodeRow = Selectable<OneTimeCodesTable>;
