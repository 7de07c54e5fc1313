import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { DatabaseHandle } from '../../db/connection';
import { databaseFileStorage, diskFileStorage, isStorageKey, type FileStorage } from './file-storage';

function behavesAsFileStorage(makeStorage: () => FileStorage) {
  it('stores bytes under a new key per namespace and reads them back whole', async () => {
    const storage = makeStorage();
    const bytes = randomBytes(70_000);
    const key = await storage.put('spotlight', bytes, 'webm', 'video/webm');
    expect(key).toMatch(/^spotlight\/[0-9a-f-]{36}\.webm$/);
    expect(isStorageKey(key)).toBe(true);
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
    expect(await storage.stat(key)).toEqual({ size: 70_000, contentType: 'video/webm' });
    const other = await storage.put('logos', Buffer.from('png'), 'png');
    expect(other).not.toBe(key);
    expect(await storage.stat(other)).toEqual({ size: 3, contentType: 'image/png' });
  });

  it('reads any byte range, across chunk boundaries, clipped to the file', async () => {
    const storage = makeStorage();
    const bytes = randomBytes(10_000);
    const key = await storage.put('spotlight', bytes, 'mp4');
    for (const [start, end] of [
      [0, 0],
      [0, 9_999],
      [1000, 4095],
      [4095, 4096],
      [4096, 8191],
      [9_990, 20_000],
      [3, 9_000],
    ] as const) {
      expect((await storage.getRange(key, start, end))?.equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    expect(await storage.getRange(key, 10_000, 10_010)).toEqual(Buffer.alloc(0));
    await expect(storage.getRange(key, 5, 2)).rejects.toThrow(RangeError);
  });

  it('answers null for a key that names nothing, and deletes idempotently', async () => {
    const storage = makeStorage();
    const key = await storage.put('resumes', Buffer.from('%PDF-1.4'), 'pdf');
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.getRange(key, 0, 3)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
  });

  it('stores an empty file', async () => {
    const storage = makeStorage();
    const key = await storage.put('logos', Buffer.alloc(0), 'png');
    expect(await storage.get(key)).toEqual(Buffer.alloc(0));
    expect((await storage.stat(key))?.size).toBe(0);
  });

  it('refuses keys that are not its own (paths, other namespaces) and bad extensions', async () => {
    const storage = makeStorage();
    for (const key of ['../etc/passwd', 'resumes/../../x.pdf', 'other/0b0e1c2d-1111-4222-8333-444455556666.pdf', 'resumes/0B0E1C2D-1111-4222-8333-444455556666.pdf', '']) {
      expect(isStorageKey(key)).toBe(false);
      await expect(storage.get(key)).rejects.toThrow('not a file storage key');
      await expect(storage.delete(key)).rejects.toThrow('not a file storage key');
    }
    await expect(storage.put('resumes', Buffer.from('x'), '../pdf')).rejects.toThrow();
    await expect(storage.put('nope' as 'resumes', Buffer.from('x'), 'pdf')).rejects.toThrow();
  });
}

describe('disk file storage', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'jobwise-storage-'));
  behavesAsFileStorage(() => diskFileStorage(directory));

  it('keeps reading résumé keys written before the shared module (resumes/<uuid>.pdf under UPLOADS_DIR)', async () => {
    const key = 'resumes/0b0e1c2d-1111-4222-8333-444455556666.pdf';
    mkdirSync(path.join(directory, 'resumes'), { recursive: true });
    writeFileSync(path.join(directory, key), '%PDF-1.7 old');
    const storage = diskFileStorage(directory);
    expect((await storage.get(key))?.toString()).toBe('%PDF-1.7 old');
    expect(await storage.stat(key)).toEqual({ size: 12, contentType: 'application/pdf' });
  });
});

describe('database file storage (on TEST_DATABASE_URL when set)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());
  // Small chunks so the range tests cross several of them.
  behavesAsFileStorage(() => databaseFileStorage(database.db, 4096));

  it('writes a file in chunks and reads a range from only the chunks it covers', async () => {
    const storage = databaseFileStorage(database.db, 4096);
    const key = await storage.put('spotlight', randomBytes(10_000), 'webm');
    const chunks = await database.db.selectFrom('stored_file_chunks').select(['chunk_index']).where('key', '=', key).orderBy('chunk_index').execute();
    expect(chunks.map((chunk) => chunk.chunk_index)).toEqual([0, 1, 2]);
  });

  it('reads files written with another chunk size', async () => {
    const bytes = randomBytes(9_000);
    const key = await databaseFileStorage(database.db, 1000).put('spotlight', bytes, 'webm');
    expect((await databaseFileStorage(database.db, 4096).getRange(key, 999, 5_001))?.equals(bytes.subarray(999, 5_002))).toBe(true);
  });
});
