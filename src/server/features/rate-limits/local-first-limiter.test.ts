import { describe, expect, it } from 'vitest';
import { LocalFirstLimiter } from './local-first-limiter';
import type { RateLimitStore } from './rate-limit-store';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const limit = { name: 'unit', max: 5, windowMs: 60_000 };

/** A store shared by "instances", counting in memory (the real ones are tested in rate-limit-store.test.ts). */
function memoryStore(failing = false): RateLimitStore & { calls: number } {
  const counts = new Map<string, number>();
  return {
    calls: 0,
    async hit(key, windowMs, now, amount = 1) {
      this.calls += 1;
      if (failing) throw new Error('store down');
      const slot = `${key}:${Math.floor(now / windowMs)}`;
      counts.set(slot, (counts.get(slot) ?? 0) + amount);
      return counts.get(slot)!;
    },
    async refund() {},
    async close() {},
  };
}

describe('LocalFirstLimiter', () => {
  it('decides in memory, touching the store only when flushed, one increment per key', async () => {
    const store = memoryStore();
    const limiter = new LocalFirstLimiter(store, () => undefined);
    for (let i = 0; i < 5; i += 1) expect(limiter.consume([{ limit, subject: 'a' }], 1, T0)).toMatchObject({ allowed: true, remaining: 4 - i });
    expect(limiter.consume([{ limit, subject: 'a' }], 1, T0 + 15_000)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(store.calls).toBe(0);
    await limiter.flush();
    expect(store.calls).toBe(1);
  });

  it('learns the other instances’ hits from the store at each flush', async () => {
    const store = memoryStore();
    const one = new LocalFirstLimiter(store, () => undefined);
    const two = new LocalFirstLimiter(store, () => undefined);
    for (let i = 0; i < 4; i += 1) one.consume([{ limit, subject: 'shared' }], 1, T0);
    await one.flush();
    expect(two.consume([{ limit, subject: 'shared' }], 1, T0).allowed).toBe(true);
    await two.flush();
    expect(two.consume([{ limit, subject: 'shared' }], 1, T0).allowed).toBe(false);
  });

  it('weighs by cost, refuses when any subject is over, and counts nothing for a refusal', async () => {
    const limiter = new LocalFirstLimiter(memoryStore(), () => undefined);
    const wide = { name: 'wide', max: 100, windowMs: 60_000 };
    expect(limiter.consume([{ limit: wide, subject: 'ip' }, { limit, subject: 'p' }], 4, T0).allowed).toBe(true);
    expect(limiter.consume([{ limit: wide, subject: 'ip' }, { limit, subject: 'p' }], 2, T0).allowed).toBe(false);
    expect(limiter.consume([{ limit, subject: 'p' }], 1, T0).allowed).toBe(true);
  });

  it('keeps limiting on its own counts when the store is down, and says so', async () => {
    const errors: unknown[] = [];
    const limiter = new LocalFirstLimiter(memoryStore(true), (error) => errors.push(error));
    for (let i = 0; i < 5; i += 1) limiter.consume([{ limit, subject: 'x' }], 1, T0);
    await limiter.flush();
    expect(errors).toHaveLength(1);
    expect(limiter.consume([{ limit, subject: 'x' }], 1, T0).allowed).toBe(false);
  });

  it('judges a fresh subject on its cost alone and neither remembers it nor sends it to the store', async () => {
    const store = memoryStore();
    const limiter = new LocalFirstLimiter(store, () => undefined);
    const wide = { name: 'wide', max: 100, windowMs: 60_000 };
    for (let i = 0; i < 3; i += 1) expect(limiter.consume([{ limit: wide, subject: 'ip' }, { limit, subject: 'minted', fresh: true }], 5, T0).allowed).toBe(true);
    expect(limiter.consume([{ limit: wide, subject: 'ip' }, { limit, subject: 'minted', fresh: true }], 6, T0)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    await limiter.flush();
    expect(store.calls).toBe(1); // 'wide:ip' only
    // The wide limit still counted all three: 15 of 100.
    expect(limiter.consume([{ limit: wide, subject: 'ip' }], 85, T0).allowed).toBe(true);
    expect(limiter.consume([{ limit: wide, subject: 'ip' }], 1, T0).allowed).toBe(false);
  });

  it('starts again in the next window', () => {
    const limiter = new LocalFirstLimiter(memoryStore(), () => undefined);
    for (let i = 0; i < 5; i += 1) limiter.consume([{ limit, subject: 'w' }], 1, T0);
    expect(limiter.consume([{ limit, subject: 'w' }], 1, T0).allowed).toBe(false);
    expect(limiter.consume([{ limit, subject: 'w' }], 1, T0 + 60_000).allowed).toBe(true);
  });
});
