// The registration flow of spec 4.3 as one pure function: `step(state, event) -> { state, commands }`.
// Every rule lives here: which form follows which answer, who is eligible for what, which observations
// and error reports go out, and which call is made next. The component (registration-flow.tsx) only
// draws `state.form` and carries out the commands; flow.test.ts walks every row of spec 4.3.
// No runtime imports but small shared modules: the landing page's Google sign-in runs this too.
import type { ObservationAction } from '../../../shared/analytics/enums';
import type { GoogleSignInResponse } from '../../../shared/google-sign-in/contracts';
import type {
  CandidateSpotlightEligibility,
  EmailResubscribeResponse,
  EmailValidationExperiment,
  OtpValidationRequestInput,
  OtpValidationResponse,
  RegistrationRequestInput,
  RegistrationResponse,
  ResubscribeEligibility,
  TrackingMeta,
} from '../../../shared/registration/contracts';
import { confirmsAndOptsIn, isCanada } from '../../../shared/registration/country';
import {
  CANDIDATE_SPOTLIGHT_PATH,
  DEFAULT_REDIRECT_PATH,
  EMPLOYER_LOGIN_PATH,
  type ErrorCategory,
  type FormContainer,
  type FormType,
  type PostRegistrationAction,
  type RegistrationType,
} from '../../../shared/registration/enums';
import { isSafeRedirect } from '../../../shared/registration/redirect';
import { onboardingPath } from '../../../shared/seeker/onboarding';
import { OTP_FORM_MESSAGES, otpFormErrorMessage, REGISTRATION_ERROR_MESSAGES, UNEXPECTED_ERROR_MESSAGE, registrationErrorMessage } from '../../../shared/registration/statuses';
import type { SearchContext } from '../../../shared/seeker/search-context';
import { googleFailureMessage, type GoogleSignInContext } from '../google-sign-in/google-api';

/** An answer of one of the flow's calls (api.ts makes them): the checked body, or why it failed. */
export type CallAnswer<T> =
  | { ok: true; data: T; httpStatus: number }
  | { ok: false; status: string | number | null; message: string; httpStatus: number | null };

export type EmailValidationTest = 'local_only' | 'local_and_mailgun';

/** What the caller decided when it opened the flow, and what the page said; fixed for the flow's life. */
export interface FlowContext {
  action: PostRegistrationAction;
  /** The type the caller asked for; a Canadian visitor's type becomes regConfirm (decision 0032). */
  registrationType: RegistrationType;
  source: string;
  componentId: string;
  container: FormContainer;
  /** URL parameter showCandidateSpotlight=true was present. */
  spotlightRequestedByUrl: boolean;
  /** The local flag hideCandidateSpotlightRegistration was set. */
  spotlightHiddenLocally: boolean;
  /** URL parameter email_validation_test: it decides the variant and the experiment call is skipped (spec 7). */
  emailValidationTest: EmailValidationTest | null;
  /** Partial login: the email is known, and the flow sends the code at once (spec 4.3). */
  prefillEmail?: string;
  redirectUrl?: string;
  /** Where `external` and `external_organic` open a tab. */
  externalUrl?: string;
  /** The flow runs on a job page (decides what `external` does after the tab opens). */
  onJobPage?: boolean;
  listingKey?: string;
  listingVersionKey?: string;
  /** A registration from a results page asks for an email alert for that search (decision 0073). */
  searchContext?: SearchContext;
}

export type FlowForm = FormType | 'ERROR' | 'DONE';

export interface FlowState {
  context: FlowContext;
  form: FlowForm;
  email: string;
  /** Whether the account is new: the right code's `is_new_registration` says it (decision 0085). */
  isNewRegistration: boolean;
  /** While a code is pending the modal cannot be closed. */
  dismissible: boolean;
  /** A call is under way: the form's buttons wait. */
  busy: boolean;
  /** The server bucketed this visitor into the spotlight offer. */
  spotlightBucketed: boolean;
  /** The account has missing email preferences. */
  missingEmailPrefs: boolean;
  /** Message shown on the current form, if any. */
  error: string | null;
  /** The server-side email check answered invalid-or-uncertain: a warning, not an error. */
  warning: string | null;
  /** Tracking metadata from the location call; null until it answers, and for good when it failed. */
  meta: TrackingMeta | null;
  metaStatus: 'loading' | 'loaded' | 'failed';
  /** Which email checks run on the registration form (decision 0033). */
  validation: { local: boolean; server: boolean };
  /** The Canadian email-alerts box, once the confirmation form was continued. */
  explicitOptIn: boolean | undefined;
  /**
   * The code sent for validation, kept while the confirmation form asks: a right code of a new address
   * of the regConfirm type is left unused, and Continue sends it again to make the account (decision 0085).
   */
  code: string | null;
  /** Partial login: the terms footer shows on the OTP form. */
  termsOnOtp: boolean;
  /** The registration call under way is the partial-login automatic submit. */
  automaticSubmit: boolean;
  /** Successful resends so far: the OTP form clears its boxes and restarts its timer on each. */
  resends: number;
  resendError: string | null;
  /** How the person signed in, while the eligibility flags are fetched. */
  signedInBy: 'otp' | 'sso' | null;
  /** An event that needs the tracking metadata (country, visit id), waiting for it. */
  deferred: FlowEvent | null;
}

export type FlowEvent =
  | { type: 'started' }
  | { type: 'metaLoaded'; meta: TrackingMeta }
  | { type: 'metaFailed'; message: string }
  | { type: 'experimentAnswered'; result: CallAnswer<EmailValidationExperiment> }
  /** An observation of the email field's own checks (spec 5: local validation, autofix, resubmits). */
  | { type: 'emailChecked'; action: ObservationAction }
  | { type: 'serverCheckFailed'; message: string }
  | { type: 'emailSubmitted'; email: string }
  | { type: 'registrationAnswered'; result: CallAnswer<RegistrationResponse> }
  | { type: 'confirmationContinued'; explicitOptIn: boolean | undefined }
  | { type: 'confirmationBack' }
  | { type: 'codeSubmitted'; code: string }
  | { type: 'codeEdited' }
  | { type: 'otpAnswered'; result: CallAnswer<OtpValidationResponse> }
  | { type: 'resendRequested' }
  | { type: 'resendAnswered'; result: CallAnswer<RegistrationResponse> }
  | { type: 'googleCredential'; credential: string }
  | { type: 'googleAnswered'; response: GoogleSignInResponse }
  | { type: 'eligibilityAnswered'; spotlight: CallAnswer<CandidateSpotlightEligibility>; resubscribe: CallAnswer<ResubscribeEligibility> }
  | { type: 'spotlightConfirmed' }
  | { type: 'spotlightSkipped' }
  | { type: 'resubscribeConfirmed' }
  | { type: 'resubscribeAnswered'; result: CallAnswer<EmailResubscribeResponse> }
  | { type: 'resubscribeSkipped' }
  | { type: 'smsSubmitted'; phone: string }
  | { type: 'smsAnswered'; result: CallAnswer<unknown> }
  | { type: 'smsSkipped' }
  | { type: 'employerChosen' }
  /** The container was closed (Close, Escape, backdrop, drag) or left by its Back button. */
  | { type: 'left'; action: 'CLOSE' | 'BACK' }
  /** Something no form can show went wrong (a rendering failure, a failed save at the end). */
  | { type: 'failed'; category: ErrorCategory; message: string }
  | { type: 'retried' };

/** What the flow does when it ends, as data; post-registration.ts performs it. */
export type PostRegistrationEffect =
  | { kind: 'reload'; reason?: string }
  | { kind: 'callback' }
  | { kind: 'openTab'; url: string; ifOpened: 'navigateHome' | 'reload'; ifBlocked: 'reload' }
  | { kind: 'postSaveForm'; listingKey: string | undefined; body: { archive: '0' } }
  | { kind: 'redirect'; url: string };

export type FlowCommand =
  | { type: 'observe'; form: FormType; action: ObservationAction }
  | { type: 'observeRegistration'; status: string | number | null; errorMessage?: string }
  /** Spec 7: a client entry-point event for the spotlight's impression and its button's click. */
  | { type: 'observeSpotlightEntryPoint'; subtype: 'impression' | 'cta_click' }
  /** Spec 7 and 8: a tagged error for the error-reporting service. */
  | { type: 'reportError'; category: ErrorCategory; message: string; form: FlowForm }
  | { type: 'loadMeta' }
  | { type: 'loadExperiment' }
  | { type: 'register'; request: RegistrationRequestInput; emailValidationTest: EmailValidationTest | null; purpose: 'submit' | 'resend' }
  | { type: 'validateOtp'; request: OtpValidationRequestInput }
  | { type: 'googleSignIn'; credential: string; context: GoogleSignInContext }
  | { type: 'loadEligibility' }
  | { type: 'resubscribe'; request: { email: string; source: string; component_id: string } }
  | { type: 'smsOptIn'; request: { phone: string; reg_method: string } }
  | { type: 'hideSpotlight' }
  /** Leave the page for `url`, after the queued observations are sent. */
  | { type: 'leave'; url: string }
  /** Close the container (the modal); a page has nothing to close. */
  | { type: 'close' }
  | { type: 'finish'; effect: PostRegistrationEffect };

export interface StepResult {
  state: FlowState;
  commands: FlowCommand[];
}

const SHOWN_FORMS = new Set<FlowForm>(['REGISTRATION', 'REGISTRATION_CONFIRMATION', 'OTP', 'CANDIDATE_SPOTLIGHT', 'RESUBSCRIBE', 'SMS']);
const OFFER_FORMS = new Set<FlowForm>(['CANDIDATE_SPOTLIGHT', 'RESUBSCRIBE', 'SMS']);
const CODE_SENT = new Set<unknown>(['SUCCESS', 'SEND_OPT_EMAIL_SUCCESS']);
const WARNING_STATUS = 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN';

export function isShownForm(form: FlowForm): form is FormType {
  return SHOWN_FORMS.has(form);
}

/** The flow as it starts: the registration form, waiting for the tracking metadata. */
export function initialFlowState(context: FlowContext, page: { email?: string; error?: string } = {}): FlowState {
  return {
    context,
    form: 'REGISTRATION',
    email: page.email ?? '',
    isNewRegistration: false,
    dismissible: true,
    busy: false,
    spotlightBucketed: false,
    missingEmailPrefs: false,
    error: page.error ?? null,
    warning: null,
    meta: null,
    metaStatus: 'loading',
    validation: context.emailValidationTest
      ? { local: true, server: context.emailValidationTest === 'local_and_mailgun' }
      : { local: true, server: false },
    explicitOptIn: undefined,
    code: null,
    termsOnOtp: false,
    automaticSubmit: false,
    resends: 0,
    resendError: null,
    signedInBy: null,
    deferred: null,
  };
}

/** A state made by another runner (the landing page's Google sign-in) continued under this flow's context. */
export function resumeFlow(state: FlowState, context: FlowContext): FlowState {
  return { ...state, context, deferred: null, busy: false };
}

// ---------------------------------------------------------------------------------------------------
// The rules of spec 4.3, each a small pure function (exported for the table test).

/** Canadian visitors confirm a new account and opt in to email themselves (decision 0032). */
export function effectiveRegistrationType(type: RegistrationType, country: string | null | undefined): RegistrationType {
  return confirmsAndOptsIn(country) ? 'regConfirm' : type;
}

/** Spec 4.3: SMS only for a new registration, a type other than basic or regConfirm, outside Canada. */
export function isSmsEligible(state: Pick<FlowState, 'context' | 'isNewRegistration' | 'meta'>): boolean {
  if (!state.isNewRegistration) return false;
  const type = effectiveRegistrationType(state.context.registrationType, state.meta?.country);
  if (type === 'basic' || type === 'regConfirm') return false;
  return !isCanada(state.meta?.country);
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
export function isSpotlightEligible(state: Pick<FlowState, 'context' | 'spotlightBucketed'>): boolean {
  const { context } = state;
  if (context.action === 'apply') return false;
  if (SPOTLIGHT_EXCLUDED_COMPONENTS.some((pair) => pair.source === context.source && pair.componentId === context.componentId)) return false;
  if (context.spotlightHiddenLocally) return false;
  return context.spotlightRequestedByUrl || state.spotlightBucketed;
}

/** Resubscribe is offered to an existing account with missing email preferences. */
export function isResubscribeEligible(state: Pick<FlowState, 'isNewRegistration' | 'missingEmailPrefs'>): boolean {
  return !state.isNewRegistration && state.missingEmailPrefs;
}

/** After a code (or a registration without one): resubscribe, then spotlight, then SMS, else the end. */
export function firstOfferAfterCode(state: FlowState): FlowForm {
  if (isResubscribeEligible(state)) return 'RESUBSCRIBE';
  if (isSpotlightEligible(state)) return 'CANDIDATE_SPOTLIGHT';
  if (isSmsEligible(state)) return 'SMS';
  return 'DONE';
}

/** Single sign-on: resubscribe only for an existing account with missing preferences, else the end. */
export function firstOfferAfterSso(state: FlowState): FlowForm {
  return isResubscribeEligible(state) ? 'RESUBSCRIBE' : 'DONE';
}

/** After resubscribe: spotlight or end. */
export function spotlightOrEnd(state: FlowState): FlowForm {
  return isSpotlightEligible(state) ? 'CANDIDATE_SPOTLIGHT' : 'DONE';
}

/** After spotlight: SMS (if eligible) or end. */
export function smsOrEnd(state: FlowState): FlowForm {
  return isSmsEligible(state) ? 'SMS' : 'DONE';
}

/** Catalogue statuses get their catalogue message; a call failure keeps its own wording (spec 7). */
export function registrationFailureMessage(result: CallAnswer<RegistrationResponse>): string {
  const status = result.ok ? result.data.status : result.status;
  if (typeof status === 'string' && Object.hasOwn(REGISTRATION_ERROR_MESSAGES, status)) return registrationErrorMessage(status);
  return result.ok ? UNEXPECTED_ERROR_MESSAGE : result.message;
}

/** Spec 8: what the server check's answer shows under the email field (a warning), or null. */
export function serverCheckWarning(status: string | null): string | null {
  return status === WARNING_STATUS ? REGISTRATION_ERROR_MESSAGES[WARNING_STATUS] : null;
}

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

/** A new account's redirect goes through onboarding first, which then goes on to the target (decision 0234). */
export function withOnboarding(effect: PostRegistrationEffect, isNewRegistration: boolean): PostRegistrationEffect {
  if (!isNewRegistration || effect.kind !== 'redirect') return effect;
  return { kind: 'redirect', url: onboardingPath(effect.url, DEFAULT_REDIRECT_PATH) };
}

function registrationRequest(state: FlowState, email: string): RegistrationRequestInput {
  const { context, meta } = state;
  return {
    metadata: { visitId: meta?.visitId, countryCode: meta?.country },
    form_data: { email, explicit_opt_in: state.explicitOptIn },
    listing_key: context.listingKey,
    ...(context.listingVersionKey ? { listing_version_key: context.listingVersionKey } : {}),
    source: context.source,
    component_id: context.componentId,
    method: 'EMAIL',
    redirect_url: context.redirectUrl,
    enable_one_time_password: true,
    // Whether the address is new is told only after the code is right (decision 0085): the code call asks.
    registration_confirmation_required: false,
    email_verification_required: true,
    email_validation_required: false,
    ...(context.searchContext ? { search_context: context.searchContext } : {}),
  };
}

/** `confirmed`: the confirmation form was continued, so the same code now makes the account. */
function otpRequest(state: FlowState, code: string, confirmed: boolean): OtpValidationRequestInput {
  const { context, meta } = state;
  const type = effectiveRegistrationType(context.registrationType, meta?.country);
  return {
    email: state.email,
    one_time_password: code,
    meta_data: { visitId: meta?.visitId, countryCode: meta?.country },
    listing_key: context.listingKey,
    ...(context.listingVersionKey ? { listing_version_key: context.listingVersionKey } : {}),
    source: context.source,
    component_id: context.componentId,
    method: 'EMAIL',
    redirect_url: context.redirectUrl,
    explicit_opt_in: state.explicitOptIn,
    // A right code of a new address then answers REGISTRATION_CONFIRMATION_REQUIRED (decision 0085).
    registration_confirmation_required: type === 'regConfirm' && !confirmed,
  };
}

function googleContext(state: FlowState): GoogleSignInContext {
  const { context } = state;
  return {
    source: context.source,
    componentId: context.componentId,
    ...(isSafeRedirect(context.redirectUrl) ? { redirectUrl: context.redirectUrl } : {}),
    ...(context.listingKey ? { listingKey: context.listingKey } : {}),
    ...(context.listingVersionKey ? { listingVersionKey: context.listingVersionKey } : {}),
    ...(state.explicitOptIn === undefined ? {} : { explicitOptIn: state.explicitOptIn }),
  };
}

/** A call that failed without the server naming a status (unreachable, 5xx, unreadable): a flow error to report. */
function callBroke(result: CallAnswer<unknown>): boolean {
  return !result.ok && (result.httpStatus === null || result.httpStatus >= 500 || result.status === null);
}

// ---------------------------------------------------------------------------------------------------
// The step.

const observe = (form: FormType, action: ObservationAction): FlowCommand => ({ type: 'observe', form, action });
const report = (state: FlowState, category: ErrorCategory, message: string): FlowCommand => ({ type: 'reportError', category, message, form: state.form });

/** Moves to `form` with what entering it does: its display observation, the spotlight's marks, the end. */
function enter(state: FlowState, form: FlowForm, commands: FlowCommand[] = []): StepResult {
  const next: FlowState = { ...state, form, busy: false };
  const out = [...commands];
  if (isShownForm(form)) out.push(observe(form, 'DISPLAY'));
  if (form === 'CANDIDATE_SPOTLIGHT') out.push({ type: 'hideSpotlight' }, { type: 'observeSpotlightEntryPoint', subtype: 'impression' });
  if (form === 'DONE') out.push({ type: 'finish', effect: withOnboarding(postRegistrationAction(state.context), state.isNewRegistration) });
  if (form === 'ERROR') next.dismissible = true;
  return { state: next, commands: out };
}

const stay = (state: FlowState, commands: FlowCommand[] = []): StepResult => ({ state, commands });

/** Events whose calls carry the visit id and country: they wait for the location call. */
const NEEDS_META = new Set<FlowEvent['type']>(['emailSubmitted', 'confirmationContinued', 'codeSubmitted', 'resendRequested']);

export function step(state: FlowState, event: FlowEvent): StepResult {
  if (NEEDS_META.has(event.type) && state.metaStatus === 'loading') {
    return stay({ ...state, deferred: event, busy: true });
  }
  const { context } = state;
  switch (event.type) {
    case 'started': {
      const commands: FlowCommand[] = [{ type: 'loadMeta' }];
      if (state.form === 'REGISTRATION' && !context.emailValidationTest) commands.push({ type: 'loadExperiment' });
      const entered = enter(state, state.form, commands);
      // Partial login: a prefilled email sends the code once, without a click.
      if (state.form === 'REGISTRATION' && context.prefillEmail) {
        const submitted = step({ ...entered.state, automaticSubmit: true }, { type: 'emailSubmitted', email: context.prefillEmail.trim() });
        return { state: submitted.state, commands: [...entered.commands, ...submitted.commands] };
      }
      return entered;
    }

    case 'metaLoaded':
    case 'metaFailed': {
      const loaded: FlowState =
        event.type === 'metaLoaded' ? { ...state, meta: event.meta, metaStatus: 'loaded' } : { ...state, meta: null, metaStatus: 'failed' };
      const commands: FlowCommand[] = event.type === 'metaFailed' ? [report(state, 'tracking_meta', event.message)] : [];
      if (!state.deferred) return stay(loaded, commands);
      const resumed = step({ ...loaded, deferred: null, busy: false }, state.deferred);
      return { state: resumed.state, commands: [...commands, ...resumed.commands] };
    }

    case 'experimentAnswered': {
      // The experiment may add checks; the caller's local validation stays on (decision 0033).
      if (!event.result.ok) return stay(state);
      const { shouldPerformLocalValidation, shouldPerformMailgunValidation } = event.result.data;
      return stay({ ...state, validation: { local: state.validation.local || shouldPerformLocalValidation, server: shouldPerformMailgunValidation } });
    }

    case 'emailChecked':
      return stay(state, [observe('REGISTRATION', event.action)]);

    case 'serverCheckFailed':
      return stay(state, [report(state, 'base_form', `email_validation: ${event.message}`)]);

    case 'emailSubmitted': {
      const next = { ...state, email: event.email, busy: true };
      return stay(next, [
        observe('REGISTRATION', state.automaticSubmit ? 'PARTIAL_LOGIN_AUTO_SUBMIT' : 'SUBMIT'),
        { type: 'register', request: registrationRequest(next, event.email), emailValidationTest: context.emailValidationTest, purpose: 'submit' },
      ]);
    }

    case 'registrationAnswered': {
      const { result } = event;
      const status = result.ok ? result.data.status : result.status;
      const form: FormType = 'REGISTRATION';
      const sent = CODE_SENT.has(status);
      const commands: FlowCommand[] = [{ type: 'observeRegistration', status, errorMessage: result.ok ? result.data.error_message : result.message }];
      if (!result.ok) commands.push(report(state, 'credential', result.message));
      if (sent) commands.push(observe(form, 'REGISTRATION_SUCCESS'), observe(form, 'OTP_SEND_SUCCESS'));
      else {
        commands.push(observe(form, 'REGISTRATION_FAILURE'));
        if (status === 'SEND_OPT_EMAIL_ERROR') commands.push(observe(form, 'OTP_SEND_FAILURE'));
      }
      // Partial login: the terms footer shows on the OTP form; a failure is reported and hides it.
      if (state.automaticSubmit && !sent) commands.push(report(state, 'base_form', 'partial-login automatic submit failed'));
      const answered: FlowState = { ...state, busy: false, automaticSubmit: false, termsOnOtp: state.automaticSubmit && sent, error: null, warning: null };
      if (status === 'SUCCESS' || status === 'SEND_OPT_EMAIL_SUCCESS') {
        return enter({ ...answered, isNewRegistration: status === 'SUCCESS', dismissible: false, resends: 0, resendError: null }, 'OTP', commands);
      }
      if (status === WARNING_STATUS) return stay({ ...answered, warning: registrationErrorMessage(WARNING_STATUS) }, commands);
      return stay({ ...answered, error: registrationFailureMessage(result) }, commands);
    }

    case 'confirmationContinued': {
      // The same right code again, now without asking, with the box as ticked: this makes the account.
      if (state.code === null) return stay(state);
      const next = { ...state, explicitOptIn: event.explicitOptIn, busy: true, error: null };
      return stay(next, [
        observe('REGISTRATION_CONFIRMATION', 'CONTINUE'),
        observe('REGISTRATION_CONFIRMATION', 'SUBMIT'),
        { type: 'validateOtp', request: otpRequest(next, state.code, true) },
      ]);
    }

    case 'confirmationBack':
      // Nothing was made: the registration form again, which may be closed (decision 0085).
      return enter({ ...state, code: null, explicitOptIn: undefined, dismissible: true, error: null, warning: null }, 'REGISTRATION', [
        observe('REGISTRATION_CONFIRMATION', 'BACK'),
      ]);

    case 'codeSubmitted':
      return stay({ ...state, busy: true, code: event.code }, [observe('OTP', 'SUBMIT'), { type: 'validateOtp', request: otpRequest(state, event.code, false) }]);

    case 'codeEdited':
      return state.error ? stay({ ...state, error: null }) : stay(state);

    case 'otpAnswered': {
      const { result } = event;
      // The answer to the confirmation's Continue: the code was already observed as right.
      const confirming = state.form === 'REGISTRATION_CONFIRMATION';
      if (result.ok && result.data.status === 'REGISTRATION_CONFIRMATION_REQUIRED' && !confirming) {
        // A right code of a new address of the regConfirm type: confirm first; the code stays in state.
        return enter({ ...state, isNewRegistration: true, error: null, warning: null }, 'REGISTRATION_CONFIRMATION', [observe('OTP', 'OTP_VALIDATION_SUCCESS')]);
      }
      if (result.ok && result.data.status === 'SUCCESS') {
        // Spec 4.3: a correct code makes the modal dismissible again; the two flags are fetched.
        const isNewRegistration = result.data.is_new_registration ?? state.isNewRegistration;
        return stay({ ...state, isNewRegistration, code: null, dismissible: true, busy: true, error: null, signedInBy: 'otp' }, [
          ...(confirming ? [] : [observe('OTP', 'OTP_VALIDATION_SUCCESS')]),
          { type: 'loadEligibility' },
        ]);
      }
      const status = result.ok ? result.data.status : typeof result.status === 'string' ? result.status : null;
      const commands: FlowCommand[] = [observe('OTP', 'OTP_VALIDATION_FAILURE')];
      if (callBroke(result)) commands.push(report(state, 'credential', result.ok ? String(status) : result.message));
      return stay({ ...state, busy: false, error: otpFormErrorMessage(status) }, commands);
    }

    case 'resendRequested':
      return stay({ ...state, resendError: null }, [
        observe('OTP', 'RESEND'),
        { type: 'register', request: registrationRequest(state, state.email), emailValidationTest: context.emailValidationTest, purpose: 'resend' },
      ]);

    case 'resendAnswered': {
      const { result } = event;
      if (result.ok && CODE_SENT.has(result.data.status)) {
        // A successful resend clears the boxes and the error and restarts the timer (spec 4.3).
        return stay({ ...state, error: null, resendError: null, resends: state.resends + 1 }, [observe('OTP', 'OTP_RESEND_SUCCESS')]);
      }
      // Not reached at all: the server-error wording; reached but refused: the resend wording (spec 8).
      const message = !result.ok && result.httpStatus === null ? OTP_FORM_MESSAGES.serverError : OTP_FORM_MESSAGES.resendFailed;
      return stay({ ...state, resendError: message }, [
        observe('OTP', 'OTP_RESEND_FAILURE'),
        report(state, 'credential', result.ok ? `resend answered ${String(result.data.status)}` : result.message),
      ]);
    }

    case 'googleCredential':
      // Google's button lives in its own frame: the returned credential is the first sign of the click.
      return stay({ ...state, busy: true, error: null, warning: null }, [
        observe('REGISTRATION', 'SSO_CLICK'),
        { type: 'googleSignIn', credential: event.credential, context: googleContext(state) },
      ]);

    case 'googleAnswered': {
      const { response } = event;
      if (!response.success) {
        const message = googleFailureMessage(response.errorMessage);
        return stay({ ...state, busy: false, error: message }, [observe('REGISTRATION', 'SSO_FAILURE'), report(state, 'credential', message)]);
      }
      return stay({ ...state, isNewRegistration: response.isNewRegistration, dismissible: true, busy: true, signedInBy: 'sso' }, [
        observe('REGISTRATION', 'SSO_SUCCESS'),
        { type: 'loadEligibility' },
      ]);
    }

    case 'eligibilityAnswered': {
      // A failed eligibility call is reported and counts as not eligible (spec 8).
      const commands: FlowCommand[] = [];
      if (!event.spotlight.ok) commands.push(report(state, 'base_form', `candidate_spotlight: ${event.spotlight.message}`));
      if (!event.resubscribe.ok) commands.push(report(state, 'base_form', `resubscribe_eligibility: ${event.resubscribe.message}`));
      const flagged: FlowState = {
        ...state,
        error: null,
        warning: null,
        spotlightBucketed: event.spotlight.ok && event.spotlight.data.show_candidate_spotlight,
        missingEmailPrefs: event.resubscribe.ok && event.resubscribe.data.missing_email_prefs,
      };
      return enter(flagged, state.signedInBy === 'sso' ? firstOfferAfterSso(flagged) : firstOfferAfterCode(flagged), commands);
    }

    case 'spotlightConfirmed':
      return stay(state, [observe('CANDIDATE_SPOTLIGHT', 'CONTINUE'), { type: 'observeSpotlightEntryPoint', subtype: 'cta_click' }, { type: 'leave', url: CANDIDATE_SPOTLIGHT_PATH }]);

    case 'spotlightSkipped':
      return enter(state, smsOrEnd(state), [observe('CANDIDATE_SPOTLIGHT', 'SKIP')]);

    case 'resubscribeConfirmed':
      return stay({ ...state, busy: true }, [
        observe('RESUBSCRIBE', 'CONTINUE'),
        { type: 'resubscribe', request: { email: state.email, source: context.source, component_id: context.componentId } },
      ]);

    case 'resubscribeAnswered': {
      // The flow goes on whether it worked or not (spec 4.3); a failure is reported.
      const resubscribed = event.result.ok && event.result.data.status === 'EMAIL_RESUBSCRIBE_SUCCESS';
      const commands: FlowCommand[] = [observe('RESUBSCRIBE', resubscribed ? 'EMAIL_RESUBSCRIPTION_SUCCESS' : 'EMAIL_RESUBSCRIPTION_FAILURE')];
      if (!resubscribed) commands.push(report(state, 'base_form', event.result.ok ? `email resubscribe answered ${event.result.data.status}` : `email resubscribe failed: ${event.result.message}`));
      return enter(state, spotlightOrEnd(state), commands);
    }

    case 'resubscribeSkipped':
      return enter(state, spotlightOrEnd(state), [observe('RESUBSCRIBE', 'SKIP')]);

    case 'smsSubmitted':
      return stay({ ...state, busy: true }, [observe('SMS', 'CONTINUE'), { type: 'smsOptIn', request: { phone: event.phone, reg_method: context.componentId } }]);

    case 'smsAnswered': {
      // A failed opt-in is reported and the flow continues (spec 8).
      const commands: FlowCommand[] = [observe('SMS', event.result.ok ? 'SMS_OPT_IN_SUCCESS' : 'SMS_OPT_IN_FAILURE')];
      if (!event.result.ok) commands.push(report(state, 'base_form', `sms opt-in failed: ${event.result.message}`));
      return enter(state, 'DONE', commands);
    }

    case 'smsSkipped':
      return enter(state, 'DONE', [observe('SMS', 'SKIP')]);

    case 'employerChosen':
      return stay(state, [observe('REGISTRATION', 'TOGGLE_EMPLOYER'), { type: 'leave', url: EMPLOYER_LOGIN_PATH }]);

    case 'left': {
      if (state.form === 'DONE') return stay(state);
      const commands: FlowCommand[] = isShownForm(state.form) ? [observe(state.form, event.action)] : [];
      // Back while a code is pending (or held for the confirmation) goes back to the email form, to
      // correct the address (decisions 0092 and 0085); nothing was made.
      if ((state.form === 'OTP' || state.form === 'REGISTRATION_CONFIRMATION') && !state.dismissible) {
        if (event.action !== 'BACK') return stay(state);
        return enter({ ...state, code: null, explicitOptIn: undefined, dismissible: true, busy: false, error: null, termsOnOtp: false }, 'REGISTRATION', commands);
      }
      // Leaving an offer after sign-in ends the flow as finishing it would (decision 0034).
      if (OFFER_FORMS.has(state.form)) return enter(state, 'DONE', commands);
      return stay(state, [...commands, { type: 'close' }]);
    }

    case 'failed':
      return enter({ ...state, busy: false }, 'ERROR', [report(state, event.category, event.message)]);

    case 'retried': {
      const fresh = initialFlowState(context);
      return enter({ ...fresh, meta: state.meta, metaStatus: state.metaStatus, validation: state.validation }, 'REGISTRATION');
    }
  }
}

/** Runs a sequence of events from a state: what the table test and the landing page's glue use. */
export function run(state: FlowState, events: FlowEvent[]): StepResult {
  let current = state;
  const commands: FlowCommand[] = [];
  for (const event of events) {
    const result = step(current, event);
    current = result.state;
    commands.push(...result.commands);
  }
  return { state: current, commands };
}
