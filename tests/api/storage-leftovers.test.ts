// Crash leftovers (decision 0304): what an upload cut off by a crash left in storage is removed by the
// hourly 'storage-leftovers' scheduled job, once it is older than any upload takes; a write still
// arriving is kept. SQLite by default; PostgreSQL with TEST_DATABASE_URL (the database driver's rows).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_LEFTOVER_AGE_MS } from '../../src/server/features/storage/storage-leftovers.plugin';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
afterEach(async () => t.close());

describe('crash leftovers in storage', () => {
  it('disk: the scheduled job removes an abandoned partial file and keeps one still being written', async () => {
    t = await createTestApp({});
    const incoming = path.join(t.config.DATA_DIR, 'uploads', '.incoming');
    mkdirSync(incoming, { recursive: true });
    const kept = await t.app.fileStorage.put('resumes', Buffer.from('%PDF-1.7'), 'pdf');
    writeFileSync(path.join(incoming, 'crashed.partial'), randomBytes(2048));
    writeFileSync(path.join(incoming, 'arriving.partial'), randomBytes(2048));
    const longAgo = (Date.now() - STORAGE_LEFTOVER_AGE_MS - 60_000) / 1000;
    utimesSync(path.join(incoming, 'crashed.partial'), longAgo, longAgo);

    expect(t.app.scheduler.jobs.get('storage-leftovers')?.everyMs).toBe(STORAGE_LEFTOVER_AGE_MS);
    expect((await t.app.scheduler.runDue())['storage-leftovers']).toBe('ran');
    expect(readdirSync(incoming)).toEqual(['arriving.partial']);
    expect((await t.app.fileStorage.get(kept))?.toString()).toBe('%PDF-1.7');
  });

  it('database: the scheduled job removes the row and chunks of a write cut off by a crash', async () => {
    t = await createTestApp({ STORAGE_DRIVER: 'database' });
    const kept = await t.app.fileStorage.put('resumes', randomBytes(5000), 'pdf');
    const crashed = 'spotlight/0b0e1c2d-1111-4222-8333-444455556666.webm';
    await t.app.db.insertInto('stored_files').values({ key: crashed, namespace: 'spotlight', content_type: null, size_bytes: -1, chunk_bytes: 262_144, created_at: Date.now() - STORAGE_LEFTOVER_AGE_MS - 60_000 }).execute();
    await t.app.db.insertInto('stored_file_chunks').values({ key: crashed, chunk_index: 0, bytes: randomBytes(1000) }).execute();

    expect((await t.app.scheduler.runDue())['storage-leftovers']).toBe('ran');
    expect(await t.app.db.selectFrom('stored_files').select('key').execute()).toEqual([{ key: kept }]);
    expect(await t.app.db.selectFrom('stored_file_chunks').select('key').where('key', '=', crashed).execute()).toEqual([]);
    // Claimed for the hour: a second pass does not run it again.
    expect((await t.app.scheduler.runDue())['storage-leftovers']).not.toBe('ran');
  });
});
