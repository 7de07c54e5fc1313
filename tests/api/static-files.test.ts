import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/plugins/ssr';
import { createTestApp, type TestApp } from '../support/test-app';

// The client build's files (src/server/plugins/ssr.ts): hashed assets kept for a year, the root's few
// files for an hour, precompressed copies sent to clients that accept them, and nothing else from disk.
const ASSETS = path.join(PROJECT_ROOT, 'dist/client/assets');
const script = readdirSync(ASSETS).find((file) => file.endsWith('.js') && readdirSync(ASSETS).includes(`${file}.br`))!;

let t: TestApp;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route) => routes.push(route) });
});
afterAll(async () => t.close());

describe('the client build', () => {
  it('sends a hashed asset with a year of immutable caching, brotli to a client that takes it', async () => {
    const br = await t.app.inject({ method: 'GET', url: `/assets/${script}`, headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ method: 'GET', url: `/assets/${script}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/javascript/);
    const head = await t.app.inject({ method: 'HEAD', url: `/assets/${script}` });
    expect(head.statusCode).toBe(200);
  });

  it("sends the root's files (icons, the web manifest) with an hour of caching", async () => {
    for (const url of ['/favicon.svg', '/manifest.webmanifest']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=3600');
    }
  });

  it('answers a missing asset, a dot file and a path outside the build with the not-found page', async () => {
    for (const url of ['/assets/no-such-file.js', '/.vite/manifest.json', '/assets/../../package.json', '/assets/%2e%2e/%2e%2e/package.json']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect([403, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('"dependencies"');
    }
  });

  it('answers every hashed asset through one route, not a route per file', () => {
    const assetRoutes = routes.filter((route) => String(route.url).startsWith('/assets/')).map((route) => `${String(route.method)} ${route.url}`);
    expect(assetRoutes).toEqual([`${['HEAD', 'GET'].join(',')} /assets/*`]);
  });
});
