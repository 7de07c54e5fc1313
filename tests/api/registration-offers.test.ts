import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SMS_CONSENT_TEXT } from '../../src/shared/registration/contracts';
import { REGISTRATION_ERROR_MESSAGES } from '../../src/shared/registration/statuses';
import { spotlightBucket } from '../../src/server/features/tracking/spotlight-bucket';
import { CookieJar, countRows, getJson, latestCode, postJson, register } from '../support/registration-helpers';
import { createTestApp, type TestApp } from '../support/test-app';
import { signIn } from '../support/seeker-helpers';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/** Signs in through registration and the mailed code (it throws unless both answer SUCCESS). */
const logIn = (email: string, jar?: CookieJar) => signIn(t.app, email, {}, jar);

describe('tracking identity and GET /jobseeker/register/location', () => {
  it('issues a persistent ptid and a 30-minute visit id, and answers them with the default country', async () => {
    const jar = new CookieJar();
    const response = await getJson(t.app, '/jobseeker/register/location', jar);
    expect(response.statusCode).toBe(200);
    const ptidCookie = response.cookies.find((c) => c.name === 'ptid')!;
    const visitCookie = response.cookies.find((c) => c.name === 'visit_id')!;
    expect(ptidCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(ptidCookie.maxAge).toBeGreaterThan(365 * 24 * 3600);
    expect(visitCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 1800 });
    expect(response.json()).toEqual({ city: '', region: '', country: 'US', visitId: visitCookie.value, ptid: ptidCookie.value });
    // The same browser keeps both; every request restarts the visit's 30 idle minutes.
    const again = await getJson(t.app, '/jobseeker/register/location', jar);
    expect(again.json()).toMatchObject({ ptid: ptidCookie.value, visitId: visitCookie.value });
    expect(again.cookies.find((c) => c.name === 'visit_id')?.maxAge).toBe(1800);
    expect(again.cookies.find((c) => c.name === 'ptid')).toBeUndefined();
  });

  it('issues the cookies on pages too, but not on files', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.cookies.map((c) => c.name).sort()).toEqual(['ptid', 'visit_id']);
    const file = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(file.cookies).toHaveLength(0);
  });

  it('believes the geo headers only from a trusted proxy', async () => {
    const headers = { 'cf-ipcountry': 'ca', 'x-geo-region': 'Ontario', 'x-geo-city': 'Toronto' };
    const untrusted = await t.app.inject({ method: 'GET', url: '/jobseeker/register/location', headers });
    expect(untrusted.json().country).toBe('US');
    await t.close();
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', GEO_COUNTRY_HEADER: 'CF-IPCountry', GEO_REGION_HEADER: 'X-Geo-Region', GEO_CITY_HEADER: 'X-Geo-City', DEFAULT_COUNTRY: 'gb' });
    const trusted = await t.app.inject({ method: 'GET', url: '/jobseeker/register/location', headers });
    expect(trusted.json()).toMatchObject({ country: 'CA', region: 'Ontario', city: 'Toronto' });
    const unknown = await t.app.inject({ method: 'GET', url: '/jobseeker/register/location', headers: { 'cf-ipcountry': 'XX' } });
    expect(unknown.json().country).toBe('GB');
  });

  it('takes the account country from the trusted location when the client sends none', async () => {
    await t.close();
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', GEO_COUNTRY_HEADER: 'CF-IPCountry' });
    await register(t.app, 'canada@example.com', { headers: { 'cf-ipcountry': 'CA' } });
    // The country of the request that checks the code (issue 14).
    const code = await latestCode(t.app, 'canada@example.com');
    await postJson(t.app, '/jobseeker/register/otp_validation', { email: 'canada@example.com', one_time_password: code }, { headers: { 'cf-ipcountry': 'CA' } });
    const account = await t.app.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
    expect(account).toMatchObject({ country_code: 'CA', email_alerts_opt_in: 0 });
  });
});

describe('GET /jobseeker/register/candidate_spotlight', () => {
  it('buckets a ptid deterministically by the configured percentage', async () => {
    const ask = async (ptid: string) => (await t.app.inject({ method: 'GET', url: '/jobseeker/register/candidate_spotlight', headers: { cookie: `ptid=${ptid}` } })).json();
    const ptids = Array.from({ length: 40 }, (_, i) => `browser-${i}`);
    for (const ptid of ptids) {
      const expected = spotlightBucket(ptid) < 50;
      expect(await ask(ptid)).toEqual({ show_candidate_spotlight: expected });
      expect(await ask(ptid)).toEqual({ show_candidate_spotlight: expected });
    }
    const shown = ptids.filter((ptid) => spotlightBucket(ptid) < 50).length;
    expect(shown).toBeGreaterThan(5);
    expect(shown).toBeLessThan(35);
  });

  it('shows it to nobody at 0 and everybody at 100', async () => {
    for (const [percent, expected] of [['0', false], ['100', true]] as const) {
      await t.close();
      t = await createTestApp({ CANDIDATE_SPOTLIGHT_PERCENT: percent });
      for (let i = 0; i < 10; i += 1) {
        const response = await t.app.inject({ method: 'GET', url: '/jobseeker/register/candidate_spotlight', headers: { cookie: `ptid=p${i}` } });
        expect(response.json().show_candidate_spotlight).toBe(expected);
      }
    }
  });
});

describe('resubscribe', () => {
  it('is offered only to a logged-in person who unsubscribed, and resubscribes them', async () => {
    expect((await getJson(t.app, '/jobseeker/register/resubscribe_eligibility')).json()).toEqual({ missing_email_prefs: false });
    const jar = await logIn('quiet@example.com');
    expect((await getJson(t.app, '/jobseeker/register/resubscribe_eligibility', jar)).json()).toEqual({ missing_email_prefs: false });
    await t.app.db.updateTable('accounts').set({ email_unsubscribed: 1, email_alerts_opt_in: 0 }).execute();
    expect((await getJson(t.app, '/jobseeker/register/resubscribe_eligibility', jar)).json()).toEqual({ missing_email_prefs: true });

    const response = await postJson(t.app, '/jobseeker/register/email_resubscribe', { email: 'quiet@example.com', source: 'landing', component_id: 'resubscribe' }, { jar });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'EMAIL_RESUBSCRIBE_SUCCESS' });
    expect(await t.app.db.selectFrom('accounts').select(['email_unsubscribed', 'email_alerts_opt_in']).executeTakeFirstOrThrow()).toEqual({ email_unsubscribed: 0, email_alerts_opt_in: 1 });
    expect((await getJson(t.app, '/jobseeker/register/resubscribe_eligibility', jar)).json()).toEqual({ missing_email_prefs: false });
  });

  it('answers EMAIL_RESUBSCRIBE_ERROR without a session or for someone else\'s email', async () => {
    const anonymous = await postJson(t.app, '/jobseeker/register/email_resubscribe', { email: 'x@example.com' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe('EMAIL_RESUBSCRIBE_ERROR');
    const jar = await logIn('me@example.com');
    await t.app.db.updateTable('accounts').set({ email_unsubscribed: 1 }).execute();
    const other = await postJson(t.app, '/jobseeker/register/email_resubscribe', { email: 'someone-else@example.com' }, { jar });
    expect(other.json().status).toBe('EMAIL_RESUBSCRIBE_ERROR');
    expect((await t.app.db.selectFrom('accounts').select('email_unsubscribed').executeTakeFirstOrThrow()).email_unsubscribed).toBe(1);
  });
});

describe('POST /candidate/smsoptin', () => {
  it('stores the E.164 number with the consent text, the time and the client address', async () => {
    const jar = await logIn('texts@example.com');
    const response = await postJson(t.app, '/candidate/smsoptin', { consent_action: 'next', phone: '(415) 555-0132', reg_method: 'sms-form' }, { jar });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'SUCCESS' });
    const row = await t.app.db.selectFrom('sms_opt_ins').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone_e164: '+14155550132', consent_text: SMS_CONSENT_TEXT, consented_at: t.clock.now(), client_address: '127.0.0.1', reg_method: 'sms-form' });
  });

  it('reads GB and CA national numbers and any valid international one', async () => {
    const jar = await logIn('world@example.com');
    for (const phone of ['020 7946 0958', '+44 20 7946 0958', '+33 1 42 68 53 00', '(613) 555-0143']) {
      expect((await postJson(t.app, '/candidate/smsoptin', { consent_action: 'next', phone }, { jar })).statusCode, phone).toBe(200);
    }
    const stored = await t.app.db.selectFrom('sms_opt_ins').select('phone_e164').execute();
    expect(stored.map((r) => r.phone_e164).sort()).toEqual(['+16135550143', '+33142685300', '+442079460958', '+442079460958']);
  });

  it('refuses an invalid number and a visitor without a session, storing nothing', async () => {
    const jar = await logIn('badphone@example.com');
    const invalid = await postJson(t.app, '/candidate/smsoptin', { consent_action: 'next', phone: '12' }, { jar });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().status).toBe('PROTO_VALIDATION_ERROR');
    const anonymous = await postJson(t.app, '/candidate/smsoptin', { consent_action: 'next', phone: '(415) 555-0132' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error_message).toBe(REGISTRATION_ERROR_MESSAGES.CREDENTIAL_SERVICE_ERROR);
    expect(await countRows(t.app, 'sms_opt_ins')).toBe(0);
  });
});

describe('email validation', () => {
  it('answers the experiment config from the URL parameter, else from configuration', async () => {
    const ask = async (query = '') => (await t.app.inject({ method: 'GET', url: `/jobseeker/register/email_validation_experiment${query}` })).json();
    expect(await ask()).toEqual({ experiment: 'registration_email_validation', variant: 'local_only', shouldPerformLocalValidation: true, shouldPerformMailgunValidation: false });
    expect(await ask('?email_validation_test=local_and_mailgun')).toMatchObject({ variant: 'local_and_mailgun', shouldPerformLocalValidation: true, shouldPerformMailgunValidation: true });
    expect(await ask('?email_validation_test=nonsense')).toMatchObject({ variant: 'local_only' });
    await t.close();
    t = await createTestApp({ EMAIL_VALIDATION_VARIANT: 'none' });
    expect(await ask()).toMatchObject({ variant: 'none', shouldPerformLocalValidation: false, shouldPerformMailgunValidation: false });
    expect(await ask('?email_validation_test=local_only')).toMatchObject({ variant: 'local_only', shouldPerformLocalValidation: true });
  });

  it('calls a malformed or disposable address invalid without asking anyone', async () => {
    for (const email of ['not-an-email', 'x@mailinator.com', 'x@sub.mailinator.com']) {
      const response = await postJson(t.app, '/jobseeker/register/email_validation', { email });
      expect(response.json()).toMatchObject({
        status: 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN',
        error_message: REGISTRATION_ERROR_MESSAGES.MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN,
        result: 'invalid',
      });
    }
  });

  describe('with a Mailgun-compatible service', () => {
    let service: Server;
    let requests: { path: string; authorization: string | undefined }[];
    beforeEach(async () => {
      requests = [];
      service = createServer((request, response) => {
        requests.push({ path: request.url ?? '', authorization: request.headers.authorization });
        const address = new URL(request.url ?? '/', 'http://x').searchParams.get('address') ?? '';
        const result = address.startsWith('good') ? 'deliverable' : address.startsWith('bad') ? 'undeliverable' : address.startsWith('slow') ? null : 'unknown';
        if (result === null) return void setTimeout(() => response.end('{}'), 5000);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ address, result, risk: 'low' }));
      });
      await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
      const { port } = service.address() as AddressInfo;
      await t.close();
      // A local answer is well within the limit even on a busy machine; the slow one is well past it.
      t = await createTestApp({ MAILGUN_API_KEY: 'key-test', MAILGUN_API_URL: `http://127.0.0.1:${port}`, EMAIL_CHECK_TIMEOUT_MS: '1500' });
    });
    afterEach(async () => {
      service.closeAllConnections();
      await new Promise<void>((resolve) => service.close(() => resolve()));
    });

    it('maps deliverable to success and everything else to the warning', async () => {
      const check = async (email: string) => (await postJson(t.app, '/jobseeker/register/email_validation', { email })).json().status;
      expect(await check('good@example.com')).toBe('MAILGUN_EMAIL_VALIDATION_SUCCESS');
      expect(await check('bad@example.com')).toBe('MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN');
      expect(await check('maybe@example.com')).toBe('MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN');
      expect(await check('slow@example.com')).toBe('MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN');
      expect(requests[0]!.path).toBe('/v4/address/validate?address=good%40example.com');
      expect(requests[0]!.authorization).toBe(`Basic ${Buffer.from('api:key-test').toString('base64')}`);
    });

    it('warns at registration when asked to check, and the next submit without the check goes through', async () => {
      const warned = await register(t.app, 'maybe@example.com', { extra: { email_validation_required: true } });
      expect(warned.statusCode).toBe(200);
      expect(warned.json()).toMatchObject({ status: 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN', error_message: REGISTRATION_ERROR_MESSAGES.MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN });
      expect(await countRows(t.app, 'dev_mailbox')).toBe(0);
      expect((await register(t.app, 'maybe@example.com')).json().status).toBe('SUCCESS');
      expect((await register(t.app, 'good@example.com', { extra: { email_validation_required: true } })).json().status).toBe('SUCCESS');
      // email_validation_test=local_only in the URL skips the server-side check.
      expect((await register(t.app, 'maybe2@example.com', { extra: { email_validation_required: true }, query: '?email_validation_test=local_only' })).json().status).toBe('SUCCESS');
    });
  });
});

describe('POST /jobseeker/register/error_report', () => {
  it('stores the report with who sent it', async () => {
    const jar = await logIn('reporter@example.com');
    const response = await postJson(
      t.app,
      '/jobseeker/register/error_report',
      { description: 'The code never arrived', category: 'credential', error_message: 'Unable to send one time password email', path: '/', form_type: 'OTP' },
      { jar, headers: { 'user-agent': 'TestBrowser/1.0' } },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe('SUCCESS');
    const row = await t.app.db.selectFrom('error_reports').selectAll().executeTakeFirstOrThrow();
    const account = await t.app.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: response.json().id, description: 'The code never arrived', category: 'credential', form_type: 'OTP', account_id: account.id, ptid: jar.get('ptid'), user_agent: 'TestBrowser/1.0' });
  });

  it('refuses an unknown category', async () => {
    const response = await postJson(t.app, '/jobseeker/register/error_report', { description: 'x', category: 'gossip' });
    expect(response.statusCode).toBe(400);
    expect(await countRows(t.app, 'error_reports')).toBe(0);
  });
});
