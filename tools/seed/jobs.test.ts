import { describe, expect, it } from 'vitest';
import { createSeedSource } from './jobs';
import { HOUR_MS, DAY_MS } from '../../src/shared/time';


describe('the seed source', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  const jobs = 4000;
  const { makeRow } = createSeedSource({ jobs, now, seed: 5 });
  const rows = Array.from({ length: jobs }, (_, i) => makeRow(i + 1));

  it('posts a later seq later, give or take a few hours, as a live site gives seqs (decision 0202)', () => {
    let newestSoFar = -Infinity;
    for (const row of rows) {
      // No row was posted more than the jitter before one of a smaller seq.
      expect(row.posted_at).toBeGreaterThan(newestSoFar - 6 * HOUR_MS);
      newestSoFar = Math.max(newestSoFar, row.posted_at);
    }
    expect(rows[0]!.posted_at).toBeLessThan(now - 44 * DAY_MS);
    expect(rows.at(-1)!.posted_at).toBeGreaterThan(now - 6 * HOUR_MS);
    // Not in strict order either: a draft published later than the next one.
    expect(rows.some((row, i) => i > 0 && row.posted_at < rows[i - 1]!.posted_at)).toBe(true);
  });

  it('gives the newest listings times of their own, not one long tie at now', () => {
    const newest = rows.slice(-400).map((row) => row.posted_at);
    expect(new Set(newest).size).toBe(newest.length);
  });

  it('keeps the ages between now and 45 days, recent ones more common', () => {
    for (const row of rows) {
      expect(row.posted_at).toBeLessThanOrEqual(now);
      expect(row.posted_at).toBeGreaterThan(now - 45 * DAY_MS - 6 * HOUR_MS);
    }
    // Squared shares of 45 days: sqrt(7 / 45) = 39% of the listings are at most a week old.
    const lastWeek = rows.filter((row) => row.posted_at >= now - 7 * DAY_MS).length / jobs;
    expect(lastWeek).toBeGreaterThan(0.37);
    expect(lastWeek).toBeLessThan(0.41);
  });
});
