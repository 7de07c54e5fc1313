// The registration flow of spec 4.3 as data plus pure functions. React draws `state.form`; every
// rule that decides what comes next lives here and is table-tested in flow.test.ts.
import {
  CANDIDATE_SPOTLIGHT_PATH,
  DEFAULT_REDIRECT_PATH,
  HIDE_SPOTLIGHT_STORAGE_KEY,
  type FormType,
  type PostRegistrationAction,
  type RegistrationType,
} from '../../../shared/registration/enums';
import { isSafeRedirect } from '../../../shared/registration/redirect';
import { REGISTRATION_ERROR_MESSAGES, UNEXPECTED_ERROR_MESSAGE, registrationErrorMessage } from '../../../shared/registration/statuses';

/** What the caller decided when it opened the flow; fixed for the flow's life. */
export interface FlowContext {
  action: PostRegistrationAction;
  registrationType: RegistrationType;
  source: string;
  componentId: string;
  /** Country from the location call (ISO 3166 alpha-2), null until known. */
  country: string | null;
  /** URL parameter showCandidateSpotlight=true was present. */
  spotlightRequestedByUrl: boolean;
  /** The local flag hideCandidateSpotlightRegistration was set. */
  spotlightHiddenLocally: boolean;
  redirectUrl?: string;
  /** Where `external` and `external_organic` open a tab. */
  externalUrl?: string;
  /** The flow runs on a job page (decides what `external` does after the tab opens). */
  onJobPage?: boolean;
  listingKey?: string;
}

export type FlowForm = FormType | 'ERROR' | 'DONE';

export interface FlowState {
  form: FlowForm;
  email: string;
  /** true for a new account (SUCCESS), false for an existing one (SEND_OPT_EMAIL_SUCCESS). */
  isNewRegistration: boolean;
  /** While a code is pending the modal cannot be closed. */
  dismissible: boolean;
  /** The server bucketed this visitor into the spotlight offer. */
  spotlightBucketed: boolean;
  /** The account has missing email preferences. */
  missingEmailPrefs: boolean;
  /** Message shown on the current form, if any. */
  error: string | null;
  /** The server-side email check answered invalid-or-uncertain: a warning, not an error. */
  warning: string | null;
}

export const initialFlowState: FlowState = {
  form: 'REGISTRATION',
  email: '',
  isNewRegistration: false,
  dismissible: true,
  spotlightBucketed: false,
  missingEmailPrefs: false,
  error: null,
  warning: null,
};

/** The two eligibility answers fetched after a sign-in; a failed call counts as not eligible (spec 8). */
export interface EligibilityFlags {
  showCandidateSpotlight: boolean;
  missingEmailPrefs: boolean;
}

/** What the registration call answered, normalised by api.ts. */
export interface RegistrationAnswer {
  status: string | number | null;
  /** The message to show when the status is not in the catalogue (network, 5xx, body message). */
  failureMessage?: string;
}

const WARNING_STATUS = 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN';

/** Spec 4.3: what a registration answer does to the flow. */
export function afterRegistration(state: FlowState, email: string, answer: RegistrationAnswer): FlowState {
  const cleared = { ...state, email, error: null, warning: null };
  switch (answer.status) {
    case 'SUCCESS':
      return { ...cleared, form: 'OTP', isNewRegistration: true, dismissible: false };
    case 'SEND_OPT_EMAIL_SUCCESS':
      return { ...cleared, form: 'OTP', isNewRegistration: false, dismissible: false };
    case 'REGISTRATION_CONFIRMATION_REQUIRED':
      return { ...cleared, form: 'REGISTRATION_CONFIRMATION' };
    case WARNING_STATUS:
      return { ...state, email, error: null, warning: registrationErrorMessage(WARNING_STATUS) };
    default:
      return { ...state, email, warning: null, error: registrationFailureMessage(answer) };
  }
}

/** Catalogue statuses get their catalogue message; a call failure keeps its own wording (spec 7). */
export function registrationFailureMessage(answer: RegistrationAnswer): string {
  if (typeof answer.status === 'string' && Object.hasOwn(REGISTRATION_ERROR_MESSAGES, answer.status)) {
    return registrationErrorMessage(answer.status);
  }
  return answer.failureMessage ?? UNEXPECTED_ERROR_MESSAGE;
}

/** Only the regConfirm type asks for the confirmation form. */
export function requiresConfirmation(context: FlowContext): boolean {
  return context.registrationType === 'regConfirm';
}

/** The confirmation form's Back returns to the registration form (no account was made). */
export function backFromConfirmation(state: FlowState): FlowState {
  return { ...state, form: 'REGISTRATION', error: null, warning: null, dismissible: true };
}

/**
 * A right code for an address without an account, when the type asks to confirm: the confirmation form.
 * Asked only now, so that nobody learns without the code whether an account exists (decision 0085).
 */
export function askConfirmationAfterCode(state: FlowState): FlowState {
  return { ...state, form: 'REGISTRATION_CONFIRMATION', isNewRegistration: true, error: null, warning: null };
}

/** Spec 4.3: SMS only for a new registration, a type other than basic or regConfirm, outside Canada. */
export function isSmsEligible(context: FlowContext, state: Pick<FlowState, 'isNewRegistration'>): boolean {
  if (!state.isNewRegistration) return false;
  if (context.registrationType === 'basic' || context.registrationType === 'regConfirm') return false;
  return (context.country ?? '').toUpperCase() !== 'CA';
}

/**
 * Apply and save buttons on job pages and on the SERP and DIRP panes: a person who clicked one of
 * them is in the middle of something else, so the spotlight offer stays away (decision 0031).
 */
export const SPOTLIGHT_EXCLUDED_COMPONENTS: ReadonlyArray<{ source: string; componentId: string }> = [
  { source: 'seo_rich_job_page', componentId: 'job_page_apply' },
  { source: 'seo_rich_job_page', componentId: 'job_page_save' },
  { source: 'paid_job_page', componentId: 'job_page_apply' },
  { source: 'paid_job_page', componentId: 'job_page_save' },
  { source: 'serp', componentId: 'right_pane_apply' },
  { source: 'serp', componentId: 'right_pane_save' },
  { source: 'serp', componentId: 'left_pane_save' },
  { source: 'dirp', componentId: 'right_pane_apply' },
  { source: 'dirp', componentId: 'right_pane_save' },
  { source: 'dirp', componentId: 'left_pane_save' },
];

/** Spec 4.3: not apply, not an excluded component, not hidden locally, and asked by URL or bucketed. */
export function isSpotlightEligible(context: FlowContext, state: Pick<FlowState, 'spotlightBucketed'>): boolean {
  if (context.action === 'apply') return false;
  const excluded = SPOTLIGHT_EXCLUDED_COMPONENTS.some((pair) => pair.source === context.source && pair.componentId === context.componentId);
  if (excluded) return false;
  if (context.spotlightHiddenLocally) return false;
  return context.spotlightRequestedByUrl || state.spotlightBucketed;
}

/** Resubscribe is offered to an existing account with missing email preferences. */
export function isResubscribeEligible(state: Pick<FlowState, 'isNewRegistration' | 'missingEmailPrefs'>): boolean {
  return !state.isNewRegistration && state.missingEmailPrefs;
}

function withFlags(state: FlowState, flags: EligibilityFlags): FlowState {
  return { ...state, spotlightBucketed: flags.showCandidateSpotlight, missingEmailPrefs: flags.missingEmailPrefs, error: null, warning: null };
}

/** Priority after a sign-in: resubscribe, then spotlight, then SMS, else the end. */
function firstOfferAfterSignIn(context: FlowContext, state: FlowState): FlowForm {
  if (isResubscribeEligible(state)) return 'RESUBSCRIBE';
  if (isSpotlightEligible(context, state)) return 'CANDIDATE_SPOTLIGHT';
  if (isSmsEligible(context, state)) return 'SMS';
  return 'DONE';
}

/** Spec 4.3: a correct code makes the modal dismissible again and picks the first offer. */
export function nextFormAfterOtp(context: FlowContext, state: FlowState, flags: EligibilityFlags): FlowState {
  const next = withFlags({ ...state, dismissible: true }, flags);
  return { ...next, form: firstOfferAfterSignIn(context, next) };
}

/** After a registration that signed the person in without a code: the same order as after OTP. */
export function nextFormAfterRegistrationWithoutOtp(context: FlowContext, state: FlowState, flags: EligibilityFlags): FlowState {
  return nextFormAfterOtp(context, state, flags);
}

/** Single sign-on success: resubscribe only for an existing account with missing preferences, else the end. */
export function nextFormAfterSso(state: FlowState, isNewRegistration: boolean, flags: EligibilityFlags): FlowState {
  const next = withFlags({ ...state, isNewRegistration, dismissible: true }, flags);
  return { ...next, form: isResubscribeEligible(next) ? 'RESUBSCRIBE' : 'DONE' };
}

export function nextFormAfterConfirmation(context: FlowContext, state: FlowState): FlowState {
  return { ...state, error: null, form: isSpotlightEligible(context, state) ? 'CANDIDATE_SPOTLIGHT' : 'DONE' };
}

export function nextFormAfterSpotlight(context: FlowContext, state: FlowState): FlowState {
  return { ...state, error: null, form: isSmsEligible(context, state) ? 'SMS' : 'DONE' };
}

export function nextFormAfterResubscribe(context: FlowContext, state: FlowState): FlowState {
  return { ...state, error: null, form: isSpotlightEligible(context, state) ? 'CANDIDATE_SPOTLIGHT' : 'DONE' };
}

export function nextFormAfterSms(state: FlowState): FlowState {
  return { ...state, error: null, form: 'DONE' };
}

/** The flow failed in a way no form can show: the generic error screen. */
export function failFlow(state: FlowState): FlowState {
  return { ...state, form: 'ERROR', dismissible: true };
}

/** Showing the spotlight offer hides it from later registrations (spec 9). */
export function markSpotlightShown(storage: Pick<Storage, 'setItem'>): void {
  storage.setItem(HIDE_SPOTLIGHT_STORAGE_KEY, 'true');
}

export function isSpotlightHiddenLocally(storage: Pick<Storage, 'getItem'> | null): boolean {
  return storage?.getItem(HIDE_SPOTLIGHT_STORAGE_KEY) === 'true';
}

/** See How It Works leaves the flow for the profile's spotlight. */
export const SPOTLIGHT_CONFIRM_TARGET = CANDIDATE_SPOTLIGHT_PATH;

export { isSafeRedirect };

/** What the flow does when it ends, as data; `runPostRegistrationAction` in the component performs it. */
export type PostRegistrationEffect =
  | { kind: 'reload'; reason?: string }
  | { kind: 'callback' }
  | { kind: 'openTab'; url: string; ifOpened: 'navigateHome' | 'reload'; ifBlocked: 'reload' }
  | { kind: 'postSaveForm'; listingKey: string | undefined; body: { archive: '0' } }
  | { kind: 'redirect'; url: string };

/** Spec 4.3: the post-registration action chosen by the caller's action. */
export function postRegistrationAction(context: FlowContext): PostRegistrationEffect {
  switch (context.action) {
    case 'apply':
    case 'saveLegacy':
      return { kind: 'callback' };
    case 'external':
      if (!context.externalUrl) return { kind: 'reload', reason: 'external action without a URL' };
      return { kind: 'openTab', url: context.externalUrl, ifOpened: context.onJobPage ? 'navigateHome' : 'reload', ifBlocked: 'reload' };
    case 'external_organic':
      if (!context.externalUrl) return { kind: 'reload', reason: 'external_organic action without a URL' };
      return { kind: 'openTab', url: context.externalUrl, ifOpened: 'reload', ifBlocked: 'reload' };
    case 'save':
      return { kind: 'postSaveForm', listingKey: context.listingKey, body: { archive: '0' } };
    case 'redirect': {
      const target = context.redirectUrl === undefined ? DEFAULT_REDIRECT_PATH : context.redirectUrl;
      if (isSafeRedirect(target)) return { kind: 'redirect', url: target };
      return { kind: 'reload', reason: 'redirect URL refused' };
    }
    case 'default':
    default:
      return { kind: 'reload' };
  }
}

export const HOME_PATH = DEFAULT_REDIRECT_PATH;
