import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_ERROR_MESSAGES } from '../../src/shared/registration/statuses';
import { countRows, postJson, register, registerBody } from '../support/registration-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const STATE_CHANGING_PATHS = [
  '/jobseeker/register',
  '/jobseeker/register/otp_validation',
  '/jobseeker/register/email_resubscribe',
  '/jobseeker/register/email_validation',
  '/jobseeker/register/error_report',
  '/candidate/smsoptin',
];

async function nothingStored() {
  for (const table of ['accounts', 'one_time_codes', 'sessions', 'dev_mailbox', 'sms_opt_ins', 'error_reports'] as const) {
    expect(await countRows(t.app, table), table).toBe(0);
  }
}

describe('bad bodies get PROTO_VALIDATION_ERROR and store nothing', () => {
  it.each(STATE_CHANGING_PATHS)('%s: malformed JSON', async (path) => {
    const response = await postJson(t.app, path, '{"form_data": {"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe('PROTO_VALIDATION_ERROR');
    await nothingStored();
  });

  it.each(STATE_CHANGING_PATHS)('%s: body over 16 KB', async (path) => {
    const response = await postJson(t.app, path, { form_data: { email: 'big@example.com' }, email: 'big@example.com', padding: 'x'.repeat(17 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json().status).toBe('PROTO_VALIDATION_ERROR');
    await nothingStored();
  });

  it.each(STATE_CHANGING_PATHS)('%s: a JSON array instead of an object', async (path) => {
    const response = await postJson(t.app, path, '[]');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'PROTO_VALIDATION_ERROR', error_message: REGISTRATION_ERROR_MESSAGES.PROTO_VALIDATION_ERROR });
    await nothingStored();
  });

  it('register: wrong types and missing fields', async () => {
    const bodies = [
      {},
      { form_data: {} },
      { form_data: { email: 42 } },
      { form_data: { email: 'a@example.com' }, registration_confirmation_required: 'yes' },
      { form_data: { email: 'a@example.com' }, email_verification_required: false },
      { form_data: { email: 'a@example.com' }, method: 'CARRIER_PIGEON' },
      { form_data: { email: 'a@example.com' }, metadata: { countryCode: 'CAN' } },
    ];
    for (const body of bodies) {
      const response = await postJson(t.app, '/jobseeker/register', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().status).toBe('PROTO_VALIDATION_ERROR');
    }
    await nothingStored();
  });

  it('otp_validation: wrong types and missing fields', async () => {
    for (const body of [{}, { email: 'a@example.com' }, { email: 'a@example.com', one_time_password: 123456 }, { email: ['a@example.com'], one_time_password: '123456' }]) {
      const response = await postJson(t.app, '/jobseeker/register/otp_validation', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().status).toBe('PROTO_VALIDATION_ERROR');
    }
    await nothingStored();
  });

  it('error_report and smsoptin: missing fields', async () => {
    expect((await postJson(t.app, '/jobseeker/register/error_report', { description: '' })).statusCode).toBe(400);
    expect((await postJson(t.app, '/candidate/smsoptin', { consent_action: 'next' })).statusCode).toBe(400);
    await nothingStored();
  });
});

describe('state-changing calls come from our own pages only', () => {
  it.each(STATE_CHANGING_PATHS)('%s refuses another site', async (path) => {
    const response = await postJson(t.app, path, registerBody('x@example.com'), { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(403);
    await nothingStored();
  });

  it.each(STATE_CHANGING_PATHS)('%s requires X-Requested-With', async (path) => {
    const response = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { origin: sameOriginHeaders.origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      payload: JSON.stringify(registerBody('x@example.com')),
    });
    expect(response.statusCode).toBe(403);
    await nothingStored();
  });

  it('/logout refuses another site', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/logout', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(403);
  });
});

describe('per-client burst limit', () => {
  it('answers RATE_LIMITING_THROTTLED with Retry-After once a client address sends too many calls in a window', async () => {
    await t.close();
    t = await createTestApp({ RATE_LIMIT_CLIENT_MAX: '3', RATE_LIMIT_CLIENT_WINDOW_SECONDS: '60' });
    t.clock.time = Date.UTC(2026, 10, 21, 12, 0, 10);
    for (let i = 0; i < 3; i += 1) expect((await register(t.app, `burst${i}@example.com`)).statusCode).toBe(200);
    const fourth = await register(t.app, 'burst3@example.com');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      status: 'RATE_LIMITING_THROTTLED',
      error_message: REGISTRATION_ERROR_MESSAGES.RATE_LIMITING_THROTTLED,
      error: REGISTRATION_ERROR_MESSAGES.RATE_LIMITING_THROTTLED,
    });
    expect(fourth.headers['retry-after']).toBe('50');
    expect(await countRows(t.app, 'dev_mailbox')).toBe(3);
    // The limit counts every state-changing registration call, not only registrations.
    expect((await postJson(t.app, '/jobseeker/register/otp_validation', { email: 'burst0@example.com', one_time_password: '123456' })).statusCode).toBe(429);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/jobseeker/register',
      remoteAddress: '203.0.113.9',
      headers: { ...sameOriginHeaders, 'content-type': 'application/json' },
      payload: JSON.stringify(registerBody('burst5@example.com')),
    });
    expect(other.statusCode).toBe(200);
    t.clock.advance(50_000);
    expect((await register(t.app, 'burst6@example.com')).statusCode).toBe(200);
  });

  it('keeps strict defaults', () => {
    expect(t.config.RATE_LIMIT_CLIENT_MAX).toBe(30);
    expect(t.config.RATE_LIMIT_CLIENT_WINDOW_SECONDS).toBe(60);
    expect(t.config.RATE_LIMIT_EMAIL_CODES_PER_HOUR).toBe(5);
  });
});
