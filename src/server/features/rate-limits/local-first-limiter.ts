import type { RateLimitStore } from './rate-limit-store';
import type { RateLimit } from './rate-limiter';

/**
 * A limiter for hot paths (the event log, the observation ingest) that adds no store round trip to a
 * request. Each instance counts in memory and decides at once from "the window's count the store last
 * answered + what this instance counted since"; every FLUSH_INTERVAL_MS the counts gathered meanwhile go
 * to the shared store in one increment per key (the database or Redis), and the store's answer (every
 * instance's hits) becomes the new base. With N instances a subject can pass the limit by at most what the
 * other instances let through in one flush interval (decision 0086).
 */
interface Entry {
  window: number;
  /** The window's count in the store at the last flush (all instances). */
  shared: number;
  /** Counted here since the last flush. */
  pending: number;
}

export interface LimitCheck {
  limit: RateLimit;
  subject: string;
  /**
   * The subject was made for this very request (a ptid the tracking plugin just issued): it has no count
   * anywhere and no later request can share it, so it is judged on this request's cost alone and not
   * remembered. Remembering it would cost an entry here and a store write at the next flush per request
   * of a sender that keeps no cookies.
   */
  fresh?: boolean;
}

/**
 * Allowed: what is left of the tightest limit after this request, and the seconds until its window
 * ends (what the RateLimit headers tell a client). Refused: when to try again.
 */
export type LocalDecision = { allowed: true; remaining: number; resetSeconds: number } | { allowed: false; retryAfterSeconds: number };

export const FLUSH_INTERVAL_MS = 250;
/** Subjects remembered per instance; the oldest is forgotten beyond this (a flood of new addresses). */
const MAX_SUBJECTS = 100_000;

export class LocalFirstLimiter {
  private entries = new Map<string, Entry>();
  private flushing: Promise<void> | null = null;
  /** The application clock's latest reading, to forget subjects whose window has ended. */
  private lastNow = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: RateLimitStore,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts the periodic flush (not in tests that flush by hand). */
  start(intervalMs = FLUSH_INTERVAL_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /**
   * Counts `cost` for every (limit, subject) pair and answers whether all of them are still within their
   * limit. A refused request counts nothing, so a sender that keeps trying is not locked out longer.
   */
  consume(checks: readonly LimitCheck[], cost: number, now: number): LocalDecision {
    this.lastNow = Math.max(this.lastNow, now);
    const entries = checks.map(({ limit, subject, fresh }) => ({
      limit,
      entry: fresh ? { window: Math.floor(now / limit.windowMs), shared: 0, pending: 0 } : this.entry(`${limit.name}:${subject}`, limit.windowMs, now),
    }));
    for (const { limit, entry } of entries) {
      if (entry.shared + entry.pending + cost > limit.max) {
        const windowEndsAt = (entry.window + 1) * limit.windowMs;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now) / 1000)) };
      }
    }
    let remaining = Infinity;
    let resetSeconds = 0;
    for (const { limit, entry } of entries) {
      entry.pending += cost;
      const left = Math.max(0, limit.max - entry.shared - entry.pending);
      if (left < remaining) {
        remaining = left;
        resetSeconds = Math.max(1, Math.ceil(((entry.window + 1) * limit.windowMs - now) / 1000));
      }
    }
    return { allowed: true, remaining: Number.isFinite(remaining) ? remaining : 0, resetSeconds };
  }

  /** Sends what was counted since the last flush to the store and takes its totals as the new base. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.sendPending().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private entry(key: string, windowMs: number, now: number): Entry {
    const window = Math.floor(now / windowMs);
    const mapKey = `${key}|${windowMs}`;
    let entry = this.entries.get(mapKey);
    if (!entry || entry.window !== window) {
      if (!entry && this.entries.size >= MAX_SUBJECTS) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      entry = { window, shared: 0, pending: 0 };
      this.entries.set(mapKey, entry);
    }
    return entry;
  }

  private async sendPending(): Promise<void> {
    const work: Promise<void>[] = [];
    for (const [mapKey, entry] of this.entries) {
      const separator = mapKey.lastIndexOf('|');
      const key = mapKey.slice(0, separator);
      const windowMs = Number(mapKey.slice(separator + 1));
      if (entry.pending === 0) {
        // Nothing new, and the clock has left its window: forget it.
        if (entry.window < Math.floor(this.lastNow / windowMs)) this.entries.delete(mapKey);
        continue;
      }
      const sent = entry.pending;
      const window = entry.window;
      work.push(
        this.store.hit(key, windowMs, window * windowMs, sent).then(
          (total) => {
            if (entry.window !== window) return;
            entry.pending -= sent;
            // The store's total holds every instance's hits, this flush's included.
            entry.shared = Math.max(entry.shared + sent, total);
          },
          (error: unknown) => {
            // The store is unreachable: keep counting here so the limit still holds on this instance.
            if (entry.window === window) {
              entry.pending -= sent;
              entry.shared += sent;
            }
            this.onError(error);
          },
        ),
      );
    }
    await Promise.all(work);
  }
}
