import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where company logos live: the same interface as the résumé storage (seeker/resume-storage.ts), so
 * the shared file-storage module (issue 17) can take both over. The default keeps files on disk
 * under UPLOADS_DIR; a deployment with several servers implements this over shared storage.
 */
export interface LogoStorage {
  put(bytes: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^logos\/[0-9a-f-]{36}\.(png|jpg|webp)$/;

export function diskLogoStorage(directory: string): LogoStorage {
  // Keys are made here, but a key read back from the database is still checked before it names a file.
  const fileFor = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('not a logo storage key');
    return path.join(directory, key);
  };
  return {
    async put(bytes, extension) {
      const key = `logos/${randomUUID()}.${extension}`;
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
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
  };
}
