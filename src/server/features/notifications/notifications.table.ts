import type { Selectable } from 'kysely';

/** One thing a person is told (migration 0067, decision 0228). */
export interface NotificationsTable {
  id: string;
  account_id: string;
  /** NOTIFICATION_SIDES: the side of the site whose list and bell show it. */
  side: string;
  /** NOTIFICATION_KINDS (src/shared/notifications/notifications.ts) */
  kind: string;
  /** Plain text, shown as is (React escapes it). */
  text: string;
  /** Our own path, where opening it leads. */
  link: string;
  /** What it is about ("application:{id}:stage"): a later one with the same key replaces it. Null: never merged. */
  subject_key: string | null;
  created_at: number;
  read_at: number | null;
}

export type NotificationRow = Selectable<NotificationsTable>;
