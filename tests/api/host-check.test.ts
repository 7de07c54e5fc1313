import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 14, finding 2 (DNS rebinding): a page of another site whose name now points at this server
// must not be answered. Decision 0081.
let t: TestApp;
afterEach(async () => t?.close());

const get = (url: string, host: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html', ...headers } });

describe('the Host check outside production', () => {
  it.each(['localhost', 'localhost:3000', 'LOCALHOST:3000', '127.0.0.1:3000', '[::1]:3000', 'jobwise.test:8080', 'jobwise.test'])('answers Host: %s', async (host) => {
    t = await createTestApp({ PUBLIC_URL: 'http://jobwise.test:8080' });
    expect((await get('/', host)).statusCode).toBe(200);
  });

  it.each(['evil.example', 'evil.example:3000', 'localhost.evil.example', 'jobwise.test.evil.example', '127.0.0.2:3000', '0.0.0.0:3000', '[::2]:3000', 'jobwise.test@evil.example', 'localhost:3202.evil.example', 'jobwise.test:8080.evil.example', 'localhost:3000:80', 'localhost:'])(
    'refuses Host: %s with 421 and a clear message, for pages, the API and the mailbox',
    async (host) => {
      t = await createTestApp({ PUBLIC_URL: 'http://jobwise.test:8080' });
      for (const url of ['/', '/dev/mailbox.json', '/jobseeker/register/location']) {
        const response = await get(url, host);
        expect(response.statusCode).toBe(421);
        expect(response.json()).toEqual({ status: 'MISDIRECTED_REQUEST', error_message: 'This server does not answer for that host name.', error: 'This server does not answer for that host name.' });
      }
      const post = await t.app.inject({ method: 'POST', url: '/jobseeker/register', headers: { host, 'content-type': 'application/json' }, payload: '{}' });
      expect(post.statusCode).toBe(421);
    },
  );

  it('lets a load balancer ask /healthz and /readyz under any name', async () => {
    t = await createTestApp();
    expect((await get('/healthz', '10.1.2.3:3000')).statusCode).toBe(200);
    expect((await get('/readyz', '10.1.2.3:3000')).statusCode).toBe(200);
  });
});

describe('the Host check in production', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://jobwise.example', SMTP_URL: 'smtp://127.0.0.1:1' };

  it('answers only the public host name', async () => {
    t = await createTestApp(production);
    const page = await get('/', 'jobwise.example');
    expect(page.statusCode).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await get('/', 'JobWise.Example:443')).statusCode).toBe(200);
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'www.jobwise.example']) expect((await get('/', host)).statusCode).toBe(421);
  });

  it('believes X-Forwarded-Host only from a trusted proxy', async () => {
    t = await createTestApp({ ...production, TRUST_PROXY: '10.0.0.0/8' });
    const viaProxy = await t.app.inject({ method: 'GET', url: '/', remoteAddress: '10.0.0.1', headers: { host: 'app-internal:3000', 'x-forwarded-host': 'jobwise.example' } });
    expect(viaProxy.statusCode).toBe(200);
    const spoofed = await t.app.inject({ method: 'GET', url: '/', remoteAddress: '203.0.113.9', headers: { host: 'evil.example', 'x-forwarded-host': 'jobwise.example' } });
    expect(spoofed.statusCode).toBe(421);
  });
});
