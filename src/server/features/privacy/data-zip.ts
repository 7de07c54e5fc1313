// The export's zip, streamed: the JSON first, then each stored file read in slices as the zip reaches it,
// so one download holds at most one slice of one file in memory (decision 0225).
import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import type { FileStorage } from '../storage/file-storage';

export const DATA_FILE_NAME = 'jobwise-data.json';
const SLICE_BYTES = 1024 * 1024;

export interface ZipFileEntry {
  /** The path inside the zip (made by exportFilePath). */
  path: string;
  storageKey: string;
  size: number;
}

/** A name inside the zip: letters, digits, spaces, dots, dashes and underscores only, never a path of its own. */
export function safeEntryName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/[^\p{L}\p{N} ._-]/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 100);
  return cleaned || fallback;
}

async function* slicesOf(storage: FileStorage, key: string, size: number): AsyncGenerator<Buffer> {
  for (let start = 0; start < size; start += SLICE_BYTES) {
    const slice = await storage.getRange(key, start, Math.min(size, start + SLICE_BYTES) - 1);
    if (!slice || slice.length === 0) throw new Error('a stored file ended early');
    yield slice;
  }
}

/** The zip as a stream: the data as JSON, then the files. An unreadable file ends the stream with an error. */
export function dataZip(storage: FileStorage, data: unknown, files: readonly ZipFileEntry[], now: number): Readable {
  const zip = new yazl.ZipFile();
  const mtime = new Date(now);
  const output = new PassThrough();
  zip.on('error', (error: Error) => output.destroy(error));
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), DATA_FILE_NAME, { mtime });
  for (const file of files) {
    // Résumés and recordings are compressed formats already: stored as they are.
    zip.addReadStreamLazy(file.path, { mtime, size: file.size, compress: false }, (done) => done(null, Readable.from(slicesOf(storage, file.storageKey, file.size))));
  }
  zip.end();
  (zip.outputStream as Readable).pipe(output);
  return output;
}
