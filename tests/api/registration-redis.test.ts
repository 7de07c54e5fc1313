import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { register } from '../support/registration-helpers';
import { createTestApp, startOfNextHour, type TestApp } from '../support/test-app';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits in Redis are shared by server instances (needs TEST_REDIS_URL, e.g. redis://127.0.0.1:6379)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeEach(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl!, RATE_LIMIT_CLIENT_MAX: '1000' });
    b = await createTestApp({ REDIS_URL: redisUrl!, RATE_LIMIT_CLIENT_MAX: '1000' });
    // Both instances at the same moment, at the top of an hour: the five minutes the first test moves
    // the clock must stay in one hourly window of the codes-per-email limit.
    a.clock.time = b.clock.time = startOfNextHour();
  });
  afterEach(async () => {
    await a.close();
    await b.close();
  });

  it('counts codes per email across instances', async () => {
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    for (let i = 0; i < 5; i += 1) {
      const instance = i % 2 === 0 ? a : b;
      expect((await register(instance.app, email)).json().status).toBe('SUCCESS');
      a.clock.advance(61_000);
      b.clock.advance(61_000);
    }
    const sixth = await register(b.app, email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().status).toBe('RATE_LIMITING_ERROR');
    expect(await a.app.db.selectFrom('rate_limit_counters').selectAll().execute()).toHaveLength(0);
  });

  it('counts a client address across instances', async () => {
    await a.close();
    await b.close();
    a = await createTestApp({ REDIS_URL: redisUrl!, RATE_LIMIT_CLIENT_MAX: '2' });
    b = await createTestApp({ REDIS_URL: redisUrl!, RATE_LIMIT_CLIENT_MAX: '2' });
    const address = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const now = Date.now();
    a.clock.time = now;
    b.clock.time = now;
    const send = (instance: TestApp, n: number) =>
      instance.app.inject({
        method: 'POST',
        url: '/jobseeker/register',
        remoteAddress: address,
        headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        payload: JSON.stringify({ form_data: { email: `client-${n}-${randomBytes(3).toString('hex')}@example.com` } }),
      });
    expect((await send(a, 1)).statusCode).toBe(200);
    expect((await send(b, 2)).statusCode).toBe(200);
    const third = await send(a, 3);
    expect(third.statusCode).toBe(429);
    expect(third.json().status).toBe('RATE_LIMITING_THROTTLED');
  });
});

describe('when Redis cannot answer (decision 0143)', () => {
  it('keeps sign-up working and counts the limits in the database instead of skipping them', async () => {
    // Nothing listens on port 1: the Redis client never connects.
    const t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_CLIENT_MAX: '2' });
    try {
      const first = await register(t.app, 'no-redis@example.com');
      expect(first.statusCode).toBe(200);
      expect(first.json().status).toBe('SUCCESS');
      expect(await t.app.db.selectFrom('dev_mailbox').selectAll().execute()).toHaveLength(1);
      expect((await t.app.db.selectFrom('rate_limit_counters').selectAll().execute()).length).toBeGreaterThan(0);
      expect((await register(t.app, 'no-redis-2@example.com')).statusCode).toBe(200);
      const third = await register(t.app, 'no-redis-3@example.com');
      expect(third.statusCode).toBe(429);
      expect(third.json().status).toBe('RATE_LIMITING_THROTTLED');
    } finally {
      await t.close();
    }
  });
});
