// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { completeOneTap, googleFailureMessage, googleLoginOrReg, parseComponentState, readGoogleAnswer } from './google-api';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('googleLoginOrReg', () => {
  it('posts the spec 7 form fields, form-encoded, with our API headers', async () => {
    const fetcher = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(200, { success: true, errorMessage: null, isNewRegistration: true }));
    const answer = await googleLoginOrReg('tok', { source: 'landing', componentId: 'btn', redirectUrl: '/Salaries', listingVersionKey: 'lvk', listingKey: 'lk', explicitOptIn: false }, fetcher);
    expect(answer).toEqual({ success: true, errorMessage: null, isNewRegistration: true });
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe('/authn/jobseeker/google_login_or_reg');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(headers.get('document-location-href')).toBe(window.location.href);
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      token: 'tok',
      source: 'landing',
      component_id: 'btn',
      redirect_url: '/Salaries',
      listing_version_key: 'lvk',
      listing_key: 'lk',
      explicit_opt_in: 'false',
    });
  });

  it('leaves optional fields out when not given', async () => {
    const fetcher = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(200, { success: true, errorMessage: null, isNewRegistration: false }));
    await googleLoginOrReg('tok', { source: 'landing', componentId: 'btn' }, fetcher);
    expect([...new URLSearchParams(String(fetcher.mock.calls[0]![1]?.body)).keys()]).toEqual(['token', 'source', 'component_id']);
  });

  it('turns a network failure into the spec message instead of throwing', async () => {
    const answer = await googleLoginOrReg('tok', { source: 'landing', componentId: 'btn' }, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(answer).toEqual({ success: false, errorMessage: 'We were unable to contact our servers. Please try again.', isNewRegistration: false });
  });
});

describe('readGoogleAnswer', () => {
  it("reads the endpoint's failure message", () => {
    expect(readGoogleAnswer(false, 401, { success: false, errorMessage: 'Unable to verify your credentials. Please try again', isNewRegistration: false })).toEqual({
      success: false,
      errorMessage: 'Unable to verify your credentials. Please try again',
      isNewRegistration: false,
    });
  });
  it('reads the shared 4xx body (rate limit) and hides 5xx details', () => {
    expect(readGoogleAnswer(false, 429, { status: 'RATE_LIMITING_THROTTLED', error_message: 'Too many requests. Please wait a moment before trying again' }).errorMessage).toBe(
      'Too many requests. Please wait a moment before trying again',
    );
    expect(readGoogleAnswer(false, 500, { error_message: 'stack trace' }).errorMessage).toMatch(/^Error\. Something went wrong/);
    expect(readGoogleAnswer(false, 502, null).success).toBe(false);
  });
  it('never calls a non-OK answer a success', () => {
    expect(readGoogleAnswer(false, 400, { success: true }).success).toBe(false);
  });
});

it('prefixes failure messages as spec 7 says', () => {
  expect(googleFailureMessage('Nope')).toBe('Unsuccessful call to Google Registration Api: Nope');
});

describe('completeOneTap (spec 4.3)', () => {
  const state = JSON.stringify({ componentId: 'google-one-tap', redirectUrl: '/Salaries' });

  it('on success runs the callback with the response and the stored component state', async () => {
    const callback = vi.fn();
    const response = { success: true, errorMessage: null, isNewRegistration: true };
    await completeOneTap('tok', { source: 'landing', componentId: 'google-one-tap' }, state, callback, async () => json(200, response));
    expect(callback).toHaveBeenCalledWith(response, { componentId: 'google-one-tap', redirectUrl: '/Salaries' });
  });

  it("otherwise raises an error carrying the server's message, and runs no callback", async () => {
    const callback = vi.fn();
    await expect(
      completeOneTap('tok', { source: 'landing', componentId: 'google-one-tap' }, state, callback, async () => json(401, { success: false, errorMessage: 'Unable to verify your credentials. Please try again' })),
    ).rejects.toThrow('Unsuccessful call to Google Registration Api: Unable to verify your credentials. Please try again');
    expect(callback).not.toHaveBeenCalled();
  });

  it('reads a malformed stored state as none', () => {
    expect(parseComponentState('not json')).toBeNull();
    expect(parseComponentState('{"redirectUrl":"/x"}')).toBeNull();
  });
});
