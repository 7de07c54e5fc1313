import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../db/database';

/**
 * Where uploaded files live (résumés, company logos, spotlight media, message attachments), behind one interface so the
 * rest of the code never names a disk path or a table. Three drivers (decisions 0140, 0284):
 * - disk (default): files under UPLOADS_DIR, what one machine needs; keys written before this module
 *   existed (`resumes/<uuid>.pdf`) stay readable;
 * - database: chunked rows in the application database, so every instance of a cluster on one
 *   PostgreSQL reads what any other stored;
 * - s3: objects in an S3 bucket (s3-file-storage.ts).
 * A file is written from a Buffer or from a stream (decision 0285): a streamed upload is never held whole.
 */
export const STORAGE_NAMESPACES = ['resumes', 'logos', 'spotlight', 'attachments'] as const;
export type StorageNamespace = (typeof STORAGE_NAMESPACES)[number];
export const STORAGE_DRIVERS = ['disk', 'database', 's3'] as const;
export type StorageDriverName = (typeof STORAGE_DRIVERS)[number];

export interface StoredFileStat {
  size: number;
  /** The type given to put(), or the one its extension implies; null when neither says. */
  contentType: string | null;
}

/** What a file is written from: bytes in memory, or a stream of them (an upload), read once, in order. */
export type StorageBody = Buffer | AsyncIterable<Uint8Array>;

export interface StoredFileEntry {
  key: string;
  size: number;
}

export interface FileStorage {
  readonly driver: StorageDriverName;
  /**
   * Stores the bytes under a new key in the namespace and answers the key (keep it in your table). A
   * stream is written as it arrives; if it fails, nothing is left under the key and the error is thrown.
   */
  put(namespace: StorageNamespace, body: StorageBody, extension: string, contentType?: string): Promise<string>;
  /**
   * Stores the bytes under a key made elsewhere (moving files between drivers, restoring a backup),
   * replacing what was there: writing the same file twice leaves one copy.
   */
  putAt(key: string, body: StorageBody, contentType?: string | null): Promise<void>;
  /** The whole file, or null when the key names nothing. */
  get(key: string): Promise<Buffer | null>;
  /** Bytes start..end inclusive (HTTP Range semantics), clipped to the file; null when nothing is stored. */
  getRange(key: string, start: number, end: number): Promise<Buffer | null>;
  /** The file (or bytes start..end inclusive of it) as a stream, or null when nothing is stored. */
  openRead(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  stat(key: string): Promise<StoredFileStat | null>;
  /** Removes the file; a key that names nothing is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file, in key order within each namespace; files still being written are not listed. */
  list(): AsyncIterable<StoredFileEntry>;
  /**
   * Removes what writes begun before `startedBefore` (ms) and never finished left behind: an instance
   * that crashed mid-upload cannot clean up after itself (decision 0304). Answers how many it removed.
   */
  removeLeftovers(startedBefore: number): Promise<number>;
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

export function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError();
  return key;
}

export function newKey(namespace: StorageNamespace, extension: string): string {
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
export function clip(start: number, end: number, size: number): { start: number; end: number } | null {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) throw new RangeError('bad byte range');
  if (start >= size) return null;
  return { start, end: Math.min(end, size - 1) };
}

/** The body as a stream of its bytes, a Buffer in one piece. */
export function bodyStream(body: StorageBody): Readable {
  return Readable.from(Buffer.isBuffer(body) ? [body] : body, { objectMode: false });
}

/** The body cut into pieces of exactly `size` bytes (the last may be shorter), holding at most one piece. */
export async function* fixedChunks(body: StorageBody, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of Buffer.isBuffer(body) ? [body] : body) {
    let rest = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      yield Buffer.concat([...pending, rest.subarray(0, take)]);
      rest = rest.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (rest.length > 0) {
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

export function diskFileStorage(directory: string): FileStorage {
  const fileFor = (key: string) => path.join(directory, checkedKey(key));
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  // Written into a folder of files being written, then renamed into place: a reader never sees half a
  // file, and a failed upload leaves nothing under its namespace.
  const incoming = path.join(directory, '.incoming');
  const write = async (key: string, body: StorageBody) => {
    const file = fileFor(key);
    await mkdir(incoming, { recursive: true });
    const partial = path.join(incoming, `${randomUUID()}.partial`);
    try {
      await pipeline(bodyStream(body), createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
      await mkdir(path.dirname(file), { recursive: true });
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  };
  return {
    driver: 'disk',
    async put(namespace, body, extension) {
      const key = newKey(namespace, extension);
      await write(key, body);
      return key;
    },
    async putAt(key, body) {
      await write(key, body);
    },
    async removeLeftovers(startedBefore) {
      let names: string[];
      try {
        names = await readdir(incoming);
      } catch (error) {
        if (missing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        if (!name.endsWith('.partial')) continue;
        const file = path.join(incoming, name);
        const info = await stat(file).catch(() => null);
        // A write still arriving touches its file; one untouched since before the cut-off was abandoned.
        if (!info || info.mtimeMs >= startedBefore) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
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
    async openRead(key, range) {
      let handle;
      try {
        handle = await open(fileFor(key), 'r');
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      if (!range) return handle.createReadStream();
      const clipped = clip(range.start, range.end, (await handle.stat()).size);
      if (!clipped) {
        await handle.close();
        return Readable.from([]);
      }
      return handle.createReadStream({ start: clipped.start, end: clipped.end });
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
    async *list() {
      for (const namespace of STORAGE_NAMESPACES) {
        let names: string[];
        try {
          names = await readdir(path.join(directory, namespace));
        } catch (error) {
          if (missing(error)) continue;
          throw error;
        }
        for (const name of names.sort()) {
          const key = `${namespace}/${name}`;
          if (!isStorageKey(key)) continue;
          const info = await stat(fileFor(key)).catch((error: unknown) => (missing(error) ? null : Promise.reject(error)));
          if (info?.isFile()) yield { key, size: info.size };
        }
      }
    },
  };
}

/** Rows of at most this many bytes: a range request reads only the chunks it covers. */
export const DATABASE_CHUNK_BYTES = 256 * 1024;

/** stored_files.size_bytes while a file's chunks are still being written: readers see no file yet. */
const WRITING = -1;

export function databaseFileStorage(db: Db, chunkBytes = DATABASE_CHUNK_BYTES): FileStorage {
  const complete = (key: string) =>
    db.selectFrom('stored_files').select(['size_bytes', 'chunk_bytes', 'content_type']).where('key', '=', checkedKey(key)).where('size_bytes', '>=', 0).executeTakeFirst();
  const remove = (key: string) =>
    db.transaction().execute(async (trx) => {
      await trx.deleteFrom('stored_file_chunks').where('key', '=', key).execute();
      await trx.deleteFrom('stored_files').where('key', '=', key).execute();
    });
  // The file row first (marked as being written), then each chunk as the body yields it, then its size:
  // no transaction stays open while an upload arrives, and a file is visible only once whole.
  const write = async (key: string, body: StorageBody, contentType: string | null) => {
    checkedKey(key);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('stored_file_chunks').where('key', '=', key).execute();
      await trx.deleteFrom('stored_files').where('key', '=', key).execute();
      await trx
        .insertInto('stored_files')
        .values({ key, namespace: key.slice(0, key.indexOf('/')), content_type: contentType, size_bytes: WRITING, chunk_bytes: chunkBytes, created_at: Date.now() })
        .execute();
    });
    try {
      let index = 0;
      let size = 0;
      for await (const chunk of fixedChunks(body, chunkBytes)) {
        await db.insertInto('stored_file_chunks').values({ key, chunk_index: index, bytes: chunk }).execute();
        index += 1;
        size += chunk.length;
      }
      const done = await db.updateTable('stored_files').set({ size_bytes: size }).where('key', '=', key).where('size_bytes', '=', WRITING).executeTakeFirst();
      // A write so slow that the leftovers sweep took it for abandoned is refused, never acknowledged without its file.
      if (Number(done.numUpdatedRows) !== 1) throw new Error('the file was removed while it was being written');
    } catch (error) {
      await remove(key);
      throw error;
    }
  };
  async function* chunksOf(key: string, first: number, last: number) {
    // A few chunks a query: a large file is read as a stream, never whole.
    const batch = 4;
    for (let from = first; from <= last; from += batch) {
      const rows = await db
        .selectFrom('stored_file_chunks')
        .select('bytes')
        .where('key', '=', key)
        .where('chunk_index', '>=', from)
        .where('chunk_index', '<=', Math.min(last, from + batch - 1))
        .orderBy('chunk_index')
        .execute();
      for (const row of rows) yield Buffer.from(row.bytes);
    }
  }
  return {
    driver: 'database',
    async put(namespace, body, extension, contentType) {
      const key = newKey(namespace, extension);
      await write(key, body, contentType ?? contentTypeOfKey(key));
      return key;
    },
    async putAt(key, body, contentType) {
      await write(key, body, contentType ?? contentTypeOfKey(key));
    },
    async removeLeftovers(startedBefore) {
      const rows = await db.selectFrom('stored_files').select('key').where('size_bytes', '=', WRITING).where('created_at', '<', startedBefore).execute();
      for (const row of rows) await remove(row.key);
      return rows.length;
    },
    async get(key) {
      if (!(await complete(key))) return null;
      const chunks = await db.selectFrom('stored_file_chunks').select('bytes').where('key', '=', key).orderBy('chunk_index').execute();
      return Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.bytes)));
    },
    async getRange(key, start, end) {
      const file = await complete(key);
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
    async openRead(key, range) {
      const file = await complete(key);
      if (!file) return null;
      const total = Number(file.size_bytes);
      const clipped = range ? clip(range.start, range.end, total) : total > 0 ? { start: 0, end: total - 1 } : null;
      if (!clipped) return Readable.from([]);
      const size = Number(file.chunk_bytes);
      const first = Math.floor(clipped.start / size);
      const last = Math.floor(clipped.end / size);
      async function* bytes() {
        let at = first * size;
        for await (const chunk of chunksOf(key, first, last)) {
          const from = Math.max(0, clipped!.start - at);
          const to = Math.min(chunk.length, clipped!.end - at + 1);
          yield chunk.subarray(from, to);
          at += chunk.length;
        }
      }
      return Readable.from(bytes());
    },
    async stat(key) {
      const file = await complete(key);
      return file ? { size: Number(file.size_bytes), contentType: file.content_type } : null;
    },
    async delete(key) {
      checkedKey(key);
      await remove(key);
    },
    async *list() {
      let after = '';
      for (;;) {
        const rows = await db.selectFrom('stored_files').select(['key', 'size_bytes']).where('key', '>', after).where('size_bytes', '>=', 0).orderBy('key').limit(500).execute();
        for (const row of rows) if (isStorageKey(row.key)) yield { key: row.key, size: Number(row.size_bytes) };
        if (rows.length < 500) return;
        after = rows[rows.length - 1]!.key;
      }
    },
  };
}
