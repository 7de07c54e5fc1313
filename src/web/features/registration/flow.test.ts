import { describe, expect, it } from 'vitest';
import {
  afterRegistration,
  askConfirmationAfterCode,
  backFromConfirmation,
  initialFlowState,
  isSafeRedirect,
  isSmsEligible,
  isSpotlightEligible,
  isSpotlightHiddenLocally,
  markSpotlightShown,
  nextFormAfterConfirmation,
  nextFormAfterOtp,
  nextFormAfterRegistrationWithoutOtp,
  nextFormAfterResubscribe,
  nextFormAfterSms,
  nextFormAfterSpotlight,
  nextFormAfterSso,
  postRegistrationAction,
  requiresConfirmation,
  SPOTLIGHT_CONFIRM_TARGET,
  type EligibilityFlags,
  type FlowContext,
  type FlowState,
} from './flow';

const context: FlowContext = {
  action: 'default',
  registrationType: 'default',
  source: 'landing',
  componentId: 'get_started',
  country: 'US',
  spotlightRequestedByUrl: false,
  spotlightHiddenLocally: false,
};
const ctx = (overrides: Partial<FlowContext>): FlowContext => ({ ...context, ...overrides });
const state = (overrides: Partial<FlowState>): FlowState => ({ ...initialFlowState, ...overrides });
const flags = (overrides: Partial<EligibilityFlags> = {}): EligibilityFlags => ({ showCandidateSpotlight: false, missingEmailPrefs: false, ...overrides });

describe('registration answers (spec 4.3)', () => {
  it('SUCCESS: a new account, the OTP form, not dismissible', () => {
    const next = afterRegistration(initialFlowState, 'new@example.com', { status: 'SUCCESS' });
    expect(next).toMatchObject({ form: 'OTP', isNewRegistration: true, dismissible: false, email: 'new@example.com', error: null });
  });

  it('SEND_OPT_EMAIL_SUCCESS: an existing account, the OTP form, not dismissible', () => {
    const next = afterRegistration(state({ isNewRegistration: true }), 'old@example.com', { status: 'SEND_OPT_EMAIL_SUCCESS' });
    expect(next).toMatchObject({ form: 'OTP', isNewRegistration: false, dismissible: false });
  });

  it('REGISTRATION_CONFIRMATION_REQUIRED: the confirmation form, still dismissible', () => {
    const next = afterRegistration(initialFlowState, 'a@example.com', { status: 'REGISTRATION_CONFIRMATION_REQUIRED' });
    expect(next).toMatchObject({ form: 'REGISTRATION_CONFIRMATION', dismissible: true });
  });

  it('a right code for a new address of a regConfirm type: the confirmation form, told only now (decision 0085)', () => {
    const pending = state({ form: 'OTP', email: 'a@example.com', dismissible: false, error: 'x' });
    expect(askConfirmationAfterCode(pending)).toMatchObject({ form: 'REGISTRATION_CONFIRMATION', isNewRegistration: true, error: null, email: 'a@example.com' });
    expect(backFromConfirmation(askConfirmationAfterCode(pending))).toMatchObject({ form: 'REGISTRATION', dismissible: true });
  });

  it('only the regConfirm type asks for confirmation', () => {
    expect(requiresConfirmation(ctx({ registrationType: 'regConfirm' }))).toBe(true);
    expect(requiresConfirmation(ctx({ registrationType: 'default' }))).toBe(false);
    expect(requiresConfirmation(ctx({ registrationType: 'basic' }))).toBe(false);
  });

  it("the confirmation form's Back returns to registration", () => {
    expect(backFromConfirmation(state({ form: 'REGISTRATION_CONFIRMATION', error: 'x' }))).toMatchObject({ form: 'REGISTRATION', error: null });
  });

  it.each([
    ['RATE_LIMITING_ERROR', 'Too many attempts. Please try again later'],
    ['EMAIL_REJECTED_ERROR', 'This email address cannot be used. Please try another'],
    ['SEND_OPT_EMAIL_ERROR', 'Unable to send one time password email'],
    ['RATE_LIMITING_THROTTLED', 'Too many requests. Please wait a moment before trying again'],
    ['SOMETHING_NEW', 'An unexpected error occurred. Please try again'],
  ])('any other status is an error on the registration form: %s', (status, message) => {
    const next = afterRegistration(initialFlowState, 'a@example.com', { status });
    expect(next).toMatchObject({ form: 'REGISTRATION', error: message, dismissible: true });
  });

  it('a call failure keeps its own wording (network, 5xx) when the status is not in the catalogue', () => {
    const next = afterRegistration(initialFlowState, 'a@example.com', { status: null, failureMessage: 'We were unable to contact our servers. Please try again.' });
    expect(next.error).toBe('We were unable to contact our servers. Please try again.');
    expect(afterRegistration(initialFlowState, 'a@example.com', { status: 7 }).error).toBe('An unexpected error occurred. Please try again');
  });

  it('the invalid-or-uncertain check answer is a warning, not an error', () => {
    const next = afterRegistration(initialFlowState, 'a@example.com', { status: 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN' });
    expect(next).toMatchObject({ form: 'REGISTRATION', error: null, warning: 'Email address may be incorrect. Please correct if necessary, then click to continue' });
  });
});

describe('the offers after a correct code (spec 4.3)', () => {
  const pending = state({ form: 'OTP', dismissible: false });

  it('a correct code makes the modal dismissible again', () => {
    expect(nextFormAfterOtp(context, pending, flags()).dismissible).toBe(true);
  });

  it('resubscribe first when an existing account misses email preferences', () => {
    const next = nextFormAfterOtp(ctx({ spotlightRequestedByUrl: true }), { ...pending, isNewRegistration: false }, flags({ missingEmailPrefs: true, showCandidateSpotlight: true }));
    expect(next.form).toBe('RESUBSCRIBE');
  });

  it('spotlight before SMS when both are eligible', () => {
    const next = nextFormAfterOtp(context, { ...pending, isNewRegistration: true }, flags({ showCandidateSpotlight: true }));
    expect(next.form).toBe('CANDIDATE_SPOTLIGHT');
  });

  it('SMS when only SMS is eligible', () => {
    expect(nextFormAfterOtp(context, { ...pending, isNewRegistration: true }, flags()).form).toBe('SMS');
  });

  it('the end when nothing is eligible', () => {
    expect(nextFormAfterOtp(context, { ...pending, isNewRegistration: false }, flags()).form).toBe('DONE');
  });

  it('after a registration without a code the order is the same', () => {
    expect(nextFormAfterRegistrationWithoutOtp(context, state({ isNewRegistration: true }), flags({ showCandidateSpotlight: true })).form).toBe('CANDIDATE_SPOTLIGHT');
    expect(nextFormAfterRegistrationWithoutOtp(context, state({ isNewRegistration: true }), flags()).form).toBe('SMS');
  });

  it('single sign-on: resubscribe only for an existing account with missing preferences, else the end', () => {
    expect(nextFormAfterSso(initialFlowState, false, flags({ missingEmailPrefs: true })).form).toBe('RESUBSCRIBE');
    expect(nextFormAfterSso(initialFlowState, true, flags({ missingEmailPrefs: true })).form).toBe('DONE');
    expect(nextFormAfterSso(initialFlowState, false, flags({ showCandidateSpotlight: true })).form).toBe('DONE');
  });
});

describe('the offers after each offer (spec 4.3)', () => {
  it('after confirmation: spotlight or the end', () => {
    expect(nextFormAfterConfirmation(context, state({ spotlightBucketed: true })).form).toBe('CANDIDATE_SPOTLIGHT');
    expect(nextFormAfterConfirmation(context, state({ isNewRegistration: true })).form).toBe('DONE');
  });

  it('after spotlight: SMS if eligible or the end', () => {
    expect(nextFormAfterSpotlight(context, state({ isNewRegistration: true })).form).toBe('SMS');
    expect(nextFormAfterSpotlight(context, state({ isNewRegistration: false })).form).toBe('DONE');
  });

  it('after resubscribe: spotlight or the end', () => {
    expect(nextFormAfterResubscribe(context, state({ spotlightBucketed: true })).form).toBe('CANDIDATE_SPOTLIGHT');
    expect(nextFormAfterResubscribe(context, state({ spotlightBucketed: false, isNewRegistration: true })).form).toBe('DONE');
  });

  it('after SMS: the end', () => {
    expect(nextFormAfterSms(state({ form: 'SMS' })).form).toBe('DONE');
  });
});

describe('SMS eligibility (spec 4.3)', () => {
  it.each([
    ['a new registration of the default type in the US', ctx({}), true, true],
    ['an existing account', ctx({}), false, false],
    ['the basic type', ctx({ registrationType: 'basic' }), true, false],
    ['the regConfirm type', ctx({ registrationType: 'regConfirm' }), true, false],
    ['a visitor in Canada', ctx({ country: 'CA' }), true, false],
    ['a visitor in Canada, lower case', ctx({ country: 'ca' }), true, false],
    ['an unknown country', ctx({ country: null }), true, true],
  ])('%s', (_name, flowContext, isNewRegistration, eligible) => {
    expect(isSmsEligible(flowContext, { isNewRegistration })).toBe(eligible);
  });
});

describe('spotlight eligibility (spec 4.3)', () => {
  it.each([
    ['bucketed by the server', ctx({}), true, true],
    ['asked by URL (showCandidateSpotlight=true)', ctx({ spotlightRequestedByUrl: true }), false, true],
    ['neither asked nor bucketed', ctx({}), false, false],
    ['the apply action', ctx({ action: 'apply' }), true, false],
    ['hidden by the local flag', ctx({ spotlightHiddenLocally: true, spotlightRequestedByUrl: true }), true, false],
    ['a job page apply button', ctx({ source: 'seo_rich_job_page', componentId: 'job_page_apply' }), true, false],
    ['a paid job page save button', ctx({ source: 'paid_job_page', componentId: 'job_page_save' }), true, false],
    ['the SERP right pane apply', ctx({ source: 'serp', componentId: 'right_pane_apply' }), true, false],
    ['the DIRP left pane save', ctx({ source: 'dirp', componentId: 'left_pane_save' }), true, false],
    ['the same component id on another source', ctx({ source: 'landing', componentId: 'right_pane_apply' }), true, true],
  ])('%s', (_name, flowContext, spotlightBucketed, eligible) => {
    expect(isSpotlightEligible(flowContext, { spotlightBucketed })).toBe(eligible);
  });

  it('showing the offer sets the local hide flag, which then makes it ineligible', () => {
    const store = new Map<string, string>();
    const storage = { setItem: (k: string, v: string) => void store.set(k, v), getItem: (k: string) => store.get(k) ?? null };
    expect(isSpotlightHiddenLocally(storage)).toBe(false);
    markSpotlightShown(storage);
    expect(store.get('hideCandidateSpotlightRegistration')).toBe('true');
    expect(isSpotlightHiddenLocally(storage)).toBe(true);
  });

  it('confirming goes to the profile spotlight path', () => {
    expect(SPOTLIGHT_CONFIRM_TARGET).toBe('/profile?openCandidateSpotlight=true');
  });
});

describe('post-registration actions (spec 4.3)', () => {
  it('default reloads', () => {
    expect(postRegistrationAction(context)).toEqual({ kind: 'reload' });
  });

  it('apply and saveLegacy call the completion callback', () => {
    expect(postRegistrationAction(ctx({ action: 'apply' }))).toEqual({ kind: 'callback' });
    expect(postRegistrationAction(ctx({ action: 'saveLegacy' }))).toEqual({ kind: 'callback' });
  });

  it('external opens a tab; on job pages the page then goes home, elsewhere it reloads', () => {
    expect(postRegistrationAction(ctx({ action: 'external', externalUrl: 'https://ats.example/job', onJobPage: true }))).toEqual({
      kind: 'openTab',
      url: 'https://ats.example/job',
      ifOpened: 'navigateHome',
      ifBlocked: 'reload',
    });
    expect(postRegistrationAction(ctx({ action: 'external', externalUrl: 'https://ats.example/job' }))).toMatchObject({ ifOpened: 'reload' });
  });

  it('external_organic opens a tab and reloads', () => {
    expect(postRegistrationAction(ctx({ action: 'external_organic', externalUrl: 'https://x.example' }))).toEqual({
      kind: 'openTab',
      url: 'https://x.example',
      ifOpened: 'reload',
      ifBlocked: 'reload',
    });
  });

  it('save posts the save form with archive=0', () => {
    expect(postRegistrationAction(ctx({ action: 'save', listingKey: 'L1' }))).toEqual({ kind: 'postSaveForm', listingKey: 'L1', body: { archive: '0' } });
  });

  it('redirect defaults to /jobseeker/home', () => {
    expect(postRegistrationAction(ctx({ action: 'redirect' }))).toEqual({ kind: 'redirect', url: '/jobseeker/home' });
  });

  it('redirect goes to a safe own path', () => {
    expect(postRegistrationAction(ctx({ action: 'redirect', redirectUrl: '/jobs?q=nurse#top' }))).toEqual({ kind: 'redirect', url: '/jobs?q=nurse#top' });
  });

  it.each(['', 'jobs', 'https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/%zz\n'])(
    'redirect refuses %j and reloads instead',
    (redirectUrl) => {
      expect(postRegistrationAction(ctx({ action: 'redirect', redirectUrl }))).toMatchObject({ kind: 'reload' });
      expect(isSafeRedirect(redirectUrl)).toBe(false);
    },
  );
});
