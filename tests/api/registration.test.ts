import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CandidateSpotlightEligibilitySchema,
  EmailValidationExperimentSchema,
  OtpValidationResponseSchema,
  RegistrationResponseSchema,
  ResubscribeEligibilitySchema,
  TrackingMetaSchema,
} from '../../src/shared/registration/contracts';
import { REGISTRATION_ERROR_MESSAGES } from '../../src/shared/registration/statuses';
import { CookieJar, countRows, getJson, latestCode, mailbox, postJson, register, validateCode, wrongCode } from '../support/registration-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const MINUTE = 60_000;

describe('POST /jobseeker/register', () => {
  it('answers SUCCESS for a new email, mails a six-digit code, and makes no account before the code is used', async () => {
    const response = await register(t.app, 'New.Person@Example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'SUCCESS', email_verification_experiment_variant: 'HARD_OTP_REQUIREMENT_VARIANT' });
    expect(response.json().ptid).toMatch(/^[0-9a-f-]{36}$/);
    const [message] = await mailbox(t.app, 'new.person@example.com');
    expect(message).toMatchObject({ to: 'New.Person@Example.com' });
    expect(message!.subject).toMatch(/^Your Jobwise code: \d{6}$/);
    expect(message!.text).toContain('Verify your email');
    expect(message!.html).toContain('<strong>');
    expect(await countRows(t.app, 'accounts')).toBe(0);
  });

  it('stores only an HMAC of the code, never the code', async () => {
    await register(t.app, 'hmac@example.com');
    const code = await latestCode(t.app, 'hmac@example.com');
    const row = await t.app.db.selectFrom('one_time_codes').selectAll().executeTakeFirstOrThrow();
    expect(row.code_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(Number(row.expires_at)).toBe(t.clock.now() + 10 * MINUTE);
  });

  it('answers an existing account as it answers a new one (decision 0085); only the mail says "Welcome back!"', async () => {
    const jar = new CookieJar();
    await register(t.app, 'back@example.com', { jar });
    await validateCode(t.app, 'back@example.com', await latestCode(t.app, 'back@example.com'), jar);
    t.clock.advance(2 * MINUTE);
    const response = await register(t.app, 'BACK@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('SUCCESS');
    const [message] = await mailbox(t.app, 'back@example.com');
    expect(message!.text).toContain('Welcome back!');
  });

  it('sends the code even when the form type asks for confirmation: that is asked after the code (decision 0085)', async () => {
    const response = await register(t.app, 'confirm@example.com', { extra: { registration_confirmation_required: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('SUCCESS');
    expect(await countRows(t.app, 'dev_mailbox')).toBe(1);
  });

  it('does not ask an existing account for confirmation', async () => {
    const jar = new CookieJar();
    await register(t.app, 'known@example.com', { jar });
    await validateCode(t.app, 'known@example.com', await latestCode(t.app, 'known@example.com'), jar);
    t.clock.advance(2 * MINUTE);
    await register(t.app, 'known@example.com', { extra: { registration_confirmation_required: true } });
    const code = await latestCode(t.app, 'known@example.com');
    const response = await postJson(t.app, '/jobseeker/register/otp_validation', { email: 'known@example.com', one_time_password: code, registration_confirmation_required: true });
    expect(response.json()).toMatchObject({ status: 'SUCCESS', is_new_registration: false });
  });

  it('answers EMPTY_EMAIL_ERROR for an empty or blank email', async () => {
    for (const email of ['', '   ']) {
      const response = await register(t.app, email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'EMPTY_EMAIL_ERROR', error_message: REGISTRATION_ERROR_MESSAGES.EMPTY_EMAIL_ERROR, error: REGISTRATION_ERROR_MESSAGES.EMPTY_EMAIL_ERROR });
    }
  });

  it('answers PROTO_VALIDATION_ERROR for an invalid or over-long email, storing nothing', async () => {
    for (const email of ['not-an-email', 'a@b', `${'a'.repeat(70)}@example.com`]) {
      const response = await register(t.app, email);
      expect(response.statusCode).toBe(400);
      expect(response.json().status).toBe('PROTO_VALIDATION_ERROR');
      expect(response.json().error_message).toBe(REGISTRATION_ERROR_MESSAGES.PROTO_VALIDATION_ERROR);
    }
    expect(await countRows(t.app, 'one_time_codes')).toBe(0);
  });

  it('answers EMAIL_REJECTED_ERROR for a disposable address', async () => {
    const response = await register(t.app, 'someone@mailinator.com');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 'EMAIL_REJECTED_ERROR', error_message: REGISTRATION_ERROR_MESSAGES.EMAIL_REJECTED_ERROR });
    expect(await countRows(t.app, 'dev_mailbox')).toBe(0);
  });

  it('refuses a resend within 60 s of the last send with RATE_LIMITING_THROTTLED and Retry-After', async () => {
    await register(t.app, 'resend@example.com');
    const first = await latestCode(t.app, 'resend@example.com');
    t.clock.advance(45_000);
    const early = await register(t.app, 'resend@example.com');
    expect(early.statusCode).toBe(429);
    expect(early.json().status).toBe('RATE_LIMITING_THROTTLED');
    expect(early.headers['retry-after']).toBe('15');
    expect(await countRows(t.app, 'dev_mailbox')).toBe(1);
    t.clock.advance(15_000);
    const later = await register(t.app, 'resend@example.com');
    expect(later.json().status).toBe('SUCCESS');
    const second = await latestCode(t.app, 'resend@example.com');
    expect(await countRows(t.app, 'one_time_codes')).toBe(1);
    if (first !== second) {
      // The resend replaced the earlier code: the old one no longer works.
      expect((await validateCode(t.app, 'resend@example.com', first)).json().status).toBe('OTP_INVALID_ERROR');
    }
    expect((await validateCode(t.app, 'resend@example.com', second)).json().status).toBe('SUCCESS');
  });

  it('sends a new code at once after the last one was used (log out, log straight back in)', async () => {
    const jar = new CookieJar();
    await register(t.app, 'quick@example.com', { jar });
    await validateCode(t.app, 'quick@example.com', await latestCode(t.app, 'quick@example.com'), jar);
    t.clock.advance(5_000);
    const again = await register(t.app, 'quick@example.com');
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('SUCCESS');
    expect(await countRows(t.app, 'dev_mailbox')).toBe(2);
  });

  it('sends at most 5 codes an hour to one address, then RATE_LIMITING_ERROR', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await register(t.app, 'often@example.com')).json().status).toBe('SUCCESS');
      t.clock.advance(61_000);
    }
    const sixth = await register(t.app, 'often@example.com');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ status: 'RATE_LIMITING_ERROR', error_message: REGISTRATION_ERROR_MESSAGES.RATE_LIMITING_ERROR });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(t.app, 'dev_mailbox')).toBe(5);
    // Other addresses are not affected.
    expect((await register(t.app, 'other@example.com')).json().status).toBe('SUCCESS');
    t.clock.advance(60 * MINUTE);
    expect((await register(t.app, 'often@example.com')).json().status).toBe('SUCCESS');
  });
});

describe('POST /jobseeker/register/otp_validation', () => {
  it('logs a new person in: SUCCESS, an account, and an HttpOnly SameSite=Lax session cookie', async () => {
    const jar = new CookieJar();
    await register(t.app, 'Fresh@Example.com', { jar });
    const response = await validateCode(t.app, 'fresh@example.com', await latestCode(t.app, 'fresh@example.com'), jar);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'SUCCESS', ptid: jar.get('ptid') });
    const account = await t.app.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
    expect(response.json().contact_id).toBe(account.id);
    expect(account).toMatchObject({ email: 'fresh@example.com', email_normalized: 'fresh@example.com', role: 'job_seeker', country_code: 'US', email_alerts_opt_in: 1 });
    const cookie = response.cookies.find((c) => c.name === 'jw_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.secure).toBeFalsy();
    const stored = await t.app.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(stored.id_hash).not.toBe(cookie!.value);
    const home = await getJson(t.app, '/jobseeker/home', jar);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Suggested Jobs');
    expect(home.body).toContain('fresh@example.com');
  });

  it('answers OTP_INVALID_ERROR for a wrong code and OTP_EXPIRED_ERROR on the sixth try, even with the right code', async () => {
    await register(t.app, 'guess@example.com');
    const code = await latestCode(t.app, 'guess@example.com');
    for (let i = 0; i < 5; i += 1) {
      const wrong = await validateCode(t.app, 'guess@example.com', wrongCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ status: 'OTP_INVALID_ERROR', error_message: REGISTRATION_ERROR_MESSAGES.OTP_INVALID_ERROR });
    }
    const sixth = await validateCode(t.app, 'guess@example.com', code);
    expect(sixth.statusCode).toBe(410);
    expect(sixth.json()).toMatchObject({ status: 'OTP_EXPIRED_ERROR', error_message: REGISTRATION_ERROR_MESSAGES.OTP_EXPIRED_ERROR });
    expect(await countRows(t.app, 'accounts')).toBe(0);
    // A new code brings it back to life.
    t.clock.advance(61_000);
    await register(t.app, 'guess@example.com');
    expect((await validateCode(t.app, 'guess@example.com', await latestCode(t.app, 'guess@example.com'))).json().status).toBe('SUCCESS');
  });

  it('accepts the right code on the fifth try', async () => {
    await register(t.app, 'fifth@example.com');
    const code = await latestCode(t.app, 'fifth@example.com');
    for (let i = 0; i < 4; i += 1) await validateCode(t.app, 'fifth@example.com', wrongCode(code));
    expect((await validateCode(t.app, 'fifth@example.com', code)).json().status).toBe('SUCCESS');
  });

  it('expires a code after 10 minutes', async () => {
    await register(t.app, 'late@example.com');
    const code = await latestCode(t.app, 'late@example.com');
    t.clock.advance(10 * MINUTE);
    const response = await validateCode(t.app, 'late@example.com', code);
    expect(response.statusCode).toBe(410);
    expect(response.json().status).toBe('OTP_EXPIRED_ERROR');
  });

  it('accepts a code just before it expires', async () => {
    await register(t.app, 'intime@example.com');
    const code = await latestCode(t.app, 'intime@example.com');
    t.clock.advance(10 * MINUTE - 1);
    expect((await validateCode(t.app, 'intime@example.com', code)).json().status).toBe('SUCCESS');
  });

  it('refuses a used code (replay)', async () => {
    await register(t.app, 'once@example.com');
    const code = await latestCode(t.app, 'once@example.com');
    expect((await validateCode(t.app, 'once@example.com', code)).json().status).toBe('SUCCESS');
    const replay = await validateCode(t.app, 'once@example.com', code);
    expect(replay.statusCode).toBe(410);
    expect(replay.json().status).toBe('OTP_EXPIRED_ERROR');
    expect(replay.cookies.find((c) => c.name === 'jw_session')).toBeUndefined();
  });

  it('refuses a code for an address that was never sent one', async () => {
    const response = await validateCode(t.app, 'nobody@example.com', '123456');
    expect(response.json().status).toBe('OTP_EXPIRED_ERROR');
  });

  it('answers a code that is not six digits as invalid without spending a try', async () => {
    await register(t.app, 'format@example.com');
    const code = await latestCode(t.app, 'format@example.com');
    for (const bad of ['12345', '1234567', 'abcdef', '']) {
      expect((await validateCode(t.app, 'format@example.com', bad)).json().status).toBe('OTP_INVALID_ERROR');
    }
    const row = await t.app.db.selectFrom('one_time_codes').select('attempts').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    expect((await validateCode(t.app, 'format@example.com', ` ${code} `)).json().status).toBe('SUCCESS');
  });

  it('takes the CA email-alerts choice from the code check (issue 14)', async () => {
    const check = async (email: string, optIn: boolean) =>
      postJson(t.app, '/jobseeker/register/otp_validation', { email, one_time_password: await latestCode(t.app, email), meta_data: { countryCode: 'CA' }, explicit_opt_in: optIn });
    await register(t.app, 'ca-no@example.com', { extra: { metadata: { countryCode: 'CA' } } });
    await check('ca-no@example.com', false);
    await register(t.app, 'ca-yes@example.com', { extra: { metadata: { countryCode: 'CA' } } });
    await check('ca-yes@example.com', true);
    const rows = await t.app.db.selectFrom('accounts').select(['email', 'country_code', 'email_alerts_opt_in']).orderBy('email').execute();
    expect(rows).toEqual([
      { email: 'ca-no@example.com', country_code: 'CA', email_alerts_opt_in: 0 },
      { email: 'ca-yes@example.com', country_code: 'CA', email_alerts_opt_in: 1 },
    ]);
  });
});

describe('answers match the shared contracts', () => {
  it('every registration, code and eligibility answer parses with the schema the client uses', async () => {
    const jar = new CookieJar();
    const answers = [
      await register(t.app, 'contract@example.com', { jar, extra: { registration_confirmation_required: true } }),
      await register(t.app, 'contract@example.com', { jar }),
      await register(t.app, 'contract@example.com', { jar }),
      await register(t.app, ''),
      await register(t.app, 'x@mailinator.com'),
    ];
    for (const answer of answers) RegistrationResponseSchema.parse(answer.json());
    const code = await latestCode(t.app, 'contract@example.com');
    OtpValidationResponseSchema.parse((await validateCode(t.app, 'contract@example.com', wrongCode(code), jar)).json());
    OtpValidationResponseSchema.parse((await validateCode(t.app, 'contract@example.com', code, jar)).json());
    TrackingMetaSchema.parse((await getJson(t.app, '/jobseeker/register/location', jar)).json());
    CandidateSpotlightEligibilitySchema.parse((await getJson(t.app, '/jobseeker/register/candidate_spotlight', jar)).json());
    ResubscribeEligibilitySchema.parse((await getJson(t.app, '/jobseeker/register/resubscribe_eligibility', jar)).json());
    EmailValidationExperimentSchema.parse((await getJson(t.app, '/jobseeker/register/email_validation_experiment')).json());
  });
});
