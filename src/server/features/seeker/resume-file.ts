import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { FileStorage } from '../storage/file-storage';

export type ResumeKind = { extension: 'pdf'; contentType: 'application/pdf' } | { extension: 'docx'; contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };

const PDF: ResumeKind = { extension: 'pdf', contentType: 'application/pdf' };
const DOCX: ResumeKind = { extension: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
/** More entries than a résumé ever has: a zip bomb's directory is not walked to the end. */
const MAX_ZIP_ENTRIES = 2000;

/**
 * What a file is, read from its bytes, never from its name or the browser's stated type: a PDF
 * starts with "%PDF-"; a DOCX is a zip (it starts with "PK\x03\x04") whose directory lists
 * word/document.xml and [Content_Types].xml. Anything else answers null.
 */
export async function detectResumeKind(bytes: Buffer): Promise<ResumeKind | null> {
  const kind = resumeKindOfHead(bytes);
  if (kind !== DOCX) return kind;
  const names = await zipEntryNames((callback) => yauzl.fromBuffer(bytes, ZIP_OPTIONS, callback)).catch(() => null);
  return isDocx(names) ? DOCX : null;
}

/**
 * The kind a file's first bytes claim, for an upload streamed to storage (decision 0285): a PDF is
 * known from them; a zip is only a DOCX candidate until storedIsDocx() has read its directory.
 */
export function resumeKindOfHead(head: Buffer): ResumeKind | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return PDF;
  if (head.length > 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return DOCX;
  return null;
}

/** Whether a stored zip is a DOCX, reading its central directory from storage by byte ranges, not the whole file. */
export async function storedIsDocx(storage: FileStorage, key: string, size: number): Promise<boolean> {
  const names = await zipEntryNames((callback) => yauzl.fromRandomAccessReader(new StoredFileReader(storage, key), size, ZIP_OPTIONS, callback)).catch(() => null);
  return isDocx(names);
}

const isDocx = (names: Set<string> | null) => Boolean(names?.has('word/document.xml') && names.has('[Content_Types].xml'));

const ZIP_OPTIONS = { lazyEntries: true, validateEntrySizes: true } as const;

/** yauzl's reader over a stored file: each read is a range of it (`end` exclusive, as yauzl counts). */
class StoredFileReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly storage: FileStorage,
    private readonly key: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    this.storage.openRead(this.key, { start, end: end - 1 }).then(
      (stream) => {
        if (!stream) return out.destroy(new Error('the stored file is gone'));
        stream.once('error', (error) => out.destroy(error));
        stream.pipe(out);
      },
      (error: unknown) => out.destroy(error as Error),
    );
    return out;
  }
}

/** Reads only the zip's central directory (names), never inflating an entry. */
function zipEntryNames(open: (callback: (error: Error | null, zip: yauzl.ZipFile) => void) => void): Promise<Set<string>> {
  return new Promise((resolve, reject) => {
    open((error, zip) => {
      if (error || !zip) return reject(error ?? new Error('unreadable zip'));
      const names = new Set<string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        names.add(entry.fileName);
        if (names.size > MAX_ZIP_ENTRIES) {
          zip.close();
          reject(new Error('too many zip entries'));
          return;
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
