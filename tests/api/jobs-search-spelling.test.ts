import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchCriteria } from '../../src/shared/jobs/search-url';
import { correctSpelling, searchWithSpelling } from '../../src/server/features/jobs/search-spelling';
import { insertJob, NO_CRITERIA } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/** Typos corrected from the index's own vocabulary, on both databases (decision 0261). */
let t: TestApp;
const search = (criteria: Partial<SearchCriteria>, asTyped = false) =>
  searchWithSpelling(t.app.db, t.app.dialect, { criteria: { ...NO_CRITERIA, ...criteria }, place: null, now: t.clock.now() }, { asTyped });

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  for (let i = 0; i < 8; i += 1) await insertJob(t.app.db, now, { title: 'Registered Nurse', description: 'Care for patients on a medical floor.', category: 'healthcare', ageDays: i });
  for (let i = 0; i < 6; i += 1) await insertJob(t.app.db, now, { title: 'Forklift Operator', description: 'Move pallets in a warehouse.', ageDays: i });
  await insertJob(t.app.db, now, { title: 'Nursery Worker', description: 'Water plants in a garden centre.', ageDays: 1 });
  // PostgreSQL's vocabulary is ANALYZE's statistics of the jobs' words (autovacuum keeps them in production).
  if (t.app.dialect === 'postgres') await sql`analyze jobs`.execute(t.app.db);
});
afterAll(async () => t.close());

describe('typos', () => {
  it('searches for the close word of the vocabulary and says which words it corrected', async () => {
    const corrected = await search({ search: 'nurce' });
    expect(corrected.correction).toEqual({ search: 'nurse', words: [{ typed: 'nurce', corrected: 'nurse' }] });
    expect(corrected.criteria.search).toBe('nurse');
    expect(corrected.result.total).toBe(8);
  });

  it('corrects a swapped pair of letters in a longer word, and keeps the other words', async () => {
    const corrected = await search({ search: 'forklfit pallets' });
    expect(corrected.correction?.search).toBe('forklift pallets');
    expect(corrected.result.total).toBe(6);
  });

  it('leaves a search that finds enough alone, and reads no vocabulary for it', async () => {
    const plain = await search({ search: 'nurse' });
    expect(plain.correction).toBeNull();
    expect(plain.result.total).toBe(8);
  });

  it('searches the words as typed when asked', async () => {
    const typed = await search({ search: 'nurce' }, true);
    expect(typed.correction).toBeNull();
    expect(typed.result.total).toBe(0);
  });

  it('finds no correction for a word far from every word of the index', async () => {
    expect(await correctSpelling(t.app.db, t.app.dialect, 'xylophonist')).toBeNull();
  });
});
