import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import { connectDatabase, type DatabaseHandle } from './connection';
import type { Database } from './database';

// Decision 0212: PostgreSQL statements run without parallel workers.
const url = process.env.TEST_DATABASE_URL;
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

/** The plan of a count over `parallel_probe`, the planner is told parallel workers cost nothing to start and feed. */
async function planOfCount(db: Kysely<Database>, workers: 'as connected' | 'two'): Promise<string> {
  return db.connection().execute(async (connection) => {
    try {
      await sql`set parallel_setup_cost = 0`.execute(connection);
      await sql`set parallel_tuple_cost = 0`.execute(connection);
      await sql`set min_parallel_table_scan_size = 0`.execute(connection);
      if (workers === 'two') await sql`set max_parallel_workers_per_gather = 2`.execute(connection);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from parallel_probe`.execute(connection);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await sql`reset all`.execute(connection);
    }
  });
}

/** Runs `work` with PGOPTIONS set to `value` (or unset), then puts it back. */
async function withPgOptions<T>(value: string | undefined, work: () => Promise<T>): Promise<T> {
  const before = process.env.PGOPTIONS;
  if (value === undefined) delete process.env.PGOPTIONS;
  else process.env.PGOPTIONS = value;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.PGOPTIONS;
    else process.env.PGOPTIONS = before;
  }
}

describe.runIf(url?.startsWith('postgres'))('PostgreSQL sessions', () => {
  it('plan statements without parallel workers, on each of several connections of the pool', async () => {
    const handle = await withPgOptions(undefined, () => createTestDatabase());
    handles.push(handle);
    // A table of its own (the copied database is dropped afterwards), large enough to be split.
    await sql`create table parallel_probe as select g from generate_series(1, 100000) as g`.execute(handle.db);
    await sql`analyze parallel_probe`.execute(handle.db);
    // The same plan with workers allowed gathers from them: the setting is what keeps them out.
    expect(await planOfCount(handle.db, 'two')).toMatch(/Gather/);
    const plans = await Promise.all([1, 2, 3].map(() => planOfCount(handle.db, 'as connected')));
    for (const plan of plans) expect(plan).not.toMatch(/Gather/);
  });

  it("leaves the last word to an operator's PGOPTIONS, and to the URL's options after them, keeping the rest", async () => {
    const setting = async (connectionUrl: string, name: 'max_parallel_workers_per_gather' | 'work_mem') => {
      const handle = connectDatabase(connectionUrl, { poolSize: 1 });
      handles.push(handle);
      const { rows } = await sql.raw<Record<string, string>>(`show ${name}`).execute(handle.db);
      return rows[0]?.[name];
    };
    const withOptions = (options: string) => {
      const withThem = new URL(url!);
      withThem.searchParams.set('options', options);
      return withThem.toString();
    };
    await withPgOptions('-c max_parallel_workers_per_gather=1', async () => {
      expect(await setting(url!, 'max_parallel_workers_per_gather')).toBe('1');
      expect(await setting(withOptions('-c max_parallel_workers_per_gather=3'), 'max_parallel_workers_per_gather')).toBe('3');
    });
    // pg alone lets the URL's options replace the whole string: the setting would be lost.
    await withPgOptions(undefined, async () => {
      expect(await setting(withOptions('-c work_mem=5MB'), 'work_mem')).toBe('5MB');
      expect(await setting(withOptions('-c work_mem=5MB'), 'max_parallel_workers_per_gather')).toBe('0');
    });
  });
});
