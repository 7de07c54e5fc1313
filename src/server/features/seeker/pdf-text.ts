// A PDF's text, read by pdfjs-dist (decision 0312): embedded and subset fonts, CID fonts with their
// ToUnicode maps, object and cross-reference streams, all the things a hand-written reader missed.
// pdfjs runs its "worker" in the thread that loads it, so a hostile or merely huge PDF would hold the
// server's event loop: each PDF is read in a worker thread of its own, with a memory ceiling and a time
// limit, and at most READERS_AT_ONCE of them at a time. What comes back is plain text, never markup.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** A résumé longer than this is read no further. */
export const PDF_MAX_PAGES = 30;
/** A PDF not read by then is given up on (and its thread ended). */
export const PDF_READ_TIMEOUT_MS = 15_000;
const READERS_AT_ONCE = 2;
const WORKER_HEAP_MB = 256;

/** Why no text came out: the page says the same to the seeker in every case (fill the profile by hand). */
export type PdfTextResult = { ok: true; text: string } | { ok: false; reason: 'not-pdf' | 'encrypted' | 'broken' | 'too-slow' };

// CommonJS run by eval, importing the ESM build by its file URL. Page by page: an item's text, a line
// break where pdfjs marks the end of a line or where the baseline moves, a blank line between pages.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  const { getDocument, VerbosityLevel } = await import(workerData.pdfjs);
  const task = getDocument({
    data: workerData.bytes,
    cMapUrl: workerData.cMapUrl,
    cMapPacked: true,
    standardFontDataUrl: workerData.standardFontDataUrl,
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    stopAtErrors: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  let pdf;
  try {
    pdf = await task.promise;
  } catch (error) {
    const name = error && error.name;
    parentPort.postMessage({ ok: false, reason: name === 'PasswordException' ? 'encrypted' : 'broken' });
    return;
  }
  let text = '';
  const pages = Math.min(pdf.numPages, workerData.maxPages);
  for (let number = 1; number <= pages && text.length < workerData.maxChars; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    let lastY = null;
    for (const item of content.items) {
      if (typeof item.str !== 'string') continue;
      const y = item.transform ? item.transform[5] : lastY;
      if (lastY !== null && y !== null && Math.abs(y - lastY) > 2 && !text.endsWith('\\n')) text += '\\n';
      text += item.str;
      if (item.hasEOL) text += '\\n';
      lastY = y;
    }
    text += '\\n\\n';
    page.cleanup();
  }
  await pdf.destroy();
  parentPort.postMessage({ ok: true, text: text.slice(0, workerData.maxChars) });
})().catch(() => parentPort.postMessage({ ok: false, reason: 'broken' }));
`;

const require = createRequire(import.meta.url);
const pdfjsRoot = () => path.dirname(require.resolve('pdfjs-dist/package.json'));

let running = 0;
/** How many PDFs are being read now (tests watch the limit). */
export const pdfReadersAtWork = () => running;
const waiting: Array<() => void> = [];
async function takeTurn(): Promise<() => void> {
  if (running >= READERS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/** The text of a PDF's first PDF_MAX_PAGES pages, at most maxChars characters. */
export async function readPdfText(bytes: Buffer, { maxChars, timeoutMs = PDF_READ_TIMEOUT_MS }: { maxChars: number; timeoutMs?: number }): Promise<PdfTextResult> {
  // What the upload checked (resume-file.ts), checked again: anything else is not handed to pdfjs.
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return { ok: false, reason: 'not-pdf' };
  const done = await takeTurn();
  try {
    const root = pdfjsRoot();
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // A copy of the bytes: pdfjs takes its data over (detaches the buffer).
      workerData: {
        bytes: new Uint8Array(bytes),
        pdfjs: pathToFileURL(path.join(root, 'legacy/build/pdf.mjs')).href,
        cMapUrl: `${path.join(root, 'cmaps')}${path.sep}`,
        standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}`,
        maxPages: PDF_MAX_PAGES,
        maxChars,
      },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    // pdfjs's own warnings about a malformed file are not the server's log lines.
    worker.stdout.resume();
    worker.stderr.resume();
    return await new Promise<PdfTextResult>((resolve) => {
      const timer = setTimeout(() => {
        resolve({ ok: false, reason: 'too-slow' });
        void worker.terminate();
      }, timeoutMs);
      const settle = (result: PdfTextResult) => {
        clearTimeout(timer);
        resolve(result);
        void worker.terminate();
      };
      worker.once('message', (message: PdfTextResult) => settle(message));
      // Out of memory, or a crash inside pdfjs: the file is unreadable, the server goes on.
      worker.once('error', () => settle({ ok: false, reason: 'broken' }));
      worker.once('exit', () => settle({ ok: false, reason: 'broken' }));
    });
  } finally {
    done();
  }
}
