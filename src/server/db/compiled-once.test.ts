import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { DatabaseHandle } from './connection';
import { affectedRows, compiledOnce, firstRow } from './compiled-once';

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

async function database(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase();
  handles.push(handle);
  return handle;
}

const hit = compiledOnce((db, p: { key: string; amount: number; expiresAt: number }) =>
  db
    .insertInto('rate_limit_counters')
    .values({ key: p.key, count: p.amount, expires_at: p.expiresAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ count: sql<number>`rate_limit_counters.count + ${p.amount}` }))
    .returning('count'),
);
const lower = compiledOnce((db, p: { key: string; below: number }) =>
  db.updateTable('rate_limit_counters').set({ count: sql<number>`count - 1` }).where('key', '=', p.key).where('count', '>', p.below),
);

describe('statements compiled once', () => {
  it('runs with each call\'s values, the constants of the build kept', async () => {
    const { db } = await database();
    expect(firstRow(await hit(db, { key: 'a', amount: 2, expiresAt: 10 }))?.count).toBe(2);
    expect(firstRow(await hit(db, { key: 'a', amount: 3, expiresAt: 10 }))?.count).toBe(5);
    expect(firstRow(await hit(db, { key: 'b', amount: 1, expiresAt: 20 }))?.count).toBe(1);
    expect(affectedRows(await lower(db, { key: 'a', below: 4 }))).toBe(1);
    expect(affectedRows(await lower(db, { key: 'a', below: 4 }))).toBe(0);
    const rows = await db.selectFrom('rate_limit_counters').select(['key', 'count', 'expires_at']).orderBy('key').execute();
    expect(rows.map((row) => [row.key, Number(row.count), Number(row.expires_at)])).toEqual([
      ['a', 4, 10],
      ['b', 1, 20],
    ]);
  });

  it('keeps one compiled statement per database, so two databases never share one', async () => {
    const first = await database();
    const second = await database();
    await hit(first.db, { key: 'k', amount: 1, expiresAt: 1 });
    await hit(second.db, { key: 'k', amount: 7, expiresAt: 1 });
    expect(firstRow(await hit(first.db, { key: 'k', amount: 1, expiresAt: 1 }))?.count).toBe(2);
    expect(firstRow(await hit(second.db, { key: 'k', amount: 1, expiresAt: 1 }))?.count).toBe(8);
  });

  it('binds a value left undefined as null', async () => {
    const { db } = await database();
    const keep = compiledOnce((database, p: { id: string; headers: string | undefined }) =>
      database.insertInto('dev_mailbox').values({ id: p.id, to_address: 'a@example.com', subject: 's', text: 't', html: 'h', sent_at: 1, headers: p.headers }),
    );
    await keep(db, { id: 'without', headers: undefined });
    await keep(db, { id: 'with', headers: '{}' });
    const rows = await db.selectFrom('dev_mailbox').select(['id', 'headers']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'with', headers: '{}' },
      { id: 'without', headers: null },
    ]);
  });
});
