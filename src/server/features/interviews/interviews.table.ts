import type { Selectable } from 'kysely';
import type { InterviewStatus, PlaceKind } from '../../../shared/interviews/interviews';

/** An interview the team proposed about an application (migration 0069, decision 0231). */
export interface InterviewsTable {
  id: string;
  application_id: string;
  company_id: string;
  seeker_account_id: string;
  /** The conversation its messages went into; null once that is gone. */
  conversation_id: string | null;
  proposed_by: string | null;
  job_title: string;
  status: InterviewStatus;
  /** IANA zones: the team member's, from the proposal; the candidate's, from their pick. */
  employer_time_zone: string;
  seeker_time_zone: string | null;
  place_kind: PlaceKind;
  place: string;
  minutes: number;
  note: string;
  /** UTC ms of the chosen time, once confirmed. */
  starts_at: number | null;
  /** The calendar event's UID: the same through every update and the cancellation. */
  calendar_uid: string;
  /** The event's SEQUENCE: one more at each reschedule and at the cancellation. */
  sequence: number;
  /** The reminder's claim: set by the one run that sends it; cleared when the time moves. */
  reminder_sent_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface InterviewSlotsTable {
  id: string;
  interview_id: string;
  starts_at: number;
}

export type InterviewRow = Selectable<InterviewsTable>;
export type InterviewSlotRow = Selectable<InterviewSlotsTable>;
