// A test of the browser client against a real HTTP server: Node's modules are fine here.
/* eslint-disable no-restricted-imports */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrationApi } from './api';

// A real HTTP server on loopback: each test picks the answer by path.
type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;
const handlers = new Map<string, Handler>();
const seen: Array<{ url: string; headers: IncomingMessage['headers']; body: string }> = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ url: request.url ?? '', headers: request.headers, body });
      const handler = handlers.get((request.url ?? '').split('?')[0]!);
      if (handler) handler(request, body, response);
      else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (status: number, value: unknown, extra: Record<string, string> = {}): Handler => (_req, _body, res) => {
  res.writeHead(status, { 'content-type': 'application/json', ...extra }).end(JSON.stringify(value));
};
const api = (timeoutMs?: number) =>
  createRegistrationApi({ fetch: (input, init) => fetch(`${base}${String(input)}`, init), timeoutMs, locationHref: 'http://jobwise.test/jobs?q=1' });

describe('the registration calls (spec 7)', () => {
  it('sends X-Requested-With and Document-Location-Href with a JSON body, and reads a good answer', async () => {
    handlers.set('/jobseeker/register', json(200, { status: 'SUCCESS', contact_id: 'c1' }));
    const result = await api().register({ form_data: { email: 'a@example.com' } }, 'local_only');
    expect(result).toEqual({ ok: true, data: { status: 'SUCCESS', contact_id: 'c1' }, httpStatus: 200 });
    const request = seen.at(-1)!;
    expect(request.url).toBe('/jobseeker/register?email_validation_test=local_only');
    expect(request.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(request.headers['document-location-href']).toBe('http://jobwise.test/jobs?q=1');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ form_data: { email: 'a@example.com' } });
  });

  it('a network failure: "We were unable to contact our servers. Please try again."', async () => {
    const unreachable = createRegistrationApi({ fetch: () => fetch('http://127.0.0.1:1/') });
    expect(await unreachable.register({ form_data: { email: 'a@example.com' } })).toEqual({
      ok: false,
      status: null,
      message: 'We were unable to contact our servers. Please try again.',
      httpStatus: null,
    });
  });

  it('a timeout aborts the request and reads as a network failure', async () => {
    handlers.set('/jobseeker/register/location', (_req, _body, res) => setTimeout(() => json(200, {})(_req, _body, res), 500));
    const result = await api(50).location();
    expect(result).toMatchObject({ ok: false, message: 'We were unable to contact our servers. Please try again.' });
  });

  it('a non-OK JSON body: its message from error, its status as a name', async () => {
    handlers.set('/jobseeker/register', json(429, { status: 'RATE_LIMITING_THROTTLED', error: 'Slow down', error_message: 'Too many' }));
    expect(await api().register({ form_data: { email: 'a@example.com' } })).toEqual({ ok: false, status: 'RATE_LIMITING_THROTTLED', message: 'Slow down', httpStatus: 429 });
  });

  it('a non-OK JSON body with only error_message and a numeric status', async () => {
    handlers.set('/jobseeker/register', json(400, { status: 12, error_message: 'Invalid information provided' }));
    expect(await api().register({ form_data: { email: 'a@example.com' } })).toEqual({ ok: false, status: 12, message: 'Invalid information provided', httpStatus: 400 });
  });

  it('a 5xx answer gives the generic message even with a body message', async () => {
    handlers.set('/jobseeker/register', json(500, { status: 'UNSPECIFIED_ERROR', error: 'stack trace here' }));
    expect(await api().register({ form_data: { email: 'a@example.com' } })).toMatchObject({
      ok: false,
      status: 'UNSPECIFIED_ERROR',
      message: 'Error. Something went wrong. We were unable to complete your last action... please try again.',
    });
  });

  it('a non-OK answer without a message (or without JSON) gives the generic message', async () => {
    handlers.set('/jobseeker/register', (_req, _body, res) => res.writeHead(403, { 'content-type': 'text/html' }).end('<p>no</p>'));
    expect(await api().register({ form_data: { email: 'a@example.com' } })).toEqual({
      ok: false,
      status: null,
      message: 'Error. Something went wrong. We were unable to complete your last action... please try again.',
      httpStatus: 403,
    });
  });

  it('an OK answer that does not match the contract is not trusted', async () => {
    handlers.set('/jobseeker/register/candidate_spotlight', json(200, { show_candidate_spotlight: 'yes' }));
    expect(await api().candidateSpotlightEligibility()).toMatchObject({ ok: false, httpStatus: 200 });
  });

  it('location succeeds only on 200', async () => {
    const meta = { city: 'Austin', region: 'TX', country: 'US', visitId: 'v1', ptid: 'p1' };
    handlers.set('/jobseeker/register/location', json(200, meta));
    expect(await api().location()).toEqual({ ok: true, data: meta, httpStatus: 200 });
    handlers.set('/jobseeker/register/location', json(203, meta));
    expect(await api().location()).toMatchObject({ ok: false, message: 'getTrackingMeta call was not successful' });
  });

  it('otp_validation trims the code', async () => {
    handlers.set('/jobseeker/register/otp_validation', json(200, { status: 'SUCCESS' }));
    await api().validateOtp({ email: 'a@example.com', one_time_password: ' 123456 ' });
    expect(JSON.parse(seen.at(-1)!.body)).toMatchObject({ one_time_password: '123456' });
  });

  it('SMS opt-in posts consent_action next, the phone and the registration method', async () => {
    handlers.set('/candidate/smsoptin', json(200, {}));
    expect((await api().smsOptIn({ phone: '+12025550123', reg_method: 'get_started' })).ok).toBe(true);
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ consent_action: 'next', phone: '+12025550123', reg_method: 'get_started' });
  });

  it('save posts archive=0 form-encoded; a server error_message becomes an error', async () => {
    handlers.set('/candidate/toggle_job_save', json(200, { error_message: 'Job is closed' }));
    expect(await api().saveJob('L1')).toMatchObject({ ok: false, message: 'Job is closed' });
    expect(seen.at(-1)!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen.at(-1)!.body).toBe('archive=0&listing_key=L1');
  });

  it('the remaining calls go to their paths', async () => {
    handlers.set('/jobseeker/register/resubscribe_eligibility', json(200, { missing_email_prefs: true }));
    handlers.set('/jobseeker/register/email_resubscribe', json(200, { status: 'EMAIL_RESUBSCRIBE_SUCCESS' }));
    handlers.set('/jobseeker/register/email_validation_experiment', json(200, { experiment: 'e', variant: 'v', shouldPerformLocalValidation: true, shouldPerformMailgunValidation: false }));
    handlers.set('/jobseeker/register/email_validation', json(200, { status: 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN' }));
    handlers.set('/jobseeker/register/error_report', json(201, { ok: true }));
    expect(await api().resubscribeEligibility()).toMatchObject({ ok: true, data: { missing_email_prefs: true } });
    expect(await api().resubscribe({ email: 'a@example.com', source: 's', component_id: 'c' })).toMatchObject({ ok: true, data: { status: 'EMAIL_RESUBSCRIBE_SUCCESS' } });
    expect(await api().emailValidationExperiment()).toMatchObject({ ok: true, data: { shouldPerformLocalValidation: true } });
    expect(await api().validateEmail({ email: 'a@example.com', source: 's', component_id: 'c' })).toMatchObject({ ok: true, data: { status: 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN' } });
    expect(await api().reportError({ description: 'It broke' })).toMatchObject({ ok: true, httpStatus: 201 });
  });
});
