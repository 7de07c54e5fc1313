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

/** The one row saying which key the list is keyed by (migration 0080, decision 0276): a fingerprint, never the key. */
export interface UnsubscribeListKeyTable {
  /** Always 'current'. */
  id: string;
  /** HMAC-SHA256 under UNSUBSCRIBE_LIST_KEY of a fixed text, hex. */
  fingerprint: string;
  recorded_at: number;
}
