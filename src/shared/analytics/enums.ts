// Observation enumerations of spec section 3, as `as const` tuples, written once as data.
// No zod: the lazily loaded tracker uses these without pulling it in.
import { REGISTRATION_SOURCES } from '../registration/enums';

/** How the sender wants the batch treated (spec 3, observation batch request). */
export const OBSERVE_TYPES = ['OBSERVE_TYPE_UNSPECIFIED', 'ASYNC', 'AT_LEAST_ONCE'] as const;
export type ObserveType = (typeof OBSERVE_TYPES)[number];

/** The type names a batch's messages may carry (the message "type URL"). */
export const OBSERVATION_TYPE_NAMES = [
  'RegistrationObservation',
  'ComponentObservation',
  'CandidateSpotlightObservation',
  'CandidateSpotlightTextResponseObservation',
  'CandidateSpotlightAudioResponseObservation',
  'CandidateSpotlightV4Observation',
  'CandidateBoostObservation',
] as const;
export type ObservationTypeName = (typeof OBSERVATION_TYPE_NAMES)[number];

/** Observation actions (spec 3), in the order the spec lists them. */
export const OBSERVATION_ACTIONS = [
  'DISPLAY',
  'CLOSE',
  'SKIP',
  'SUBMIT',
  'CONTINUE',
  'RESEND',
  'BACK',
  'TOGGLE_EMPLOYER',
  'PARTIAL_LOGIN_AUTO_SUBMIT',
  'REGISTRATION_SUCCESS',
  'REGISTRATION_FAILURE',
  'SSO_CLICK',
  'SSO_SUCCESS',
  'SSO_FAILURE',
  'OTP_SEND_SUCCESS',
  'OTP_SEND_FAILURE',
  'OTP_VALIDATION_SUCCESS',
  'OTP_VALIDATION_FAILURE',
  'OTP_RESEND_SUCCESS',
  'OTP_RESEND_FAILURE',
  'SMS_OPT_IN_SUCCESS',
  'SMS_OPT_IN_FAILURE',
  'EMAIL_RESUBSCRIPTION_SUCCESS',
  'EMAIL_RESUBSCRIPTION_FAILURE',
  'LOCAL_EMAIL_VALIDATION_SUCCESS',
  'LOCAL_EMAIL_VALIDATION_FAILURE',
  'LOCAL_EMAIL_VALIDATION_AUTOFIX',
  'LOCAL_EMAIL_VALIDATION_DISMISS',
  'RESUBMIT_AFTER_LOCAL_VALIDATION',
  'RESUBMIT_AFTER_MAILGUN_VALIDATION',
  'SHOW_MAILGUN_VALIDATION_FAILURE_FEEDBACK',
  // The landing page's own actions (spec 3, landing analytics: search, submit, click, single sign-on
  // success): submit and single sign-on success are SUBMIT and SSO_SUCCESS above (decision 0055).
  'SEARCH',
  'CLICK',
] as const;
export type ObservationAction = (typeof OBSERVATION_ACTIONS)[number];

/** Component types: each form as modal, form, footer form or footer modal (spec 3). */
export const COMPONENT_TYPES = [
  'registration-modal',
  'registration-form',
  'registration-footer-form',
  'registration-footer-modal',
  'registration-confirm-modal',
  'registration-confirm-form',
  'registration-confirm-footer-form',
  'registration-confirm-footer-modal',
  'otp-modal',
  'otp-form',
  'otp-footer-form',
  'otp-footer-modal',
  'sms-modal',
  'sms-form',
  'sms-footer-form',
  'sms-footer-modal',
  'candidate-spotlight-modal',
  'candidate-spotlight-form',
  'candidate-spotlight-footer-form',
  'candidate-spotlight-footer-modal',
] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** Observation sources: the vocabulary spec 3 names. */
const SPEC_OBSERVATION_SOURCES = [
  'SOURCE_UNSPECIFIED',
  'seo_job_page',
  'job_page',
  'web_onboarding',
  'android_app',
  'ios_app',
  'linkedin_apply',
  'co_registration',
  'search_results',
  'seo_company_salaries',
  'seo_company_jobs',
  'seo_company_reviews',
  'seo_company_about',
  'seo_company_mission',
  'directory_page',
  'paid_job_page',
  'web_auth',
  'salary',
  'near_me_search',
  'landing',
  'auto_login',
  'magic_links',
  'mobile_home',
  'mobile_search',
  'mobile_job_details',
  'mobile_bottom_navigation',
] as const;

/** The spec's sources plus the registration flow's own (seo_rich_job_page, serp, ...), so every source the flow sends is accepted. */
export const OBSERVATION_SOURCES = [...SPEC_OBSERVATION_SOURCES, ...REGISTRATION_SOURCES] as const;
export type ObservationSource = (typeof OBSERVATION_SOURCES)[number];

// Candidate spotlight (spec 3).
export const SPOTLIGHT_EVENTS = [
  'ENTRY_POINT',
  'HOW_IT_WORKS_MODAL',
  'RECORD_VIDEO_MODAL',
  'PREVIEW_VIDEO_MODAL',
  'UPLOAD_VIDEO_MODAL',
  'EXIT_WITHOUT_SAVING_MODAL',
  'POST_UPLOAD',
] as const;
export const TEXT_RESPONSE_EVENTS = ['ENTRY_POINT', 'TEXT_INPUT_MODAL', 'POST_UPLOAD'] as const;
export const AUDIO_RESPONSE_EVENTS = ['ENTRY_POINT', 'AUDIO_RECORD_MODAL', 'ERROR', 'POST_UPLOAD'] as const;
export const SPOTLIGHT_SOURCES = ['REGISTRATION_LOGIN', 'LOGGED_IN_HOME_PAGE', 'POST_APPLY', 'PROFILE'] as const;
export const SPOTLIGHT_PLATFORMS = ['WEB', 'IOS', 'ANDROID', 'DESKTOP_WEB', 'MOBILE_WEB'] as const;
export const SPOTLIGHT_V4_EVENTS = ['AUDIO_AND_TEXT_MODAL', 'TEXT_MODAL', 'AUDIO_MODAL'] as const;

// Landing page analytics (spec 3).
export const LANDING_COMPONENTS = [
  'search_form',
  'onboarding_form',
  'header_sign_in',
  'post_a_job_button',
  'third_party_sign_up_prompt',
  'get_started_cta',
  'single_sign_on',
] as const;
export type LandingComponent = (typeof LANDING_COMPONENTS)[number];
export const LANDING_ACTIONS = ['search', 'submit', 'click', 'single_sign_on_success'] as const;
/** How each landing action is written in a component observation's action field (decision 0055). */
export const LANDING_ACTION_OBSERVED = { search: 'SEARCH', submit: 'SUBMIT', click: 'CLICK', single_sign_on_success: 'SSO_SUCCESS' } as const satisfies Record<
  (typeof LANDING_ACTIONS)[number],
  ObservationAction
>;

/** Limits of one batch (issue 5). */
export const MAX_MESSAGES_PER_BATCH = 100;
export const MAX_BATCH_BYTES = 64 * 1024;
export const OBSERVE_PATH = '/observations/observe';
