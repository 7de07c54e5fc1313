import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 47: one id follows a request from the balancer to every log line and back in the answer. Only a
// trusted proxy may name the request; anyone else's X-Request-Id is ignored.
let t: TestApp;
afterEach(async () => t?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function appWithLog(env: Record<string, string> = {}) {
  const log = new PassThrough();
  const lines: Array<Record<string, unknown>> = [];
  log.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  t = await createTestApp({ LOG_LEVEL: 'info', ...env }, { logStream: log });
  return lines;
}

describe('request ids', () => {
  it('gives every answer an id of its own, the one its log lines carry', async () => {
    const lines = await appWithLog();
    const first = await t.app.inject({ method: 'GET', url: '/healthz' });
    const second = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    const id = first.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(id);
    await new Promise((resolve) => setImmediate(resolve));
    const logged = lines.filter((line) => line.reqId === id);
    expect(logged.length).toBeGreaterThan(0);
  });

  it("keeps a trusted proxy's id, and ignores a client's or an unsafe one", async () => {
    await appWithLog({ TRUST_PROXY: '10.0.0.0/8' });
    const fromProxy = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.1.2.3', headers: { 'x-request-id': '0A1B2C3D:10.0.0.9:51234_haproxy' } });
    expect(fromProxy.headers['x-request-id']).toBe('0A1B2C3D:10.0.0.9:51234_haproxy');
    const fromClient = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.9', headers: { 'x-request-id': 'chosen-by-client' } });
    expect(fromClient.headers['x-request-id']).toMatch(UUID);
    const unsafe = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.1.2.3', headers: { 'x-request-id': 'two words\nforged log line' } });
    expect(unsafe.headers['x-request-id']).toMatch(UUID);
  });
});
