import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../../tests/support/s3-server';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { DatabaseHandle } from '../../db/connection';
import { databaseFileStorage, diskFileStorage, fixedChunks, isStorageKey, type FileStorage, type StoredFileEntry } from './file-storage';
import { s3FileStorage } from './s3-file-storage';

/** A body that arrives in uneven pieces, as an upload does. */
async function* pieces(bytes: Buffer, sizes = [1, 999, 4096, 70_000]) {
  for (let at = 0, turn = 0; at < bytes.length; turn += 1) {
    const size = sizes[turn % sizes.length]!;
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

async function* failingAfter(bytes: Buffer) {
  yield bytes;
  throw new Error('the upload was cut off');
}

async function listed(storage: FileStorage): Promise<StoredFileEntry[]> {
  const entries: StoredFileEntry[] = [];
  for await (const entry of storage.list()) entries.push(entry);
  return entries;
}

function behavesAsFileStorage(makeStorage: () => FileStorage | Promise<FileStorage>) {
  it('stores bytes under a new key per namespace and reads them back whole', async () => {
    const storage = await makeStorage();
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
    const storage = await makeStorage();
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
    const storage = await makeStorage();
    const key = await storage.put('resumes', Buffer.from('%PDF-1.4'), 'pdf');
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.getRange(key, 0, 3)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
  });

  it('stores an empty file', async () => {
    const storage = await makeStorage();
    const key = await storage.put('logos', Buffer.alloc(0), 'png');
    expect(await storage.get(key)).toEqual(Buffer.alloc(0));
    expect((await storage.stat(key))?.size).toBe(0);
  });

  it('stores a stream as it arrives, and reads it back whole, by range and as a stream', async () => {
    const storage = await makeStorage();
    const bytes = randomBytes(300_000);
    const key = await storage.put('spotlight', pieces(bytes), 'webm', 'video/webm');
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
    expect(await storage.stat(key)).toEqual({ size: 300_000, contentType: 'video/webm' });
    expect((await storage.getRange(key, 4095, 270_000))?.equals(bytes.subarray(4095, 270_001))).toBe(true);
    expect((await buffer((await storage.openRead(key))!)).equals(bytes)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [4095, 4096],
      [5000, 299_999],
      [299_990, 400_000],
    ] as const) {
      expect((await buffer((await storage.openRead(key, { start, end }))!)).equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    expect((await buffer((await storage.openRead(key, { start: 300_000, end: 300_010 }))!)).length).toBe(0);
    expect(await storage.openRead('spotlight/0b0e1c2d-1111-4222-8333-444455556666.webm')).toBeNull();
  });

  it('keeps nothing of a stream that fails part way', async () => {
    const storage = await makeStorage();
    const before = await listed(storage);
    await expect(storage.put('attachments', failingAfter(randomBytes(10_000)), 'pdf')).rejects.toThrow('cut off');
    expect(await listed(storage)).toEqual(before);
  });

  it('writes under a given key, replacing what was there, and lists every file with its size', async () => {
    const storage = await makeStorage();
    const key = 'logos/0b0e1c2d-1111-4222-8333-444455556666.png';
    await storage.putAt(key, Buffer.from('first version'), 'image/png');
    await storage.putAt(key, pieces(Buffer.from('second')), 'image/png');
    expect((await storage.get(key))?.toString()).toBe('second');
    expect(await storage.stat(key)).toEqual({ size: 6, contentType: 'image/png' });
    const other = await storage.put('resumes', Buffer.from('%PDF-1.4'), 'pdf');
    const entries = await listed(storage);
    expect(entries).toContainEqual({ key, size: 6 });
    expect(entries).toContainEqual({ key: other, size: 8 });
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(entries.length);
    await expect(storage.putAt('../x.png', Buffer.from('x'))).rejects.toThrow('not a file storage key');
  });

  it('refuses keys that are not its own (paths, other namespaces) and bad extensions', async () => {
    const storage = await makeStorage();
    for (const key of ['../etc/passwd', 'resumes/../../x.pdf', 'other/0b0e1c2d-1111-4222-8333-444455556666.pdf', 'resumes/0B0E1C2D-1111-4222-8333-444455556666.pdf', '']) {
      expect(isStorageKey(key)).toBe(false);
      await expect(storage.get(key)).rejects.toThrow('not a file storage key');
      await expect(storage.delete(key)).rejects.toThrow('not a file storage key');
    }
    await expect(storage.put('resumes', Buffer.from('x'), '../pdf')).rejects.toThrow();
    await expect(storage.put('nope' as 'resumes', Buffer.from('x'), 'pdf')).rejects.toThrow();
  });
}

describe('fixedChunks', () => {
  it('cuts any run of pieces into chunks of one size, the last shorter', async () => {
    const bytes = randomBytes(10_001);
    const chunks: Buffer[] = [];
    for await (const chunk of fixedChunks(pieces(bytes, [3, 5000, 1, 2500]), 4096)) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.length)).toEqual([4096, 4096, 1809]);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});

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

  it('leaves no partial file behind a failed stream', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'jobwise-storage-'));
    await expect(diskFileStorage(folder).put('spotlight', failingAfter(randomBytes(1000)), 'webm')).rejects.toThrow('cut off');
    expect(readdirSync(folder)).toEqual(['.incoming']);
    expect(readdirSync(path.join(folder, '.incoming'))).toEqual([]);
  });
});

describe('s3 file storage (s3rver on loopback)', () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => server.close());
  behavesAsFileStorage(async () => s3FileStorage(await server.newBucket()));

  it('loses no acknowledged upload when the S3 server restarts during uploads', async () => {
    const storage = s3FileStorage(await server.newBucket());
    const before = await Promise.all([1, 2, 3].map(() => storage.put('attachments', randomBytes(50_000), 'pdf')));
    // A large file streamed in parts: the server restarts (every connection cut) once its first
    // 5 MiB part has gone up, while small files are being sent beside it.
    const large = randomBytes(8 * 1024 * 1024);
    let restarted: Promise<void> | null = null;
    async function* restartingMidway() {
      for await (const piece of pieces(large, [256 * 1024])) {
        yield piece;
        if (!restarted && piece.byteOffset + piece.length > 5.5 * 1024 * 1024) {
          restarted = server.restart();
          await restarted;
        }
      }
    }
    const files = [large, ...[1, 2, 3, 4].map(() => randomBytes(50_000))];
    const results = await Promise.allSettled([storage.put('spotlight', restartingMidway(), 'webm'), ...files.slice(1).map((bytes) => storage.put('attachments', bytes, 'pdf'))]);
    expect(restarted).not.toBeNull();
    const acknowledged = results.flatMap((result, index) => (result.status === 'fulfilled' ? [{ key: result.value, bytes: files[index]! }] : []));
    for (const { key, bytes } of acknowledged) expect((await storage.get(key))?.equals(bytes), key).toBe(true);
    // Nothing unacknowledged is half there: the bucket holds exactly the acknowledged files, whole.
    const listedKeys = (await listed(storage)).map((entry) => entry.key).sort();
    expect(listedKeys).toEqual([...before, ...acknowledged.map((upload) => upload.key)].sort());
  }, 60_000);
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
