import { describe, expect, it } from 'vitest';
import { embeddedFontPdf } from '../../../../tests/support/pdfkit-pdf';
import { textPdf } from '../../../../tests/support/text-pdf';
import { parseResumeText } from '../../../shared/seeker/resume-parse';
import { PDF_MAX_PAGES, pdfReadersAtWork, readPdfText } from './pdf-text';
import { resumeText } from './resume-text';

// The PDF reader (decision 0312): pdfjs in a thread of its own, and every way a file can fail to give text.

const LINES = [
  'Zoë Ångström',
  'Experience',
  'Charge Nurse, St. David’s Medical Center  Mar 2019 - Present',
  'Led a team of 12 nurses (nights)',
  'Education',
  'University of Texas at Austin, Bachelor of Science in Nursing, 2010 - 2014',
  'Skills',
  'Patient care, IV therapy, Triage',
];

describe('a PDF résumé’s text', () => {
  it('reads a PDF with an embedded subset font, line by line, and the parser finds its entries', async () => {
    const text = await resumeText(await embeddedFontPdf(LINES), 'pdf');
    for (const line of ['Zoë Ångström', 'Led a team of 12 nurses (nights)', 'Patient care, IV therapy, Triage']) expect(text.split('\n')).toContain(line);
    const parsed = parseResumeText(text);
    expect(parsed.work[0]).toMatchObject({ title: 'Charge Nurse', employer: 'St. David’s Medical Center', start_month: '2019-03', current: true });
    expect(parsed.education[0]).toMatchObject({ school: 'University of Texas at Austin', qualification: 'Bachelor of Science in Nursing' });
    expect(parsed.skills).toEqual(['Patient care', 'IV therapy', 'Triage']);
  });

  it('still reads a standard-font PDF, compressed or not', async () => {
    for (const compress of [true, false]) expect(await resumeText(textPdf(['Grace Hopper', 'Skills'], { compress }), 'pdf')).toMatch(/^Grace Hopper\nSkills\n/);
  });

  it('gives no text, and says why, for a file that is not a PDF, an encrypted one, a broken one, a scan, or one too slow', async () => {
    expect(await readPdfText(Buffer.from('PK\x03\x04 not a pdf'), { maxChars: 1000 })).toEqual({ ok: false, reason: 'not-pdf' });
    expect(await readPdfText(await embeddedFontPdf(LINES, { userPassword: 'secret' }), { maxChars: 1000 })).toEqual({ ok: false, reason: 'encrypted' });
    const whole = await embeddedFontPdf(LINES);
    expect(await readPdfText(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('garbage '.repeat(200))]), { maxChars: 1000 })).toEqual({ ok: false, reason: 'broken' });
    // Cut short, pdfjs rebuilds what it can: whatever it finds, the reader answers and nothing throws.
    expect((await readPdfText(whole.subarray(0, Math.floor(whole.length / 2)), { maxChars: 1000 })).ok).toBeTypeOf('boolean');
    const scan = await readPdfText(await embeddedFontPdf(LINES, { noText: true }), { maxChars: 1000 });
    expect(scan.ok && scan.text.trim()).toBe('');
    expect(await readPdfText(whole, { maxChars: 1000, timeoutMs: 1 })).toEqual({ ok: false, reason: 'too-slow' });
    for (const bytes of [Buffer.from('not a pdf'), await embeddedFontPdf(LINES, { userPassword: 'secret' })]) expect(await resumeText(bytes, 'pdf')).toBe('');
  });

  it('reads at most PDF_MAX_PAGES pages, and no file larger than an upload may be', async () => {
    const pages = Array.from({ length: PDF_MAX_PAGES + 3 }, (_, at) => `Page ${at + 1}`);
    const read = await readPdfText(await embeddedFontPdf(pages, { pagePerLine: true }), { maxChars: 100_000 });
    expect(read.ok && read.text).toContain(`Page ${PDF_MAX_PAGES}\n`);
    expect(read.ok && read.text).not.toContain(`Page ${PDF_MAX_PAGES + 1}`);
    const small = await embeddedFontPdf(LINES);
    expect(await resumeText(small, 'pdf')).toContain('Zoë Ångström');
    // The same file, padded past 5 MB after its end: pdfjs would read it, the size rule does not let it.
    expect(await resumeText(Buffer.concat([small, Buffer.alloc(5 * 1024 * 1024, 0x20)]), 'pdf')).toBe('');
  });

  it('reads at most two PDFs at once; the rest wait their turn and are all read', async () => {
    const bytes = await embeddedFontPdf(LINES);
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, pdfReadersAtWork())), 5);
    const reads = await Promise.all(Array.from({ length: 5 }, () => readPdfText(bytes, { maxChars: 1000 })));
    clearInterval(watch);
    expect(reads.every((read) => read.ok && read.text.startsWith('Zoë Ångström'))).toBe(true);
    expect(most).toBe(2);
    expect(pdfReadersAtWork()).toBe(0);
  });

  it('keeps to the text limit', async () => {
    const read = await readPdfText(await embeddedFontPdf(LINES), { maxChars: 20 });
    expect(read).toEqual({ ok: true, text: 'Zoë Ångström\nExperie' });
  });
});
