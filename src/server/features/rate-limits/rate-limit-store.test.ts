import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { DatabaseHandle } from '../../db/connection';
import { databaseRateLimitStore, redisRateLimitStore, redisWithDatabaseFallback, type RateLimitStore } from './rate-limit-store';
import { consumeRateLimit, refundRateLimit } from './rate-limiter';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const limit = { name: 'test', max: 3, windowMs: 60_000 };

function behavesAsAFixedWindowLimiter(makeStore: () => RateLimitStore) {
  it('allows max hits per window, then refuses with the seconds left in the window', async () => {
    const store = makeStore();
    const subject = randomBytes(6).toString('hex');
    for (let i = 1; i <= 3; i += 1) expect(await consumeRateLimit(store, limit, subject, T0 + 10_000)).toEqual({ allowed: true, count: i });
    expect(await consumeRateLimit(store, limit, subject, T0 + 15_500)).toEqual({ allowed: false, count: 4, retryAfterSeconds: 45 });
    expect((await consumeRateLimit(store, limit, 'someone-else-' + subject, T0 + 15_500)).allowed).toBe(true);
    expect((await consumeRateLimit(store, limit, subject, T0 + 60_000)).allowed).toBe(true);
  });

  it('takes back a refunded hit, never below zero', async () => {
    const store = makeStore();
    const subject = randomBytes(6).toString('hex');
    for (let i = 0; i < 3; i += 1) await consumeRateLimit(store, limit, subject, T0);
    await refundRateLimit(store, limit, subject, T0);
    expect((await consumeRateLimit(store, limit, subject, T0)).allowed).toBe(true);
    const fresh = randomBytes(6).toString('hex');
    await refundRateLimit(store, limit, fresh, T0);
    expect(await consumeRateLimit(store, limit, fresh, T0)).toEqual({ allowed: true, count: 1 });
  });

  it('counts parallel hits exactly', async () => {
    const store = makeStore();
    const subject = randomBytes(6).toString('hex');
    const results = await Promise.all(Array.from({ length: 20 }, () => consumeRateLimit(store, limit, subject, T0)));
    expect(results.filter((result) => result.allowed)).toHaveLength(3);
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
}

describe('database rate-limit store', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());
  behavesAsAFixedWindowLimiter(() => databaseRateLimitStore(database.db));

  it('sweeps windows that have ended', async () => {
    const store = databaseRateLimitStore(database.db);
    await consumeRateLimit(store, limit, 'old', T0);
    for (let i = 0; i < 500; i += 1) await store.hit('sweep', 60_000, T0 + 120_000);
    const keys = await database.db.selectFrom('rate_limit_counters').select('key').where('key', 'like', 'test:old:%').execute();
    expect(keys).toHaveLength(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('Redis rate-limit store (needs TEST_REDIS_URL, e.g. redis://127.0.0.1:6379)', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
  });
  behavesAsAFixedWindowLimiter(() => {
    const client = new Redis(redisUrl!);
    clients.push(client);
    return redisRateLimitStore(client, `jobwise-test:${randomBytes(4).toString('hex')}:`);
  });

  it('lets the counters expire on their own', async () => {
    const client = new Redis(redisUrl!);
    clients.push(client);
    const prefix = `jobwise-test:${randomBytes(4).toString('hex')}:`;
    await redisRateLimitStore(client, prefix).hit('ttl', 60_000, T0);
    const [key] = await client.keys(`${prefix}*`);
    expect(await client.pttl(key!)).toBeGreaterThan(60_000);
    expect(await client.pttl(key!)).toBeLessThanOrEqual(120_000);
  });
});

describe('Redis with the database as fallback (decision 0143)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('counts in the database while Redis cannot be reached, and logs the switch once', async () => {
    // Nothing listens on port 1: the client never becomes ready.
    const redis = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: true });
    const warnings: string[] = [];
    const log = { warn: (_details: object, message: string) => warnings.push(message), info: () => undefined };
    const store = redisWithDatabaseFallback(redis, redisRateLimitStore(redis), databaseRateLimitStore(database.db), log);
    const subject = randomBytes(6).toString('hex');
    for (let i = 1; i <= 3; i += 1) expect(await consumeRateLimit(store, limit, subject, T0)).toEqual({ allowed: true, count: i });
    expect((await consumeRateLimit(store, limit, subject, T0)).allowed).toBe(false);
    const rows = await database.db.selectFrom('rate_limit_counters').selectAll().where('key', 'like', `test:${subject}:%`).execute();
    expect(rows.map((row) => Number(row.count))).toEqual([4]);
    expect(warnings).toEqual(['redis unavailable: counting rate limits in the database']);
    redis.disconnect();
  });
});
