import type { ColumnType, Selectable } from 'kysely';

/** A seeker's onboarding answers (migration 0076, decision 0234). */
export interface SeekerOnboardingTable {
  account_id: string;
  /** JSON array of up to 3 job titles. */
  titles: string;
  location: string;
  radius: ColumnType<number | null, number | null | undefined, number | null>;
  min_pay: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON array of employment types. */
  employment_types: string;
  remote: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of the questions skipped. */
  skipped: string;
  completed_at: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: number;
}

export type SeekerOnboardingRow = Selectable<SeekerOnboardingTable>;
