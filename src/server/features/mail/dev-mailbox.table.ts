import type { Selectable } from 'kysely';

/** Mail kept in the database when no SMTP server is configured (development and tests). */
export interface DevMailboxTable {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  sent_at: number;
  /** JSON object of extra headers (List-Unsubscribe), or null. */
  headers: string | null;
}

export type DevMailboxRow = Selectable<DevMailboxTable>;
