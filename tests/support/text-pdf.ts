// A small, real PDF for tests: one page of text lines in Helvetica (WinAnsi), its content stream
// Flate-compressed as most writers do, with a correct cross-reference table. Résumé parsing reads it.
import { deflateSync } from 'node:zlib';

const escapePdfText = (text: string) => Buffer.from(text.replace(/[\\()]/g, (char) => `\\${char}`), 'latin1');

export function textPdf(lines: string[], { compress = true }: { compress?: boolean } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from('BT /F1 11 Tf 14 TL 56 780 Td\n')];
  for (const line of lines) parts.push(Buffer.from('('), escapePdfText(line), Buffer.from(") Tj T*\n"));
  parts.push(Buffer.from('ET\n'));
  const raw = Buffer.concat(parts);
  const content = compress ? deflateSync(raw) : raw;
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length}${compress ? ' /Filter /FlateDecode' : ''} >>\nstream\n`), content, Buffer.from('\nendstream')]),
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    chunks.push(object);
    offset += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`)].join('');
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(chunks);
}
