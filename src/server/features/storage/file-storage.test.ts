import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../../tests/support/s3-server';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { DatabaseHandle } from '../../db/connection';
import { databaseFileStorage, diskFileStorage, fixedChunks, isStorageKey, type FileStorage, type StoredFileEntry } from './file-storage';
import { AbortMultipartUploadCommand, ListMultipartUploadsCommand, type S3Client } from '@aws-sdk/client-s3';
import { s3FileStorage } from './s3-file-storage';
import { HOUR_MS } from '../../../shared/time';


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

  it('removes the partial files a crash mid-upload left, and keeps one still being written (decision 0304)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'jobwise-storage-'));
    const storage = diskFileStorage(folder);
    expect(await storage.removeLeftovers(Date.now())).toBe(0);
    const kept = await storage.put('resumes', Buffer.from('%PDF-1.7'), 'pdf');
    const crashed = path.join(folder, '.incoming', 'crashed.partial');
    const arriving = path.join(folder, '.incoming', 'arriving.partial');
    writeFileSync(crashed, randomBytes(1000));
    writeFileSync(arriving, randomBytes(1000));
    const twoHoursAgo = (Date.now() - 2 * HOUR_MS) / 1000;
    utimesSync(crashed, twoHoursAgo, twoHoursAgo);
    expect(await storage.removeLeftovers(Date.now() - HOUR_MS)).toBe(1);
    expect(readdirSync(path.join(folder, '.incoming'))).toEqual(['arriving.partial']);
    expect((await listed(storage)).map((entry) => entry.key)).toEqual([kept]);
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

  it('aborts the multipart uploads a crash left, begun before the cut-off; a server without the listing answers 0 (decision 0304)', async () => {
    // s3rver does not list multipart uploads (NotImplemented): nothing to do, no error.
    expect(await s3FileStorage(await server.newBucket()).removeLeftovers(Date.now())).toBe(0);
    // S3's answers, from a client that records what it was asked.
    const now = Date.now();
    const aborted: string[] = [];
    const pages = [
      { Uploads: [{ Key: 'spotlight/0b0e1c2d-1111-4222-8333-444455556666.webm', UploadId: 'old', Initiated: new Date(now - 2 * HOUR_MS) }, { Key: 'not/ours', UploadId: 'foreign', Initiated: new Date(now - 2 * HOUR_MS) }], IsTruncated: true, NextKeyMarker: 'k', NextUploadIdMarker: 'u' },
      { Uploads: [{ Key: 'attachments/0b0e1c2d-1111-4222-8333-444455556667.pdf', UploadId: 'arriving', Initiated: new Date(now - 60_000) }], IsTruncated: false },
    ];
    const client = {
      send: async (command: unknown) => {
        if (command instanceof ListMultipartUploadsCommand) return pages.shift();
        if (command instanceof AbortMultipartUploadCommand) aborted.push(command.input.UploadId!);
        return {};
      },
    } as unknown as S3Client;
    const storage = s3FileStorage({ bucket: 'jobwise-test', region: 'us-east-1', forcePathStyle: true }, client);
    expect(await storage.removeLeftovers(now - HOUR_MS)).toBe(1);
    expect(aborted).toEqual(['old']);
    expect(pages).toEqual([]);
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

  it('removes the rows and chunks of a write a crash cut off; a write still arriving is kept, and one swept meanwhile is refused (decision 0304)', async () => {
    const storage = databaseFileStorage(database.db, 1000);
    await storage.removeLeftovers(Date.now());
    const kept = await storage.put('resumes', randomBytes(3000), 'pdf');
    // A crash after two chunks: the row still marked as being written.
    const crashed = 'spotlight/0b0e1c2d-1111-4222-8333-444455556666.webm';
    await database.db.insertInto('stored_files').values({ key: crashed, namespace: 'spotlight', content_type: null, size_bytes: -1, chunk_bytes: 1000, created_at: Date.now() - 2 * HOUR_MS }).execute();
    await database.db.insertInto('stored_file_chunks').values([0, 1].map((index) => ({ key: crashed, chunk_index: index, bytes: randomBytes(1000) }))).execute();
    // An upload arriving now, held after its first chunk.
    let resume!: () => void;
    const held = new Promise<void>((resolve) => (resume = resolve));
    async function* slow() {
      yield randomBytes(1500);
      await held;
      yield randomBytes(500);
    }
    const arriving = storage.put('attachments', slow(), 'pdf');
    await expect.poll(async () => (await database.db.selectFrom('stored_file_chunks').select('key').where('key', 'like', 'attachments/%').execute()).length).toBe(1);
    expect(await storage.removeLeftovers(Date.now() - HOUR_MS)).toBe(1);
    expect(await database.db.selectFrom('stored_file_chunks').select('key').where('key', '=', crashed).execute()).toEqual([]);
    resume();
    const arrived = await arriving;
    expect((await storage.stat(arrived))?.size).toBe(2000);

    // A write so slow that the sweep took it for abandoned is refused, not acknowledged without its file.
    let resumeSlowest!: () => void;
    const heldLonger = new Promise<void>((resolve) => (resumeSlowest = resolve));
    async function* slowest() {
      yield randomBytes(1500);
      await heldLonger;
      yield randomBytes(500);
    }
    const tooSlow = storage.put('attachments', slowest(), 'pdf');
    await expect.poll(async () => (await database.db.selectFrom('stored_files').select('key').where('size_bytes', '=', -1).execute()).length).toBe(1);
    expect(await storage.removeLeftovers(Date.now() + 1000)).toBe(1);
    resumeSlowest();
    // Its next chunk names a row that is gone (or, had it none left to write, its size finds no row).
    await expect(tooSlow).rejects.toThrow();
    expect((await listed(storage)).map((entry) => entry.key).sort()).toEqual(expect.arrayContaining([kept, arrived]));
    expect(await database.db.selectFrom('stored_files').select('key').where('size_bytes', '=', -1).execute()).toEqual([]);
  });
});
