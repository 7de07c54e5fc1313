import type { Insertable, Selectable } from 'kysely';

export interface EventLogTable {
  id: string;
  event_type: string;
  /** JSON text of the event's properties. */
  properties: string;
  path: string;
  /** When the browser says the event happened (epoch ms). */
  client_time: number;
  ptid: string | null;
  visit_id: string | null;
  /** When the server stored it (epoch ms). */
  created_at: number;
}

export type EventLogRow = Selectable<EventLogTable>;
export type NewEventLogRow = Insertable<EventLogTable>;
