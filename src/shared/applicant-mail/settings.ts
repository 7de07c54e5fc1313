// Applicant emails (issue 12): each team member's choice, the company's rejection emails. No imports
// beyond type-only ones: page chunks use this.
import type { EmailChoicesProps } from '../notifications/notifications';

export const APPLICATION_MAIL_FREQUENCIES = ['immediately', 'daily', 'none'] as const;
export type ApplicationMailFrequency = (typeof APPLICATION_MAIL_FREQUENCIES)[number];
export const DEFAULT_APPLICATION_MAIL_FREQUENCY: ApplicationMailFrequency = 'immediately';

export const APPLICATION_MAIL_FREQUENCY_LABELS: Record<ApplicationMailFrequency, { label: string; hint: string }> = {
  immediately: { label: 'Immediately', hint: 'One email for each new application, within a minute or two.' },
  daily: { label: 'Daily digest', hint: 'One email a day listing the new applications per job, around 8 am Eastern.' },
  none: { label: 'None', hint: 'No emails: you see new applications when you open your inbox.' },
};

export function isApplicationMailFrequency(value: string): value is ApplicationMailFrequency {
  return (APPLICATION_MAIL_FREQUENCIES as readonly string[]).includes(value);
}

export const APPLICANT_MAIL_PATHS = {
  /** The employer's account page: their email notifications. */
  account: '/user/account',
  /** POST: the company's emails to applicants (the owner, from the company profile page). */
  companyApplicantEmails: '/employer/company/applicant-emails',
} as const;

export const APPLICANT_MAIL_NOTICES = {
  saved: 'Your email notifications are saved.',
  companySaved: 'Emails to applicants are saved.',
} as const;

export interface UserAccountProps {
  email: string;
  companyName: string;
  frequency: ApplicationMailFrequency;
  /** They unsubscribed from new-application emails by an email's link; saving the form takes it back. */
  unsubscribedByLink: boolean;
  notice: string | null;
  /** The other emails a team member can turn off (decision 0228). */
  emailChoices: EmailChoicesProps;
}

/** The company profile page's section: what applicants are emailed. */
export interface ApplicantEmailsSettings {
  rejectionEmails: boolean;
  canEdit: boolean;
  /** The rejection email as applicants read it (subject and text), with this company's name. */
  rejectionPreview: { subject: string; text: string };
}
