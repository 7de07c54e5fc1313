// A stored résumé's words as plain text: for the application page, where the team reads a Word
// résumé in the page (decision 0295), and for filling the profile from a résumé (decision 0302).
// A DOCX's text is word/document.xml's runs: only that entry is inflated, with a cap on what it may grow
// to, so a zip bomb costs at most that, and no Word markup ever reaches a page. A PDF's text comes from
// pdfjs-dist (pdf-text.ts, decision 0312); a scan without a text layer gives nothing, and the seeker
// then fills the profile by hand.
import yauzl from 'yauzl';
import { RESUME_MAX_BYTES } from '../../../shared/seeker/constants';
import type { FileStorage } from '../storage/file-storage';
import { readPdfText } from './pdf-text';
import type { ResumeKind } from './resume-file';

/** More than any résumé's document.xml; a larger one is read no further. */
export const DOCX_XML_MAX_BYTES = 4 * 1024 * 1024;
/** What the page shows at most; a longer text ends with a note that the file has the rest. */
export const RESUME_TEXT_MAX_CHARS = 40_000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name] ?? whole;
  });
}

/**
 * The text of a WordprocessingML body: each paragraph a line, tabs and line breaks kept, runs joined.
 * Only text inside <w:t> counts (deleted text of tracked changes is <w:delText>, left out); table cells
 * give a line a paragraph, as they do in the document.
 */
export function wordXmlToText(xml: string): string {
  let out = '';
  let inText = false;
  for (const match of xml.matchAll(/<(\/?)([A-Za-z_][\w.:-]*)[^>]*?(\/?)>|([^<]+)/g)) {
    const [, closing, name, selfClosing, text] = match;
    if (text !== undefined) {
      if (inText) out += decodeEntities(text);
      continue;
    }
    if (name === 'w:t') inText = !closing && !selfClosing;
    else if (!closing && (name === 'w:tab' || name === 'w:br' || name === 'w:cr')) out += name === 'w:tab' ? '\t' : '\n';
    else if (closing && name === 'w:p') out += '\n';
  }
  return out
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/g, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function readDocumentXml(open: (callback: (error: Error | null, zip: yauzl.ZipFile) => void) => void): Promise<string | null> {
  return new Promise((resolve, reject) => {
    open((error, zip) => {
      if (error || !zip) return reject(error ?? new Error('unreadable zip'));
      let found = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'word/document.xml') return zip.readEntry();
        found = true;
        if (entry.uncompressedSize > DOCX_XML_MAX_BYTES) {
          zip.close();
          return resolve(null);
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            // The stated size can lie; the bytes inflated cannot.
            if (size > DOCX_XML_MAX_BYTES) {
              stream.destroy();
              zip.close();
              resolve(null);
              return;
            }
            chunks.push(chunk);
          });
          stream.on('end', () => {
            zip.close();
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => {
        if (!found) resolve(null);
      });
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The résumé's text, or null when the stored file is not a readable Word document. */
export async function docxText(bytes: Buffer): Promise<string | null> {
  const xml = await readDocumentXml((callback) => yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, callback)).catch(() => null);
  if (xml === null) return null;
  const text = wordXmlToText(xml);
  return text.length > RESUME_TEXT_MAX_CHARS ? `${text.slice(0, RESUME_TEXT_MAX_CHARS)}\n…` : text;
}

/** The stored Word résumé's text (it is read whole: résumés are limited in size at upload). */
export async function storedDocxText(storage: FileStorage, key: string): Promise<string | null> {
  const bytes = await storage.get(key);
  return bytes ? docxText(bytes) : null;
}

/** The most text one résumé is read for when filling the profile. */
const MAX_TEXT = 100_000;

/**
 * A résumé's text for the profile import: '' when nothing readable is in it (not a PDF, an encrypted
 * or broken one, a scan without a text layer, a Word file without a body). A PDF is read by pdfjs in a
 * thread of its own (pdf-text.ts, decision 0312).
 */
export async function resumeText(bytes: Buffer, kind: ResumeKind['extension']): Promise<string> {
  // Uploads stop at this size; a larger stored file (put there some other way) is not read.
  if (bytes.length > RESUME_MAX_BYTES) return '';
  if (kind === 'pdf') {
    const read = await readPdfText(bytes, { maxChars: MAX_TEXT });
    return read.ok ? read.text : '';
  }
  return ((await docxText(bytes)) ?? '').slice(0, MAX_TEXT);
}
