// Enumerations of spec section 3, as `as const` tuples. No runtime imports (client-safe, tiny).

export const FORM_TYPES = ['REGISTRATION', 'REGISTRATION_CONFIRMATION', 'OTP', 'SMS', 'CANDIDATE_SPOTLIGHT', 'RESUBSCRIBE'] as const;
export type FormType = (typeof FORM_TYPES)[number];

export const FORM_CONTAINERS = ['MODAL', 'FORM', 'FOOTER', 'BUTTON', 'EMBEDDED_MODAL', 'BANNER'] as const;
export type FormContainer = (typeof FORM_CONTAINERS)[number];

export const REGISTRATION_METHODS = ['METHOD_UNSPECIFIED', 'EMAIL', 'GOOGLE_SIGN_IN'] as const;
export type RegistrationMethod = (typeof REGISTRATION_METHODS)[number];

export const EMAIL_VERIFICATION_VARIANTS = [
  'UNSPECIFIED',
  'CONTROL',
  'HARD_OTP_REQUIREMENT_VARIANT',
  'SOFT_OTP_REQUIREMENT_VARIANT',
  'NO_OTP_REQUIREMENT_VARIANT',
] as const;
export type EmailVerificationVariant = (typeof EMAIL_VERIFICATION_VARIANTS)[number];

export const RESUBSCRIBE_VARIANTS = ['RESUBSCRIBE_UNSPECIFIED', 'RESUBSCRIBE_CONTROL', 'RESUBSCRIBE_EMPLOYER_CTA', 'RESUBSCRIBE_ALERTS_CTA'] as const;
export type ResubscribeVariant = (typeof RESUBSCRIBE_VARIANTS)[number];

/** Sources seen in the registration flow (spec 3). */
export const REGISTRATION_SOURCES = [
  'landing',
  'seo_rich_job_page',
  'paid_job_page',
  'serp',
  'dirp',
  'mobile_app_ios',
  'mobile_app_android',
  'jobseeker_login_page',
  'jobseeker_register_page',
] as const;
export type RegistrationSource = (typeof REGISTRATION_SOURCES)[number];

/** Registration copy variants (spec 2.6); the search-context variant is chosen by a search context. */
export const COPY_VARIANTS = [
  'default',
  'apply',
  'external',
  'save',
  'saveLegacy',
  'redirect',
  'hiringManager',
  'landingPage',
  'jobseekerLoginPage',
] as const;
export type CopyVariant = (typeof COPY_VARIANTS)[number];

/** What the flow does when it ends (spec 4.3). */
export const POST_REGISTRATION_ACTIONS = ['default', 'apply', 'saveLegacy', 'external', 'external_organic', 'save', 'redirect'] as const;
export type PostRegistrationAction = (typeof POST_REGISTRATION_ACTIONS)[number];

/** Registration types: only regConfirm asks for the confirmation form; basic and regConfirm get no SMS offer. */
export const REGISTRATION_TYPES = ['default', 'basic', 'regConfirm'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];

/** Spec 8: the categories registration errors are reported in (plus other, for reports typed by a person). */
export const ERROR_CATEGORIES = ['credential', 'observation', 'tracking_meta', 'base_form', 'post_registration_action', 'other'] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

export const EMAIL_MAX_LENGTH = 75;
export const OTP_LENGTH = 6;
export const RESEND_COUNTDOWN_SECONDS = 60;
export const DEFAULT_REDIRECT_PATH = '/jobseeker/home';
export const CANDIDATE_SPOTLIGHT_PATH = '/profile?openCandidateSpotlight=true';
export const HIDE_SPOTLIGHT_STORAGE_KEY = 'hideCandidateSpotlightRegistration';
export const EMPLOYER_LOGIN_PATH = '/authn/employer/login';
