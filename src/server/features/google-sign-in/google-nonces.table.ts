/** A nonce handed to the page for Google's ID token (migration 0009); the id is the SHA-256 of the nonce. */
export interface GoogleSignInNoncesTable {
  id: string;
  created_at: number;
  expires_at: number;
  /** Set when a token carrying the nonce was accepted: a nonce works once. */
  used_at: number | null;
  /** A Google subject to link to the account of this address once the same visitor signs in by code. */
  link_subject: string | null;
  link_email_normalized: string | null;
  link_expires_at: number | null;
}
