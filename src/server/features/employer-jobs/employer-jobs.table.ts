import type { ColumnType, Selectable } from 'kysely';

export interface JobScreeningQuestionsTable {
  job_id: string;
  position: number;
  text: string;
  /** 'yes_no' | 'text' */
  kind: string;
  deal_breaker: number;
  /** The answer a deal-breaker wants: 'yes' | 'no'; null otherwise. */
  expected: string | null;
}

export interface JobApplicationAnswersTable {
  application_id: string;
  position: number;
  question: string;
  answer: string;
  deal_breaker_failed: number;
}

export interface JobDailyFiguresTable {
  job_id: string;
  day: string;
  views: ColumnType<number, number | undefined, number>;
  search_appearances: ColumnType<number, number | undefined, number>;
  apply_clicks: ColumnType<number, number | undefined, number>;
  applications: ColumnType<number, number | undefined, number>;
}

export type ScreeningQuestionRow = Selectable<JobScreeningQuestionsTable>;
export type JobDailyFiguresRow = Selectable<JobDailyFiguresTable>;

/** A company's saved screening questions (decision 0293): questions as JSON of DraftQuestion[]. */
export interface ScreeningQuestionSetsTable {
  id: string;
  company_id: string;
  name: string;
  questions: string;
  created_at: number;
  updated_at: number;
}
export type ScreeningQuestionSetRow = Selectable<ScreeningQuestionSetsTable>;
