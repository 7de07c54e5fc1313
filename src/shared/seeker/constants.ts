// Page chunks use these: import only modules without imports of their own.
import { REGISTRATION_PATHS } from '../registration/paths';

export const SEEKER_PATHS = {
  toggleSave: REGISTRATION_PATHS.saveJob,
  apply: '/candidate/apply',
  externalApply: '/candidate/external_apply',
  savedJobs: '/candidate/saved-jobs',
  myJobs: '/candidate/my-jobs',
  about: '/candidate/about',
  resume: '/candidate/resume',
  resumeFile: '/candidate/resume/file',
  /** A PDF résumé made from the profile (decision 0312); ?email=on&phone=on add those contact details. */
  profilePdf: '/candidate/profile/resume.pdf',
  alerts: '/candidate/alerts',
  unsubscribe: '/candidate/unsubscribe',
  home: '/jobseeker/home',
} as const;

export const MAX_ALERTS = 10;
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const ALERT_FREQUENCIES = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = { daily: 'Daily', weekly: 'Weekly' };

export const SEEKER_MESSAGES = {
  signInRequired: 'Please log in to continue.',
  jobNotFound: 'This job is no longer open.',
  alreadyApplied: "You've already applied to this job. The employer has your application.",
  profileIncomplete: 'Add your name and phone number to your profile, then apply with one click.',
  // Asked before a one-click send when no résumé is stored (decision 0300).
  resumeRequired: 'Add your résumé before you send, or continue without one.',
  applied: 'Application sent. The employer will contact you if there is a match.',
  saved: 'Saved',
  tooManyAlerts: 'You can have up to 10 job alerts. Delete one to add another.',
  resumeTooLarge: 'Your résumé must be 5 MB or smaller.',
  resumeWrongType: 'Upload a PDF or Word (.docx) file.',
  resumeMissing: 'Choose a file to upload.',
  // Per-account caps (decision 0088): what the person can do about it, not only that it failed.
  tooManySavedJobs: (max: number) => `You can save up to ${max} jobs. Remove a saved job to save another.`,
  tooManyApplications: (max: number) => `You have applied to ${max} jobs today, the most for one day. You can apply to more tomorrow.`,
  tooManyResumeUploads: (max: number) => `You have uploaded ${max} résumés today, the most for one day. Your last one is kept; try again tomorrow.`,
} as const;

/** "Get alerts for this search" on the results page: what the page says after the click (issue 43). */
export const RESULTS_ALERT_NOTICES = {
  created: 'Job alert created. We’ll email you new jobs for this search every day.',
  duplicate: 'You already have an alert for this search.',
  limit: SEEKER_MESSAGES.tooManyAlerts,
} as const;
export type ResultsAlertOutcome = keyof typeof RESULTS_ALERT_NOTICES;
