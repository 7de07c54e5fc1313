import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_PER_PAGE } from '../../src/shared/jobs/enums';
import { searchEveryMatch } from '../support/search-oracle';
import { searchJobs } from '../../src/server/features/jobs/search.repository';
import { insertJob, NO_CRITERIA } from '../support/jobs-fixtures';
import { testDialect } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';

// Migration 0053: jobs posted at the very same moment (a bulk import) are ordered by seq, the order's
// last tie-breaker, and the index of the default order holds it, so a page is read in order.
let t: TestApp;
const TIED = 130;

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  for (let i = 0; i < 25; i += 1) await insertJob(t.app.db, now, { ageDays: 2 + i / 10 });
  const posted = now - 86_400_000;
  for (let i = 0; i < TIED; i += 1) await insertJob(t.app.db, now, { id: `tie${String(i).padStart(5, '0')}`, posted_at: posted, featured: i === 70 ? 1 : 0 });
  for (let i = 0; i < 25; i += 1) await insertJob(t.app.db, now, { ageDays: i / 10 });
}, 60_000);
afterAll(async () => t.close());

describe('jobs posted at the same moment', () => {
  it('come newest seq first, page after page, as when every job is sorted', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil((TIED + 50) / RESULTS_PER_PAGE); page += 1) {
      const params = { criteria: { ...NO_CRITERIA, page }, place: null, now: t.clock.now() };
      const result = await searchJobs(t.app.db, t.app.dialect, params);
      expect(result).toEqual(await searchEveryMatch(t.app.db, t.app.dialect, params));
      seen.push(...result.rows.map((row) => row.id));
    }
    const tied = seen.filter((id) => id.startsWith('tie'));
    // The featured one first of all; the rest of the tie by seq, newest first, each once.
    expect(seen[0]).toBe('tie00070');
    expect(tied.slice(1)).toEqual(Array.from({ length: TIED }, (_, i) => `tie${String(TIED - 1 - i).padStart(5, '0')}`).filter((id) => id !== 'tie00070'));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it.runIf(testDialect() === 'sqlite')('are read in order from the index, not sorted (SQLite)', async () => {
    const { rows } = await sql<{ detail: string }>`explain query plan
      select j.seq from jobs j where j.status = 'open' order by j.featured desc, j.posted_at desc, j.seq desc limit 20`.execute(t.app.db);
    const plan = rows.map((row) => row.detail).join('\n');
    expect(plan).toContain('jobs_status_featured_posted');
    expect(plan).not.toContain('TEMP B-TREE');
  });
});
