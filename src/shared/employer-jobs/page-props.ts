// Paths and page props of posting and managing jobs. No runtime imports: page chunks use these.
import type { DraftQuestion, JobDraftData, PostingError } from './fields';
import type { CompanyContext, ReportedJob } from './moderation';
import type { DashboardStatus } from './statuses';

export { DASHBOARD_STATUSES, DASHBOARD_STATUS_LABELS, type DashboardStatus } from './statuses';

export const EMPLOYER_JOBS_PATHS = {
  postJob: '/post-a-job',
  dashboard: '/dashboard',
  /** Spec 2.1: /my-jobs?show=draft lists the drafts. */
  myJobs: '/my-jobs',
  /** Spec 2.1: the company's job list with search. */
  jobSearch: '/jobs/search',
  /** POST: action=close|renew|reopen|duplicate with one or more job_id. */
  actions: '/dashboard/jobs/actions',
  moderation: '/admin/moderation',
  plans: '/plans',
  /** POST (JSON): the stepper's check of a step's fields against the publishing rules (decision 0291). */
  check: '/post-a-job/check',
  /** GET (JSON): typical pay for a title and place from the open listings (decision 0291). */
  paySuggestion: '/post-a-job/pay-suggestion',
  /** Spec 2.1: a company's saved screening-question sets (decision 0293). */
  questionSets: '/quiz/create',
} as const;

export const editJobPath = (id: string) => `${EMPLOYER_JOBS_PATHS.postJob}/${id}`;
export const previewJobPath = (id: string) => `${EMPLOYER_JOBS_PATHS.postJob}/${id}/preview`;
export const publishJobPath = (id: string) => `${EMPLOYER_JOBS_PATHS.postJob}/${id}/publish`;
export const deleteJobPath = (id: string) => `${EMPLOYER_JOBS_PATHS.postJob}/${id}/delete`;
export const questionSetPath = (id: string) => `${EMPLOYER_JOBS_PATHS.questionSets}/${id}`;
export const deleteQuestionSetPath = (id: string) => `${EMPLOYER_JOBS_PATHS.questionSets}/${id}/delete`;
export const jobFiguresPath = (id: string) => `${EMPLOYER_JOBS_PATHS.dashboard}/jobs/${id}/figures`;
export const moderationDecisionPath = (id: string, decision: 'approve' | 'reject') => `${EMPLOYER_JOBS_PATHS.moderation}/${id}/${decision}`;

export const DASHBOARD_SORTS = ['posted', 'expiry'] as const;
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];
export const DASHBOARD_PAGE_SIZE = 25;
export const JOB_ACTIONS = ['close', 'renew', 'reopen', 'duplicate'] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

export const POSTING_MESSAGES = {
  dailyLimit: 'Your company has posted 20 jobs today, the most a company can post in one day. You can post again tomorrow.',
  draftSaved: 'Draft saved. It is not visible to job seekers until you publish it.',
  published: 'Your job is live. Job seekers can find it now.',
  inReview: 'Thanks! Your job is waiting for review. We check a new company’s first job before it goes live, and email you when it does.',
  editInReview: 'Saved. Because the edit changes where applicants are sent, the job is waiting for review again.',
  saved: 'Changes saved.',
  fixErrors: 'Please fix the problems below before publishing.',
} as const;

export interface PostJobPageProps {
  /** null for a new job. */
  jobId: string | null;
  status: DashboardStatus | null;
  values: JobDraftData;
  errors: PostingError[];
  notice: string | null;
  /** A problem that is not a field's (the plan's limit), with a link to the plans when it is. */
  problem: { message: string; plansHref: string | null } | null;
  rejectionReason: string | null;
  previewHref: string | null;
  dashboardHref: string;
  /** The company's saved screening-question sets, for "Use a saved set" (decision 0293). */
  savedSets?: SavedQuestionSet[];
  /** "Scheduled for Sat, Dec 5, 2026, 9:00 AM CST" for a draft scheduled to publish (decision 0292). */
  scheduledFor?: string | null;
  /** Why the scheduled publish was refused, shown until the draft is published or scheduled again. */
  scheduleProblem?: string | null;
  /** The schedule's fields as typed (after a refusal) or as stored. */
  schedule?: { publishAt: string; timeZone: string };
  /** Where a draft that has never been live is deleted (POST), else null. */
  deleteHref?: string | null;
}

export interface SavedQuestionSet {
  id: string;
  name: string;
  questions: DraftQuestion[];
}

/** /quiz/create: the company's sets and the form to make or edit one (decision 0293). */
export interface QuestionSetsPageProps {
  sets: Array<SavedQuestionSet & { editHref: string; deleteHref: string }>;
  /** The set being edited (null: a new one), with its fields as typed. */
  editing: { id: string | null; name: string; questions: DraftQuestion[] };
  errors: PostingError[];
  notice: string | null;
  action: string;
  postJobHref: string;
}

/** The pay suggestion's answer: null when there is too little data for the title and place. */
export interface PaySuggestion {
  title: string;
  place: string;
  low: number;
  high: number;
  period: 'hour' | 'year';
  /** "Typical pay for Forklift Operator in Austin, TX: $17.50–$22.00 an hour" */
  text: string;
}

export interface DashboardJob {
  id: string;
  title: string;
  status: DashboardStatus;
  statusLabel: string;
  place: string;
  posted: string;
  expires: string | null;
  rejectionReason: string | null;
  featured: boolean;
  editHref: string;
  /** The public page of a live job, else its preview. */
  viewHref: string;
  viewLabel: string;
  canClose: boolean;
  canReopen: boolean;
  canRenew: boolean;
  figuresHref: string;
  totals: { views: number; searchAppearances: number; applyClicks: number; applications: number };
}

/** A step of a new employer's first run (decision 0259): done, or the link that does it. */
export interface FirstRunStep {
  label: string;
  href: string;
  done: boolean;
  /** A step with nothing to tick (sharing the first job: decision 0297) stays a link. */
  linkWhenDone?: boolean;
}

export interface DashboardPageProps {
  companyName: string;
  /** '/dashboard', '/jobs/search' or '/my-jobs' (with show=draft): where the filters submit. */
  path: string;
  /** The dashboard's checklist until every step is done; null once it is, and on the other lists. */
  firstRun: FirstRunStep[] | null;
  jobs: DashboardJob[];
  total: number;
  page: number;
  pageCount: number;
  filters: { q: string; status: DashboardStatus | ''; place: string; sort: DashboardSort };
  places: string[];
  notice: string | null;
  error: string | null;
  plansHref: string | null;
}

export interface ModerationJob {
  id: string;
  title: string;
  company: string;
  place: string;
  pay: string;
  submitted: string;
  /** What the job sends applicants to: "On Jobwise", a link or an email address. */
  applyTarget: string;
  descriptionHtml: string;
  /** The job was live before this edit. */
  edit: boolean;
  approveHref: string;
  rejectHref: string;
  /** The company's website, account age and record (decision 0298). */
  context: CompanyContext;
  /** The job's own moderation view: its reports, edit, close and audit log. */
  reviewHref: string;
}

export interface ModerationPageProps {
  jobs: ModerationJob[];
  /** Jobs visitors reported, with open reports (decision 0298). */
  reported: ReportedJob[];
  notice: string | null;
  error: string | null;
}

export interface JobFiguresResponse {
  days: string[];
  views: number[];
  search_appearances: number[];
  apply_clicks: number[];
  applications: number[];
}
