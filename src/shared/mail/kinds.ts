// Kinds of email a person can unsubscribe from one by one (decision 0155). No imports: page chunks use this.
// The one-time sign-in codes have no kind: they are transactional and always sent.
// Job alert digests keep their own per-alert link (/candidate/unsubscribe, decision 0072).

export const EMAIL_KINDS = ['new-applications', 'interview', 'offer', 'hired', 'rejection', 'messages', 'job-expiry', 'job-review', 'team-invitation', 'job-invitation', 'application-reminders', 'application-closed', 'reference-request'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** "Unsubscribe from {label}" */
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  'new-applications': 'new application emails',
  interview: 'interview emails',
  offer: 'emails about job offers',
  hired: 'emails about being hired',
  rejection: 'emails about applications that were not selected',
  messages: 'emails about new messages',
  'job-expiry': 'job expiry reminders',
  'job-review': 'job review results',
  'team-invitation': 'team invitations',
  'job-invitation': 'invitations to apply from employers',
  'application-reminders': 'reminders about applications waiting for an answer',
  'application-closed': 'notices that an application is no longer under consideration',
  'reference-request': 'requests to write a reference',
};

export function isEmailKind(value: string): value is EmailKind {
  return (EMAIL_KINDS as readonly string[]).includes(value);
}

export const MAIL_PATHS = {
  /** + /{token}: GET asks, POST unsubscribes (one click, RFC 8058). */
  unsubscribe: '/user/unsubscribe',
} as const;

export interface UserUnsubscribePageProps {
  token: string;
  state: 'confirm' | 'done' | 'undone' | 'invalid';
  /** null when the token is not valid */
  kindLabel: string | null;
}
