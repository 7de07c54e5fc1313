import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_IN_ONE_CALL_BYTES } from '../../src/server/app';
import { THEME_HEAD_SCRIPT } from '../../src/shared/theme';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('health', () => {
  it('answers /healthz while the process is up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy with no inline script allowance', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("allows one inline script, the theme's head script, by its hash, and pages carry it before their styles (decision 0258)", async () => {
    const hash = `'sha256-${createHash('sha256').update(THEME_HEAD_SCRIPT).digest('base64')}'`;
    // Twice each: the second answer for a visitor comes from the kept pages.
    for (const url of ['/', '/', '/jobs-search?search=warehouse', '/jobs-search?search=warehouse', '/authn/login']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-security-policy'])).toMatch(new RegExp(`script-src 'self' ${hash};`));
      const html = response.body;
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(`<script>${THEME_HEAD_SCRIPT}</script>`);
      expect(head.indexOf(THEME_HEAD_SCRIPT)).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
      expect(html).not.toMatch(/data-theme=/);
      const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([^<]*)/g)].map(([, attributes = '', text = '']) => ({ attributes, text }));
      for (const { attributes, text } of inlineScripts) {
        if (attributes === '') expect(text).toBe(THEME_HEAD_SCRIPT);
        else expect(attributes).toMatch(/type="application\/(json|ld\+json)"/);
      }
    }
  });

  it('compresses pages for clients that accept brotli or gzip', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('compresses a results page in one call, with its length, not through a stream (decision 0201)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/jobs-search?search=warehouse', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body.length).toBeGreaterThan(8192);
    expect(plain.body.length).toBeLessThan(COMPRESS_IN_ONE_CALL_BYTES);
    const gzip = await t.app.inject({ method: 'GET', url: '/jobs-search?search=warehouse', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    // The stream path sends no length (chunked); the one-call path knows it.
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});

describe('page head', () => {
  it("preloads a page's chunks at low priority, after its stylesheets, and loads the entry at the default priority (decision 0337)", async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/jobs-search?search=warehouse' })).body;
    const head = html.slice(0, html.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([tag]) => tag);
    expect(preloads.length).toBeGreaterThan(0);
    for (const tag of preloads) expect(tag).toMatch(/^<link rel="modulepreload" href="\/[^"]+" fetchpriority="low">$/);
    expect(head.lastIndexOf('<link rel="stylesheet"')).toBeLessThan(head.indexOf('<link rel="modulepreload"'));
    expect(head).toMatch(/<script type="module" src="\/[^"]+"><\/script>/);
  });
});

describe('bad input', () => {
  it('refuses malformed JSON with a clear 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/events/log',
      headers: { ...sameOriginHeaders, 'content-type': 'application/json' },
      payload: '{"event_type":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('The request body is not valid JSON.');
  });

  it('refuses bodies over 16 KB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/events/log',
      headers: { ...sameOriginHeaders, 'content-type': 'application/json' },
      payload: JSON.stringify({ event_type: 'x', properties: { big: 'a'.repeat(17 * 1024) }, path: '/', time: 1 }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('The request is too large.');
  });

  it('refuses state-changing calls from another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/events/log',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: { event_type: 'page_view', properties: {}, path: '/', time: 1 },
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers unknown API paths with a JSON 404 and unknown pages with an HTML 404', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/no/such/thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('Not found');
    const page = await t.app.inject({ method: 'GET', url: '/no/such/page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Page not found');
  });
});

describe('event log', () => {
  it('stores a page view sent as beacon form data, with the tracking cookies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/events/log',
      headers: { ...sameOriginHeaders, 'content-type': 'application/x-www-form-urlencoded', cookie: 'ptid=p-1; visit_id=v-1' },
      payload: new URLSearchParams({ event_type: 'page_view', properties: '{"label":"home"}', path: '/', time: '1700000000000' }).toString(),
    });
    expect(response.statusCode).toBe(204);
    const rows = await t.app.db.selectFrom('event_log').selectAll().where('ptid', '=', 'p-1').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_type: 'page_view', path: '/', client_time: 1700000000000, visit_id: 'v-1' });
    expect(JSON.parse(rows[0]!.properties)).toEqual({ label: 'home' });
  });

  it('stores nothing when properties are not a JSON object', async () => {
    const before = await t.app.db.selectFrom('event_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const response = await t.app.inject({
      method: 'POST',
      url: '/events/log',
      headers: { ...sameOriginHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'event_type=page_view&properties=not-json&path=/&time=1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe('PROTO_VALIDATION_ERROR');
    const after = await t.app.db.selectFrom('event_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
