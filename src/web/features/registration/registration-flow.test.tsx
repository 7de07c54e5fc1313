// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationApi } from './api';
import type { PostRegistrationEffect } from './flow';
import type { ObservationSink } from './flow-observations';
import { RegistrationFlow, type RegistrationFlowOptions } from './registration-flow';

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
  const registrations: string[] = [];
  const sink: ObservationSink = {
    trackComponent: (event) => {
      actions.push(`${event.baseFormType}:${event.action}`);
      return true;
    },
    trackRegistration: (observation) => void registrations.push(observation.response_status),
  };
  return { sink, actions, registrations };
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
  it('a new job seeker: email, code, SMS offer, then the redirect to /jobseeker/home', async () => {
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
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ kind: 'redirect', url: '/jobseeker/home' }));
    // What the sign-up funnel counts, in order.
    expect(lastObservations.actions).toEqual([
      'REGISTRATION:DISPLAY',
      'REGISTRATION:SUBMIT',
      'REGISTRATION:OTP_SEND_SUCCESS',
      'OTP:DISPLAY',
      'OTP:SUBMIT',
      'OTP:OTP_VALIDATION_SUCCESS',
      'SMS:DISPLAY',
      'SMS:SMS_OPT_IN_SUCCESS',
    ]);
    expect(lastObservations.registrations).toEqual(['SUCCESS']);
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

  it('a Canadian visitor confirms the new account with the email-alerts checkbox and gets no SMS offer', async () => {
    const api = fakeApi({ location: async () => ok({ city: 'Toronto', region: 'ON', country: 'CA', visitId: 'v2', ptid: 'p2' }) });
    vi.mocked(api.register).mockResolvedValueOnce(ok({ status: 'REGISTRATION_CONFIRMATION_REQUIRED' }) as never);
    const { onFinish } = renderFlow(api);
    await submitEmail('eh@example.ca');
    expect(api.register).toHaveBeenLastCalledWith(expect.objectContaining({ registration_confirmation_required: true }), null);
    expect(await screen.findByRole('heading', { name: 'Job Seeker - Sign Up' })).toBeTruthy();
    expect(screen.getByText('No Job Seeker account found — let’s create one for you.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(api.register).toHaveBeenLastCalledWith(
      expect.objectContaining({ registration_confirmation_required: false, form_data: { email: 'eh@example.ca', explicit_opt_in: true } }),
      null,
    );
    await enterCode('123456');
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Stay up to date' })).toBeNull();
  });

  it("the confirmation form's Back returns to the registration form", async () => {
    const api = fakeApi({ location: async () => ok({ city: 'Toronto', region: 'ON', country: 'CA', visitId: 'v2', ptid: 'p2' }) });
    vi.mocked(api.register).mockResolvedValueOnce(ok({ status: 'REGISTRATION_CONFIRMATION_REQUIRED' }) as never);
    renderFlow(api);
    await submitEmail('eh@example.ca');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Sign up or log in to get job matches made for you' })).toBeTruthy();
  });

  it('registration errors show the catalogue message under the email field', async () => {
    const api = fakeApi({ register: async () => ({ ok: false, status: 'RATE_LIMITING_THROTTLED', message: 'slow', httpStatus: 429 }) });
    renderFlow(api);
    await submitEmail('a@example.com');
    expect(screen.getByRole('alert').textContent).toBe('Too many requests. Please wait a moment before trying again');
  });

  it('a network failure shows the call-failure message', async () => {
    const api = fakeApi({ register: async () => ({ ok: false, status: null, message: 'We were unable to contact our servers. Please try again.', httpStatus: null }) });
    renderFlow(api);
    await submitEmail('a@example.com');
    expect(screen.getByRole('alert').textContent).toBe('We were unable to contact our servers. Please try again.');
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
    expect(assign).toHaveBeenCalledWith('/profile?openCandidateSpotlight=true');
    vi.unstubAllGlobals();
  });

});

describe('the registration modal', () => {
  it('closes when an apply flow ends with the callback, after calling it', async () => {
    const { RegistrationModal } = await import('./registration-modal');
    const api = fakeApi({ register: async () => ok({ status: 'SEND_OPT_EMAIL_SUCCESS' }) });
    const onComplete = vi.fn();
    const onClosed = vi.fn();
    render(<RegistrationModal options={{ ...baseOptions, action: 'apply', onComplete }} onClosed={onClosed} api={api} />);
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
