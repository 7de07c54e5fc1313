import type { ColumnType, Selectable } from 'kysely';

/** A company's hiring needs, answered or skipped once (decision 0297). */
export interface EmployerSurveysTable {
  company_id: string;
  skipped: ColumnType<number, number | undefined, number>;
  roles: ColumnType<string, string | undefined, string>;
  hires: ColumnType<string, string | undefined, string>;
  place_type: ColumnType<string, string | undefined, string>;
  location: ColumnType<string, string | undefined, string>;
  start: ColumnType<string, string | undefined, string>;
  answered_by: string | null;
  answered_at: number;
}

export type EmployerSurveyRow = Selectable<EmployerSurveysTable>;
