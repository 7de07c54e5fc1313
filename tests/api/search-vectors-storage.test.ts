import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration0059 from '../../src/server/db/migrations/0059-search-vectors-in-row';
import type { DatabaseHandle } from '../../src/server/db/connection';
import { searchEveryMatch } from '../support/search-oracle';
import { searchJobs } from '../../src/server/features/jobs/search.repository';
import { insertJob, NO_CRITERIA } from '../support/jobs-fixtures';
import { createTestDatabase, testDialect } from '../support/test-database';

// Decision 0217: on PostgreSQL a job's row stays whole up to 4 kB and its search vectors stay in it past
// that, so ranking a search's candidates reads no TOAST value.
describe.runIf(testDialect() === 'postgres')('a job\'s search vectors on PostgreSQL', () => {
  let database: DatabaseHandle;
  const now = Date.UTC(2026, 10, 28, 12);
  // Prose of about 1,500 characters: its vector is longer than the text, and the row is over 2 kB.
  const description = [
    'Join our regional team as a forklift operator and keep freight moving through a busy cross-dock facility.',
    'You will load and unload trailers, stage outbound orders, cycle count inventory, and inspect equipment before every shift.',
    'Operators rotate between reach trucks, order pickers, sit-down counterbalance units and electric pallet jacks.',
    'We value careful driving, clear radio communication, accurate scanning, tidy aisles and honest handoffs between crews.',
    'Requirements include certification or willingness to certify within thirty days, steady attendance, and lifting fifty pounds.',
    'Benefits: medical, dental and vision coverage, matched retirement savings, tuition reimbursement, paid holidays and overtime.',
    'Schedules cover mornings, evenings and weekends; shift differentials apply overnight; uniforms and safety boots are provided.',
    'Growth paths lead to trainer, lead, dispatcher, inventory analyst and supervisor roles across our distribution network.',
    'Apply today and interview this week.',
  ].join('\n');

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => database?.close());

  /** Bytes the jobs table's TOAST table holds. */
  const toastBytes = async () => {
    const { rows } = await sql<{ toast: string }>`select reltoastrelid::regclass::text as toast from pg_class where oid = to_regclass('jobs')`.execute(database.db);
    const toast = rows[0]!.toast;
    // The TOAST table's name comes from the catalogue, never input.
    const sum = await sql<{ bytes: number }>`select coalesce(sum(octet_length(chunk_data)), 0)::int as bytes from ${sql.raw(toast)}`.execute(database.db);
    return sum.rows[0]!.bytes;
  };
  /** Posts a job with the long description; what it added to the TOAST table, and its words' vector's size. */
  const post = async (title: string) => {
    const before = await toastBytes();
    const job = await insertJob(database.db, now, { title, description });
    const { rows } = await sql<{ vector: number; row: number }>`select pg_column_size(search_vector) as vector, pg_column_size(j.*) as row from jobs j where id = ${job.id}`.execute(database.db);
    return { added: (await toastBytes()) - before, vector: rows[0]!.vector, row: rows[0]!.row };
  };

  it('are kept in the row from migration 0059 on, where before the words\' vector was moved out', async () => {
    const options = await sql<{ options: string[] | null }>`select reloptions as options from pg_class where oid = to_regclass('jobs')`.execute(database.db);
    expect(options.rows[0]?.options).toContain('toast_tuple_target=4080');
    const storage = async () =>
      (await sql<{ name: string; storage: string }>`select attname as name, attstorage as storage from pg_attribute
        where attrelid = to_regclass('jobs') and attname in ('search_vector', 'search_tokens', 'description') order by attname`.execute(database.db)).rows;
    expect(await storage()).toEqual([
      { name: 'description', storage: 'x' },
      { name: 'search_tokens', storage: 'm' },
      { name: 'search_vector', storage: 'm' },
    ]);
    const kept = await post('Forklift Operator');
    expect(kept.row).toBeGreaterThan(2032);
    expect(kept.vector).toBeGreaterThan(description.length);
    // Under 4 kB the row stays whole.
    expect(kept.row).toBeLessThan(4080);
    expect(kept.added).toBe(0);

    // As before 0059: the vector, the row's largest value, is the one moved out.
    await migration0059.down(database.db as unknown as Kysely<unknown>);
    try {
      const moved = await post('Reach Truck Operator');
      expect(moved.added).toBeGreaterThanOrEqual(moved.vector);
    } finally {
      await migration0059.up(database.db as unknown as Kysely<unknown>);
    }
  });

  it('give the same search and snippet as before for a row kept whole', async () => {
    await insertJob(database.db, now, { title: 'Forklift Trainer', description });
    const params = { criteria: { ...NO_CRITERIA, search: 'forklift certification' }, place: null, now };
    const result = await searchJobs(database.db, database.dialect, params);
    expect(result.rows.map((row) => row.title)).toContain('Forklift Trainer');
    expect(result).toEqual(await searchEveryMatch(database.db, database.dialect, params));
    const { rows } = await sql<{ snippet: string }>`select substr(description, 1, 40) as snippet from jobs where title = 'Forklift Trainer'`.execute(database.db);
    expect(rows[0]?.snippet).toBe(description.slice(0, 40));
  });
});
