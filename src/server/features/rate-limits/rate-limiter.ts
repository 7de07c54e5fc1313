import type { RateLimitStore } from './rate-limit-store';

export interface RateLimit {
  /** Names the limit in keys, e.g. 'codes-per-email'. */
  name: string;
  max: number;
  windowMs: number;
}

export type RateLimitResult = { allowed: true; count: number } | { allowed: false; count: number; retryAfterSeconds: number };

/** Counts a hit against a limit for a subject (an email, a client address) and says whether it is allowed. */
export async function consumeRateLimit(store: RateLimitStore, limit: RateLimit, subject: string, now: number): Promise<RateLimitResult> {
  const key = `${limit.name}:${subject}`;
  const count = await store.hit(key, limit.windowMs, now);
  if (count <= limit.max) return { allowed: true, count };
  const windowEndsAt = (Math.floor(now / limit.windowMs) + 1) * limit.windowMs;
  return { allowed: false, count, retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now) / 1000)) };
}

export async function refundRateLimit(store: RateLimitStore, limit: RateLimit, subject: string, now: number): Promise<void> {
  await store.refund(`${limit.name}:${subject}`, limit.windowMs, now);
}
