import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database';

/**
 * Where uploaded files live (résumés, company logos, spotlight media, message attachments), behind one interface so the
 * rest of the code never names a disk path or a table. Two drivers (decision 0140):
 * - disk (default): files under UPLOADS_DIR, what one machine needs; keys written before this module
 *   existed (`resumes/<uuid>.pdf`) stay readable;
 * - database: chunked rows in the application database, so every instance of a cluster on one
 *   PostgreSQL reads what any other stored.
 */
export const STORAGE_NAMESPACES = ['resumes', 'logos', 'spotlight', 'attachments'] as const;
export type StorageNamespace = (typeof STORAGE_NAMESPACES)[number];
export const STORAGE_DRIVERS = ['disk', 'database'] as const;
export type StorageDriverName = (typeof STORAGE_DRIVERS)[number];

export interface StoredFileStat {
  size: number;
  /** The type given to put(), or the one its extension implies; null when neither says. */
  contentType: string | null;
}

export interface FileStorage {
  readonly driver: StorageDriverName;
  /** Stores the bytes under a new key in the namespace and answers the key (keep it in your table). */
  put(namespace: StorageNamespace, bytes: Buffer, extension: string, contentType?: string): Promise<string>;
  /** The whole file, or null when the key names nothing. */
  get(key: string): Promise<Buffer | null>;
  /** Bytes start..end inclusive (HTTP Range semantics), clipped to the file; null when nothing is stored. */
  getRange(key: string, start: number, end: number): Promise<Buffer | null>;
  stat(key: string): Promise<StoredFileStat | null>;
  /** Removes the file; a key that names nothing is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = new RegExp(`^(${STORAGE_NAMESPACES.join('|')})/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.[a-z0-9]{1,8}$`);
const EXTENSION_PATTERN = /^[a-z0-9]{1,8}$/;

export class InvalidStorageKeyError extends Error {
  constructor() {
    super('not a file storage key');
    this.name = 'InvalidStorageKeyError';
  }
}

/** Keys are made here, but a key read back from a table or a URL is checked before it names a file or row. */
export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError();
  return key;
}

function newKey(namespace: StorageNamespace, extension: string): string {
  if (!(STORAGE_NAMESPACES as readonly string[]).includes(namespace)) throw new Error(`unknown storage namespace ${String(namespace)}`);
  if (!EXTENSION_PATTERN.test(extension)) throw new Error('a storage extension is 1-8 lowercase letters or digits');
  return `${namespace}/${randomUUID()}.${extension}`;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  webm: 'video/webm',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
};

export function contentTypeOfKey(key: string): string | null {
  return TYPES_BY_EXTENSION[key.slice(key.lastIndexOf('.') + 1)] ?? null;
}

/** start..end inclusive clipped to a file of `size` bytes; null when the range starts past the end. */
function clip(start: number, end: number, size: number): { start: number; end: number } | null {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) throw new RangeError('bad byte range');
  if (start >= size) return null;
  return { start, end: Math.min(end, size - 1) };
}

export function diskFileStorage(directory: string): FileStorage {
  const fileFor = (key: string) => path.join(directory, checkedKey(key));
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    driver: 'disk',
    async put(namespace, bytes, extension) {
      const key = newKey(namespace, extension);
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
      return key;
    },
    async get(key) {
      try {
        return await readFile(fileFor(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async getRange(key, start, end) {
      let handle;
      try {
        handle = await open(fileFor(key), 'r');
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      try {
        const range = clip(start, end, (await handle.stat()).size);
        if (!range) return Buffer.alloc(0);
        const buffer = Buffer.alloc(range.end - range.start + 1);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, range.start);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async stat(key) {
      try {
        const info = await stat(fileFor(key));
        return { size: info.size, contentType: contentTypeOfKey(key) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
  };
}

/** Rows of at most this many bytes: a range request reads only the chunks it covers. */
export const DATABASE_CHUNK_BYTES = 256 * 1024;

export function databaseFileStorage(db: Db, chunkBytes = DATABASE_CHUNK_BYTES): FileStorage {
  return {
    driver: 'database',
    async put(namespace, bytes, extension, contentType) {
      const key = newKey(namespace, extension);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('stored_files')
          .values({ key, namespace, content_type: contentType ?? contentTypeOfKey(key), size_bytes: bytes.length, chunk_bytes: chunkBytes, created_at: Date.now() })
          .execute();
        for (let index = 0; index * chunkBytes < bytes.length; index += 1) {
          await trx
            .insertInto('stored_file_chunks')
            .values({ key, chunk_index: index, bytes: bytes.subarray(index * chunkBytes, (index + 1) * chunkBytes) })
            .execute();
        }
      });
      return key;
    },
    async get(key) {
      const file = await db.selectFrom('stored_files').select(['size_bytes']).where('key', '=', checkedKey(key)).executeTakeFirst();
      if (!file) return null;
      const chunks = await db.selectFrom('stored_file_chunks').select('bytes').where('key', '=', key).orderBy('chunk_index').execute();
      return Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.bytes)));
    },
    async getRange(key, start, end) {
      const file = await db.selectFrom('stored_files').select(['size_bytes', 'chunk_bytes']).where('key', '=', checkedKey(key)).executeTakeFirst();
      if (!file) return null;
      const range = clip(start, end, Number(file.size_bytes));
      if (!range) return Buffer.alloc(0);
      const size = Number(file.chunk_bytes);
      const first = Math.floor(range.start / size);
      const chunks = await db
        .selectFrom('stored_file_chunks')
        .select('bytes')
        .where('key', '=', key)
        .where('chunk_index', '>=', first)
        .where('chunk_index', '<=', Math.floor(range.end / size))
        .orderBy('chunk_index')
        .execute();
      const joined = Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.bytes)));
      const offset = range.start - first * size;
      return joined.subarray(offset, offset + range.end - range.start + 1);
    },
    async stat(key) {
      const file = await db.selectFrom('stored_files').select(['size_bytes', 'content_type']).where('key', '=', checkedKey(key)).executeTakeFirst();
      return file ? { size: Number(file.size_bytes), contentType: file.content_type } : null;
    },
    async delete(key) {
      checkedKey(key);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('stored_file_chunks').where('key', '=', key).execute();
        await trx.deleteFrom('stored_files').where('key', '=', key).execute();
      });
    },
  };
}
