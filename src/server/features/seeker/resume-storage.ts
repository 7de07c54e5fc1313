import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where résumé files live. The default keeps them on disk under DATA_DIR/uploads; a deployment
 * with several servers implements this interface over object storage (S3 put/get/delete by key).
 */
export interface ResumeStorage {
  /** Stores the bytes and answers the key to find them again. */
  put(bytes: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^resumes\/[0-9a-f-]{36}\.(pdf|docx)$/;

export function diskResumeStorage(directory: string): ResumeStorage {
  // Keys are made here, but a key read back from the database is still checked before it names a file.
  const fileFor = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('not a résumé storage key');
    return path.join(directory, key);
  };
  return {
    async put(bytes, extension) {
      const key = `resumes/${randomUUID()}.${extension}`;
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
