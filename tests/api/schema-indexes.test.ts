import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration0061 from '../../src/server/db/migrations/0061-drop-unused-city-state-index';
import { restoreInterruptedSeed } from '../../tools/seed/jobs';
import { createTestApp, type TestApp } from '../support/test-app';

// An index whose columns lead another index of the same table answers nothing the longer one does not,
// and costs a write on every row and a build when jobs are seeded (migration 0052 dropped jobs_company).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface PlainIndex {
  table: string;
  name: string;
  columns: string[];
  unique: boolean;
}

/** Indexes on plain columns only, not partial: expression and partial indexes serve other queries. */
async function plainIndexes(): Promise<PlainIndex[]> {
  if (t.app.dialect === 'sqlite') {
    const { rows } = await sql<{ table: string; name: string; unique: number; partial: number }>`
      select m.tbl_name as "table", l.name as name, l."unique" as "unique", l.partial as partial
      from sqlite_master m, pragma_index_list(m.tbl_name) l where m.type = 'table'`.execute(t.app.db);
    const indexes: PlainIndex[] = [];
    for (const row of rows.filter((index) => !index.partial)) {
      const columns = (await sql<{ name: string | null }>`select name from pragma_index_info(${row.name}) order by seqno`.execute(t.app.db)).rows;
      if (columns.every((column) => column.name !== null)) indexes.push({ table: row.table, name: row.name, columns: columns.map((column) => column.name!), unique: row.unique === 1 });
    }
    return indexes;
  }
  const { rows } = await sql<{ table: string; name: string; columns: string[]; unique: boolean }>`
    select t.relname as "table", i.relname as name, x.indisunique as "unique",
      array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, n) join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n) as columns
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relnamespace = current_schema()::regnamespace and x.indpred is null and x.indexprs is null`.execute(t.app.db);
  return rows;
}

/** Kept on purpose, with the reason. */
const INTENDED: Record<string, string> = {
  'jobs.jobs_lat_lon': 'PostgreSQL: narrower than jobs_place_cover, so cheaper to read as a bitmap beside the GIN index (migration 0007)',
};

describe('the schema', () => {
  it('has no index that is a leading part of another index of its table', async () => {
    const indexes = await plainIndexes();
    expect(indexes.some((index) => index.name === 'jobs_company_status')).toBe(true);
    const redundant = indexes.filter(
      (index) =>
        !index.unique &&
        !INTENDED[`${index.table}.${index.name}`] &&
        indexes.some((other) => other !== index && other.table === index.table && other.columns.length > index.columns.length && index.columns.every((column, i) => other.columns[i] === column)),
    );
    expect(redundant.map((index) => `${index.table}.${index.name} (${index.columns.join(', ')})`)).toEqual([]);
  });

  it('drops the (state, city) index no statement used, also from what an interrupted seed would make again (migration 0061)', async () => {
    const db = t.app.db as unknown as Kysely<unknown>;
    const exists = async () => (await plainIndexes()).filter((index) => index.name === 'jobs_city_state').length;
    expect(await exists()).toBe(0);
    // As a database was before 0061 where a seed was killed after dropping the index and writing it down.
    await migration0061.down(db);
    expect(await exists()).toBe(1);
    await sql`drop index jobs_city_state`.execute(t.app.db);
    await sql`insert into seed_restore (name, kind, definition) values ('jobs_city_state', 'index', 'create index jobs_city_state on jobs (state, city)')`.execute(t.app.db);
    await migration0061.up(db);
    expect((await sql`select name from seed_restore`.execute(t.app.db)).rows).toEqual([]);
    expect(await restoreInterruptedSeed(t.app.db, t.app.dialect)).toBe(false);
    expect(await exists()).toBe(0);
    // Applied twice (as after an earlier migration ran again), it changes nothing.
    await migration0061.up(db);
    expect(await exists()).toBe(0);
  });
});
