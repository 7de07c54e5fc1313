// Reports of jobs and admins' changes to them (issue 44, decision 0298). No imports but types: the
// report dialog's chunk, the report page and the admin pages read these.

import type { DashboardStatus } from './statuses';

export const MODERATION_PATHS = {
  /** + /{jobId}: the report form (GET, for a browser without script) and where it posts. */
  report: '/report-job',
  /** + /{jobId}: one job's moderation view; + /edit, /close, /keep. */
  job: '/admin/moderation/jobs',
} as const;

export const reportJobPath = (jobId: string) => `${MODERATION_PATHS.report}/${jobId}`;
export const moderationJobPath = (jobId: string) => `${MODERATION_PATHS.job}/${jobId}`;
export const moderationActionPath = (jobId: string, action: 'edit' | 'close' | 'keep') => `${MODERATION_PATHS.job}/${jobId}/${action}`;

export const JOB_REPORT_REASONS = ['scam', 'discriminatory', 'misleading', 'spam', 'filled', 'other'] as const;
export type JobReportReason = (typeof JOB_REPORT_REASONS)[number];
export const JOB_REPORT_REASON_LABELS: Record<JobReportReason, string> = {
  scam: 'It looks like a scam, or asks for money or bank details',
  discriminatory: 'It is discriminatory or offensive',
  misleading: 'The pay, place or job is not as described',
  spam: 'It is not a real job, or it is spam',
  filled: 'The job is filled or no longer exists',
  other: 'Something else',
};

export const JOB_REPORT_LIMITS = { detailsMax: 1000, reasonsMax: JOB_REPORT_REASONS.length } as const;

export const JOB_REPORT_MESSAGES = {
  reasonRequired: 'Choose at least one reason.',
  detailsRequired: 'Tell us what is wrong (at least 10 characters).',
  detailsTooLong: 'Keep the details under 1,000 characters.',
  sent: 'Thank you. We will look at this job, usually within a day.',
  notFound: 'This job is no longer on Jobwise.',
} as const;

/** Admins' changes, by the audit log's action name. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  approve: 'Approved',
  reject: 'Rejected',
  edit: 'Edited',
  close: 'Closed',
  keep: 'Kept after reports',
};

/** A company as moderation sees it: where it is on the web, how long it has had its account, its record. */
export interface CompanyContext {
  website: string | null;
  /** "Company account created Nov 30, 2026 (3 days ago)". */
  accountAge: string;
  approved: number;
  rejected: number;
}

export interface ReportedJob {
  id: string;
  title: string;
  company: string;
  /** How many open reports, and their reasons' labels, most frequent first. */
  reports: number;
  reasons: string[];
  lastReported: string;
  reviewHref: string;
}

export interface JobReportView {
  reasons: string[];
  details: string;
  reported: string;
  by: string;
}

export interface AuditEntryView {
  who: string;
  when: string;
  action: string;
  changes: Array<{ field: string; before: string; after: string }>;
}

export interface JobModerationPageProps {
  job: {
    id: string;
    title: string;
    company: string;
    /** The status an employer's dashboard shows, for its badge's tone. */
    status: DashboardStatus;
    statusLabel: string;
    place: string;
    pay: string;
    applyTarget: string;
    descriptionHtml: string;
    /** The public page while the job is live. */
    publicHref: string | null;
  };
  context: CompanyContext;
  reports: JobReportView[];
  audit: AuditEntryView[];
  /** The edit form's fields, as stored or as typed. */
  edit: { title: string; description: string };
  errors: { title?: string; description?: string };
  notice: string | null;
  editAction: string;
  /** Close and Keep are offered while they can do something. */
  closeAction: string | null;
  keepAction: string | null;
  backHref: string;
}

export interface JobReportPageProps {
  jobId: string;
  jobTitle: string;
  company: string;
  jobHref: string;
  action: string;
  values: { reasons: string[]; details: string };
  errors: { reasons?: string; details?: string };
  sent: boolean;
}
