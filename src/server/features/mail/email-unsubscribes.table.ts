/**
 * One row per address and kind of email that address unsubscribed from (migration 0031, decision 0155).
 * The address is kept only as a keyed hash (recipientKey in list-unsubscribe.ts), never in clear.
 */
export interface EmailUnsubscribesTable {
  recipient_key: string;
  /** EMAIL_KINDS (src/shared/mail/kinds.ts) */
  kind: string;
  created_at: number;
}
