// No application left in silence (issue 42, decision 0232): the reminders, the 30-day close and the
// seeker's "I got a job" page. No imports: page chunks use this.

/** A team is reminded of an application without an answer for this many days. */
export const REMINDER_AFTER_DAYS = 14;
/** ...and it is closed for the candidate after this many, unless the team keeps it open. */
export const CLOSE_AFTER_DAYS = 30;

export const FOLLOW_UP_PATHS = {
  gotHired: '/candidate/gothired',
} as const;

/** What the candidate's My jobs says of an application closed at 30 days. */
export const CLOSED_STAGE_LABEL = 'No longer under consideration';

interface Subject {
  fullName: string;
  jobTitle: string;
  companyName: string;
}

export function reminderNotificationText(subject: Pick<Subject, 'fullName' | 'jobTitle'>): string {
  return `${subject.fullName} applied for ${subject.jobTitle} ${REMINDER_AFTER_DAYS} days ago and has not heard from you. Move the stage, write to them, or keep the application open.`;
}

export function closedNotificationText(subject: Pick<Subject, 'jobTitle' | 'companyName'>): string {
  return `Your application for ${subject.jobTitle} at ${subject.companyName} is no longer under consideration. They did not answer within ${CLOSE_AFTER_DAYS} days; it says nothing about you.`;
}

export const KEEP_OPEN_NOTICE = 'Kept open: the candidate will not be told it is closed.';

/** One of the seeker's applications, as the page lists it. */
export interface GotHiredApplication {
  id: string;
  jobTitle: string;
  companyName: string;
  applied: string;
}

export interface GotHiredValues {
  where: 'jobwise' | 'elsewhere' | '';
  applicationId: string;
  employer: string;
  title: string;
  /** The applications ticked to withdraw. */
  withdraw: string[];
  pauseAlerts: boolean;
}

export type GotHiredErrors = Partial<Record<'where' | 'applicationId' | 'employer' | 'title', string>>;

export interface GotHiredPageProps {
  action: string;
  /** Applications still open (not withdrawn): the one they got, or the ones to withdraw. */
  applications: GotHiredApplication[];
  activeAlerts: number;
  values: GotHiredValues;
  errors: GotHiredErrors;
  /** After a report: what was done. */
  done: { withdrawn: number; alertsPaused: boolean } | null;
  myJobsHref: string;
  alertsHref: string;
}

export const GOT_HIRED_TEXT_MAX = 120;

export const GOT_HIRED_MESSAGES = {
  where: 'Choose where your new job is.',
  applicationId: 'Choose the application that got you the job.',
  employer: 'Enter the employer’s name.',
  title: 'Enter your job title.',
  tooLong: `Keep it under ${GOT_HIRED_TEXT_MAX} characters.`,
} as const;
