// A stored résumé's words as plain text: for the application page, where the team reads a Word
// résumé in the page (decision 0295), and for filling the profile from a résumé (decision 0302).
// A DOCX's text is word/document.xml's runs: only that entry is inflated, with a cap on what it may grow
// to, so a zip bomb costs at most that, and no Word markup ever reaches a page. A PDF's text is read
// from its content streams (Tj, TJ, ', " and line moves), inflated when Flate-compressed: enough for the
// PDFs word processors and résumé builders write with standard fonts; text drawn with embedded CID fonts
// or as images gives little or nothing, and the seeker then fills the profile by hand.
import { inflateSync } from 'node:zlib';
import yauzl from 'yauzl';
import type { FileStorage } from '../storage/file-storage';
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

/** The most text one résumé is read for when filling the profile, and the most a PDF stream may inflate to. */
const MAX_TEXT = 100_000;
const MAX_INFLATED = DOCX_XML_MAX_BYTES;

/** A résumé's text for the profile import: '' when nothing readable is in it. */
export async function resumeText(bytes: Buffer, kind: ResumeKind['extension']): Promise<string> {
  const text = kind === 'pdf' ? pdfText(bytes) : ((await docxText(bytes)) ?? '');
  return text.slice(0, MAX_TEXT);
}

/** A PDF literal string's bytes: escapes and balanced parentheses (PDF 32000 7.3.4.2). */
function readLiteral(source: string, from: number): { text: string; end: number } {
  let depth = 1;
  let text = '';
  let at = from;
  while (at < source.length && depth > 0) {
    const char = source[at]!;
    if (char === '\\') {
      const next = source[at + 1] ?? '';
      const octal = /^[0-7]{1,3}/.exec(source.slice(at + 1, at + 4));
      if (octal) {
        text += String.fromCharCode(Number.parseInt(octal[0], 8));
        at += 1 + octal[0].length;
        continue;
      }
      text += ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[next] ?? (next === '\n' || next === '\r' ? '' : next);
      at += 2;
      continue;
    }
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (depth > 0) text += char;
    at += 1;
  }
  return { text, end: at };
}

const hexText = (hex: string) => {
  const digits = hex.replace(/[^0-9a-f]/gi, '');
  let text = '';
  for (let at = 0; at + 1 < digits.length; at += 2) text += String.fromCharCode(Number.parseInt(digits.slice(at, at + 2), 16));
  return text;
};

/** The text a content stream shows, a line for each line move. */
export function contentStreamText(source: string): string {
  let out = '';
  let pending = '';
  const tokens = /\(|<(?!<)([0-9a-fA-F\s]*)>|\[|\]|(-?\d*\.?\d+)|([A-Za-z'"*]+)|%[^\n]*/g;
  const operands: Array<string | number> = [];
  let inArray = false;
  let match: RegExpExecArray | null;
  while ((match = tokens.exec(source))) {
    const token = match[0];
    if (token === '(') {
      const literal = readLiteral(source, tokens.lastIndex);
      tokens.lastIndex = literal.end;
      if (inArray) pending += literal.text;
      else operands.push(literal.text);
    } else if (match[1] !== undefined) {
      if (inArray) pending += hexText(match[1]);
      else operands.push(hexText(match[1]));
    } else if (token === '[') {
      inArray = true;
      pending = '';
    } else if (token === ']') {
      inArray = false;
      operands.push(pending);
    } else if (match[2] !== undefined) {
      // In a TJ array a large negative adjustment is a word gap.
      if (inArray && Number(match[2]) < -200) pending += ' ';
      else if (!inArray) operands.push(Number(match[2]));
    } else if (match[3] !== undefined) {
      const operator = match[3];
      if (operator === 'Tj' || operator === 'TJ') out += String(operands[operands.length - 1] ?? '');
      else if (operator === "'" || operator === '"') out += `\n${String(operands[operands.length - 1] ?? '')}`;
      else if (operator === 'T*' || operator === 'ET') out += '\n';
      else if (operator === 'Td' || operator === 'TD') out += Number(operands[operands.length - 1] ?? 0) !== 0 ? '\n' : ' ';
      operands.length = 0;
    }
    if (out.length > MAX_TEXT) break;
  }
  return out;
}

function pdfText(bytes: Buffer): string {
  const source = bytes.toString('latin1');
  const streams = /<<((?:(?!>>\s*stream)[\s\S]){0,2000})>>\s*stream\r?\n/g;
  let text = '';
  let match: RegExpExecArray | null;
  while ((match = streams.exec(source)) && text.length < MAX_TEXT) {
    const dictionary = match[1]!;
    const start = streams.lastIndex;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    const end = length ? start + Number(length[1]) : source.indexOf('endstream', start);
    if (end < start || end > source.length) continue;
    // Images, fonts and other binary streams carry no text.
    if (/\/Subtype\s*\/(Image|Type1C|CIDFontType0C|OpenType)|\/Type\s*\/(XRef|ObjStm|Metadata)|\/Length1/.test(dictionary)) continue;
    let body = bytes.subarray(start, end);
    if (/\/Filter\s*(\[\s*)?\/FlateDecode/.test(dictionary)) {
      try {
        body = inflateSync(body, { maxOutputLength: MAX_INFLATED });
      } catch {
        continue;
      }
    } else if (/\/Filter/.test(dictionary)) continue;
    const content = body.toString('latin1');
    if (!/\bT[jJ*]\b|\bBT\b/.test(content)) continue;
    text += `${contentStreamText(content)}\n`;
    streams.lastIndex = end;
  }
  return text;
}
