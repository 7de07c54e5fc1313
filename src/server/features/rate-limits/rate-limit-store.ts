import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { compiledOnce, firstRow } from '../../db/compiled-once';
import type { Db } from '../../db/database';

/** Fixed-window counting. Keys are per limit and subject; the store adds the window number. */
export interface RateLimitStore {
  /** Counts one hit (or `amount`) in the window that holds `now` and answers the window's count after it. */
  hit(key: string, windowMs: number, now: number, amount?: number): Promise<number>;
  /** Takes back one hit (an action that failed and must not count against the person). */
  refund(key: string, windowMs: number, now: number): Promise<void>;
  close(): Promise<void>;
}

export function windowKey(key: string, windowMs: number, now: number): { key: string; endsAt: number } {
  const index = Math.floor(now / windowMs);
  return { key: `${key}:${windowMs}:${index}`, endsAt: (index + 1) * windowMs };
}

const SWEEP_EVERY_HITS = 500;

const countHit = compiledOnce((db, p: { key: string; amount: number; expiresAt: number }) =>
  db
    .insertInto('rate_limit_counters')
    .values({ key: p.key, count: p.amount, expires_at: p.expiresAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ count: sql<number>`rate_limit_counters.count + ${p.amount}` }))
    .returning('count'),
);
const takeBackHit = compiledOnce((db, p: { key: string }) =>
  db.updateTable('rate_limit_counters').set({ count: sql<number>`count - 1` }).where('key', '=', p.key).where('count', '>', 0),
);

/** Counters in the application database: one upsert per hit, atomic on SQLite and PostgreSQL. */
export function databaseRateLimitStore(db: Db): RateLimitStore {
  let hitsSinceSweep = 0;
  return {
    async hit(key, windowMs, now, amount = 1) {
      const slot = windowKey(key, windowMs, now);
      const row = firstRow(await countHit(db, { key: slot.key, amount, expiresAt: slot.endsAt }));
      if (!row) throw new Error('the rate-limit counter answered no count');
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= SWEEP_EVERY_HITS) {
        hitsSinceSweep = 0;
        await db.deleteFrom('rate_limit_counters').where('expires_at', '<', now).execute();
      }
      return Number(row.count);
    },
    async refund(key, windowMs, now) {
      const slot = windowKey(key, windowMs, now);
      await takeBackHit(db, { key: slot.key });
    },
    async close() {},
  };
}

/** Counters in Redis, shared by every server instance; keys expire on their own after the window. */
export function redisRateLimitStore(redis: Redis, prefix = 'jobwise:rl:'): RateLimitStore {
  return {
    async hit(key, windowMs, now, amount = 1) {
      const slot = windowKey(key, windowMs, now);
      const redisKey = prefix + slot.key;
      const results = await redis.multi().incrby(redisKey, amount).pexpire(redisKey, windowMs * 2).exec();
      const [error, count] = results?.[0] ?? [new Error('redis answered nothing'), null];
      if (error) throw error;
      return Number(count);
    },
    async refund(key, windowMs, now) {
      const slot = windowKey(key, windowMs, now);
      const redisKey = prefix + slot.key;
      // Only an existing, positive counter goes down; never create a negative one.
      await redis.eval("local v = redis.call('GET', KEYS[1]) if v and tonumber(v) > 0 then return redis.call('DECR', KEYS[1]) end return 0", 1, redisKey);
    },
    async close() {
      // QUIT needs a live connection (there is no offline queue); otherwise just stop reconnecting.
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}

export interface FallbackLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * Redis first; while Redis is unreachable, the database's counters (decision 0143). In a cluster the
 * database is the shared PostgreSQL, so limits stay counted once across instances during a Redis
 * outage (from zero: a window that spans the switch may allow up to twice its limit), and sign-in keeps
 * working. Redis is tried again as soon as its client reports it is connected.
 */
export function redisWithDatabaseFallback(redis: Redis, primary: RateLimitStore, fallback: RateLimitStore, log: FallbackLog): RateLimitStore {
  let usingFallback = false;
  const pick = (): RateLimitStore => {
    const healthy = redis.status === 'ready';
    if (!healthy && !usingFallback) log.warn({ redisStatus: redis.status }, 'redis unavailable: counting rate limits in the database');
    if (healthy && usingFallback) log.info({}, 'redis is back: counting rate limits in redis again');
    usingFallback = !healthy;
    return healthy ? primary : fallback;
  };
  const run = async <T>(action: (store: RateLimitStore) => Promise<T>): Promise<T> => {
    const store = pick();
    if (store === fallback) return action(fallback);
    try {
      return await action(primary);
    } catch (error) {
      // A command that failed while the connection dropped: count it in the database instead.
      log.warn({ err: { name: (error as Error).name, message: (error as Error).message } }, 'redis command failed: counting this hit in the database');
      return action(fallback);
    }
  };
  return {
    hit: (key, windowMs, now, amount) => run((store) => store.hit(key, windowMs, now, amount)),
    refund: (key, windowMs, now) => run((store) => store.refund(key, windowMs, now)),
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
