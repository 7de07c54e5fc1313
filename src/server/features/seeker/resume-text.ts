// The text of a stored résumé, for parsing into the profile (decision 0302). A DOCX's text is read
// from word/document.xml (paragraphs, line breaks, tabs) through yauzl, as resume-file.ts reads its
// directory. A PDF's text is read from its content streams (Tj, TJ, ', " and line moves), inflated
// when Flate-compressed: enough for the PDFs word processors and résumé builders write with standard
// fonts; text drawn with embedded CID fonts or as images gives little or nothing, and the seeker then
// fills the profile by hand. Every read is bounded.
import { inflateSync } from 'node:zlib';
import yauzl from 'yauzl';
import type { ResumeKind } from './resume-file';

/** The most text one résumé is read for, and the most a stream may inflate to. */
const MAX_TEXT = 100_000;
const MAX_INFLATED = 4 * 1024 * 1024;

export async function resumeText(bytes: Buffer, kind: ResumeKind['extension']): Promise<string> {
  const text = kind === 'pdf' ? pdfText(bytes) : await docxText(bytes);
  return text.slice(0, MAX_TEXT);
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return XML_ENTITIES[name] ?? whole;
  });

/** word/document.xml's text: a paragraph a line, <w:br/> a line, <w:tab/> a tab. */
export function documentXmlText(xml: string): string {
  return decodeXml(
    xml
      .replace(/<w:(br|cr)\b[^>]*\/>/g, '\n')
      .replace(/<w:tab\b[^>]*\/>/g, '\t')
      .replace(/<\/w:p>/g, '\n')
      // Only the runs' text is kept: every other tag is dropped.
      .replace(/<[^>]+>/g, ''),
  );
}

async function docxText(bytes: Buffer): Promise<string> {
  const xml = await new Promise<string>((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('unreadable docx'));
      let found = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'word/document.xml') return zip.readEntry();
        found = true;
        if (entry.uncompressedSize > MAX_INFLATED) return reject(new Error('document.xml too large'));
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            zip.close();
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
        });
      });
      zip.on('end', () => {
        if (!found) reject(new Error('no word/document.xml'));
      });
      zip.on('error', reject);
      zip.readEntry();
    });
  });
  return documentXmlText(xml);
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
