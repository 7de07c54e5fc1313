// Filling the profile from the stored résumé (issue 43, decision 0302): the review page's address and
// props. Types and constants only (the page imports them).
import type { ParsedEducation, ParsedWork } from './resume-parse';

export const RESUME_IMPORT_PATH = '/candidate/resume/import';

/** One entry offered on the review page; `key` is the checkbox's value ("work-0", "skill-3"). */
export type ImportOffer<T> = { key: string; entry: T };

export interface ResumeImportPageProps {
  fileName: string;
  work: Array<ImportOffer<ParsedWork>>;
  education: Array<ImportOffer<ParsedEducation>>;
  skills: Array<ImportOffer<string>>;
  /** The text could not be read at all (a scanned PDF, an unusual file). */
  unreadable: boolean;
  error: string | null;
}

export const RESUME_IMPORT_MESSAGES = {
  nothingTicked: 'Tick at least one entry to add, or go back to your profile.',
  unreadable: 'We could not read the text of this résumé. Fill in your profile by hand instead.',
  nothingFound: 'We found no work history, education or skills we could read in this résumé. Fill in your profile by hand instead.',
} as const;
