import type { Insertable, Selectable } from 'kysely';

/** One accepted observation message. The payload is kept whole; the columns the dashboard reads are copied out. */
export interface ObservationTable {
  id: string;
  batch_id: string;
  /** The message's type name (RegistrationObservation, ComponentObservation, ...). */
  type_name: string;
  observe_type: string;
  source: string | null;
  component_id: string | null;
  /** Component observations: the action (DISPLAY, SUBMIT, ...). */
  action: string | null;
  base_form_type: string | null;
  /** Registration observations: the response status. */
  response_status: string | null;
  /** Candidate spotlight records: the event type. */
  event_type: string | null;
  /** Who the funnel counts once: the visit id, else the ptid, else this row (decision 0052). */
  visit_key: string;
  ptid: string | null;
  /** From the visit_id cookie of the request that brought it. */
  visit_id: string | null;
  /** create_time_utc as the browser stamped it, when the type has one. */
  client_time: number | null;
  /** When the server stored it (epoch ms): the dashboard's dates and the retention use this. */
  received_at: number;
  /** received_at's UTC date, YYYY-MM-DD, so both databases group by day the same way. */
  day: string;
  /** The whole message as JSON text. */
  payload: string;
}

/** One row per accepted batch id: a retried batch finds its id here and is not stored again. */
export interface ObservationBatchTable {
  batch_id: string;
  message_count: number;
  received_at: number;
}

export type ObservationRow = Selectable<ObservationTable>;
export type NewObservationRow = Insertable<ObservationTable>;
