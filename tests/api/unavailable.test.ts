import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { connectDatabase, isDatabaseUnavailable } from '../../src/server/db/connection';
import { registerBody } from '../support/registration-helpers';
import { createTestApp, sameOriginHeaders } from '../support/test-app';

describe('the database out of reach (decision 0142)', () => {
  it('answers 503 with Retry-After and no details, and /readyz says not ready', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jobwise-test-')),
      PUBLIC_URL: 'http://localhost:3000',
    });
    // Nothing listens on port 1: every query fails to connect, as while PostgreSQL restarts.
    const app = await buildApp({ config, database: connectDatabase('postgres://postgres@127.0.0.1:1/jobwise'), logger: false });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      const search = await app.inject({ method: 'GET', url: '/jobs-search?search=driver' });
      expect(search.statusCode).toBe(503);
      expect(search.headers['retry-after']).toBe('5');
      expect(search.json()).toEqual({
        status: 'UNAVAILABLE',
        error_message: 'The service is briefly unavailable. Please try again in a few seconds.',
        error: 'The service is briefly unavailable. Please try again in a few seconds.',
      });
      const register = await app.inject({
        method: 'POST',
        url: '/jobseeker/register',
        headers: { ...sameOriginHeaders, 'content-type': 'application/json' },
        payload: JSON.stringify(registerBody('down@example.com')),
      });
      expect(register.statusCode).toBe(503);
      expect(register.headers['retry-after']).toBe('5');
      expect(register.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    } finally {
      await app.close();
    }
  });

  it('tells connection failures from query failures', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: Object.assign(new Error('x'), { code: '57P03' }) }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('draining on shutdown (decision 0142)', () => {
  it('fails readiness at once but keeps serving requests', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      t.app.startDraining();
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('draining');
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/jobs-search?search=driver' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
