// The sign-in pages without script: plain form posts send the code, ask for it, sign in, redirect.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CookieJar, countRows, latestCode, mailbox, wrongCode } from '../support/registration-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const MINUTE = 60_000;
// What a browser sends with a same-origin form post: no X-Requested-With.
const formHeaders = { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' };

async function post(url: string, fields: Record<string, string>, jar?: CookieJar, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...formHeaders, ...(jar ? { cookie: jar.header() } : {}), ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
  jar?.store(response);
  return response;
}

function pageData(html: string) {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json ?? 'null') as { page: string; props: { form: Record<string, unknown> | null; redirectUrl: string } };
}

const sendCode = (email: string, extra: Record<string, string> = {}, jar?: CookieJar) =>
  post('/authn/login/email', { email, next: '/jobs-search?search=nurse', kind: 'login', ...extra }, jar);
const enterCode = (email: string, code: string, extra: Record<string, string> = {}, jar?: CookieJar) =>
  post('/authn/login/code', { email, code, next: '/jobs-search?search=nurse', kind: 'login', ...extra }, jar);

describe('the sign-in pages without script', () => {
  it('the page form posts to the email step and carries where to go after', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/authn/login?next=%2Fjobs-search%3Fsearch%3Dnurse' });
    expect(page.body).toMatch(/<form class="reg-form"[^>]* action="\/authn\/login\/email" method="post"/);
    expect(page.body).toContain('<input type="hidden" name="next" value="/jobs-search?search=nurse"/>');
    expect(page.body).toContain('<input type="hidden" name="kind" value="login"/>');
    expect(page.body).toMatch(/<input[^>]* name="email"/);
  });

  it('sends a code for a new address and answers the code step ("Verify your email")', async () => {
    const response = await sendCode('  New.Person@Example.com ');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('Verify your email');
    expect(response.body).toMatch(/Enter the 6-digit code we sent to(<!-- -->)? <strong>New.Person@Example.com<\/strong>/);
    expect(response.body).toMatch(/<form class="reg-form reg-form--otp"[^>]* action="\/authn\/login\/code" method="post"/);
    expect(response.body).toMatch(/autoComplete="one-time-code"|autocomplete="one-time-code"/);
    expect(pageData(response.body).props.form).toMatchObject({ step: 'code', email: 'New.Person@Example.com' });
    const [message] = await mailbox(t.app, 'new.person@example.com');
    expect(message!.subject).toMatch(/^Your Jobwise code: \d{6}$/);
  });

  it('answers an existing account with the same code step as a new one; only the mail says "Welcome back!" (decision 0085)', async () => {
    await sendCode('back@example.com');
    await enterCode('back@example.com', await latestCode(t.app, 'back@example.com'));
    t.clock.advance(2 * MINUTE);
    const response = await sendCode('back@example.com');
    expect(response.body).toContain('Verify your email');
    expect(response.body).not.toContain('Welcome back!');
    expect((await mailbox(t.app, 'back@example.com'))[0]!.text).toContain('Welcome back!');
  });

  it('signs in with the right code, makes the account, and redirects to `next` with a session', async () => {
    const jar = new CookieJar();
    await sendCode('fresh@example.com', {}, jar);
    const response = await enterCode('fresh@example.com', await latestCode(t.app, 'fresh@example.com'), {}, jar);
    expect(response.statusCode).toBe(303);
    // A new account goes through onboarding first, which then goes on to `next` (decision 0234).
    expect(response.headers.location).toBe('/candidate/onboard?next=%2Fjobs-search%3Fsearch%3Dnurse');
    expect(jar.get('jw_session')).toBeTruthy();
    const home = await t.app.inject({ method: 'GET', url: '/jobseeker/home', headers: { cookie: jar.header() } });
    expect(home.statusCode).toBe(200);
    const account = await t.app.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
    expect(account).toMatchObject({ email: 'fresh@example.com', role: 'job_seeker', email_alerts_opt_in: 1 });
  });

  it('takes a new seeker through onboarding without script, each step a plain form (one answered, the rest skipped), then on to `next`', async () => {
    const jar = new CookieJar();
    await sendCode('onboard@example.com', {}, jar);
    const signedIn = await enterCode('onboard@example.com', await latestCode(t.app, 'onboard@example.com'), {}, jar);
    const onboard = await t.app.inject({ method: 'GET', url: signedIn.headers.location as string, headers: { cookie: jar.header() } });
    expect(onboard.statusCode).toBe(200);
    // The first question is a plain form posting to the same address, carrying where to go after.
    expect(onboard.body).toMatch(/<form[^>]* method="post" action="\/candidate\/onboard"|<form[^>]* action="\/candidate\/onboard" method="post"/);
    expect(onboard.body).toContain('<input type="hidden" name="next" value="/jobs-search?search=nurse"/>');
    const titles = await post('/candidate/onboard', { step: 'titles', title: 'Registered Nurse', next: '/jobs-search?search=nurse' }, jar);
    expect(titles.statusCode).toBe(303);
    expect(titles.headers.location).toBe('/candidate/onboard?step=place&next=%2Fjobs-search%3Fsearch%3Dnurse');
    const rest = await post('/candidate/onboard', { step: 'place', location: '', skip: '1', rest: 'skip', next: '/jobs-search?search=nurse' }, jar);
    expect(rest.statusCode).toBe(303);
    expect(rest.headers.location).toBe('/jobs-search?search=nurse');
    const alerts = await t.app.db.selectFrom('job_alerts').select(['search']).execute();
    expect(alerts).toEqual([{ search: 'Registered Nurse' }]);
  });

  it('sends an existing account straight to `next`, without onboarding again', async () => {
    await sendCode('again@example.com');
    await enterCode('again@example.com', await latestCode(t.app, 'again@example.com'));
    t.clock.advance(2 * MINUTE);
    const jar = new CookieJar();
    await sendCode('again@example.com', {}, jar);
    const response = await enterCode('again@example.com', await latestCode(t.app, 'again@example.com'), {}, jar);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/jobs-search?search=nurse');
  });

  it('answers a wrong code with the OTP form message and no session; the right code still works after', async () => {
    const jar = new CookieJar();
    await sendCode('wrong@example.com', {}, jar);
    const code = await latestCode(t.app, 'wrong@example.com');
    const response = await enterCode('wrong@example.com', wrongCode(code), {}, jar);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Invalid one time password. Please try again.');
    expect(response.body).toContain('Verify your email');
    expect(jar.get('jw_session')).toBeUndefined();
    expect(await countRows(t.app, 'accounts')).toBe(0);
    expect((await enterCode('wrong@example.com', code, {}, jar)).statusCode).toBe(303);
  });

  it('refuses a used code (replay) and an expired one with the expired message', async () => {
    await sendCode('replay@example.com');
    const code = await latestCode(t.app, 'replay@example.com');
    expect((await enterCode('replay@example.com', code)).statusCode).toBe(303);
    const replay = await enterCode('replay@example.com', code);
    expect(replay.statusCode).toBe(410);
    expect(replay.body).toContain('This code has expired. Request a new one to continue.');

    t.clock.advance(2 * MINUTE);
    await sendCode('late@example.com');
    const late = await latestCode(t.app, 'late@example.com');
    t.clock.advance(11 * MINUTE);
    expect((await enterCode('late@example.com', late)).statusCode).toBe(410);
  });

  it('keeps the typed email and shows spec 5 messages for a bad address, sending nothing', async () => {
    const empty = await sendCode('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Email is required');
    const invalid = await sendCode('not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Email is invalid');
    expect(invalid.body).toContain('value="not-an-email"');
    expect(pageData(invalid.body).props.form).toEqual({ step: 'email', email: 'not-an-email', error: 'Email is invalid' });
    const long = await sendCode(`${'a'.repeat(70)}@example.com`);
    expect(long.body).toContain('The maximum character limit is 75');
    expect(await mailbox(t.app)).toHaveLength(0);
  });

  it('refuses a resend within 60 s, keeping the first code; after the wait sends a new one and the old stops working', async () => {
    await sendCode('again@example.com');
    const first = await latestCode(t.app, 'again@example.com');
    const early = await sendCode('again@example.com', { resend: '1' });
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('60');
    // Spec 8's words for a resend that did not work, beside Resend code, not on the code field.
    expect(pageData(early.body).props.form).toMatchObject({ step: 'code', error: null, resendError: 'Unable to resend code — please try again later' });
    expect(early.body).not.toContain('aria-invalid');
    expect(await mailbox(t.app, 'again@example.com')).toHaveLength(1);

    t.clock.advance(61_000);
    const resent = await sendCode('again@example.com', { resend: '1' });
    expect(resent.statusCode).toBe(200);
    expect(resent.body).toContain('A new code is on its way.');
    const second = await latestCode(t.app, 'again@example.com');
    expect(second).not.toBe(first);
    expect((await enterCode('again@example.com', first)).statusCode).not.toBe(303);
    expect((await enterCode('again@example.com', second)).statusCode).toBe(303);
  });

  it('answers a second Continue within a minute with the code step, sending no second code', async () => {
    await sendCode('twice@example.com');
    const again = await sendCode('twice@example.com');
    expect(again.statusCode).toBe(200);
    expect(pageData(again.body).props.form).toMatchObject({ step: 'code', error: null, resendError: null });
    expect(await mailbox(t.app, 'twice@example.com')).toHaveLength(1);
  });

  it('answers a code shorter than six digits with "Must reach 6 characters", spending no try', async () => {
    await sendCode('short@example.com');
    const code = await latestCode(t.app, 'short@example.com');
    for (const typed of ['', '123', 'abcdef', '1234567']) {
      const response = await enterCode('short@example.com', typed);
      expect(response.statusCode).toBe(400);
      expect(pageData(response.body).props.form).toMatchObject({ step: 'code', error: 'Must reach 6 characters' });
    }
    // Five wrong six-digit tries would kill the code; these four did not count.
    for (let i = 0; i < 4; i += 1) expect((await enterCode('short@example.com', wrongCode(code))).statusCode).toBe(400);
    expect((await enterCode('short@example.com', code)).statusCode).toBe(303);
  });

  it('answers a wrong code the same for an account and an unknown address: no lookup tells who has an account', async () => {
    await sendCode('member@example.com');
    await enterCode('member@example.com', await latestCode(t.app, 'member@example.com'));
    const forms = [];
    for (const email of ['member@example.com', 'stranger@example.com']) {
      const response = await enterCode(email, '000000');
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      forms.push(pageData(response.body).props.form);
    }
    expect({ ...forms[0], email: '' }).toEqual({ ...forms[1], email: '' });
  });

  it('answers a disposable address on the code step with 422, and a GET of a form path with the page', async () => {
    const disposable = await enterCode('someone@mailinator.com', '123456');
    expect(disposable.statusCode).toBe(422);
    const get = await t.app.inject({ method: 'GET', url: '/authn/login/email' });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe('/authn/login');
  });

  it('never redirects off the site', async () => {
    await sendCode('safe@example.com');
    const response = await enterCode('safe@example.com', await latestCode(t.app, 'safe@example.com'), { next: 'https://evil.example/' });
    expect(response.headers.location).toBe('/candidate/onboard');
  });

  it('refuses cross-site posts: no code sent, and no forged sign-in', async () => {
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const response = await post('/authn/login/email', { email: 'csrf@example.com', kind: 'login' }, undefined, crossSite);
    expect(response.statusCode).toBe(403);
    expect(await mailbox(t.app)).toHaveLength(0);

    await sendCode('forged@example.com');
    const jar = new CookieJar();
    const forged = await post('/authn/login/code', { email: 'forged@example.com', code: await latestCode(t.app, 'forged@example.com'), kind: 'login' }, jar, crossSite);
    expect(forged.statusCode).toBe(403);
    expect(jar.get('jw_session')).toBeUndefined();
    expect(await countRows(t.app, 'accounts')).toBe(0);
  });

  it('answers wrongly shaped posts with a 400 and stores nothing', async () => {
    const tooLong = await post('/authn/login/email', { email: 'x'.repeat(2000) });
    expect(tooLong.statusCode).toBe(400);
    const noEmail = await post('/authn/login/code', { code: '123456' });
    expect(noEmail.statusCode).toBe(400);
    expect(await countRows(t.app, 'one_time_codes')).toBe(0);
    expect(await countRows(t.app, 'accounts')).toBe(0);
  });

  it('sends a person who is already signed in straight on', async () => {
    const jar = new CookieJar();
    await sendCode('in@example.com', {}, jar);
    await enterCode('in@example.com', await latestCode(t.app, 'in@example.com'), {}, jar);
    const again = await sendCode('in@example.com', {}, jar);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/jobs-search?search=nurse');
  });
});

describe('the sign-in pages without script, for a Canadian visitor', () => {
  let ca: TestApp;
  beforeEach(async () => {
    ca = await createTestApp({ TRUST_PROXY: '127.0.0.1', GEO_COUNTRY_HEADER: 'X-Test-Country' });
  });
  afterEach(async () => ca.close());

  async function caPost(url: string, fields: Record<string, string>) {
    return ca.app.inject({ method: 'POST', url, headers: { ...formHeaders, 'x-test-country': 'CA' }, payload: new URLSearchParams(fields).toString() });
  }

  it('asks a new account to confirm and opt in to email alerts after the code, and stores only what was ticked', async () => {
    await caPost('/authn/login/email', { email: 'ca-no@example.com', kind: 'register' });
    const noCode = await latestCode(ca.app, 'ca-no@example.com');
    const step = await caPost('/authn/login/code', { email: 'ca-no@example.com', code: noCode, kind: 'register' });
    expect(step.body).toContain('Yes, email me job alerts and news from Jobwise. I can unsubscribe at any time.');
    expect(pageData(step.body).props.form).toMatchObject({ step: 'confirm', showEmailAlerts: true });
    await caPost('/authn/login/code', { email: 'ca-no@example.com', code: noCode, kind: 'register', confirmed: '1' });

    await caPost('/authn/login/email', { email: 'ca-yes@example.com', kind: 'register' });
    const yesCode = await latestCode(ca.app, 'ca-yes@example.com');
    await caPost('/authn/login/code', { email: 'ca-yes@example.com', code: yesCode, kind: 'register' });
    await caPost('/authn/login/code', { email: 'ca-yes@example.com', code: yesCode, kind: 'register', confirmed: '1', explicit_opt_in: 'yes' });

    const rows = await ca.app.db.selectFrom('accounts').select(['email', 'country_code', 'email_alerts_opt_in']).orderBy('email').execute();
    expect(rows).toEqual([
      { email: 'ca-no@example.com', country_code: 'CA', email_alerts_opt_in: 0 },
      { email: 'ca-yes@example.com', country_code: 'CA', email_alerts_opt_in: 1 },
    ]);
  });
});
