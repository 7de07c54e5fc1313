// Notifications (issue 42, decision 0228): what each kind is called, where the lists live, which
// emails each side can turn off. No runtime imports: page chunks and the shell use this.
import type { EmailKind } from '../mail/kinds';
import { countOf } from '../plural';

/** What a notification is about. A feature adds its kind here and calls notify() once. */
export const NOTIFICATION_KINDS = ['message', 'stage_change', 'interview', 'saved_search_match', 'saved_job_closing', 'new_application', 'application_waiting', 'application_closed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Which side of the site a notification belongs to: one person may search jobs and hire (decision 0100). */
export const NOTIFICATION_SIDES = ['seeker', 'employer'] as const;
export type NotificationSide = (typeof NOTIFICATION_SIDES)[number];

export const NOTIFICATION_PATHS = {
  seeker: '/candidate/notifications',
  employer: '/employer/notifications',
} as const;

/** The list's actions, under the side's path: POST {list}/{id}/read, {list}/{id}/open, {list}/read-all, {list}/emails. */
export const notificationActionPaths = (side: NotificationSide) => {
  const list = NOTIFICATION_PATHS[side];
  return {
    list,
    read: (id: string) => `${list}/${encodeURIComponent(id)}/read`,
    open: (id: string) => `${list}/${encodeURIComponent(id)}/open`,
    readAll: `${list}/read-all`,
    emails: `${list}/emails`,
  };
};

/** The most a list shows: the newest first. */
export const NOTIFICATIONS_SHOWN = 100;
/** The text is one or two plain sentences. */
export const NOTIFICATION_TEXT_MAX = 300;

/** The emails a person can turn off from their settings; each is an email kind of the per-kind unsubscribe (decision 0155). */
export interface EmailChoice {
  kind: EmailKind;
  label: string;
}

export const SEEKER_EMAIL_CHOICES: readonly EmailChoice[] = [
  { kind: 'messages', label: 'New messages from employers' },
  { kind: 'interview', label: 'An employer would like to interview you' },
  { kind: 'offer', label: 'An employer makes you an offer' },
  { kind: 'hired', label: 'An employer marks you as hired' },
  { kind: 'rejection', label: 'An employer decides not to go ahead (where the company sends these)' },
  { kind: 'job-invitation', label: 'An employer invites you to apply' },
  { kind: 'application-closed', label: 'An application closes after 30 days without an answer' },
];

/** New applications have their own choice (immediately, daily, none) on /user/account. */
export const EMPLOYER_EMAIL_CHOICES: readonly EmailChoice[] = [
  { kind: 'messages', label: 'New messages from candidates' },
  { kind: 'job-expiry', label: 'A job of yours is about to expire' },
  { kind: 'job-review', label: 'The result of a job review' },
  { kind: 'application-reminders', label: 'An application has waited 14 days for an answer' },
];

export const NOTIFICATION_NOTICES = {
  allRead: 'All notifications are marked as read.',
  read: 'Marked as read.',
  emailsSaved: 'Your email choices are saved.',
} as const;
export type NotificationNotice = keyof typeof NOTIFICATION_NOTICES;

export interface NotificationView {
  id: string;
  kind: NotificationKind;
  text: string;
  /** "2 hours ago", "Mar 4" */
  when: string;
  /** ISO time for <time dateTime>. */
  at: string;
  read: boolean;
}

export interface NotificationsPageProps {
  side: NotificationSide;
  notifications: NotificationView[];
  unread: number;
  notice: string | null;
  /** Where this person turns emails off. */
  emailSettingsHref: string;
}

/** The emails card on /candidate/about and /user/account: every choice, checked when that email is on. */
export interface EmailChoicesProps {
  action: string;
  choices: Array<EmailChoice & { on: boolean }>;
  saved: boolean;
}

/** A job alert found new jobs (told at once, whatever its email does). */
export const savedSearchMatchText = (count: number, label: string) => `${countOf(count, 'new job', 'new jobs')} for your alert “${label}”.`;
/** A job the person saved closes soon (told with the employer's expiry notice). */
export const savedJobClosingText = (title: string, company: string, date: string) => `${title} at ${company}, a job you saved, closes on ${date}.`;
