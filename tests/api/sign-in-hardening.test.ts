// Issue 14, findings 7 and 10: one answer before the code whether or not the account exists, the
// confirmation asked only after the code proved the mailbox, a daily budget of wrong codes per address,
// and a new account's choices taken from the request that verifies the code.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_ERROR_MESSAGES } from '../../src/shared/registration/statuses';
import { CookieJar, countRows, latestCode, postJson, register, wrongCode } from '../support/registration-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_CODE_FAILURES_PER_DAY: '7', GEO_COUNTRY_HEADER: 'X-Test-Country', TRUST_PROXY: '127.0.0.1' });
});
afterEach(async () => t.close());

const MINUTE = 60_000;
const canada = { 'x-test-country': 'CA' };

async function signUp(email: string) {
  const jar = new CookieJar();
  await register(t.app, email, { jar });
  const response = await verify(email, await latestCode(t.app, email), {}, jar);
  expect(response.json().status).toBe('SUCCESS');
  t.clock.advance(2 * MINUTE);
}

function verify(email: string, code: string, extra: Record<string, unknown> = {}, jar?: CookieJar, headers?: Record<string, string>) {
  return postJson(t.app, '/jobseeker/register/otp_validation', { email, one_time_password: code, meta_data: {}, ...extra }, { jar, headers });
}

/** An answer without what differs by nature between two requests (the visitor's ptid). */
function sameness(response: { statusCode: number; json(): Record<string, unknown> }) {
  const { ptid: _ptid, ...rest } = response.json();
  return { http: response.statusCode, ...rest };
}

const formHeaders = { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' };
async function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}, jar?: CookieJar) {
  const response = await t.app.inject({ method: 'POST', url, headers: { ...formHeaders, ...(jar ? { cookie: jar.header() } : {}), ...headers }, payload: new URLSearchParams(fields).toString() });
  jar?.store(response);
  return response;
}
function pageForm(html: string) {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  return (JSON.parse(json ?? 'null') as { props: { form: Record<string, unknown> | null } }).props.form;
}

describe('one answer whether or not the account exists (finding 7)', () => {
  it('the JSON call answers a known and an unknown address alike, with and without confirmation asked', async () => {
    await signUp('known@example.com');
    for (const confirm of [true, false]) {
      const extra = { registration_confirmation_required: confirm };
      const known = await register(t.app, 'known@example.com', { extra });
      const unknown = await register(t.app, `unknown-${confirm}@example.com`, { extra });
      expect(sameness(known)).toEqual(sameness(unknown));
      expect(known.json().status).toBe('SUCCESS');
      t.clock.advance(2 * MINUTE);
    }
  });

  it('the form post of the sign-in pages answers a known and an unknown address alike', async () => {
    await signUp('known@example.com');
    for (const headers of [{}, canada]) {
      const known = await postForm('/authn/login/email', { email: 'known@example.com', kind: 'login' }, headers);
      const unknown = await postForm('/authn/login/email', { email: 'known@example.org', kind: 'login' }, headers);
      expect(known.statusCode).toBe(unknown.statusCode);
      const { email: _a, ...knownForm } = pageForm(known.body)!;
      const { email: _b, ...unknownForm } = pageForm(unknown.body)!;
      expect(knownForm).toEqual(unknownForm);
      expect(known.body.replaceAll('known@example.com', 'X')).toBe(unknown.body.replaceAll('known@example.org', 'X'));
      t.clock.advance(2 * MINUTE);
    }
  });

  it('asks a new address to confirm only after its code is right, then makes the account with that request’s choice', async () => {
    await register(t.app, 'new@example.com', { extra: { registration_confirmation_required: true } });
    const code = await latestCode(t.app, 'new@example.com');
    const wrong = await verify('new@example.com', wrongCode(code), { registration_confirmation_required: true });
    expect(wrong.json().status).toBe('OTP_INVALID_ERROR');
    const jar = new CookieJar();
    const asked = await verify('new@example.com', code, { registration_confirmation_required: true }, jar);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'REGISTRATION_CONFIRMATION_REQUIRED' });
    expect(await countRows(t.app, 'accounts')).toBe(0);
    expect(jar.get('jw_session')).toBeUndefined();
    // Continue on the confirmation form: the same code with the choice made there.
    const confirmed = await verify('new@example.com', code, { registration_confirmation_required: false, explicit_opt_in: true, meta_data: { countryCode: 'CA' } }, jar);
    expect(confirmed.json()).toMatchObject({ status: 'SUCCESS', is_new_registration: true });
    expect(jar.get('jw_session')).toBeDefined();
    const account = await t.app.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
    expect(account).toMatchObject({ country_code: 'CA', email_alerts_opt_in: 1 });
    // The code is used now.
    expect((await verify('new@example.com', code)).json().status).toBe('OTP_EXPIRED_ERROR');
  });

  it('signs an existing account straight in even when confirmation was asked, and says it is not new', async () => {
    await signUp('known@example.com');
    await register(t.app, 'known@example.com', { extra: { registration_confirmation_required: true } });
    const response = await verify('known@example.com', await latestCode(t.app, 'known@example.com'), { registration_confirmation_required: true });
    expect(response.json()).toMatchObject({ status: 'SUCCESS', is_new_registration: false });
  });

  it('without script, a new Canadian address confirms after the code; an existing one goes straight in', async () => {
    await postForm('/authn/login/email', { email: 'canuck@example.com', kind: 'login' }, canada);
    const code = await latestCode(t.app, 'canuck@example.com');
    const asked = await postForm('/authn/login/code', { email: 'canuck@example.com', code, kind: 'login' }, canada);
    expect(asked.statusCode).toBe(200);
    expect(pageForm(asked.body)).toMatchObject({ step: 'confirm', email: 'canuck@example.com' });
    expect(asked.body).toContain('Job Seeker - Sign Up');
    expect(await countRows(t.app, 'accounts')).toBe(0);
    const jar = new CookieJar();
    const done = await postForm('/authn/login/code', { email: 'canuck@example.com', code, kind: 'login', confirmed: '1' }, canada, jar);
    expect(done.statusCode).toBe(303);
    expect(jar.get('jw_session')).toBeDefined();
    expect(await t.app.db.selectFrom('accounts').select('email_alerts_opt_in').executeTakeFirstOrThrow()).toEqual({ email_alerts_opt_in: 0 });

    t.clock.advance(2 * MINUTE);
    await postForm('/authn/login/email', { email: 'canuck@example.com', kind: 'login' }, canada);
    const again = await postForm('/authn/login/code', { email: 'canuck@example.com', code: await latestCode(t.app, 'canuck@example.com'), kind: 'login' }, canada);
    expect(again.statusCode).toBe(303);
  });
});

describe('codes (finding 10)', () => {
  it('refuses an address after its daily budget of wrong codes, even with the right code, until the next day', async () => {
    await register(t.app, 'guess@example.com');
    const first = await latestCode(t.app, 'guess@example.com');
    for (let i = 0; i < 5; i += 1) expect((await verify('guess@example.com', wrongCode(first))).json().status).toBe('OTP_INVALID_ERROR');
    t.clock.advance(2 * MINUTE);
    await register(t.app, 'guess@example.com');
    const second = await latestCode(t.app, 'guess@example.com');
    expect((await verify('guess@example.com', wrongCode(second))).json().status).toBe('OTP_INVALID_ERROR');
    expect((await verify('guess@example.com', wrongCode(second))).json().status).toBe('OTP_INVALID_ERROR');
    const refused = await verify('guess@example.com', second);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 'RATE_LIMITING_ERROR', error_message: REGISTRATION_ERROR_MESSAGES.RATE_LIMITING_ERROR });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(t.app, 'accounts')).toBe(0);

    t.clock.advance(24 * 60 * MINUTE);
    await register(t.app, 'guess@example.com');
    expect((await verify('guess@example.com', await latestCode(t.app, 'guess@example.com'))).json().status).toBe('SUCCESS');
  });

  it('takes a new account’s consent and country from the request that verifies the code, not the one that asked for it', async () => {
    // Someone asks for a code for another person's address, ticking alerts "for" them from Canada.
    await register(t.app, 'victim@example.com', { extra: { metadata: { countryCode: 'CA' }, form_data: { email: 'victim@example.com', explicit_opt_in: true } } });
    const code = await latestCode(t.app, 'victim@example.com');
    // The owner of the mailbox verifies from Canada without ticking the box.
    const response = await verify('victim@example.com', code, { meta_data: { countryCode: 'CA' }, explicit_opt_in: false });
    expect(response.json().status).toBe('SUCCESS');
    expect(await t.app.db.selectFrom('accounts').select(['country_code', 'email_alerts_opt_in']).executeTakeFirstOrThrow()).toEqual({ country_code: 'CA', email_alerts_opt_in: 0 });
  });

  it('takes the country from the verifying request even when the asking one named another', async () => {
    await register(t.app, 'mover@example.com', { extra: { metadata: { countryCode: 'US' } } });
    const response = await verify('mover@example.com', await latestCode(t.app, 'mover@example.com'), {}, undefined, canada);
    expect(response.json().status).toBe('SUCCESS');
    expect(await t.app.db.selectFrom('accounts').select(['country_code', 'email_alerts_opt_in']).executeTakeFirstOrThrow()).toEqual({ country_code: 'CA', email_alerts_opt_in: 0 });
  });
});
