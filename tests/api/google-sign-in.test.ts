import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_NONCE_PATH } from '../../src/shared/google-sign-in/constants';
import { GOOGLE_SIGN_IN_MESSAGES, GOOGLE_SIGN_IN_PATH, GOOGLE_TOKEN_MAX_LENGTH } from '../../src/shared/google-sign-in/contracts';
import { THEME_SCRIPT_SOURCE } from '../../src/server/plugins/security-headers';
import { REGISTRATION_ERROR_MESSAGES } from '../../src/shared/registration/statuses';
import { createGoogleTestKey, serveJwks, signIdToken, type GoogleTestKey, type IdTokenOptions, type JwksServer } from '../support/google-keys';
import { CookieJar, countRows, getJson, latestCode, register, validateCode } from '../support/registration-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

const CLIENT_ID = '1234-jobwise.apps.googleusercontent.com';
const PRODUCTION_CLIENT_ID = '5678-jobwise-production.apps.googleusercontent.com';

let key: GoogleTestKey;
let strangerKey: GoogleTestKey;
let jwks: JwksServer;
let t: TestApp;

beforeAll(async () => {
  key = await createGoogleTestKey('test-key-1');
  strangerKey = await createGoogleTestKey('stranger-key');
  jwks = await serveJwks([key]);
});
afterAll(async () => jwks.close());
afterEach(async () => t?.close());

async function start(env: Record<string, string> = {}) {
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwks.url, ...env });
  return t;
}

/** The nonce cookie each token's visitor holds: the token carries the nonce (decision 0087). */
const nonceCookies = new Map<string, string>();

/** A nonce as the page gets it, for a visitor on `host`. */
async function fetchNonce(host?: string): Promise<{ nonce: string; cookie: string }> {
  const response = await t.app.inject({ method: 'GET', url: GOOGLE_NONCE_PATH, headers: host ? { host } : {} });
  // Google sign-in not configured: no nonce either.
  if (response.statusCode === 404) return { nonce: 'none', cookie: '' };
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'jw_gnonce')!;
  return { nonce: response.json<{ nonce: string }>().nonce, cookie: `jw_gnonce=${cookie.value}` };
}

/** A token as Google would issue it now (by the test clock) for our client id, with a fresh nonce of ours. */
async function token(options: Partial<IdTokenOptions> = {}, signingKey: GoogleTestKey = key, host?: string) {
  const { nonce, cookie } = await fetchNonce(host);
  const signed = await signIdToken(signingKey, { audience: CLIENT_ID, issuedAt: Math.floor(t.clock.now() / 1000), ...options, extra: { nonce, ...options.extra } });
  nonceCookies.set(signed, cookie);
  return signed;
}

async function signIn(
  app: FastifyInstance,
  fields: Record<string, string>,
  options: { jar?: CookieJar; headers?: Record<string, string | undefined> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...sameOriginHeaders, 'content-type': 'application/x-www-form-urlencoded' };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  // A cookie header given by the test replaces the token's own nonce cookie (another visitor's browser).
  const nonceCookie = fields.token && !options.headers?.cookie ? nonceCookies.get(fields.token) : undefined;
  const cookies = [options.jar?.header(), nonceCookie, options.headers?.cookie].filter(Boolean);
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  const response = await app.inject({ method: 'POST', url: GOOGLE_SIGN_IN_PATH, headers, payload: new URLSearchParams(fields).toString() });
  options.jar?.store(response);
  return response;
}

const landingFields = { source: 'landing', component_id: 'google-sign-in-button' };

async function expectNothingCreated(response: LightMyRequestResponse) {
  expect(response.json().success).not.toBe(true);
  expect(response.cookies.find((cookie) => cookie.name === 'jw_session')).toBeUndefined();
  expect(await countRows(t.app, 'accounts')).toBe(0);
  expect(await countRows(t.app, 'sessions')).toBe(0);
  expect(await t.app.db.selectFrom('account_identities').selectAll().execute()).toEqual([]);
}

describe(`POST ${GOOGLE_SIGN_IN_PATH}`, () => {
  it('registers a new email: account made, Google subject linked, session cookie set, isNewRegistration true', async () => {
    await start();
    const jar = new CookieJar();
    const response = await signIn(t.app, { ...landingFields, token: await token({ email: 'New.Person@Example.com', subject: 'sub-new' }) }, { jar });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ success: true, errorMessage: null, isNewRegistration: true });
    const cookie = response.cookies.find((c) => c.name === 'jw_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const account = await t.app.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
    expect(account).toMatchObject({ email: 'New.Person@Example.com', email_normalized: 'new.person@example.com', email_alerts_opt_in: 1 });
    const identity = await t.app.db.selectFrom('account_identities').selectAll().executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ provider: 'google', subject: 'sub-new', account_id: account.id });
    expect(await countRows(t.app, 'sessions')).toBe(1);

    const home = await getJson(t.app, '/jobseeker/home', jar);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('New.Person@Example.com');
  });

  it('logs in a Gmail account made by the code flow, links the subject, and says it is not new', async () => {
    await start();
    await register(t.app, 'known@gmail.com');
    await validateCode(t.app, 'known@gmail.com', await latestCode(t.app, 'known@gmail.com'));
    const existing = await t.app.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
    t.clock.advance(60_000);

    const jar = new CookieJar();
    const response = await signIn(t.app, { ...landingFields, token: await token({ email: 'KNOWN@gmail.com', subject: 'sub-known' }) }, { jar });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, errorMessage: null, isNewRegistration: false });
    expect(await countRows(t.app, 'accounts')).toBe(1);
    const identity = await t.app.db.selectFrom('account_identities').selectAll().executeTakeFirstOrThrow();
    expect(identity.account_id).toBe(existing.id);
    const account = await t.app.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
    expect(Number(account.last_login_at)).toBe(t.clock.now());
    expect((await getJson(t.app, '/jobseeker/home', jar)).statusCode).toBe(200);
  });

  it('links a Workspace account (a token with hd) to the account of its address', async () => {
    await start();
    await register(t.app, 'boss@company.example');
    await validateCode(t.app, 'boss@company.example', await latestCode(t.app, 'boss@company.example'));
    const response = await signIn(t.app, { ...landingFields, token: await token({ email: 'boss@company.example', subject: 'sub-hd', extra: { hd: 'company.example' } }) });
    expect(response.json()).toEqual({ success: true, errorMessage: null, isNewRegistration: false });
    expect(await countRows(t.app, 'account_identities')).toBe(1);
  });

  it('asks for a code before linking an address Google does not vouch for, then links it for that visitor only (issue 14)', async () => {
    await start();
    await register(t.app, 'owner@example.com');
    await validateCode(t.app, 'owner@example.com', await latestCode(t.app, 'owner@example.com'));
    t.clock.advance(2 * 60_000);
    // Someone whose Google account claims the address, in another browser: refused, nothing linked or signed in.
    const attacker = new CookieJar();
    const refused = await signIn(t.app, { ...landingFields, token: await token({ email: 'owner@example.com', subject: 'sub-attacker' }) }, { jar: attacker });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, errorMessage: GOOGLE_SIGN_IN_MESSAGES.confirmByCode, isNewRegistration: false });
    expect(refused.cookies.find((cookie) => cookie.name === 'jw_session')).toBeUndefined();
    // The owner signs in by code in their own browser: the attacker's subject is not linked.
    await register(t.app, 'owner@example.com');
    await validateCode(t.app, 'owner@example.com', await latestCode(t.app, 'owner@example.com'));
    expect(await countRows(t.app, 'account_identities')).toBe(0);

    // The owner, with Google, in one browser: the code proves the mailbox, then the link is made.
    t.clock.advance(2 * 60_000);
    const owner = new CookieJar();
    const ownerToken = await token({ email: 'owner@example.com', subject: 'sub-owner' });
    for (const part of nonceCookies.get(ownerToken)!.split('; ')) owner.set(part.split('=')[0]!, part.slice(part.indexOf('=') + 1));
    expect((await signIn(t.app, { ...landingFields, token: ownerToken }, { jar: owner })).statusCode).toBe(409);
    await register(t.app, 'owner@example.com', { jar: owner });
    await validateCode(t.app, 'owner@example.com', await latestCode(t.app, 'owner@example.com'), owner);
    const identity = await t.app.db.selectFrom('account_identities').selectAll().executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ subject: 'sub-owner' });
  });

  it('refuses a token without our nonce, with another visitor’s nonce, or used twice', async () => {
    await start();
    const bare = await signIdToken(key, { audience: CLIENT_ID, issuedAt: Math.floor(t.clock.now() / 1000), email: 'n@example.com' });
    expect((await signIn(t.app, { token: bare })).statusCode).toBe(401);
    const stolen = await token({ email: 'n@example.com', subject: 'sub-n' });
    const other = await fetchNonce();
    expect((await signIn(t.app, { token: stolen }, { headers: { cookie: other.cookie } })).statusCode).toBe(401);
    expect(await countRows(t.app, 'accounts')).toBe(0);
    expect((await signIn(t.app, { token: stolen })).statusCode).toBe(200);
    expect((await signIn(t.app, { token: stolen })).statusCode).toBe(401);
  });

  it('accepts a token whose nonce the page replaced meanwhile (the cookie keeps the visitor’s last three)', async () => {
    await start();
    const first = await t.app.inject({ method: 'GET', url: GOOGLE_NONCE_PATH });
    const cookieA = `jw_gnonce=${first.cookies.find((c) => c.name === 'jw_gnonce')!.value}`;
    const second = await t.app.inject({ method: 'GET', url: GOOGLE_NONCE_PATH, headers: { cookie: cookieA } });
    const cookieAB = `jw_gnonce=${second.cookies.find((c) => c.name === 'jw_gnonce')!.value}`;
    expect(cookieAB.split('.')).toHaveLength(2);
    const withFirst = await signIdToken(key, { audience: CLIENT_ID, issuedAt: Math.floor(t.clock.now() / 1000), email: 'race@example.com', subject: 'sub-race', extra: { nonce: first.json<{ nonce: string }>().nonce } });
    expect((await signIn(t.app, { token: withFirst }, { headers: { cookie: cookieAB } })).statusCode).toBe(200);
  });

  it('takes the audience only from configured hosts: another Host header gets no Google sign-in', async () => {
    await start();
    const elsewhere = { host: 'attacker.example', origin: 'https://attacker.example', 'sec-fetch-site': 'same-origin' };
    // The Host check (decision 0081) answers 421 before Google sign-in is reached.
    const response = await signIn(t.app, { token: await token() }, { headers: elsewhere });
    expect(response.statusCode).toBe(421);
    expect((await t.app.inject({ method: 'GET', url: GOOGLE_NONCE_PATH, headers: { host: 'attacker.example' } })).statusCode).toBe(421);
    expect(await countRows(t.app, 'accounts')).toBe(0);
  });

  it('signs a linked subject into its account even after the Google address changed', async () => {
    await start();
    await signIn(t.app, { ...landingFields, token: await token({ email: 'before@example.com', subject: 'sub-moves' }) });
    const account = await t.app.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
    const jar = new CookieJar();
    const again = await signIn(t.app, { ...landingFields, token: await token({ email: 'after@example.com', subject: 'sub-moves' }) }, { jar });
    expect(again.json()).toEqual({ success: true, errorMessage: null, isNewRegistration: false });
    expect(await countRows(t.app, 'accounts')).toBe(1);
    const home = await getJson(t.app, '/jobseeker/home', jar);
    expect(home.body).toContain('before@example.com');
    const identity = await t.app.db.selectFrom('account_identities').selectAll().executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ account_id: account.id, email: 'after@example.com' });
  });

  it('fetches the key set once and reuses it (cached)', async () => {
    await start();
    const before = jwks.fetches;
    await signIn(t.app, { ...landingFields, token: await token({ email: 'one@example.com', subject: 'sub-1' }) });
    await signIn(t.app, { ...landingFields, token: await token({ email: 'two@example.com', subject: 'sub-2' }) });
    expect(jwks.fetches - before).toBe(1);
    expect(await countRows(t.app, 'accounts')).toBe(2);
  });

  it('applies the Canadian email-alerts choice sent as explicit_opt_in text', async () => {
    await start({ TRUST_PROXY: '127.0.0.1', GEO_COUNTRY_HEADER: 'x-country' });
    await signIn(t.app, { ...landingFields, explicit_opt_in: 'false', token: await token({ email: 'ca@example.com', subject: 'sub-ca' }) }, { headers: { 'x-country': 'CA' } });
    const account = await t.app.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
    expect(account).toMatchObject({ country_code: 'CA', email_alerts_opt_in: 0 });
  });

  it('echoes a redirect_url that is one of our paths', async () => {
    await start();
    const response = await signIn(t.app, { ...landingFields, redirect_url: '/jobseeker/home?from=google', token: await token() });
    expect(response.json()).toMatchObject({ success: true, redirectUrl: '/jobseeker/home?from=google' });
  });

  describe('refuses, creating no account, identity or session:', () => {
    const refusals: Array<[string, () => Promise<Record<string, string>>, number, string]> = [
      ['an expired token', async () => ({ token: await token({ issuedAt: Math.floor(t.clock.now() / 1000) - 7200 }) }), 401, REGISTRATION_ERROR_MESSAGES.CREDENTIAL_SERVICE_ERROR],
      ['a token for another client id', async () => ({ token: await token({ audience: 'someone-else.apps.googleusercontent.com' }) }), 401, REGISTRATION_ERROR_MESSAGES.CREDENTIAL_SERVICE_ERROR],
      ['a token from another issuer', async () => ({ token: await token({ issuer: 'https://accounts.evil.example' }) }), 401, REGISTRATION_ERROR_MESSAGES.CREDENTIAL_SERVICE_ERROR],
      ['a token whose email is not verified', async () => ({ token: await token({ emailVerified: false }) }), 401, REGISTRATION_ERROR_MESSAGES.CREDENTIAL_SERVICE_ERROR],
      [
        'a token whose claims were changed after signing',
        async () => {
          const [header, payload, signature] = (await token({ email: 'victim@example.com' })).split('.');
          const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
          const forged = Buffer.from(JSON.stringify({ ...claims, email: 'attacker@example.com' })).toString('base64url');
          return { token: `${header}.${forged}.${signature}` };
        },
        401,
        REGISTRATION_ERROR_MESSAGES.CREDENTIAL_SERVICE_ERROR,
      ],
      ['a token signed by a key Google does not publish', async () => ({ token: await token({}, strangerKey) }), 401, REGISTRATION_ERROR_MESSAGES.CREDENTIAL_SERVICE_ERROR],
      [
        "a token signed by another key under Google's key id",
        async () => ({ token: await token({}, { ...strangerKey, kid: key.kid }) }),
        401,
        REGISTRATION_ERROR_MESSAGES.CREDENTIAL_SERVICE_ERROR,
      ],
      ['an unsigned token (alg none)', async () => ({ token: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.` }), 401, REGISTRATION_ERROR_MESSAGES.CREDENTIAL_SERVICE_ERROR],
      ['no token', async () => ({}), 400, GOOGLE_SIGN_IN_MESSAGES.tokenMissing],
      ['an empty token', async () => ({ token: '  ' }), 400, GOOGLE_SIGN_IN_MESSAGES.tokenMissing],
      ['an oversized token', async () => ({ token: 'a'.repeat(GOOGLE_TOKEN_MAX_LENGTH + 1) }), 400, GOOGLE_SIGN_IN_MESSAGES.tokenTooLong],
      ['a redirect to another site', async () => ({ token: await token(), redirect_url: '//evil.example/path' }), 400, GOOGLE_SIGN_IN_MESSAGES.redirectRefused],
      ['an explicit_opt_in that is not true or false', async () => ({ token: await token(), explicit_opt_in: 'maybe' }), 400, REGISTRATION_ERROR_MESSAGES.PROTO_VALIDATION_ERROR],
    ];
    for (const [name, fields, status, message] of refusals) {
      it(name, async () => {
        await start();
        const response = await signIn(t.app, { ...landingFields, ...(await fields()) });
        expect(response.statusCode).toBe(status);
        expect(response.json()).toEqual({ success: false, errorMessage: message, isNewRegistration: false });
        await expectNothingCreated(response);
      });
    }

    it('a call without X-Requested-With, or from another site', async () => {
      await start();
      const noXhr = await signIn(t.app, { token: await token() }, { headers: { 'x-requested-with': undefined } });
      expect(noXhr.statusCode).toBe(403);
      const crossSite = await signIn(t.app, { token: await token() }, { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
      expect(crossSite.statusCode).toBe(403);
      await expectNothingCreated(crossSite);
    });

    it('any token while Google sign-in is not configured', async () => {
      t = await createTestApp({ GOOGLE_JWKS_URL: jwks.url });
      const response = await signIn(t.app, { token: await token() });
      expect(response.statusCode).toBe(404);
      expect(response.json().errorMessage).toBe(GOOGLE_SIGN_IN_MESSAGES.notConfigured);
      await expectNothingCreated(response);
    });

    it("any token while Google's key set cannot be fetched (503, credential message)", async () => {
      const down = await serveJwks([key]);
      await down.close();
      await start({ GOOGLE_JWKS_URL: down.url });
      const response = await signIn(t.app, { token: await token() });
      expect(response.statusCode).toBe(503);
      expect(response.json().errorMessage).toBe(REGISTRATION_ERROR_MESSAGES.CREDENTIAL_SERVICE_ERROR);
      await expectNothingCreated(response);
    });
  });

  it('uses the client id of the host: the production host has its own, every other host the default', async () => {
    await start({ GOOGLE_CLIENT_ID_BY_HOST: `jobwise.example=${PRODUCTION_CLIENT_ID}`, PUBLIC_URL: 'https://jobwise.example' });
    const onProduction = { host: 'jobwise.example', origin: 'https://jobwise.example', 'sec-fetch-site': 'same-origin' };
    const productionToken = await token({ audience: PRODUCTION_CLIENT_ID, subject: 'sub-prod', email: 'prod@example.com' }, key, 'jobwise.example');
    expect((await signIn(t.app, { token: productionToken }, { headers: onProduction })).json().success).toBe(true);
    expect((await signIn(t.app, { token: productionToken })).statusCode).toBe(401);
    expect((await signIn(t.app, { token: await token({ subject: 'sub-dev', email: 'dev@example.com' }) }, { headers: onProduction })).statusCode).toBe(401);
    expect((await signIn(t.app, { token: await token({ subject: 'sub-dev', email: 'dev@example.com' }) })).json().success).toBe(true);
  });

  it('counts against the per-client rate limit like the registration calls', async () => {
    await start({ RATE_LIMIT_CLIENT_MAX: '2' });
    for (const n of [1, 2]) expect((await signIn(t.app, { token: await token({ subject: `sub-${n}`, email: `p${n}@example.com` }) })).statusCode).toBe(200);
    const limited = await signIn(t.app, { token: await token({ subject: 'sub-3', email: 'p3@example.com' }) });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await countRows(t.app, 'accounts')).toBe(2);
  });
});

describe('the page side: page data and CSP', () => {
  const pageData = (body: string) => JSON.parse(body.match(/<script type="application\/json" id="page-data">(.*?)<\/script>/)![1]!) as { shell: { googleSignIn?: unknown } };
  const getLanding = (app: FastifyInstance, host?: string) => app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', ...(host ? { host } : {}) } });

  it('without a client id: no Google values in the page, CSP as strict as before', async () => {
    t = await createTestApp();
    const response = await getLanding(t.app);
    expect(pageData(response.body).shell.googleSignIn).toBeNull();
    expect(response.body).not.toContain('google-yolo-prompt');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${THEME_SCRIPT_SOURCE};`);
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toContain('google');
  });

  it("with a client id: the page gets it and the script address, the CSP allows only Google's GSI paths", async () => {
    await start();
    const response = await getLanding(t.app);
    expect(pageData(response.body).shell.googleSignIn).toEqual({ clientId: CLIENT_ID, scriptUrl: 'https://accounts.google.com/gsi/client' });
    expect(response.body).toContain('id="google-yolo-prompt"');
    expect(response.body).toContain('class="sso-slot-google"');
    expect(response.body).not.toContain('<script src="https://accounts.google.com');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' https://accounts.google.com/gsi/client ${THEME_SCRIPT_SOURCE};`);
    expect(csp).toContain("style-src 'self' https://accounts.google.com/gsi/style;");
    expect(csp).toContain("connect-src 'self' https://accounts.google.com/gsi/;");
    expect(csp).toContain('frame-src https://accounts.google.com/gsi/;');
    expect(csp).toContain("default-src 'self'");
  });

  it('gives each host its client id, even for the cached landing page', async () => {
    await start({ GOOGLE_CLIENT_ID_BY_HOST: `jobwise.example=${PRODUCTION_CLIENT_ID}`, PUBLIC_URL: 'https://jobwise.example' });
    const other = await getLanding(t.app);
    const production = await getLanding(t.app, 'jobwise.example');
    const otherAgain = await getLanding(t.app);
    expect(pageData(other.body).shell.googleSignIn).toMatchObject({ clientId: CLIENT_ID });
    expect(pageData(production.body).shell.googleSignIn).toMatchObject({ clientId: PRODUCTION_CLIENT_ID });
    expect(pageData(otherAgain.body).shell.googleSignIn).toMatchObject({ clientId: CLIENT_ID });
  });
});
