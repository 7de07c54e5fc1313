import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The spotlight's view of the shared file storage (namespace 'spotlight', with range reads): the
 * interface engineer "cluster" is generalising from the résumé storage (put / get / getRange / delete).
 * Until that module is on main, the default here keeps files on disk under UPLOADS_DIR/spotlight;
 * afterwards this adapter only forwards to it (decision 0130).
 */
export interface SpotlightFileStore {
  /** Stores the bytes and answers the key to find them again. */
  put(bytes: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  /** Bytes start..end inclusive (HTTP range semantics), or null when the file is gone. */
  getRange(key: string, start: number, end: number): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export const SPOTLIGHT_NAMESPACE = 'spotlight';
const KEY_PATTERN = /^spotlight\/[0-9a-f-]{36}\.(webm|mp4|m4a|ogg|mp3)$/;

export function diskSpotlightStore(directory: string): SpotlightFileStore {
  // Keys are made here, but a key read back from the database is still checked before it names a file.
  const fileFor = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('not a spotlight storage key');
    return path.join(directory, key);
  };
  return {
    async put(bytes, extension) {
      const key = `${SPOTLIGHT_NAMESPACE}/${randomUUID()}.${extension}`;
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
      return key;
    },
    async get(key) {
      try {
        return await readFile(fileFor(key));
      } catch {
        return null;
      }
    },
    async getRange(key, start, end) {
      let handle;
      try {
        handle = await open(fileFor(key), 'r');
      } catch {
        return null;
      }
      try {
        const length = end - start + 1;
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, start);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
  };
}
