import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFileStorage, diskFileStorage, type FileStorage } from '../../src/server/features/storage/file-storage';
import { s3FileStorage } from '../../src/server/features/storage/s3-file-storage';
import type { DatabaseHandle } from '../../src/server/db/connection';
import { startS3Server, type TestS3Server } from '../../tests/support/s3-server';
import { createTestDatabase } from '../../tests/support/test-database';
import { moveFiles } from './move-files';

let s3: TestS3Server;
let database: DatabaseHandle;
beforeAll(async () => {
  s3 = await startS3Server();
  database = await createTestDatabase();
});
afterAll(async () => {
  await s3.close();
  await database.close();
});

const newDisk = () => diskFileStorage(mkdtempSync(path.join(tmpdir(), 'jobwise-move-')));

async function contents(storage: FileStorage) {
  const files = new Map<string, string>();
  for await (const entry of storage.list()) files.set(entry.key, (await storage.get(entry.key))!.toString('base64'));
  return files;
}

async function someFiles(storage: FileStorage) {
  await storage.put('resumes', Buffer.from('%PDF-1.7 résumé'), 'pdf', 'application/pdf');
  await storage.put('logos', randomBytes(2_000), 'png', 'image/png');
  await storage.put('spotlight', randomBytes(600_000), 'webm', 'video/webm');
  await storage.put('attachments', Buffer.alloc(0), 'pdf');
  await storage.put('attachments', randomBytes(5), 'jpg', 'image/jpeg');
}

/** A target that fails on its nth write: a run stopped part way. */
function failingOnWrite(storage: FileStorage, nth: number): FileStorage {
  let writes = 0;
  return {
    ...storage,
    driver: storage.driver,
    list: () => storage.list(),
    async putAt(key, body, contentType) {
      writes += 1;
      if (writes === nth) throw new Error('the connection dropped');
      return storage.putAt(key, body, contentType);
    },
  };
}

describe('moveFiles (npm run storage:migrate)', () => {
  it('moves every file disk -> s3 -> database -> disk under the same keys, with their types', async () => {
    const disk = newDisk();
    await someFiles(disk);
    const original = await contents(disk);
    expect(original.size).toBe(5);
    const bucket = s3FileStorage(await s3.newBucket());
    expect(await moveFiles(disk, bucket)).toMatchObject({ copied: 5, skipped: 0, removed: 0 });
    expect(await contents(bucket)).toEqual(original);
    const key = [...original.keys()].find((name) => name.startsWith('logos/'))!;
    expect(await bucket.stat(key)).toEqual({ size: 2_000, contentType: 'image/png' });
    const rows = databaseFileStorage(database.db, 4096);
    await moveFiles(bucket, rows);
    expect(await contents(rows)).toEqual(original);
    const back = newDisk();
    await moveFiles(rows, back);
    expect(await contents(back)).toEqual(original);
  });

  it('is idempotent, resumes after a stop, and removes from the source only what the target holds', async () => {
    const disk = newDisk();
    await someFiles(disk);
    const original = await contents(disk);
    const bucket = s3FileStorage(await s3.newBucket());
    await expect(moveFiles(disk, failingOnWrite(bucket, 3))).rejects.toThrow('the connection dropped');
    expect((await contents(bucket)).size).toBe(2);
    expect(await moveFiles(disk, bucket)).toMatchObject({ copied: 3, skipped: 2 });
    expect(await moveFiles(disk, bucket)).toMatchObject({ copied: 0, skipped: 5 });
    expect(await contents(bucket)).toEqual(original);
    expect(await moveFiles(disk, bucket, { removeFromSource: true })).toMatchObject({ copied: 0, skipped: 5, removed: 5 });
    expect((await contents(disk)).size).toBe(0);
    expect(await contents(bucket)).toEqual(original);
  });

  it('refuses to move files onto the driver they are in', async () => {
    await expect(moveFiles(newDisk(), newDisk())).rejects.toThrow('in disk storage already');
  });

  it('runs as npm run storage:migrate -- --to s3, and again with nothing left to copy', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jobwise-move-cli-'));
    const disk = diskFileStorage(path.join(dataDir, 'uploads'));
    await someFiles(disk);
    const settings = await s3.newBucket();
    const env = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'jobwise.sqlite')}`, ...s3.env(settings), STORAGE_DRIVER: 'disk' };
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/storage-migrate.ts', '--to', 's3'], { env });
    expect((await run()).stdout).toMatch(/Copied 5 file\(s\) \(\d+ bytes\) from disk to s3 storage; 0 were there already\. Set STORAGE_DRIVER=s3 and restart/);
    expect((await run()).stdout).toMatch(/Copied 0 file\(s\) \(0 bytes\) from disk to s3 storage; 5 were there already/);
    expect(await contents(s3FileStorage(settings))).toEqual(await contents(disk));
  }, 60_000);
});
