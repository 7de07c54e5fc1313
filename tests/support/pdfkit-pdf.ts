// PDFs as résumé builders write them: pdfkit embedding a subset of a TrueType font (Liberation Sans,
// shipped inside pdfjs-dist, so every machine has it), its text as glyph ids that only the font's
// ToUnicode map turns back into letters. The hand-written reader of decision 0302 read nothing from these.
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
export const LIBERATION_SANS = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts', 'LiberationSans-Regular.ttf');

export interface PdfkitOptions {
  /** Encrypts the file: it opens only with this password. */
  userPassword?: string;
  /** Draws the lines as shapes only, as a scan has no text layer. */
  noText?: boolean;
  /** Each line on a page of its own. */
  pagePerLine?: boolean;
}

export function embeddedFontPdf(lines: string[], options: PdfkitOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({ compress: true, size: 'LETTER', ...(options.userPassword ? { userPassword: options.userPassword, pdfVersion: '1.7' as const } : {}) });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('body', LIBERATION_SANS);
  doc.font('body').fontSize(11);
  lines.forEach((line, at) => {
    if (options.pagePerLine && at > 0) doc.addPage();
    if (options.noText) doc.rect(doc.x, doc.y, line.length * 5, 9).fill('#333').moveDown();
    else doc.text(line);
  });
  doc.end();
  return ended;
}
