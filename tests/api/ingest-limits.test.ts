// Issue 14, finding 4: the event log and the observation ingest get per-client and per-ptid limits
// (counted in memory first, shared through the rate-limit store), the event log a retention purge, and
// the group-commit queues a bound in bytes as well as rows.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { batch, component } from '../support/observations';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});
async function start(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}

const jsonHeaders = { ...sameOriginHeaders, 'content-type': 'application/json' };
const event = (size = 0) => JSON.stringify({ event_type: 'landing_click', properties: { pad: 'x'.repeat(size) }, path: '/', time: 1 });

function logEvent(t: TestApp, options: { ptid?: string; ip?: string; size?: number } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/events/log',
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { ...jsonHeaders, ...(options.ptid ? { cookie: `ptid=${options.ptid}` } : {}) },
    payload: event(options.size),
  });
}
function observe(t: TestApp, options: { ptid?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/observations/observe',
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { ...jsonHeaders, ...(options.ptid ? { cookie: `ptid=${options.ptid}` } : {}) },
    payload: JSON.stringify(batch([component()])),
  });
}
async function count(t: TestApp, table: 'event_log' | 'observation') {
  const row = await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('ingest rate limits', () => {
  it('refuses a ptid past its limit with 429 and Retry-After, storing nothing, while another ptid goes on', async () => {
    const t = await start({ INGEST_LIMIT_PER_PTID: '5', INGEST_LIMIT_PER_CLIENT: '100' });
    for (let i = 0; i < 5; i += 1) expect((await logEvent(t, { ptid: 'p-1' })).statusCode).toBe(204);
    const refused = await logEvent(t, { ptid: 'p-1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 'RATE_LIMITING_THROTTLED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count(t, 'event_log')).toBe(5);
    expect((await logEvent(t, { ptid: 'p-2' })).statusCode).toBe(204);
    // The window ends: p-1 may send again.
    t.clock.advance(60_000);
    expect((await logEvent(t, { ptid: 'p-1' })).statusCode).toBe(204);
  });

  it('counts big bodies for more: 60 events of 15 KB from one ptid are not all stored', async () => {
    const t = await start();
    const answers = [];
    for (let i = 0; i < 60; i += 1) answers.push((await logEvent(t, { ptid: 'big', size: 15_000 })).statusCode);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(await count(t, 'event_log')).toBe(answers.filter((status) => status === 204).length);
    expect(await count(t, 'event_log')).toBeLessThan(60);
  });

  it('refuses a client address that rotates its ptid past the per-client limit', async () => {
    const t = await start({ INGEST_LIMIT_PER_PTID: '100', INGEST_LIMIT_PER_CLIENT: '8' });
    for (let i = 0; i < 8; i += 1) expect((await logEvent(t, { ptid: `rot-${i}`, ip: '203.0.113.9' })).statusCode).toBe(204);
    expect((await logEvent(t, { ptid: 'rot-new', ip: '203.0.113.9' })).statusCode).toBe(429);
    expect((await observe(t, { ptid: 'rot-new', ip: '203.0.113.9' })).statusCode).toBe(429);
    expect((await logEvent(t, { ptid: 'rot-new', ip: '203.0.113.10' })).statusCode).toBe(204);
    expect(await count(t, 'observation')).toBe(0);
  });

  it('limits the observation ingest per ptid too', async () => {
    const t = await start({ INGEST_LIMIT_PER_PTID: '3', INGEST_LIMIT_PER_CLIENT: '100' });
    for (let i = 0; i < 3; i += 1) expect((await observe(t, { ptid: 'obs' })).statusCode).toBe(204);
    expect((await observe(t, { ptid: 'obs' })).statusCode).toBe(429);
    expect(await count(t, 'observation')).toBe(3);
  });

  it('counts a sender that keeps no cookie per client address only: the ptid made for each request leaves no counter behind', async () => {
    const t = await start({ INGEST_LIMIT_PER_PTID: '100', INGEST_LIMIT_PER_CLIENT: '4' });
    for (let i = 0; i < 4; i += 1) expect((await observe(t, { ip: '203.0.113.20' })).statusCode).toBe(204);
    expect((await observe(t, { ip: '203.0.113.20' })).statusCode).toBe(429);
    expect((await observe(t, { ptid: 'kept', ip: '203.0.113.21' })).statusCode).toBe(204);
    await t.app.ingestLimits.flush();
    const keys = (await t.app.db.selectFrom('rate_limit_counters').select('key').execute()).map((row) => row.key.split(':').slice(0, 2).join(':')).sort();
    expect(keys).toEqual(['ingest-client:203.0.113.20', 'ingest-client:203.0.113.21', 'ingest-ptid:kept']);
  });

  it('shares the counts through the store: a second instance sees what the first one counted once flushed', async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    // Two instances need one store: Redis when the run has it; otherwise one database is not shared by
    // two test apps, so the same instance's flushed count is checked against the store itself.
    const env = { INGEST_LIMIT_PER_PTID: '4', INGEST_LIMIT_PER_CLIENT: '100', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
    const a = await start(env);
    const b = redisUrl ? await start(env) : a;
    const now = Date.now();
    a.clock.time = now;
    b.clock.time = now;
    const ptid = `shared-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 3; i += 1) expect((await logEvent(a, { ptid })).statusCode).toBe(204);
    await a.app.ingestLimits.flush();
    // b has not heard of this ptid: it decides alone, then its flush brings back every instance's count.
    expect((await logEvent(b, { ptid })).statusCode).toBe(204);
    await b.app.ingestLimits.flush();
    expect((await logEvent(b, { ptid })).statusCode).toBe(429);
    if (!redisUrl) {
      const rows = await a.app.db.selectFrom('rate_limit_counters').select(['key', 'count']).where('key', 'like', `ingest-ptid:${ptid}:%`).execute();
      expect(rows.map((row) => Number(row.count))).toEqual([4]);
    }
  });
});

describe('the event log retention', () => {
  it('purges events older than EVENT_LOG_RETENTION_DAYS and keeps the rest', async () => {
    const t = await start({ EVENT_LOG_RETENTION_DAYS: '30' });
    expect((await logEvent(t, { ptid: 'old' })).statusCode).toBe(204);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await logEvent(t, { ptid: 'new' })).statusCode).toBe(204);
    expect(await t.app.analytics.purgeExpiredEventLog()).toBe(1);
    const rows = await t.app.db.selectFrom('event_log').select('ptid').execute();
    expect(rows).toEqual([{ ptid: 'new' }]);
  });
});

describe('the group-commit queues are bounded in bytes', () => {
  it('answers 503 with Retry-After when an event would pass the queue’s byte bound', async () => {
    const t = await start({ INGEST_QUEUE_MAX_BYTES: '4096' });
    const response = await logEvent(t, { ptid: 'bytes', size: 6000 });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(await count(t, 'event_log')).toBe(0);
    expect((await logEvent(t, { ptid: 'bytes', size: 100 })).statusCode).toBe(204);
  });
});
