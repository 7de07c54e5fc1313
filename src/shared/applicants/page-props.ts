// The applicant inbox's paths and page props (issue 12). Types and plain constants only: page chunks use
// this, so it imports only modules without imports of their own.
import type { SpotlightAnswerView } from '../spotlight/contracts';
import type { SharedReferenceView } from '../references/references';
import type { ProfileSectionsView } from '../seeker/profile-sections';
import type { Stage } from './stages';

export const APPLICANTS_PATHS = {
  inbox: '/candidates',
  export: '/candidates/export.csv',
  bulkStage: '/candidates/stage',
  withdrawPrefix: '/candidate/applications',
} as const;

export const applicantPath = (id: string) => `${APPLICANTS_PATHS.inbox}/${encodeURIComponent(id)}`;
export const applicantStagePath = (id: string) => `${applicantPath(id)}/stage`;
export const applicantRatingPath = (id: string) => `${applicantPath(id)}/rating`;
export const applicantNotesPath = (id: string) => `${applicantPath(id)}/notes`;
export const applicantResumePath = (id: string) => `${applicantPath(id)}/resume`;
/** The team keeps an application open: no 30-day close (decision 0232). */
export const applicantKeepOpenPath = (id: string) => `${applicantPath(id)}/keep-open`;
export const withdrawPath = (id: string) => `${APPLICANTS_PATHS.withdrawPrefix}/${encodeURIComponent(id)}/withdraw`;
export const jobInboxPath = (jobId: string) => `${APPLICANTS_PATHS.inbox}?job=${encodeURIComponent(jobId)}`;

export const INBOX_SORTS = ['newest', 'match'] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];
export const INBOX_SORT_LABELS: Record<InboxSort, string> = { newest: 'Newest first', match: 'Best match first' };
export const INBOX_PAGE_SIZE = 25;
/** At least this score is a "Great match". */
export const GREAT_MATCH_SCORE = 70;
export const NOTE_MAX = 2000;
export const TEXT_FILTER_MAX = 100;

export interface InboxFilters {
  job: string;
  stage: Stage | '';
  /** At least this rating; 0 = any. */
  rating: number;
  /** 'failed': only those who failed a deal-breaker; 'passed': only the others. */
  dealBreaker: '' | 'failed' | 'passed';
  q: string;
  sort: InboxSort;
}

export interface InboxApplicant {
  id: string;
  href: string;
  name: string;
  headline: string;
  place: string;
  /** "3 mi away" from the job; null when the job is remote or the place is unknown. */
  distance: string | null;
  jobTitle: string;
  applied: string;
  /** When they applied, as an ISO instant: the viewer's browser shows it in their own time zone (decision 0294). */
  appliedAt: string;
  stage: Stage;
  stageLabel: string;
  unread: boolean;
  rating: number | null;
  failedDealBreaker: boolean;
  score: number;
  greatMatch: boolean;
  reasons: string[];
  spotlight: boolean;
}

export interface InboxPageProps {
  companyName: string;
  jobs: Array<{ id: string; title: string }>;
  filters: InboxFilters;
  applicants: InboxApplicant[];
  total: number;
  unread: number;
  page: number;
  pageCount: number;
  /** The filtered list as CSV, with the same filters. */
  exportHref: string;
  /** This page's own URL (back here after a form post). */
  selfHref: string;
  notice: string | null;
  dashboardHref: string;
}

export interface ApplicantAnswer {
  question: string;
  answer: string;
  dealBreakerFailed: boolean;
}

export interface ApplicantHistoryEntry {
  from: string | null;
  to: string;
  by: string;
  /** In UTC words, what the server renders; `atIso` is the instant the browser shows in its own zone (decision 0294). */
  at: string;
  atIso: string;
}

export interface ApplicantNote {
  author: string;
  at: string;
  atIso: string;
  body: string;
}

/** The résumé on the application page (decision 0295): a PDF shown in a frame, a Word file as its text. */
export type ApplicantResume =
  | { kind: 'pdf'; href: string; fileName: string }
  | { kind: 'docx'; href: string; fileName: string; text: string | null };

/** The JSON answers of the pipeline's three in-place actions (decision 0294); the server's zod schemas check them. */
export interface StageMovedAnswer {
  status: 'MOVED';
  moved: number;
  stage: Stage;
  /** The move as the history shows it; null when it was in that stage already. */
  change: ApplicantHistoryEntry | null;
}
export interface RatedAnswer {
  status: 'RATED';
  rating: number | null;
}
export interface NotedAnswer {
  status: 'NOTED';
  note: ApplicantNote;
}

/** The pipeline's keys (decision 0294), shown in the help overlay. */
export const PIPELINE_KEYS = [
  { keys: 'j', action: 'Next candidate' },
  { keys: 'k', action: 'Previous candidate' },
  { keys: '1 to 6', action: 'Move to New, Reviewed, Interview, Offer, Hired or Rejected' },
  { keys: '?', action: 'Show these keys' },
] as const;

/** The application page's card about the 30-day close (decision 0232). */
export type FollowUpState =
  | { state: 'waiting'; closes: string; keepOpenPath: string }
  | { state: 'kept_open'; since: string }
  | { state: 'closed'; since: string };

export interface ApplicantPageProps {
  id: string;
  backHref: string;
  name: string;
  headline: string;
  place: string;
  distance: string | null;
  email: string;
  phone: string;
  jobTitle: string;
  jobHref: string;
  applied: string;
  appliedAt: string;
  stage: Stage;
  stageLabel: string;
  rating: number | null;
  score: number;
  greatMatch: boolean;
  reasons: string[];
  failedDealBreaker: boolean;
  answers: ApplicantAnswer[];
  spotlight: SpotlightAnswerView[];
  /** References the seeker chose to show employers (decision 0235). */
  references: SharedReferenceView[];
  resume: ApplicantResume | null;
  /** The previous and next candidate in the list this one was opened from (its filters and sort); null at either end. */
  previousHref: string | null;
  nextHref: string | null;
  /** "3 of 17" in that list, when known. */
  position: { index: number; total: number } | null;
  history: ApplicantHistoryEntry[];
  notes: ApplicantNote[];
  stagePath: string;
  ratingPath: string;
  notesPath: string;
  notice: string | null;
  error: string | null;
  /** The applicant's work history, education, skills, licences and links as their profile has them now (decision 0236). */
  sections?: ProfileSectionsView;
  /** The 30-day close (decision 0232): shown while nobody has answered, or once kept open or closed; else null. */
  followUp?: FollowUpState | null;
}
