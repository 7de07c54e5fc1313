import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/server/config';
import { connectDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { configuredFileStorage } from '../../src/server/features/storage/storage.plugin';
import { startS3Server, type TestS3Server } from '../../tests/support/s3-server';
import { createSharedTestDatabase, testDialect } from '../../tests/support/test-database';
import { readManifest, restoreBackup, writeBackup } from './backup';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3.close());

const temporary = (name: string) => mkdtempSync(path.join(tmpdir(), `jobwise-${name}-`));

/** A migrated database of the test's own, by its URL: a SQLite file, or on TEST_DATABASE_URL a PostgreSQL database. */
async function databaseOfOurOwn(): Promise<{ url: string; drop(): Promise<void> }> {
  if (testDialect() === 'postgres') {
    const shared = await createSharedTestDatabase();
    return { url: shared.url!, drop: shared.close };
  }
  const url = `sqlite:${path.join(temporary('backup-db'), 'jobwise.sqlite')}`;
  const handle = connectDatabase(url);
  await migrateToLatest(handle.db);
  await handle.close();
  return { url, drop: async () => undefined };
}

async function configFor(driver: 'disk' | 'database' | 's3', url: string): Promise<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: temporary('backup-data'),
    DATABASE_URL: url,
    ...(driver === 's3' ? s3.env(await s3.newBucket()) : { STORAGE_DRIVER: driver }),
  });
}

async function* inPieces(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += 10_000) yield bytes.subarray(at, at + 10_000);
}

const unsubscribe = (recipient: string) => ({ recipient_key: recipient, kind: 'job-alerts', created_at: 1 });

describe(`db:backup and db:restore (${testDialect()})`, () => {
  it.each(['disk', 's3', 'database'] as const)('round trip with files in %s storage: the database and files as they were at the backup', async (driver) => {
    const database = await databaseOfOurOwn();
    const config = await configFor(driver, database.url);
    // The site runs while the backup is made: this connection stays open through it.
    const site = connectDatabase(config.DATABASE_URL);
    const storage = configuredFileStorage(config, site.db);
    await site.db.insertInto('email_unsubscribes').values(unsubscribe('before-backup')).execute();
    const resume = Buffer.concat([Buffer.from('%PDF-1.7 '), randomBytes(300_000)]);
    const resumeKey = await storage.put('resumes', inPieces(resume), 'pdf', 'application/pdf');
    const logo = randomBytes(3_000);
    const logoKey = await storage.put('logos', logo, 'png', 'image/png');

    const folder = path.join(temporary('backup'), 'nightly');
    const manifest = await writeBackup(config, folder);
    expect(manifest).toMatchObject({ format: 'jobwise-backup', database: testDialect(), storageDriver: driver, files: driver === 'database' ? 0 : 2 });
    expect(await readManifest(folder)).toEqual(manifest);
    await expect(writeBackup(config, folder)).rejects.toThrow('exists already');

    // After the backup: a row gone, a row added, a file deleted, a file added.
    await site.db.deleteFrom('email_unsubscribes').execute();
    await site.db.insertInto('email_unsubscribes').values(unsubscribe('after-backup')).execute();
    await storage.delete(resumeKey);
    const laterKey = await storage.put('attachments', Buffer.from('%PDF-1.4 later'), 'pdf');
    await site.close();

    // The site is stopped for the restore.
    const report = await restoreBackup(config, folder);
    expect(report).toMatchObject({ files: driver === 'database' ? 0 : 2, filesInDatabase: false });

    const restored = connectDatabase(config.DATABASE_URL);
    try {
      expect((await restored.db.selectFrom('email_unsubscribes').select('recipient_key').execute()).map((row) => row.recipient_key)).toEqual(['before-backup']);
      const after = configuredFileStorage(config, restored.db);
      expect((await after.get(resumeKey))?.equals(resume)).toBe(true);
      expect(await after.stat(resumeKey)).toEqual({ size: resume.length, contentType: 'application/pdf' });
      expect((await after.get(logoKey))?.equals(logo)).toBe(true);
      // A file stored after the backup went with the database rows; on disk or in a bucket it stays, named by nothing.
      expect(await after.stat(laterKey)).toEqual(driver === 'database' ? null : expect.objectContaining({ size: 14 }));
      // The restored database is one the site can migrate and use.
      await migrateToLatest(restored.db);
    } finally {
      await restored.close();
      await database.drop();
    }
  });

  it('refuses a backup of the other database, and a folder that is not a whole backup', async () => {
    const database = await databaseOfOurOwn();
    const config = await configFor('disk', database.url);
    const folder = path.join(temporary('backup'), 'b');
    await writeBackup(config, folder);
    const manifestFile = path.join(folder, 'manifest.json');
    const other = testDialect() === 'postgres' ? 'sqlite' : 'postgres';
    writeFileSync(manifestFile, readFileSync(manifestFile, 'utf8').replace(`"database": "${testDialect()}"`, `"database": "${other}"`));
    await expect(restoreBackup(config, folder)).rejects.toThrow(`the backup is of a ${other} database`);
    await expect(restoreBackup(config, temporary('not-a-backup'))).rejects.toThrow('is not a complete backup');
    await database.drop();
  });

  it('runs as npm run db:backup and npm run db:restore', async () => {
    const database = await databaseOfOurOwn();
    const config = await configFor('disk', database.url);
    const site = connectDatabase(config.DATABASE_URL);
    await site.db.insertInto('email_unsubscribes').values(unsubscribe('cli')).execute();
    const key = await configuredFileStorage(config, site.db).put('logos', Buffer.from('logo'), 'png');
    await site.close();
    const env = { ...process.env, NODE_ENV: 'test', SESSION_SECRET: config.SESSION_SECRET, DATA_DIR: config.DATA_DIR, DATABASE_URL: config.DATABASE_URL, STORAGE_DRIVER: 'disk' };
    const node = (script: string, args: string[]) => promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], { env });
    const backup = await node('scripts/db-backup.ts', []);
    const folder = /to (.+)$/m.exec(backup.stdout)![1]!;
    expect(backup.stdout).toContain(`Backed up the ${testDialect()} database and 1 stored file(s), 4 bytes, from disk storage`);
    expect(path.dirname(folder)).toBe(path.resolve(config.DATA_DIR, 'backups'));
    await expect(node('scripts/db-restore.ts', ['--from', folder])).rejects.toMatchObject({ code: 2 });
    const cleared = connectDatabase(config.DATABASE_URL);
    await cleared.db.deleteFrom('email_unsubscribes').execute();
    await configuredFileStorage(config, cleared.db).delete(key);
    await cleared.close();
    expect((await node('scripts/db-restore.ts', ['--from', folder, '--yes'])).stdout).toContain('and 1 stored file(s) into disk storage');
    const restored = connectDatabase(config.DATABASE_URL);
    expect(await restored.db.selectFrom('email_unsubscribes').select('recipient_key').execute()).toEqual([{ recipient_key: 'cli' }]);
    expect((await configuredFileStorage(config, restored.db).get(key))?.toString()).toBe('logo');
    await restored.close();
    await database.drop();
  }, 60_000);
});
