// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationApi } from './api';
import type { PostRegistrationEffect } from './flow';
import type { ComponentEvent } from '../analytics/tracker';
import type { ObservationSink } from './flow-observations';
import { RegistrationFlow, type RegistrationFlowOptions } from './registration-flow';
import type { RegistrationModalProps } from './registration-modal';

afterEach(cleanup);

type Answer = { ok: true; data: unknown; httpStatus: number } | { ok: false; status: string | number | null; message: string; httpStatus: number | null };
const ok = (data: unknown): Answer => ({ ok: true, data, httpStatus: 200 });

function fakeApi(overrides: Partial<Record<keyof RegistrationApi, (...args: never[]) => Promise<Answer>>> = {}) {
  const api = {
    location: vi.fn(async () => ok({ city: 'Austin', region: 'TX', country: 'US', visitId: 'v1', ptid: 'p1' })),
    register: vi.fn(async () => ok({ status: 'SUCCESS' })),
    validateOtp: vi.fn(async () => ok({ status: 'SUCCESS' })),
    resubscribe: vi.fn(async () => ok({ status: 'EMAIL_RESUBSCRIBE_SUCCESS' })),
    candidateSpotlightEligibility: vi.fn(async () => ok({ show_candidate_spotlight: false })),
    resubscribeEligibility: vi.fn(async () => ok({ missing_email_prefs: false })),
    emailValidationExperiment: vi.fn(async () => ok({ experiment: 'e', variant: 'control', shouldPerformLocalValidation: false, shouldPerformMailgunValidation: false })),
    validateEmail: vi.fn(async () => ok({ status: 'MAILGUN_EMAIL_VALIDATION_SUCCESS' })),
    smsOptIn: vi.fn(async () => ok({})),
    reportError: vi.fn(async () => ok({})),
    saveJob: vi.fn(async () => ok({})),
    ...overrides,
  };
  return api as typeof api & RegistrationApi;
}

const baseOptions: RegistrationFlowOptions = { copyVariant: 'landingPage', source: 'landing', componentId: 'get_started_cta', action: 'redirect' };

function recordingSink() {
  const actions: string[] = [];
  const events: ComponentEvent[] = [];
  const registrations: string[] = [];
  const flushes: number[] = [];
  const spotlights: string[] = [];
  const sink: ObservationSink = {
    trackSpotlight: (record) => void spotlights.push(`${record.event_type}:${record.event_subtype}`),
    trackComponent: (event) => {
      actions.push(`${event.baseFormType}:${event.action}`);
      events.push(event);
      return true;
    },
    trackRegistration: (observation) => void registrations.push(observation.response_status),
    flush: async () => void flushes.push(actions.length),
  };
  return { sink, actions, events, registrations, flushes, spotlights };
}

let lastObservations = recordingSink();

function renderFlow(api: RegistrationApi, options: Partial<RegistrationFlowOptions> = {}, search = '') {
  lastObservations = recordingSink();
  const onFinish = vi.fn<(effect: PostRegistrationEffect) => void>();
  const store = new Map<string, string>();
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) } as unknown as Storage;
  render(<RegistrationFlow options={{ ...baseOptions, ...options }} headingId="t" headingLevel={2} api={api} onFinish={onFinish} search={search} storage={storage} observations={lastObservations.sink} />);
  return { onFinish, store };
}

async function submitEmail(email: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  });
}

async function enterCode(code: string) {
  const first = await screen.findByRole('textbox', { name: 'Digit 1 of 6' });
  await act(async () => {
    fireEvent.paste(first, { clipboardData: { getData: () => code } });
  });
}

describe('the registration flow, drawn', () => {
  it('a new job seeker: email, code, SMS offer, then the redirect to onboarding (decision 0234)', async () => {
    const api = fakeApi();
    const { onFinish } = renderFlow(api);
    await submitEmail('  new@example.com ');
    expect(api.register).toHaveBeenCalledWith(
      expect.objectContaining({
        form_data: { email: 'new@example.com', explicit_opt_in: undefined },
        metadata: { visitId: 'v1', countryCode: 'US' },
        registration_confirmation_required: false,
        email_verification_required: true,
        source: 'landing',
        component_id: 'get_started_cta',
      }),
      null,
    );
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    await enterCode('123456');
    expect(api.validateOtp).toHaveBeenCalledWith(expect.objectContaining({ email: 'new@example.com', one_time_password: '123456' }));
    expect(await screen.findByRole('heading', { name: 'Stay up to date' }, { timeout: 10_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '202 555 0123' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(api.smsOptIn).toHaveBeenCalledWith({ phone: '+12025550123', reg_method: 'get_started_cta' });
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ kind: 'redirect', url: '/candidate/onboard' }));
    // What the sign-up funnel counts, in order.
    expect(lastObservations.actions).toEqual([
      'REGISTRATION:DISPLAY',
      'REGISTRATION:LOCAL_EMAIL_VALIDATION_SUCCESS',
      'REGISTRATION:SUBMIT',
      'REGISTRATION:REGISTRATION_SUCCESS',
      'REGISTRATION:OTP_SEND_SUCCESS',
      'OTP:DISPLAY',
      'OTP:SUBMIT',
      'OTP:OTP_VALIDATION_SUCCESS',
      'SMS:DISPLAY',
      'SMS:CONTINUE',
      'SMS:SMS_OPT_IN_SUCCESS',
    ]);
    expect(lastObservations.registrations).toEqual(['SUCCESS']);
    // Every event carries the seven fields spec 8 requires, from the flow's options and the location call.
    for (const event of lastObservations.events) {
      expect(event).toMatchObject({ componentId: 'get_started_cta', source: 'landing', formContainerType: 'MODAL', visitId: 'v1', metaData: { ptid: 'p1', country_code: 'US' } });
    }
    expect(lastObservations.events[0]!.componentType).toBe('registration-modal');
  });

  it('an invalid phone says "Phone number is invalid"; Skip ends the flow', async () => {
    const api = fakeApi();
    const { onFinish } = renderFlow(api);
    await submitEmail('new@example.com');
    await enterCode('123456');
    await screen.findByRole('heading', { name: 'Stay up to date' }, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Phone number is invalid');
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(api.smsOptIn).not.toHaveBeenCalled();
  });

  it('a returning job seeker: "Welcome back!", a wrong code, then resubscribe and spotlight', async () => {
    const api = fakeApi({
      register: async () => ok({ status: 'SEND_OPT_EMAIL_SUCCESS' }),
      candidateSpotlightEligibility: async () => ok({ show_candidate_spotlight: true }),
      resubscribeEligibility: async () => ok({ missing_email_prefs: true }),
    });
    vi.mocked(api.validateOtp).mockResolvedValueOnce({ ok: false, status: 'OTP_INVALID_ERROR', message: 'x', httpStatus: 400 } as never);
    const { onFinish, store } = renderFlow(api);
    await submitEmail('old@example.com');
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
    await enterCode('000000');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid one time password. Please try again.');
    await enterCode('123456');
    expect(await screen.findByRole('heading', { name: 'Employers may not be able to message you!' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resubscribe to all emails' }));
    });
    expect(api.resubscribe).toHaveBeenCalledWith({ email: 'old@example.com', source: 'landing', component_id: 'get_started_cta' });
    expect(await screen.findByRole('heading', { name: 'Get your resume seen first' })).toBeTruthy();
    expect(store.get('hideCandidateSpotlightRegistration')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Skip for Now' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ kind: 'redirect', url: '/jobseeker/home' }));
  });

  it('a Canadian visitor confirms the new account after the code (decision 0085), with the email-alerts checkbox, and gets no SMS offer', async () => {
    const api = fakeApi({ location: async () => ok({ city: 'Toronto', region: 'ON', country: 'CA', visitId: 'v2', ptid: 'p2' }) });
    vi.mocked(api.validateOtp).mockResolvedValueOnce(ok({ status: 'REGISTRATION_CONFIRMATION_REQUIRED' }) as never);
    vi.mocked(api.validateOtp).mockResolvedValueOnce(ok({ status: 'SUCCESS', is_new_registration: true }) as never);
    const { onFinish } = renderFlow(api);
    await submitEmail('eh@example.ca');
    // The same answer and the same code form for every address: nothing told before the code.
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    await enterCode('123456');
    expect(api.validateOtp).toHaveBeenLastCalledWith(expect.objectContaining({ one_time_password: '123456', registration_confirmation_required: true }));
    expect(await screen.findByRole('heading', { name: 'Job Seeker - Sign Up' })).toBeTruthy();
    expect(screen.getByText('No Job Seeker account found — let’s create one for you.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).readOnly).toBe(true);
    // The terms text leaves the email alerts to the box beside it (decision 0032).
    expect(screen.queryByText(/to receiving email job alerts/)).toBeNull();
    expect(screen.getByText(/Email job alerts are sent only if you tick the box above/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(api.validateOtp).toHaveBeenLastCalledWith(
      expect.objectContaining({ one_time_password: '123456', registration_confirmation_required: false, explicit_opt_in: true }),
    );
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Stay up to date' })).toBeNull();
    // The code is observed right once; the confirmation's Continue is its continue and its submit.
    expect(lastObservations.actions.filter((action) => action === 'OTP:OTP_VALIDATION_SUCCESS')).toHaveLength(1);
    expect(lastObservations.actions).toEqual(expect.arrayContaining(['REGISTRATION_CONFIRMATION:DISPLAY', 'REGISTRATION_CONFIRMATION:CONTINUE', 'REGISTRATION_CONFIRMATION:SUBMIT']));
  });

  it('email_validation_test=local_and_mailgun: the server check warns once, then the next submit goes through', async () => {
    const api = fakeApi({ validateEmail: async () => ok({ status: 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN' }) });
    renderFlow(api, {}, '?email_validation_test=local_and_mailgun');
    await submitEmail('someone@unknown-domain.example');
    expect(api.emailValidationExperiment).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Email address may be incorrect. Please correct if necessary, then click to continue');
    expect(api.register).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(api.register).toHaveBeenCalledWith(expect.anything(), 'local_and_mailgun');
  });

  it('a typo suggestion: Yes applies it and the next submit sends the corrected address', async () => {
    const api = fakeApi();
    renderFlow(api);
    await submitEmail('sam@gmial.com');
    expect(api.register).not.toHaveBeenCalled();
    expect(screen.getByText('sam@gmail.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('sam@gmail.com');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(api.register).toHaveBeenCalledWith(expect.objectContaining({ form_data: expect.objectContaining({ email: 'sam@gmail.com' }) }), null);
  });

  it('a typo suggestion: No dismisses it and the next submit sends the address as typed', async () => {
    const api = fakeApi();
    renderFlow(api);
    await submitEmail('sam@gmial.com');
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByText('sam@gmail.com')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(api.register).toHaveBeenCalledWith(expect.objectContaining({ form_data: expect.objectContaining({ email: 'sam@gmial.com' }) }), null);
  });

  it('partial-login prefill submits once by itself and shows the terms on the OTP form', async () => {
    const api = fakeApi();
    renderFlow(api, { prefillEmail: 'known@example.com' });
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(api.register).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/By clicking Continue, you agree/)).toBeTruthy();
  });

  it('showCandidateSpotlight=true in the URL offers the spotlight; See How It Works goes to the profile', async () => {
    const api = fakeApi();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    renderFlow(api, {}, '?showCandidateSpotlight=true');
    await submitEmail('new@example.com');
    await enterCode('123456');
    fireEvent.click(await screen.findByRole('button', { name: 'See How It Works' }));
    // The observation is queued and sent before the page is left.
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/profile?openCandidateSpotlight=true'));
    expect(lastObservations.actions.slice(-2)).toEqual(['CANDIDATE_SPOTLIGHT:DISPLAY', 'CANDIDATE_SPOTLIGHT:CONTINUE']);
    // Spec 7: the client entry-point event, for the impression and for the button's click.
    expect(lastObservations.spotlights).toEqual(['ENTRY_POINT:impression', 'ENTRY_POINT:cta_click']);
    expect(lastObservations.flushes).toEqual([lastObservations.actions.length]);
    vi.unstubAllGlobals();
  });

});

describe('what the runner carries out', () => {
  it('a flow error reaches the error-reporting service, tagged with its category', async () => {
    const api = fakeApi({ register: async () => ({ ok: false, status: null, message: 'We were unable to contact our servers. Please try again.', httpStatus: null }) });
    renderFlow(api);
    await submitEmail('a@example.com');
    expect(screen.getByRole('alert').textContent).toBe('We were unable to contact our servers. Please try again.');
    await waitFor(() =>
      expect(api.reportError).toHaveBeenCalledWith(expect.objectContaining({ category: 'credential', error_message: 'We were unable to contact our servers. Please try again.', form_type: 'REGISTRATION' })),
    );
  });

  it('a job page passes its listing keys to the registration and code calls', async () => {
    const api = fakeApi();
    renderFlow(api, { source: 'seo_rich_job_page', componentId: 'job_page_save', action: 'save', listingKey: 'L1', listingVersionKey: 'V2' });
    await submitEmail('new@example.com');
    expect(api.register).toHaveBeenCalledWith(expect.objectContaining({ listing_key: 'L1', listing_version_key: 'V2' }), null);
    await enterCode('123456');
    expect(api.validateOtp).toHaveBeenCalledWith(expect.objectContaining({ listing_key: 'L1', listing_version_key: 'V2' }));
  });
});

describe('the registration modal', () => {
  it('closes when an apply flow ends with the callback, after calling it', async () => {
    const { RegistrationModal } = await import('./registration-modal');
    const api = fakeApi({ register: async () => ok({ status: 'SEND_OPT_EMAIL_SUCCESS' }) });
    const onComplete = vi.fn();
    const onClosed = vi.fn();
    lastObservations = recordingSink();
    render(<RegistrationModal options={{ ...baseOptions, action: 'apply', onComplete }} onClosed={onClosed} api={api} observations={lastObservations.sink} />);
    expect(screen.getByRole('dialog', { name: 'Sign up or log in to get job matches made for you' })).toBeTruthy();
    await submitEmail('old@example.com');
    // A code is pending: no Close button.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await enterCode('123456');
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the observations of spec 3, each at its moment', () => {
  const actions = () => lastObservations.actions;

  it('registration failures: REGISTRATION_FAILURE, and OTP_SEND_FAILURE when the code could not be sent', async () => {
    const api = fakeApi({ register: async () => ({ ok: false, status: 'SEND_OPT_EMAIL_ERROR', message: 'no mail', httpStatus: 502 }) });
    renderFlow(api);
    await submitEmail('a@example.com');
    await waitFor(() => expect(actions()).toContain('REGISTRATION:OTP_SEND_FAILURE'));
    expect(actions()).toEqual([
      'REGISTRATION:DISPLAY',
      'REGISTRATION:LOCAL_EMAIL_VALIDATION_SUCCESS',
      'REGISTRATION:SUBMIT',
      'REGISTRATION:REGISTRATION_FAILURE',
      'REGISTRATION:OTP_SEND_FAILURE',
    ]);
    expect(lastObservations.registrations).toEqual(['SEND_OPT_EMAIL_ERROR']);
  });

  it('a typo suggestion accepted: validation failure, autofix, then a resubmit after local validation', async () => {
    renderFlow(fakeApi());
    await submitEmail('sam@gmial.com');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    await waitFor(() => expect(actions()).toContain('REGISTRATION:OTP_SEND_SUCCESS'));
    expect(actions().slice(0, 5)).toEqual([
      'REGISTRATION:DISPLAY',
      'REGISTRATION:LOCAL_EMAIL_VALIDATION_FAILURE',
      'REGISTRATION:LOCAL_EMAIL_VALIDATION_AUTOFIX',
      'REGISTRATION:RESUBMIT_AFTER_LOCAL_VALIDATION',
      'REGISTRATION:SUBMIT',
    ]);
  });

  it('a typo suggestion dismissed: validation failure, dismiss, then a resubmit after local validation', async () => {
    renderFlow(fakeApi());
    await submitEmail('sam@gmial.com');
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    await waitFor(() => expect(actions()).toContain('REGISTRATION:SUBMIT'));
    expect(actions().slice(0, 5)).toEqual([
      'REGISTRATION:DISPLAY',
      'REGISTRATION:LOCAL_EMAIL_VALIDATION_FAILURE',
      'REGISTRATION:LOCAL_EMAIL_VALIDATION_DISMISS',
      'REGISTRATION:RESUBMIT_AFTER_LOCAL_VALIDATION',
      'REGISTRATION:SUBMIT',
    ]);
  });

  it("the mail service's warning: shown feedback, then a resubmit after mail-service validation", async () => {
    const api = fakeApi({ validateEmail: async () => ok({ status: 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN' }) });
    renderFlow(api, {}, '?email_validation_test=local_and_mailgun');
    await submitEmail('someone@unknown-domain.example');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    await waitFor(() => expect(actions()).toContain('REGISTRATION:SUBMIT'));
    expect(actions().slice(0, 6)).toEqual([
      'REGISTRATION:DISPLAY',
      'REGISTRATION:LOCAL_EMAIL_VALIDATION_SUCCESS',
      'REGISTRATION:SHOW_MAILGUN_VALIDATION_FAILURE_FEEDBACK',
      'REGISTRATION:LOCAL_EMAIL_VALIDATION_SUCCESS',
      'REGISTRATION:RESUBMIT_AFTER_MAILGUN_VALIDATION',
      'REGISTRATION:SUBMIT',
    ]);
  });

  it('a second submit after a server error is not counted as a resubmit again', async () => {
    const api = fakeApi();
    vi.mocked(api.register).mockResolvedValueOnce({ ok: false, status: 'RATE_LIMITING_THROTTLED', message: 'slow', httpStatus: 429 } as never);
    renderFlow(api);
    await submitEmail('sam@gmial.com');
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    await waitFor(() => expect(actions()).toContain('REGISTRATION:OTP_SEND_SUCCESS'));
    expect(actions().filter((action) => action.includes('RESUBMIT'))).toEqual(['REGISTRATION:RESUBMIT_AFTER_LOCAL_VALIDATION']);
    expect(actions().filter((action) => action === 'REGISTRATION:SUBMIT')).toHaveLength(2);
  });

  it('partial login: the automatic submit is PARTIAL_LOGIN_AUTO_SUBMIT, not SUBMIT', async () => {
    renderFlow(fakeApi(), { prefillEmail: 'known@example.com' });
    await screen.findByRole('heading', { name: 'Verify your email' });
    await waitFor(() => expect(actions()).toContain('OTP:DISPLAY'));
    expect(actions()).toEqual(['REGISTRATION:DISPLAY', 'REGISTRATION:PARTIAL_LOGIN_AUTO_SUBMIT', 'REGISTRATION:REGISTRATION_SUCCESS', 'REGISTRATION:OTP_SEND_SUCCESS', 'OTP:DISPLAY']);
  });

  it("I'm an Employer: TOGGLE_EMPLOYER is sent before the page goes to the employer login", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    renderFlow(fakeApi(), { showRoleToggle: true });
    fireEvent.click(screen.getByRole('button', { name: 'I’m an Employer' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/authn/employer/login'));
    expect(actions()).toEqual(['REGISTRATION:DISPLAY', 'REGISTRATION:TOGGLE_EMPLOYER']);
    expect(lastObservations.flushes).toEqual([2]);
    vi.unstubAllGlobals();
  });

  it("the confirmation form (after a right code, decision 0085): its observations, and Back to the email form", async () => {
    const api = fakeApi({ location: async () => ok({ city: 'Toronto', region: 'ON', country: 'CA', visitId: 'v2', ptid: 'p2' }) });
    vi.mocked(api.validateOtp).mockResolvedValue(ok({ status: 'REGISTRATION_CONFIRMATION_REQUIRED' }) as never);
    renderFlow(api);
    await submitEmail('eh@example.ca');
    await screen.findByRole('heading', { name: 'Verify your email' });
    await enterCode('123456');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(actions()).toContain('REGISTRATION_CONFIRMATION:BACK'));
    expect(actions().filter((action) => !action.startsWith('OTP:') || action.includes('VALIDATION'))).toEqual([
      'REGISTRATION:DISPLAY',
      'REGISTRATION:LOCAL_EMAIL_VALIDATION_SUCCESS',
      'REGISTRATION:SUBMIT',
      'REGISTRATION:REGISTRATION_SUCCESS',
      'REGISTRATION:OTP_SEND_SUCCESS',
      'OTP:OTP_VALIDATION_SUCCESS',
      'REGISTRATION_CONFIRMATION:DISPLAY',
      'REGISTRATION_CONFIRMATION:BACK',
      'REGISTRATION:DISPLAY',
    ]);
    expect(screen.getByRole('textbox', { name: /email/i })).toBeTruthy();
  });

  it('a returning job seeker: OTP failure, the resubscribe offer continued, the spotlight skipped', async () => {
    const api = fakeApi({
      register: async () => ok({ status: 'SEND_OPT_EMAIL_SUCCESS' }),
      candidateSpotlightEligibility: async () => ok({ show_candidate_spotlight: true }),
      resubscribeEligibility: async () => ok({ missing_email_prefs: true }),
    });
    vi.mocked(api.validateOtp).mockResolvedValueOnce({ ok: false, status: 'OTP_INVALID_ERROR', message: 'x', httpStatus: 400 } as never);
    const { onFinish } = renderFlow(api);
    await submitEmail('old@example.com');
    await enterCode('000000');
    await screen.findByRole('alert');
    await enterCode('123456');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Resubscribe to all emails' }));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Skip for Now' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    await waitFor(() => expect(actions()).toContain('CANDIDATE_SPOTLIGHT:SKIP'));
    expect(actions().slice(5)).toEqual([
      'OTP:DISPLAY',
      'OTP:SUBMIT',
      'OTP:OTP_VALIDATION_FAILURE',
      'OTP:SUBMIT',
      'OTP:OTP_VALIDATION_SUCCESS',
      'RESUBSCRIBE:DISPLAY',
      'RESUBSCRIBE:CONTINUE',
      'RESUBSCRIBE:EMAIL_RESUBSCRIPTION_SUCCESS',
      'CANDIDATE_SPOTLIGHT:DISPLAY',
      'CANDIDATE_SPOTLIGHT:SKIP',
    ]);
    expect(lastObservations.events.find((event) => event.baseFormType === 'RESUBSCRIBE')?.componentType).toBeUndefined();
    expect(lastObservations.registrations).toEqual(['SEND_OPT_EMAIL_SUCCESS']);
  });

});

describe('single sign-on in the registration form', () => {
  let callback: ((response: { credential?: string; select_by?: string }) => void) | null = null;

  function withGoogle(answer: { status: number; body: unknown }) {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'page-data';
    data.textContent = JSON.stringify({ page: 'landing', props: {}, shell: { googleSignIn: { clientId: 'test-client', scriptUrl: 'https://accounts.google.com/gsi/client' } } });
    document.body.append(data);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    // Google's script, as far as the page uses it: the button it draws and the callback it calls.
    vi.stubGlobal('google', {
      accounts: {
        id: {
          initialize: (options: { callback: typeof callback }) => void (callback = options.callback),
          renderButton: (parent: HTMLElement) => void parent.append(document.createElement('iframe')),
          prompt() {},
          cancel() {},
        },
      },
    });
    const fetch = vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    return { fetch, cleanup: () => data.remove() };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    document.getElementById('page-data')?.remove();
  });

  it('a credential from the button: SSO_CLICK, then SSO_SUCCESS and the offer that follows it', async () => {
    const google = withGoogle({ status: 200, body: { success: true, errorMessage: null, isNewRegistration: false } });
    const api = fakeApi({ resubscribeEligibility: async () => ok({ missing_email_prefs: true }) });
    const { onFinish } = renderFlow(api);
    await waitFor(() => expect(document.querySelector('.google-sso-button iframe')).not.toBeNull());
    await act(async () => callback?.({ credential: 'header.payload.signature', select_by: 'btn' }));
    expect(google.fetch).toHaveBeenCalledWith('/authn/jobseeker/google_login_or_reg', expect.objectContaining({ method: 'POST' }));
    fireEvent.click(await screen.findByRole('button', { name: 'No Thanks' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    await waitFor(() => expect(lastObservations.actions.at(-1)).toBe('RESUBSCRIBE:SKIP'));
    expect(lastObservations.actions).toEqual(['REGISTRATION:DISPLAY', 'REGISTRATION:SSO_CLICK', 'REGISTRATION:SSO_SUCCESS', 'RESUBSCRIBE:DISPLAY', 'RESUBSCRIBE:SKIP']);
  });

  it('a refused credential: SSO_CLICK, then SSO_FAILURE and the message', async () => {
    withGoogle({ status: 400, body: { success: false, errorMessage: 'Invalid token' } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFlow(fakeApi());
    await waitFor(() => expect(document.querySelector('.google-sso-button iframe')).not.toBeNull());
    await act(async () => callback?.({ credential: 'bad', select_by: 'btn' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid token');
    await waitFor(() => expect(lastObservations.actions).toEqual(['REGISTRATION:DISPLAY', 'REGISTRATION:SSO_CLICK', 'REGISTRATION:SSO_FAILURE']));
  });
});

describe('the registration modal, closed or left', () => {
  async function renderModal(props: Partial<RegistrationModalProps> = {}) {
    const { RegistrationModal } = await import('./registration-modal');
    lastObservations = recordingSink();
    const onClosed = vi.fn();
    render(<RegistrationModal options={baseOptions} onClosed={onClosed} api={fakeApi()} observations={lastObservations.sink} {...props} />);
    return { onClosed };
  }

  it('Close: CLOSE on the form shown', async () => {
    const { onClosed } = await renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClosed).toHaveBeenCalled();
    await waitFor(() => expect(lastObservations.actions).toEqual(['REGISTRATION:DISPLAY', 'REGISTRATION:CLOSE']));
  });

  it('Escape: CLOSE as well', async () => {
    const { onClosed } = await renderModal();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClosed).toHaveBeenCalled();
    await waitFor(() => expect(lastObservations.actions).toEqual(['REGISTRATION:DISPLAY', 'REGISTRATION:CLOSE']));
  });

  it("the fullscreen presentation's Back: BACK", async () => {
    const { onClosed } = await renderModal({ presentation: 'fullscreen' });
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(onClosed).toHaveBeenCalled();
    await waitFor(() => expect(lastObservations.actions).toEqual(['REGISTRATION:DISPLAY', 'REGISTRATION:BACK']));
  });

  it("the fullscreen Back while a code is pending returns to the email form; the modal stays open", async () => {
    const { onClosed } = await renderModal({ presentation: 'fullscreen' });
    await submitEmail('new@example.com');
    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in to get job matches made for you' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('new@example.com');
    expect(onClosed).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    await waitFor(() => expect(lastObservations.actions.slice(-2)).toEqual(['OTP:BACK', 'REGISTRATION:DISPLAY']));
  });

  it('closing an offer after sign-in: CLOSE on that offer, once, and the flow ends', async () => {
    await renderModal();
    await submitEmail('new@example.com');
    await enterCode('123456');
    await screen.findByRole('heading', { name: 'Stay up to date' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(lastObservations.actions.at(-1)).toBe('SMS:CLOSE'));
    expect(lastObservations.actions.filter((action) => action.endsWith(':CLOSE'))).toEqual(['SMS:CLOSE']);
  });
});
