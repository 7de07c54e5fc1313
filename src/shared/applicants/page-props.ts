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
  at: string;
}

export interface ApplicantNote {
  author: string;
  at: string;
  body: string;
}

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
  resume: { href: string; fileName: string; inline: boolean } | null;
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
