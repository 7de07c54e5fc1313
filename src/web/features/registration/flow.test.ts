// Spec 4.3, row by row, as a table: from a state, a sequence of events, the form reached, what the
// state says, and the commands `step` gives (observations, error reports, calls, the end).
import { describe, expect, it } from 'vitest';
import type { TrackingMeta } from '../../../shared/registration/contracts';
import { isSafeRedirect } from '../../../shared/registration/redirect';
import {
  initialFlowState,
  isSmsEligible,
  isSpotlightEligible,
  postRegistrationAction,
  run,
  type CallAnswer,
  type FlowCommand,
  type FlowContext,
  type FlowEvent,
  type FlowForm,
  type FlowState,
} from './flow';

const US: TrackingMeta = { city: 'Austin', region: 'TX', country: 'US', visitId: 'v1', ptid: 'p1' };
const CANADA: TrackingMeta = { city: 'Toronto', region: 'ON', country: 'CA', visitId: 'v2', ptid: 'p2' };

const ctx = (overrides: Partial<FlowContext> = {}): FlowContext => ({
  action: 'redirect',
  registrationType: 'default',
  source: 'landing',
  componentId: 'get-started-cta',
  container: 'MODAL',
  spotlightRequestedByUrl: false,
  spotlightHiddenLocally: false,
  emailValidationTest: null,
  ...overrides,
});
/** The flow with its tracking metadata known. */
const ready = (context: Partial<FlowContext> = {}, meta: TrackingMeta = US, overrides: Partial<FlowState> = {}): FlowState => ({
  ...initialFlowState(ctx(context)),
  meta,
  metaStatus: 'loaded',
  ...overrides,
});

const ok = <T,>(data: T): CallAnswer<T> => ({ ok: true, data, httpStatus: 200 });
const refused = (status: string | null, message = 'refused', httpStatus: number | null = 400): CallAnswer<never> => ({ ok: false, status, message, httpStatus });
const submit = (email = 'a@example.com'): FlowEvent => ({ type: 'emailSubmitted', email });
const registered = (status: string): FlowEvent => ({ type: 'registrationAnswered', result: ok({ status }) as CallAnswer<never> });
const code: FlowEvent = { type: 'codeSubmitted', code: '123456' };
const codeAccepted: FlowEvent = { type: 'otpAnswered', result: ok({ status: 'SUCCESS' }) as CallAnswer<never> };
/** A right code of a new address when asked: confirm first (decision 0085). */
const confirmationAsked: FlowEvent = { type: 'otpAnswered', result: ok({ status: 'REGISTRATION_CONFIRMATION_REQUIRED' }) as CallAnswer<never> };
const accountMade: FlowEvent = { type: 'otpAnswered', result: ok({ status: 'SUCCESS', is_new_registration: true }) as CallAnswer<never> };
const flags = (spotlight: boolean, missingEmailPrefs: boolean): FlowEvent => ({
  type: 'eligibilityAnswered',
  spotlight: ok({ show_candidate_spotlight: spotlight }),
  resubscribe: ok({ missing_email_prefs: missingEmailPrefs }),
});
const google = (isNewRegistration: boolean): FlowEvent[] => [
  { type: 'googleCredential', credential: 'header.payload.signature' },
  { type: 'googleAnswered', response: { success: true, errorMessage: null, isNewRegistration } },
];
/** A new account's code accepted, then the flags. */
const newAccount = (spotlight = false, missing = false): FlowEvent[] => [submit(), registered('SUCCESS'), code, codeAccepted, flags(spotlight, missing)];
const returning = (spotlight = false, missing = false): FlowEvent[] => [submit(), registered('SEND_OPT_EMAIL_SUCCESS'), code, codeAccepted, flags(spotlight, missing)];

/** Commands in a few words each, so a row can list what it expects. */
function summary(command: FlowCommand): string {
  switch (command.type) {
    case 'observe':
      return `${command.form}:${command.action}`;
    case 'reportError':
      return `report ${command.category}`;
    case 'register':
      return `register${command.request.registration_confirmation_required ? ' asking confirmation' : ''}${command.purpose === 'resend' ? ' (resend)' : ''}`;
    case 'validateOtp':
      return `validateOtp ${command.request.one_time_password}${command.request.registration_confirmation_required ? ' asking confirmation' : ''}${
        command.request.explicit_opt_in === undefined ? '' : ` opt-in ${String(command.request.explicit_opt_in)}`
      }`;
    case 'leave':
      return `leave ${command.url}`;
    case 'finish':
      return `finish ${command.effect.kind}${'url' in command.effect ? ` ${command.effect.url}` : ''}`;
    case 'observeSpotlightEntryPoint':
      return `spotlight entry point ${command.subtype}`;
    default:
      return command.type;
  }
}

interface Row {
  /** The spec's words for the rule. */
  rule: string;
  from: FlowState;
  events: FlowEvent[];
  form: FlowForm;
  state?: Partial<FlowState>;
  /** Commands of the last event, in order (all of them). */
  last?: string[];
  /** Commands that must appear somewhere along the way. */
  includes?: string[];
  /** Commands that must not appear. */
  excludes?: string[];
}

function check(row: Row) {
  const steps = row.events.map((_, index) => run(row.from, row.events.slice(0, index + 1)));
  const end = steps.at(-1)!;
  const before = steps.at(-2)?.commands.length ?? 0;
  expect(end.state.form).toBe(row.form);
  if (row.state) expect(end.state).toMatchObject(row.state);
  const all = end.commands.map(summary);
  if (row.last) expect(all.slice(before)).toEqual(row.last);
  if (row.includes) expect(all).toEqual(expect.arrayContaining(row.includes));
  for (const excluded of row.excludes ?? []) expect(all).not.toContain(excluded);
}

const rows: Row[] = [
  // Registration by email, by status.
  {
    rule: 'SUCCESS: a new account, marked new, not dismissible, the OTP form follows',
    from: ready(),
    events: [submit(), registered('SUCCESS')],
    form: 'OTP',
    state: { isNewRegistration: true, dismissible: false, email: 'a@example.com', error: null },
    last: ['observeRegistration', 'REGISTRATION:REGISTRATION_SUCCESS', 'REGISTRATION:OTP_SEND_SUCCESS', 'OTP:DISPLAY'],
  },
  {
    rule: 'SEND_OPT_EMAIL_SUCCESS: an existing account, marked not new, not dismissible, the OTP form follows',
    from: ready(),
    events: [submit(), registered('SEND_OPT_EMAIL_SUCCESS')],
    form: 'OTP',
    state: { isNewRegistration: false, dismissible: false },
  },
  // The confirmation, asked only after a right code (decision 0085); its Continue sends the same code again,
  // so "after confirmation: spotlight or end" is the OTP row below (decision 0091).
  {
    rule: 'the registration call never asks for confirmation: every address gets the same answer before the code',
    from: ready({}, CANADA),
    events: [submit(), registered('SUCCESS')],
    form: 'OTP',
    includes: ['REGISTRATION:SUBMIT', 'register'],
    excludes: ['register asking confirmation', 'REGISTRATION_CONFIRMATION:DISPLAY'],
  },
  {
    rule: 'the regConfirm type asks for confirmation with the code',
    from: ready({ registrationType: 'regConfirm' }),
    events: [submit(), registered('SUCCESS'), code],
    form: 'OTP',
    state: { code: '123456', busy: true },
    last: ['OTP:SUBMIT', 'validateOtp 123456 asking confirmation'],
  },
  { rule: 'the default type does not ask', from: ready({ registrationType: 'default' }), events: [submit(), registered('SUCCESS'), code], form: 'OTP', last: ['OTP:SUBMIT', 'validateOtp 123456'] },
  { rule: 'the basic type does not ask', from: ready({ registrationType: 'basic' }), events: [submit(), registered('SUCCESS'), code], form: 'OTP', last: ['OTP:SUBMIT', 'validateOtp 123456'] },
  {
    rule: 'a Canadian visitor is of the regConfirm type (decision 0032) and asks with the code',
    from: ready({}, CANADA),
    events: [submit(), registered('SUCCESS'), code],
    form: 'OTP',
    last: ['OTP:SUBMIT', 'validateOtp 123456 asking confirmation'],
  },
  {
    rule: 'REGISTRATION_CONFIRMATION_REQUIRED after a right code: the code was right, the confirmation form follows, the code kept',
    from: ready({}, CANADA),
    events: [submit(), registered('SUCCESS'), code, confirmationAsked],
    form: 'REGISTRATION_CONFIRMATION',
    state: { code: '123456', isNewRegistration: true, dismissible: false, busy: false, error: null },
    last: ['OTP:OTP_VALIDATION_SUCCESS', 'REGISTRATION_CONFIRMATION:DISPLAY'],
  },
  {
    rule: "the confirmation's Continue sends the same code again, not asking, with the box as ticked",
    from: ready({}, CANADA),
    events: [submit(), registered('SUCCESS'), code, confirmationAsked, { type: 'confirmationContinued', explicitOptIn: true }],
    form: 'REGISTRATION_CONFIRMATION',
    state: { explicitOptIn: true, busy: true },
    last: ['REGISTRATION_CONFIRMATION:CONTINUE', 'REGISTRATION_CONFIRMATION:SUBMIT', 'validateOtp 123456 opt-in true'],
  },
  {
    rule: 'the account made after confirming: the flags are fetched, the code observed right only once',
    from: ready({}, CANADA),
    events: [submit(), registered('SUCCESS'), code, confirmationAsked, { type: 'confirmationContinued', explicitOptIn: false }, accountMade],
    form: 'REGISTRATION_CONFIRMATION',
    state: { dismissible: true, busy: true, code: null, isNewRegistration: true, explicitOptIn: false },
    last: ['loadEligibility'],
  },
  {
    rule: 'after confirming, the offers follow (Canada: no SMS), and the flow ends',
    from: ready({ spotlightRequestedByUrl: true }, CANADA),
    events: [submit(), registered('SUCCESS'), code, confirmationAsked, { type: 'confirmationContinued', explicitOptIn: true }, accountMade, flags(false, false)],
    form: 'CANDIDATE_SPOTLIGHT',
  },
  {
    rule: 'a code that fails when sent again shows its message on the confirmation form',
    from: ready({}, CANADA),
    events: [submit(), registered('SUCCESS'), code, confirmationAsked, { type: 'confirmationContinued', explicitOptIn: true }, { type: 'otpAnswered', result: refused('OTP_EXPIRED_ERROR', 'x', 410) }],
    form: 'REGISTRATION_CONFIRMATION',
    state: { error: 'This code has expired. Request a new one to continue.', busy: false },
    last: ['OTP:OTP_VALIDATION_FAILURE'],
  },
  {
    rule: "the confirmation form's Back returns to Registration, nothing made, the code forgotten",
    from: ready({}, CANADA),
    events: [submit(), registered('SUCCESS'), code, confirmationAsked, { type: 'confirmationBack' }],
    form: 'REGISTRATION',
    state: { code: null, dismissible: true, email: 'a@example.com' },
    last: ['REGISTRATION_CONFIRMATION:BACK', 'REGISTRATION:DISPLAY'],
  },
  {
    rule: 'an existing account of a Canadian visitor: the right code signs in, no confirmation',
    from: ready({}, CANADA),
    events: [submit(), registered('SUCCESS'), code, { type: 'otpAnswered', result: ok({ status: 'SUCCESS', is_new_registration: false }) as CallAnswer<never> }],
    form: 'OTP',
    state: { isNewRegistration: false, dismissible: true },
    last: ['OTP:OTP_VALIDATION_SUCCESS', 'loadEligibility'],
    excludes: ['REGISTRATION_CONFIRMATION:DISPLAY'],
  },
  {
    rule: "the right code's is_new_registration decides the offers: an existing account gets resubscribe",
    from: ready(),
    events: [submit(), registered('SUCCESS'), code, { type: 'otpAnswered', result: ok({ status: 'SUCCESS', is_new_registration: false }) as CallAnswer<never> }, flags(false, true)],
    form: 'RESUBSCRIBE',
  },
  {
    rule: 'any other status is an error: the catalogue message under the field',
    from: ready(),
    events: [submit(), registered('EXISTING_EMAIL_ERROR')],
    form: 'REGISTRATION',
    state: { error: 'This email is already registered. Please sign in instead', busy: false },
    last: ['observeRegistration', 'REGISTRATION:REGISTRATION_FAILURE'],
  },
  {
    rule: 'SEND_OPT_EMAIL_ERROR: a failure and a failed send, reported to the error service',
    from: ready(),
    events: [submit(), { type: 'registrationAnswered', result: refused('SEND_OPT_EMAIL_ERROR', 'no mail', 424) }],
    form: 'REGISTRATION',
    state: { error: 'Unable to send one time password email' },
    last: ['observeRegistration', 'report credential', 'REGISTRATION:REGISTRATION_FAILURE', 'REGISTRATION:OTP_SEND_FAILURE'],
  },
  {
    rule: 'a network failure keeps its own wording (spec 7) and is reported',
    from: ready(),
    events: [submit(), { type: 'registrationAnswered', result: refused(null, 'We were unable to contact our servers. Please try again.', null) }],
    form: 'REGISTRATION',
    state: { error: 'We were unable to contact our servers. Please try again.' },
    includes: ['report credential'],
  },
  {
    rule: "the mail service's invalid-or-uncertain answer is a warning, not an error",
    from: ready(),
    events: [submit(), registered('MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN')],
    form: 'REGISTRATION',
    state: { error: null, warning: 'Email address may be incorrect. Please correct if necessary, then click to continue' },
  },

  // Single sign-on.
  {
    rule: 'single sign-on success: the two flags are fetched',
    from: ready(),
    events: google(true),
    form: 'REGISTRATION',
    state: { busy: true, dismissible: true, isNewRegistration: true },
    last: ['REGISTRATION:SSO_SUCCESS', 'loadEligibility'],
  },
  {
    rule: 'single sign-on success, a new account: the flow completes',
    from: ready(),
    events: [...google(true), flags(true, true)],
    form: 'DONE',
    last: ['finish redirect /candidate/onboard'],
  },
  {
    rule: 'single sign-on success, an existing account with missing email preferences: resubscribe',
    from: ready(),
    events: [...google(false), flags(true, true)],
    form: 'RESUBSCRIBE',
    last: ['RESUBSCRIBE:DISPLAY'],
  },
  {
    rule: 'single sign-on success, an existing account with its preferences: the flow completes (no spotlight, no SMS)',
    from: ready({ spotlightRequestedByUrl: true }),
    events: [...google(false), flags(true, false)],
    form: 'DONE',
  },
  {
    rule: 'single sign-on failure: the message shows, prefixed, and is reported',
    from: ready(),
    events: [{ type: 'googleCredential', credential: 'bad' }, { type: 'googleAnswered', response: { success: false, errorMessage: 'Invalid token', isNewRegistration: false } }],
    form: 'REGISTRATION',
    state: { error: 'Unsuccessful call to Google Registration Api: Invalid token', busy: false },
    last: ['REGISTRATION:SSO_FAILURE', 'report credential'],
  },
  {
    rule: 'single sign-on sends the page listing version key and a safe redirect only',
    from: ready({ listingVersionKey: 'lvk-1', listingKey: 'L1', redirectUrl: '//evil.example' }),
    events: [{ type: 'googleCredential', credential: 'c' }],
    form: 'REGISTRATION',
    last: ['REGISTRATION:SSO_CLICK', 'googleSignIn'],
  },

  // OTP success and the offers' order.
  {
    rule: 'OTP success: dismissible again, the same two flags are fetched',
    from: ready(),
    events: [submit(), registered('SUCCESS'), code, codeAccepted],
    form: 'OTP',
    state: { dismissible: true, busy: true },
    last: ['OTP:OTP_VALIDATION_SUCCESS', 'loadEligibility'],
  },
  { rule: 'after OTP: resubscribe first when eligible', from: ready(), events: returning(true, true), form: 'RESUBSCRIBE' },
  { rule: 'after OTP: then the spotlight when eligible', from: ready(), events: returning(true, false), form: 'CANDIDATE_SPOTLIGHT' },
  { rule: 'after OTP: then SMS when eligible', from: ready(), events: newAccount(false, false), form: 'SMS', last: ['SMS:DISPLAY'] },
  { rule: 'after OTP: otherwise the flow ends', from: ready(), events: returning(false, false), form: 'DONE', last: ['finish redirect /jobseeker/home'] },
  { rule: 'after OTP: a new account never gets resubscribe', from: ready(), events: newAccount(false, true), form: 'SMS' },
  {
    rule: 'a failed eligibility call is reported and counts as not eligible',
    from: ready(),
    events: [submit(), registered('SEND_OPT_EMAIL_SUCCESS'), code, codeAccepted, { type: 'eligibilityAnswered', spotlight: refused(null, 'down', 503), resubscribe: refused(null, 'down', null) }],
    form: 'DONE',
    last: ['report base_form', 'report base_form', 'finish redirect /jobseeker/home'],
  },
  {
    rule: 'OTP failure: "Invalid one time password. Please try again."',
    from: ready(),
    events: [submit(), registered('SUCCESS'), code, { type: 'otpAnswered', result: refused('OTP_INVALID_ERROR') }],
    form: 'OTP',
    state: { error: 'Invalid one time password. Please try again.', dismissible: false, busy: false },
    last: ['OTP:OTP_VALIDATION_FAILURE'],
  },
  {
    rule: 'OTP failure: "This code has expired. Request a new one to continue."',
    from: ready(),
    events: [submit(), registered('SUCCESS'), code, { type: 'otpAnswered', result: refused('OTP_EXPIRED_ERROR', 'x', 410) }],
    form: 'OTP',
    state: { error: 'This code has expired. Request a new one to continue.' },
  },
  {
    rule: 'OTP failure: anything else is the server-error message, and a broken call is reported',
    from: ready(),
    events: [submit(), registered('SUCCESS'), code, { type: 'otpAnswered', result: refused(null, 'offline', null) }],
    form: 'OTP',
    state: { error: 'There was a server error. Try again later.' },
    last: ['OTP:OTP_VALIDATION_FAILURE', 'report credential'],
  },
  {
    rule: 'editing the code clears the error',
    from: ready(),
    events: [submit(), registered('SUCCESS'), code, { type: 'otpAnswered', result: refused('OTP_INVALID_ERROR') }, { type: 'codeEdited' }],
    form: 'OTP',
    state: { error: null },
  },
  {
    rule: 'a successful resend clears the error and restarts the timer',
    from: ready(),
    events: [submit(), registered('SUCCESS'), code, { type: 'otpAnswered', result: refused('OTP_INVALID_ERROR') }, { type: 'resendRequested' }, { type: 'resendAnswered', result: ok({ status: 'SUCCESS' }) as CallAnswer<never> }],
    form: 'OTP',
    state: { error: null, resends: 1, resendError: null },
    includes: ['OTP:RESEND', 'register (resend)'],
    last: ['OTP:OTP_RESEND_SUCCESS'],
  },
  {
    rule: 'an unsuccessful resend: "Unable to resend code — please try again later"',
    from: ready(),
    events: [submit(), registered('SUCCESS'), { type: 'resendRequested' }, { type: 'resendAnswered', result: refused('RATE_LIMITING_ERROR', 'x', 429) }],
    form: 'OTP',
    state: { resends: 0, resendError: 'Unable to resend code — please try again later' },
    last: ['OTP:OTP_RESEND_FAILURE', 'report credential'],
  },
  {
    rule: 'a resend that never reached the server: the server-error message',
    from: ready(),
    events: [submit(), registered('SUCCESS'), { type: 'resendRequested' }, { type: 'resendAnswered', result: refused(null, 'offline', null) }],
    form: 'OTP',
    state: { resendError: 'There was a server error. Try again later.' },
  },

  // After each offer.
  { rule: 'after spotlight: SMS if eligible', from: ready(), events: [...newAccount(true), { type: 'spotlightSkipped' }], form: 'SMS', last: ['CANDIDATE_SPOTLIGHT:SKIP', 'SMS:DISPLAY'] },
  { rule: 'after spotlight: else the end', from: ready(), events: [...returning(true), { type: 'spotlightSkipped' }], form: 'DONE' },
  {
    rule: 'showing the spotlight sets the hide flag and sends the entry point impression',
    from: ready(),
    events: returning(true),
    form: 'CANDIDATE_SPOTLIGHT',
    last: ['CANDIDATE_SPOTLIGHT:DISPLAY', 'hideSpotlight', 'spotlight entry point impression'],
  },
  {
    rule: 'confirming the spotlight goes to the profile spotlight path, with the entry point click',
    from: ready(),
    events: [...returning(true), { type: 'spotlightConfirmed' }],
    form: 'CANDIDATE_SPOTLIGHT',
    last: ['CANDIDATE_SPOTLIGHT:CONTINUE', 'spotlight entry point cta_click', 'leave /profile?openCandidateSpotlight=true'],
  },
  {
    rule: 'resubscribe confirm posts the request',
    from: ready(),
    events: [...returning(true, true), { type: 'resubscribeConfirmed' }],
    form: 'RESUBSCRIBE',
    state: { busy: true },
    last: ['RESUBSCRIBE:CONTINUE', 'resubscribe'],
  },
  {
    rule: 'after resubscribe (it worked): spotlight or end',
    from: ready(),
    events: [...returning(true, true), { type: 'resubscribeConfirmed' }, { type: 'resubscribeAnswered', result: ok({ status: 'EMAIL_RESUBSCRIBE_SUCCESS' }) as CallAnswer<never> }],
    form: 'CANDIDATE_SPOTLIGHT',
    includes: ['RESUBSCRIBE:EMAIL_RESUBSCRIPTION_SUCCESS'],
  },
  {
    rule: 'after resubscribe (it failed): the flow goes on, and the failure is reported',
    from: ready(),
    events: [...returning(false, true), { type: 'resubscribeConfirmed' }, { type: 'resubscribeAnswered', result: refused('EMAIL_RESUBSCRIBE_ERROR', 'x', 401) }],
    form: 'DONE',
    last: ['RESUBSCRIBE:EMAIL_RESUBSCRIPTION_FAILURE', 'report base_form', 'finish redirect /jobseeker/home'],
  },
  { rule: 'resubscribe skip completes it', from: ready(), events: [...returning(false, true), { type: 'resubscribeSkipped' }], form: 'DONE', last: ['RESUBSCRIBE:SKIP', 'finish redirect /jobseeker/home'] },
  {
    rule: 'after SMS: the end (opted in)',
    from: ready(),
    events: [...newAccount(), { type: 'smsSubmitted', phone: '+12025550123' }, { type: 'smsAnswered', result: ok({}) }],
    form: 'DONE',
    includes: ['SMS:CONTINUE', 'smsOptIn', 'SMS:SMS_OPT_IN_SUCCESS'],
  },
  {
    rule: 'after SMS: a failed opt-in is reported and the flow continues',
    from: ready(),
    events: [...newAccount(), { type: 'smsSubmitted', phone: '+12025550123' }, { type: 'smsAnswered', result: refused(null, 'down', 503) }],
    form: 'DONE',
    last: ['SMS:SMS_OPT_IN_FAILURE', 'report base_form', 'finish redirect /candidate/onboard'],
  },
  { rule: 'after SMS: the end (skipped)', from: ready(), events: [...newAccount(), { type: 'smsSkipped' }], form: 'DONE', last: ['SMS:SKIP', 'finish redirect /candidate/onboard'] },

  // SMS eligibility, through the flow.
  { rule: 'SMS: not for the basic type', from: ready({ registrationType: 'basic' }), events: newAccount(), form: 'DONE' },
  { rule: 'SMS: not for the regConfirm type', from: ready({ registrationType: 'regConfirm' }), events: newAccount(), form: 'DONE' },
  { rule: 'SMS: not in Canada', from: ready({}, CANADA), events: newAccount(), form: 'DONE' },
  { rule: 'SMS: not for an existing account', from: ready(), events: returning(), form: 'DONE' },

  // Spotlight eligibility, through the flow.
  { rule: 'spotlight: asked for by URL', from: ready({ spotlightRequestedByUrl: true }), events: returning(false), form: 'CANDIDATE_SPOTLIGHT' },
  { rule: 'spotlight: not for the apply action', from: ready({ action: 'apply' }), events: returning(true), form: 'DONE' },
  { rule: 'spotlight: not when hidden locally', from: ready({ spotlightHiddenLocally: true, spotlightRequestedByUrl: true }), events: returning(true), form: 'DONE' },
  { rule: "spotlight: not from a job page's apply button", from: ready({ source: 'seo_rich_job_page', componentId: 'job_page_apply', action: 'default' }), events: returning(true), form: 'DONE' },
  { rule: 'spotlight: not from the SERP right pane save', from: ready({ source: 'serp', componentId: 'right_pane_save', action: 'save' }), events: returning(true), form: 'DONE' },

  // Partial login.
  {
    rule: 'partial-login prefill submits once by itself, and the terms footer shows on the OTP form',
    from: ready({ prefillEmail: ' known@example.com ' }),
    events: [{ type: 'started' }, registered('SEND_OPT_EMAIL_SUCCESS')],
    form: 'OTP',
    state: { termsOnOtp: true, email: 'known@example.com' },
    includes: ['REGISTRATION:DISPLAY', 'REGISTRATION:PARTIAL_LOGIN_AUTO_SUBMIT', 'register'],
    excludes: ['REGISTRATION:SUBMIT'],
  },
  {
    rule: 'partial-login prefill that fails: reported, the footer hidden',
    from: ready({ prefillEmail: 'known@example.com' }),
    events: [{ type: 'started' }, { type: 'registrationAnswered', result: refused('RATE_LIMITING_ERROR', 'x', 429) }],
    form: 'REGISTRATION',
    state: { termsOnOtp: false, error: 'Too many attempts. Please try again later' },
    includes: ['report base_form'],
  },

  // The container (decisions 0034 and 0092).
  { rule: 'closing the registration form closes the modal', from: ready(), events: [{ type: 'left', action: 'CLOSE' }], form: 'REGISTRATION', last: ['REGISTRATION:CLOSE', 'close'] },
  { rule: 'while a code is pending the modal does not close', from: ready(), events: [submit(), registered('SUCCESS'), { type: 'left', action: 'CLOSE' }], form: 'OTP', last: [] },
  {
    rule: "the fullscreen Back while a code is pending returns to the email form, which may be closed again",
    from: ready(),
    events: [submit(), registered('SUCCESS'), { type: 'left', action: 'BACK' }],
    form: 'REGISTRATION',
    state: { dismissible: true, email: 'a@example.com' },
    last: ['OTP:BACK', 'REGISTRATION:DISPLAY'],
  },
  {
    rule: 'while a right code waits for the confirmation the modal does not close; its fullscreen Back returns to the email form',
    from: ready({}, CANADA),
    events: [submit(), registered('SUCCESS'), code, confirmationAsked, { type: 'left', action: 'CLOSE' }, { type: 'left', action: 'BACK' }],
    form: 'REGISTRATION',
    state: { dismissible: true, code: null },
    last: ['REGISTRATION_CONFIRMATION:BACK', 'REGISTRATION:DISPLAY'],
    excludes: ['close'],
  },
  { rule: 'closing an offer after sign-in ends the flow', from: ready(), events: [...newAccount(), { type: 'left', action: 'CLOSE' }], form: 'DONE', last: ['SMS:CLOSE', 'finish redirect /candidate/onboard'] },
  { rule: "I'm an Employer goes to the employer login", from: ready(), events: [{ type: 'employerChosen' }], form: 'REGISTRATION', last: ['REGISTRATION:TOGGLE_EMPLOYER', 'leave /authn/employer/login'] },

  // What waits for the tracking metadata, and the flow's errors.
  {
    rule: 'a submit before the location call answered waits for it, then carries the country',
    from: initialFlowState(ctx()),
    events: [submit(), { type: 'metaLoaded', meta: CANADA }],
    form: 'REGISTRATION',
    state: { busy: true, deferred: null },
    last: ['REGISTRATION:SUBMIT', 'register'],
  },
  {
    rule: 'a code typed before the location call answered waits for it, then asks as the country says',
    from: { ...initialFlowState(ctx()), form: 'OTP', email: 'a@example.com' },
    events: [code, { type: 'metaLoaded', meta: CANADA }],
    form: 'OTP',
    state: { deferred: null, code: '123456' },
    last: ['OTP:SUBMIT', 'validateOtp 123456 asking confirmation'],
  },
  {
    rule: 'a failed location call is reported as tracking_meta; a waiting submit goes on without it',
    from: initialFlowState(ctx()),
    events: [submit(), { type: 'metaFailed', message: 'getTrackingMeta call was not successful' }],
    form: 'REGISTRATION',
    last: ['report tracking_meta', 'REGISTRATION:SUBMIT', 'register'],
  },
  { rule: 'a rendering failure shows the error screen and is reported', from: ready(), events: [{ type: 'failed', category: 'base_form', message: 'boom' }], form: 'ERROR', last: ['report base_form'] },
  { rule: 'Try again starts over on the registration form', from: ready(), events: [{ type: 'failed', category: 'base_form', message: 'boom' }, { type: 'retried' }], form: 'REGISTRATION', state: { metaStatus: 'loaded' } },
];

describe('spec 4.3, row by row', () => {
  it.each(rows.map((row) => [row.rule, row] as const))('%s', (_rule, row) => check(row));
});

describe('the requests step builds', () => {
  it('registration and code calls carry the listing keys from a job page, the visit id and the country', () => {
    const from = ready({ listingKey: 'L1', listingVersionKey: 'V7', source: 'seo_rich_job_page', componentId: 'job_page_save', action: 'save' });
    const { commands } = run(from, [submit('  a@example.com'.trim()), registered('SUCCESS'), code]);
    const register = commands.find((command) => command.type === 'register');
    const otp = commands.find((command) => command.type === 'validateOtp');
    expect(register).toMatchObject({ request: { listing_key: 'L1', listing_version_key: 'V7', metadata: { visitId: 'v1', countryCode: 'US' }, email_verification_required: true } });
    expect(otp).toMatchObject({ request: { listing_key: 'L1', listing_version_key: 'V7', meta_data: { visitId: 'v1', countryCode: 'US' }, one_time_password: '123456' } });
  });

  it('single sign-on sends the listing version key and only a safe redirect', () => {
    const { commands } = run(ready({ listingVersionKey: 'lvk-1', redirectUrl: '//evil.example' }), [{ type: 'googleCredential', credential: 'c' }]);
    const call = commands.find((command) => command.type === 'googleSignIn');
    expect(call).toMatchObject({ context: { listingVersionKey: 'lvk-1' } });
    expect(call && 'context' in call ? call.context.redirectUrl : 'x').toBeUndefined();
  });

  it('the experiment is skipped when the URL names the variant (spec 7)', () => {
    expect(run(initialFlowState(ctx()), [{ type: 'started' }]).commands.map(summary)).toEqual(['loadMeta', 'loadExperiment', 'REGISTRATION:DISPLAY']);
    const fromUrl = initialFlowState(ctx({ emailValidationTest: 'local_and_mailgun' }));
    expect(fromUrl.validation).toEqual({ local: true, server: true });
    expect(run(fromUrl, [{ type: 'started' }]).commands.map(summary)).toEqual(['loadMeta', 'REGISTRATION:DISPLAY']);
  });
});

describe('the rules on their own', () => {
  it.each([
    ['a new registration of the default type in the US', {}, US, true, true],
    ['an existing account', {}, US, false, false],
    ['the basic type', { registrationType: 'basic' as const }, US, true, false],
    ['a visitor in Canada, lower case', {}, { ...CANADA, country: 'ca' }, true, false],
    ['an unknown country', {}, { ...US, country: '' }, true, true],
  ])('SMS: %s', (_name, context, meta, isNewRegistration, eligible) => {
    expect(isSmsEligible({ context: ctx(context), meta, isNewRegistration })).toBe(eligible);
  });

  it('spotlight: the same component id on another source is not excluded', () => {
    expect(isSpotlightEligible({ context: ctx({ source: 'landing', componentId: 'right_pane_apply' }), spotlightBucketed: true })).toBe(true);
  });
});

describe('flow end: the post-registration action (spec 4.3)', () => {
  it.each([
    ['default reloads', { action: 'default' as const }, { kind: 'reload' }],
    ['apply calls the completion callback', { action: 'apply' as const }, { kind: 'callback' }],
    ['saveLegacy calls the completion callback', { action: 'saveLegacy' as const }, { kind: 'callback' }],
    [
      'external opens a tab; on job pages the page then goes home',
      { action: 'external' as const, externalUrl: 'https://ats.example/job', onJobPage: true },
      { kind: 'openTab', url: 'https://ats.example/job', ifOpened: 'navigateHome', ifBlocked: 'reload' },
    ],
    ['external elsewhere reloads', { action: 'external' as const, externalUrl: 'https://ats.example/job' }, { kind: 'openTab', url: 'https://ats.example/job', ifOpened: 'reload', ifBlocked: 'reload' }],
    ['external_organic opens a tab and reloads', { action: 'external_organic' as const, externalUrl: 'https://x.example' }, { kind: 'openTab', url: 'https://x.example', ifOpened: 'reload', ifBlocked: 'reload' }],
    ['save posts the save form with archive=0', { action: 'save' as const, listingKey: 'L1' }, { kind: 'postSaveForm', listingKey: 'L1', body: { archive: '0' } }],
    ['redirect defaults to /jobseeker/home', { action: 'redirect' as const }, { kind: 'redirect', url: '/jobseeker/home' }],
    ['redirect goes to a safe own path', { action: 'redirect' as const, redirectUrl: '/jobs?q=nurse#top' }, { kind: 'redirect', url: '/jobs?q=nurse#top' }],
  ])('%s', (_name, context, effect) => {
    expect(postRegistrationAction(ctx(context))).toEqual(effect);
  });

  it.each(['', 'jobs', 'https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/%zz\n'])('redirect refuses %j and reloads instead', (redirectUrl) => {
    expect(postRegistrationAction(ctx({ action: 'redirect', redirectUrl }))).toMatchObject({ kind: 'reload' });
    expect(isSafeRedirect(redirectUrl)).toBe(false);
  });
});
