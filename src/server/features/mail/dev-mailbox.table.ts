import type { ColumnType, Selectable } from 'kysely';

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
  /** JSON array of attachments (filename, content type, text content), sealed; null when none (migration 0069). */
  attachments: ColumnType<string | null, string | null | undefined, string | null>;
}

export type DevMailboxRow = Selectable<DevMailboxTable>;
