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
    await sql`set parallel_setup_cost = 0`.execute(connection);
    await sql`set parallel_tuple_cost = 0`.execute(connection);
    await sql`set min_parallel_table_scan_size = 0`.execute(connection);
    if (workers === 'two') await sql`set max_parallel_workers_per_gather = 2`.execute(connection);
    try {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from parallel_probe`.execute(connection);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await sql`reset all`.execute(connection);
    }
  });
}

describe.runIf(url?.startsWith('postgres'))('PostgreSQL sessions', () => {
  it('plan every statement without parallel workers, on every connection of the pool', async () => {
    const handle = await createTestDatabase();
    handles.push(handle);
    // A table of its own (the copied database is dropped afterwards), large enough to be split.
    await sql`create table parallel_probe as select g from generate_series(1, 100000) as g`.execute(handle.db);
    await sql`analyze parallel_probe`.execute(handle.db);
    // The same plan with workers allowed gathers from them: the setting is what keeps them out.
    expect(await planOfCount(handle.db, 'two')).toMatch(/Gather/);
    const plans = await Promise.all([1, 2, 3].map(() => planOfCount(handle.db, 'as connected')));
    for (const plan of plans) expect(plan).not.toMatch(/Gather/);
  });

  it("leaves the last word to an operator's PGOPTIONS", async () => {
    const before = process.env.PGOPTIONS;
    process.env.PGOPTIONS = '-c max_parallel_workers_per_gather=1';
    try {
      const handle = connectDatabase(url!, { poolSize: 1 });
      handles.push(handle);
      const { rows } = await sql<{ max_parallel_workers_per_gather: string }>`show max_parallel_workers_per_gather`.execute(handle.db);
      expect(rows[0]?.max_parallel_workers_per_gather).toBe('1');
    } finally {
      if (before === undefined) delete process.env.PGOPTIONS;
      else process.env.PGOPTIONS = before;
    }
  });
});
