// Export and erase (issue 41, decision 0225): paths, texts and page props used by both sides. Page chunks
// import this, so it imports types only.
import type { ApplicantHistoryEntry } from '../applicants/page-props';

export const PRIVACY_PATHS = {
  /** POST: the seeker's zip (same-origin form post; a GET would let another site start a download). */
  seekerExport: '/candidate/about/export',
  /** GET: the confirmation page; POST: erase. */
  erase: '/candidate/erase',
  /** POST: the employer's own account's zip, from /user/account. */
  employerExport: '/user/account/export',
} as const;

/** The role of an erased account kept only because applications need their account row. */
export const ERASED_ACCOUNT_ROLE = 'erased';

/** What an employer sees where an erased candidate's name was. */
export const ERASED_CANDIDATE_LABEL = 'Withdrawn, erased candidate';

/** The text that replaces an erased person's email, name or phone in analytics and reports. */
export const ERASED_TEXT = '[erased]';

/** Exports one person may download per hour (each reads every file they stored). */
export const EXPORTS_PER_HOUR = 10;

export const PRIVACY_MESSAGES = {
  confirmMismatch: 'Type the email address you log in with, exactly, to confirm.',
  confirmUnchecked: 'Tick the box to confirm that you understand this cannot be undone.',
  teamMember: 'You are on a company’s team. Leave the team (or hand it to another owner) on the employer side first, then erase your account.',
  tooManyExports: `You can download your data ${EXPORTS_PER_HOUR} times an hour. Try again later.`,
} as const;

export interface AccountErasePageProps {
  /** The address to type, shown as a reminder; null once erased (the person is signed out). */
  email: string | null;
  state: 'confirm' | 'erased' | 'team_member';
  error: string | null;
}

export interface ErasedApplicantPageProps {
  backHref: string;
  label: string;
  jobTitle: string;
  applied: string;
  withdrawn: string | null;
  history: ApplicantHistoryEntry[];
}
