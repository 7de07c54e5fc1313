// The registration forms' words. Quoted strings from the spec are exact; the headlines the spec
// names without wording are ours (decision 0030).
import { OTP_LENGTH_MESSAGE } from '../../../shared/registration/pages';
import type { CopyVariant } from '../../../shared/registration/enums';

export interface SearchContext {
  jobCount: string;
  jobTitle: string;
  radius: string;
  location: string;
}

export interface RegistrationCopy {
  headline: string;
  subcopy: string | null;
}

export const REGISTRATION_COPY: Record<CopyVariant, RegistrationCopy> = {
  default: { headline: 'Sign up or log in', subcopy: 'Enter your email to get started. We’ll send you a code — no password needed.' },
  apply: { headline: 'Sign up or log in to apply', subcopy: 'Create your free account or log in to send your application.' },
  external: { headline: 'Sign up or log in to continue to the application', subcopy: 'We’ll keep track of the jobs you apply to.' },
  save: { headline: 'Sign up or log in to save this job', subcopy: 'Saved jobs wait for you on every device.' },
  saveLegacy: { headline: 'Sign up or log in to save this job', subcopy: 'Saved jobs wait for you on every device.' },
  redirect: { headline: 'Sign up or log in to continue', subcopy: 'Enter your email and we’ll take you right there.' },
  hiringManager: { headline: 'Get noticed by hiring managers', subcopy: 'Sign up or log in so employers can find you and message you about jobs.' },
  landingPage: { headline: 'Sign up or log in to get job matches made for you', subcopy: 'Enter your email to get started. We’ll send you a code — no password needed.' },
  jobseekerLoginPage: { headline: 'Log in or sign up', subcopy: 'Job seekers: enter your email and we’ll send you a one-time code.' },
};

/** Spec 2.6: "We found {count} open positions" with the title, radius in miles and location. */
export function searchContextCopy(search: SearchContext): RegistrationCopy {
  const miles = search.radius === '1' ? 'mile' : 'miles';
  return {
    headline: `We found ${search.jobCount} open positions`,
    subcopy: `for ${search.jobTitle} within ${search.radius} ${miles} of ${search.location}. Sign up or log in to see them.`,
  };
}

export function registrationCopy(variant: CopyVariant, search?: SearchContext | null): RegistrationCopy {
  return search ? searchContextCopy(search) : REGISTRATION_COPY[variant];
}

export const LEGAL_LINKS = {
  terms: 'https://legal.jobwise.example/terms',
  privacy: 'https://legal.jobwise.example/privacy',
  smsTerms: 'https://legal.jobwise.example/sms-terms',
  jobPostingRules: 'https://legal.jobwise.example/job-posting-rules',
} as const;

export const FORM_COPY = {
  emailLabel: 'Email',
  continue: 'Continue',
  or: 'OR',
  jobSeeker: 'I’m a Job Seeker',
  employer: 'I’m an Employer',
  suggestion: 'Did you mean',
  yes: 'Yes',
  no: 'No',
  confirmationTitle: 'Job Seeker - Sign Up',
  confirmationText: 'No Job Seeker account found — let’s create one for you.',
  emailAlerts: 'Yes, email me job alerts and news from Jobwise. I can unsubscribe at any time.',
  back: 'Back',
  otpNew: 'Verify your email',
  otpReturning: 'Welcome back!',
  otpSent: 'Enter the 6-digit code we sent to',
  otpLength: OTP_LENGTH_MESSAGE,
  maintenance: 'We are currently undergoing site maintenance - emails may take up to a few minutes to arrive.',
  resend: 'Resend code',
  resent: 'A new code is on its way.',
  earlyAccess: 'Early Access',
  spotlightTitle: 'Get your resume seen first',
  spotlightText: 'Record a short video introduction and employers see you before anyone else.',
  seeHowItWorks: 'See How It Works',
  skipForNow: 'Skip for Now',
  mediaFailed: 'Media failed to load',
  resubscribeTitle: 'Employers may not be able to message you!',
  resubscribeText: 'You’re unsubscribed from Jobwise emails, so messages from employers and your job alerts can’t reach you.',
  resubscribe: 'Resubscribe to all emails',
  noThanks: 'No Thanks',
  smsTitle: 'Stay up to date',
  smsText: 'Get new jobs and messages from employers by text.',
  phoneLabel: 'Phone number',
  optional: 'Optional',
  skip: 'Skip',
  errorTitle: 'Sorry, something went wrong!',
  errorText: 'An error occurred.',
  tryAgain: 'Try again',
  reportError: 'Report error',
  reportPrompt: 'What was the error? What did you expect to happen instead?',
  submitReport: 'Submit Error Report',
  reportSent: 'Thank you. Your report was sent.',
  reportRequired: 'Please describe the error.',
} as const;
