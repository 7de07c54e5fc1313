// References (issue 43, decision 0235): a job seeker asks up to five people by email; each writes through
// a single-use link that lasts seven days, without an account; the seeker chooses what employers see.
import { z } from 'zod';
import { REFERENCE_PATHS } from './paths';

export { REFERENCE_PATHS };

export const referenceTogglePath = (id: string) => `${REFERENCE_PATHS.references}/${encodeURIComponent(id)}/shown`;
export const referenceRemovePath = (id: string) => `${REFERENCE_PATHS.references}/${encodeURIComponent(id)}/remove`;

export const REFERENCE_LIMITS = {
  /** Requests waiting for an answer plus references received, at one time. */
  activeMax: 5,
  /** Emails sent per seeker per UTC day, removed requests included (the rate-limit store counts them). */
  asksPerDay: 10,
  linkDays: 7,
  alertDays: 7,
  nameMax: 100,
  relationshipMax: 120,
  textMin: 20,
  textMax: 3000,
  searchMax: 100,
  locationMax: 100,
} as const;

export const REFERENCE_MESSAGES = {
  name: 'Enter the name of the person you are asking.',
  nameTooLong: `Keep the name to ${REFERENCE_LIMITS.nameMax} characters.`,
  email: 'Enter an email address like name@example.com.',
  ownEmail: 'Ask someone else: a reference from your own address would not help you.',
  relationship: `Say how you know them in ${REFERENCE_LIMITS.relationshipMax} characters or fewer.`,
  alreadyAsked: 'You have already asked this person. Remove the request to ask again.',
  tooMany: `You can have up to ${REFERENCE_LIMITS.activeMax} references asked or received. Remove one to ask someone else.`,
  dailyCap: `You can send up to ${REFERENCE_LIMITS.asksPerDay} reference requests a day. Please try again tomorrow.`,
  asked: 'Request sent. We emailed them a link that works for 7 days.',
  shown: 'Employers now see this reference with your applications.',
  hidden: 'Employers no longer see this reference.',
  removed: 'Removed.',
  textShort: `Please write at least ${REFERENCE_LIMITS.textMin} characters.`,
  textLong: `Please keep the reference to ${REFERENCE_LIMITS.textMax} characters.`,
  linkUsed: 'This reference has already been sent. Thank you! Each link works once, so nothing more is needed.',
  linkExpired: 'This link has expired: links work for 7 days. If you still want to give a reference, ask the person to send a new request.',
  linkInvalid: 'This link does not work. It may have been copied only in part, or the request was withdrawn.',
  alertUsed: 'Your job alert is already set. Sign in with your email to change it.',
  alertExpired: 'This offer has expired. You can still sign up on Jobwise and create job alerts.',
  alertInvalid: 'This link does not work. You can still sign up on Jobwise and create job alerts.',
  search: 'Enter the job you are looking for.',
  searchTooLong: `Keep the search to ${REFERENCE_LIMITS.searchMax} characters.`,
  locationTooLong: `Keep the place to ${REFERENCE_LIMITS.locationMax} characters.`,
  alertLimit: 'You already have the most job alerts an account can hold. Sign in to manage them.',
} as const;

export type ReferenceNotice = 'asked' | 'shown' | 'hidden' | 'removed';
export const REFERENCE_NOTICES: Record<ReferenceNotice, string> = {
  asked: REFERENCE_MESSAGES.asked,
  shown: REFERENCE_MESSAGES.shown,
  hidden: REFERENCE_MESSAGES.hidden,
  removed: REFERENCE_MESSAGES.removed,
};

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const trimmed = (value: unknown) => {
  const one = first(value);
  return typeof one === 'string' ? one.replace(/\s+/g, ' ').trim() : '';
};

export const AskReferenceSchema = z.object({
  name: z.preprocess(trimmed, z.string().min(1, REFERENCE_MESSAGES.name).max(REFERENCE_LIMITS.nameMax, REFERENCE_MESSAGES.nameTooLong)),
  email: z.preprocess(trimmed, z.string().max(254, REFERENCE_MESSAGES.email).pipe(z.email(REFERENCE_MESSAGES.email))),
  relationship: z.preprocess(trimmed, z.string().max(REFERENCE_LIMITS.relationshipMax, REFERENCE_MESSAGES.relationship)),
});
export type AskReference = z.infer<typeof AskReferenceSchema>;

export const SubmitReferenceSchema = z.object({
  text: z.preprocess(
    (value) => (typeof first(value) === 'string' ? String(first(value)).trim() : ''),
    z.string().min(REFERENCE_LIMITS.textMin, REFERENCE_MESSAGES.textShort).max(REFERENCE_LIMITS.textMax, REFERENCE_MESSAGES.textLong),
  ),
});

export const ReferenceShownSchema = z.object({ shown: z.preprocess(first, z.enum(['1', '0'])) });

export const GiverAlertSchema = z.object({
  search: z.preprocess(trimmed, z.string().min(1, REFERENCE_MESSAGES.search).max(REFERENCE_LIMITS.searchMax, REFERENCE_MESSAGES.searchTooLong)),
  location: z.preprocess(trimmed, z.string().max(REFERENCE_LIMITS.locationMax, REFERENCE_MESSAGES.locationTooLong)),
});

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface ReferenceView {
  id: string;
  name: string;
  email: string;
  relationship: string;
  status: 'waiting' | 'received' | 'expired';
  /** Beside the status: "asked Dec 2, 2026" while waiting, else the day it was received or lapsed. */
  when: string;
  text: string | null;
  shown: boolean;
  togglePath: string;
  removePath: string;
}

export interface CandidateReferencesPageProps {
  action: string;
  references: ReferenceView[];
  /** Asked or received, counted against the limit. */
  activeCount: number;
  activeMax: number;
  values: { name: string; email: string; relationship: string };
  errors: FieldErrors<'name' | 'email' | 'relationship'>;
  /** A refusal of the whole request (the limit, the daily cap). */
  error: string | null;
  notice: string | null;
}

export interface SubmitReferencePageProps {
  state: 'ready' | 'used' | 'expired' | 'invalid';
  message: string | null;
  seekerName: string;
  refereeName: string;
  action: string;
  values: { text: string };
  errors: FieldErrors<'text'>;
  textMax: number;
}

export interface GiverAlertPageProps {
  state: 'ready' | 'created' | 'used' | 'expired' | 'invalid';
  message: string | null;
  /** True when the person arrives right after sending a reference. */
  thanked: boolean;
  seekerName: string;
  email: string;
  action: string;
  values: { search: string; location: string };
  errors: FieldErrors<'search' | 'location'>;
  alertsHref: string;
}

/** What an employer sees of a reference the seeker chose to show. */
export interface SharedReferenceView {
  name: string;
  relationship: string;
  received: string;
  text: string;
}
