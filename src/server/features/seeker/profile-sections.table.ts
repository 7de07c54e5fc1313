import type { Selectable } from 'kysely';

/** One entry of a profile section (migration 0079, decision 0236). */
export interface SeekerProfileEntriesTable {
  id: string;
  account_id: string;
  /** PROFILE_SECTION_KINDS (src/shared/seeker/profile-sections.ts). */
  kind: string;
  /** The entry's fields as JSON, checked by the kind's schema when written and read. */
  fields: string;
  created_at: number;
  updated_at: number;
}

export type SeekerProfileEntryRow = Selectable<SeekerProfileEntriesTable>;
