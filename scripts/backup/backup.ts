// Backups of the database and the stored files (decision 0287): the work of `npm run db:backup` and
// `npm run db:restore`, apart from their command lines so a test can run them.
import SQLite from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { z } from 'zod';
import type { Config } from '../../src/server/config';
import { connectDatabase, sqliteFileFromUrl } from '../../src/server/db/connection';
import { isStorageKey, STORAGE_DRIVERS } from '../../src/server/features/storage/file-storage';
import { configuredFileStorage } from '../../src/server/features/storage/storage.plugin';

const run = promisify(execFile);

const ManifestSchema = z.object({
  format: z.literal('jobwise-backup'),
  version: z.literal(1),
  createdAt: z.number().int(),
  database: z.enum(['sqlite', 'postgres']),
  /** Where the files were: with `database`, they are in the database file or dump, and files.json is empty. */
  storageDriver: z.enum(STORAGE_DRIVERS),
  files: z.number().int().min(0),
  fileBytes: z.number().int().min(0),
});
export type BackupManifest = z.infer<typeof ManifestSchema>;

const FileListSchema = z.array(z.object({ key: z.string().refine(isStorageKey, 'not a file storage key'), size: z.number().int().min(0), contentType: z.string().nullable() }));

const SQLITE_FILE = 'database.sqlite';
const POSTGRES_FILE = 'database.pgdump';

export const isPostgresUrl = (url: string) => url.startsWith('postgres://') || url.startsWith('postgresql://');

/** A backup's folder name: its time, sortable, with no characters a file system refuses. */
export const backupName = (now: number) => `jobwise-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;

/**
 * Writes a backup into `target` (a new folder): the database, by SQLite's online backup API or pg_dump's
 * custom format, while the site runs; then every stored file, streamed from storage, with files.json
 * (key, size, type); then manifest.json. It is written into `<target>.partial` and renamed when whole,
 * so a folder with the backup's name is always a complete backup.
 */
export async function writeBackup(config: Config, target: string, now = Date.now()): Promise<BackupManifest> {
  if (existsSync(target)) throw new Error(`${target} exists already`);
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true, mode: 0o700 });
  const postgres = isPostgresUrl(config.DATABASE_URL);
  if (postgres) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(partial, POSTGRES_FILE)}`, config.DATABASE_URL]);
  } else {
    const source = new SQLite(sqliteFileFromUrl(config.DATABASE_URL), { fileMustExist: true });
    try {
      await source.backup(path.join(partial, SQLITE_FILE));
    } finally {
      source.close();
    }
  }
  const files: z.infer<typeof FileListSchema> = [];
  let fileBytes = 0;
  if (config.STORAGE_DRIVER !== 'database') {
    const database = connectDatabase(config.DATABASE_URL, { checkpointer: false });
    try {
      const storage = configuredFileStorage(config, database.db);
      for await (const entry of storage.list()) {
        const stream = await storage.openRead(entry.key);
        if (!stream) continue; // removed since it was listed
        const file = path.join(partial, 'files', entry.key);
        await mkdir(path.dirname(file), { recursive: true });
        await pipeline(stream, createWriteStream(file, { mode: 0o600 }));
        files.push({ key: entry.key, size: entry.size, contentType: (await storage.stat(entry.key))?.contentType ?? null });
        fileBytes += entry.size;
      }
    } finally {
      await database.close();
    }
  }
  await writeFile(path.join(partial, 'files.json'), `${JSON.stringify(files, null, 1)}\n`);
  const manifest: BackupManifest = { format: 'jobwise-backup', version: 1, createdAt: now, database: postgres ? 'postgres' : 'sqlite', storageDriver: config.STORAGE_DRIVER, files: files.length, fileBytes };
  await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(partial, target);
  return manifest;
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  const text = await readFile(path.join(folder, 'manifest.json'), 'utf8').catch(() => {
    throw new Error(`${folder} is not a complete backup (no manifest.json)`);
  });
  return ManifestSchema.parse(JSON.parse(text));
}

export interface RestoreReport {
  manifest: BackupManifest;
  files: number;
  /** The backup's files were in its database; the site now keeps files elsewhere. */
  filesInDatabase: boolean;
}

/**
 * Puts a backup back, with the site stopped: the database replaced whole (the SQLite file, or pg_restore
 * --clean in one transaction), then every file written into the storage STORAGE_DRIVER names under its
 * key (which may be another driver than the backup's). Files stored since the backup stay, unnamed.
 */
export async function restoreBackup(config: Config, folder: string): Promise<RestoreReport> {
  const manifest = await readManifest(folder);
  const postgres = isPostgresUrl(config.DATABASE_URL);
  if (manifest.database !== (postgres ? 'postgres' : 'sqlite')) throw new Error(`the backup is of a ${manifest.database} database; DATABASE_URL names a ${postgres ? 'postgres' : 'sqlite'} one`);
  if (postgres) {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${config.DATABASE_URL}`, path.join(folder, POSTGRES_FILE)]);
  } else {
    const file = path.resolve(sqliteFileFromUrl(config.DATABASE_URL));
    await mkdir(path.dirname(file), { recursive: true });
    const incoming = `${file}.restoring`;
    await copyFile(path.join(folder, SQLITE_FILE), incoming);
    // The old file's write-ahead log belongs to it: left beside the restored file it would be replayed into it.
    await rm(`${file}-wal`, { force: true });
    await rm(`${file}-shm`, { force: true });
    await rename(incoming, file);
  }
  const files = FileListSchema.parse(JSON.parse(await readFile(path.join(folder, 'files.json'), 'utf8')));
  if (files.length > 0) {
    const database = connectDatabase(config.DATABASE_URL, { checkpointer: false });
    try {
      const storage = configuredFileStorage(config, database.db);
      for (const file of files) await storage.putAt(file.key, createReadStream(path.join(folder, 'files', file.key)), file.contentType);
    } finally {
      await database.close();
    }
  }
  return { manifest, files: files.length, filesInDatabase: manifest.storageDriver === 'database' && config.STORAGE_DRIVER !== 'database' };
}
