import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CookieJar, getJson, mailbox, register, validateCode } from '../support/registration-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';
import { signIn } from '../support/seeker-helpers';
import { codeFrom, startSmtp } from '../support/smtp-server';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/** Signs in through registration and the mailed code (it throws unless both answer SUCCESS). */
const logIn = (email: string, jar?: CookieJar) => signIn(t.app, email, {}, jar);

describe('sessions', () => {
  it('sends a visitor to log in from Suggested Jobs, with the way back', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/jobseeker/home' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/authn/login?next=%2Fjobseeker%2Fhome');
  });

  it('rotates the session at log-in: the earlier cookie stops working', async () => {
    const jar = await logIn('rotate@example.com');
    const first = jar.get('jw_session')!;
    t.clock.advance(61_000);
    await logIn('rotate@example.com', jar);
    const second = jar.get('jw_session')!;
    expect(second).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: '/jobseeker/home', headers: { cookie: `jw_session=${first}` } });
    expect(old.statusCode).toBe(303);
    expect(old.cookies.find((c) => c.name === 'jw_session')?.value).toBe('');
    expect((await getJson(t.app, '/jobseeker/home', jar)).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });

  it('logs out with a form post: the session row goes, the cookie is cleared, 303 to /', async () => {
    const jar = await logIn('leave@example.com');
    const response = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { origin: sameOriginHeaders.origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      payload: '',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    expect(response.cookies.find((c) => c.name === 'jw_session')?.value).toBe('');
    expect(await t.app.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/jobseeker/home', headers: { cookie: jar.header() } })).statusCode).toBe(303);
  });

  it('log-out declares an empty body (decision 0314): a stray form field is dropped, a body that is not an object is 400 and the session stays', async () => {
    const jar = await logIn('stray@example.com');
    const post = (contentType: string, payload: string) =>
      t.app.inject({ method: 'POST', url: '/logout', headers: { origin: sameOriginHeaders.origin, 'sec-fetch-site': 'same-origin', 'content-type': contentType, cookie: jar.header() }, payload });
    const refused = await post('application/json', '[1]');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 'PROTO_VALIDATION_ERROR' });
    expect(await t.app.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
    const done = await post('application/x-www-form-urlencoded', 'next=%2Fjobs');
    expect(done.statusCode).toBe(303);
    expect(await t.app.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('ends a session when it expires', async () => {
    const jar = await logIn('old@example.com');
    t.clock.advance(30 * 24 * 60 * 60 * 1000);
    expect((await getJson(t.app, '/jobseeker/home', jar)).statusCode).toBe(303);
  });

  it('tidies a person\'s expired sessions when they log in again', async () => {
    await logIn('tidy@example.com');
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    await logIn('tidy@example.com', new CookieJar());
    expect(await t.app.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });

  it('shows the logged-in person to the page shell', async () => {
    const jar = await logIn('shell@example.com');
    // The landing page sends a signed-in person to Suggested Jobs (spec 2.1); another page shows the shell.
    const page = await getJson(t.app, '/Salaries', jar);
    expect(page.body).toContain('"user":{"email":"shell@example.com","side":"seeker"}');
    expect(page.body).toContain('"audience":"job-seekers"');
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('marks the session cookie Secure in production', async () => {
    await t.close();
    // Production mails over SMTP (it refuses to start without SMTP_URL): read the code as delivered.
    const smtp = await startSmtp();
    t = await createTestApp({ NODE_ENV: 'production', SMTP_URL: smtp.url });
    const jar = new CookieJar();
    await register(t.app, 'secure@example.com', { jar });
    const code = codeFrom(smtp.received[0]!);
    await smtp.close();
    const response = await validateCode(t.app, 'secure@example.com', code, jar);
    const cookie = response.cookies.find((c) => c.name === 'jw_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
  });
});

describe('development mailbox', () => {
  it('lists messages newest first with to, subject, text, html, sent_at, headers and attachments', async () => {
    await register(t.app, 'first@example.com');
    t.clock.advance(1000);
    await register(t.app, 'second@example.com');
    const messages = await mailbox(t.app);
    expect(messages.map((m) => m.to)).toEqual(['second@example.com', 'first@example.com']);
    for (const message of messages) expect(Object.keys(message).sort()).toEqual(['attachments', 'headers', 'html', 'sent_at', 'subject', 'text', 'to']);
    // A code email has no extra headers; job alert digests carry List-Unsubscribe (seeker-actions.test.ts).
    expect(messages[0]!.headers).toEqual({});
    expect(messages[0]!.sent_at).toBe(t.clock.now());
    expect(await mailbox(t.app, 'FIRST@example.com')).toHaveLength(1);
  });

  it('shows a readable page that escapes what it lists', async () => {
    await register(t.app, 'page@example.com');
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>Development mailbox</h1>');
    expect(response.body).toMatch(/Your Jobwise code: \d{6}/);
    t.clock.advance(1);
    await t.app.mailer.send({ to: 'x@example.com', subject: '<script>alert(1)</script>', text: 'a < b', html: '<b>hi</b>' });
    const escaped = (await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).body;
    expect(escaped).not.toContain('<script>alert(1)</script>');
    expect(escaped).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
  });

  it('does not exist in production', async () => {
    await t.close();
    t = await createTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' });
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });
});
