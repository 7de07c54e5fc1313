import type { Selectable } from 'kysely';

/** Every stage move of an application (migration 0030): the history the team sees, and the outbox the applicant emails read. */
export interface ApplicationStageChangesTable {
  id: string;
  application_id: string;
  /** null on an application's first row (it arrived as new). */
  from_stage: string | null;
  /** STAGES (src/shared/applicants/stages.ts). */
  to_stage: string;
  /** The team member who moved it; null once that account is gone. */
  changed_by: string | null;
  changed_at: number;
}

/** The team's private notes on an application: only the company's team sees them. */
export interface ApplicationNotesTable {
  id: string;
  application_id: string;
  author_id: string | null;
  body: string;
  created_at: number;
}

export type ApplicationStageChangeRow = Selectable<ApplicationStageChangesTable>;
export type ApplicationNoteRow = Selectable<ApplicationNotesTable>;
