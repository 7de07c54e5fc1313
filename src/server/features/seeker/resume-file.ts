import yauzl from 'yauzl';

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
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return PDF;
  if (bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    const names = await zipEntryNames(bytes).catch(() => null);
    if (names?.has('word/document.xml') && names.has('[Content_Types].xml')) return DOCX;
  }
  return null;
}

/** Reads only the zip's central directory (names), never inflating an entry. */
function zipEntryNames(bytes: Buffer): Promise<Set<string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
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
