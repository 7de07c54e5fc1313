// Onboarding after sign-up, the seeker's settings and recent searches (issue 43, decision 0234).
// Type imports only: page chunks use this.
import type { EmailChoicesProps } from '../notifications/notifications';

export const ONBOARDING_PATHS = {
  /** Right after a new sign-up, once the spec 4.3 offers are done; open to any seeker later too. */
  onboard: '/candidate/onboard',
  /** The seeker's settings (spec 2.1 names the page /candidate/password; there are no passwords). */
  settings: '/candidate/password',
  /** POST: ends every session of the account, this one too. */
  signOutEverywhere: '/candidate/password/sign-out-everywhere',
  /** GET: the signed-in person's recent searches, JSON; a visitor's live in their browser. */
  recentSearches: '/api/recent-searches',
} as const;

/** The questions, one screen each, in order. Each can be skipped. */
export const ONBOARDING_STEPS = ['titles', 'place', 'pay', 'types'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const MAX_WANTED_TITLES = 3;
export const REMOTE_CHOICES = ['only', 'also', 'no'] as const;
export type RemoteChoice = (typeof REMOTE_CHOICES)[number];
export const REMOTE_CHOICE_LABELS: Record<RemoteChoice, string> = {
  only: 'Remote jobs only',
  also: 'Remote or on site',
  no: 'On site only',
};

export interface OnboardingAnswers {
  titles: string[];
  location: string;
  radius: number | null;
  minPay: number | null;
  employmentTypes: string[];
  remote: RemoteChoice | null;
}

export interface OnboardPageProps {
  step: OnboardingStep;
  /** 1-based, for "Question 2 of 4". */
  stepNumber: number;
  stepCount: number;
  answers: OnboardingAnswers;
  /** Where the person goes when they are done (our own path). */
  next: string;
  error: string | null;
}

export interface RecentSearch {
  search: string;
  location: string;
}

export interface SeekerSettingsProps {
  email: string;
  /** Sessions of this account not yet expired, this one included. */
  activeSessions: number;
  notice: string | null;
  emailChoices: EmailChoicesProps;
}

/** Where onboarding starts, keeping where the person was going (the default is Suggested Jobs). */
export function onboardingPath(next: string, home: string): string {
  return next === home ? ONBOARDING_PATHS.onboard : `${ONBOARDING_PATHS.onboard}?next=${encodeURIComponent(next)}`;
}
