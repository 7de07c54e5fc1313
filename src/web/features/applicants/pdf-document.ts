// The only module that imports pdfjs-dist on the client, and only by `import()` from the résumé viewer:
// pdfjs and its worker are chunks of their own, loaded on the application page when the résumé is a
// PDF and nowhere else (decision 0319).
import { GlobalWorkerOptions, TextLayer, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import './pdf-viewer.css';

// The worker is a file of our own origin (a built asset), so the policy's worker-src 'self' allows it
// and pdfjs never wraps it in a blob: URL (decision 0319).
GlobalWorkerOptions.workerSrc = workerUrl;

/** The elements one page is drawn into: the picture, and the transparent text laid over it. */
export interface PageTargets {
  box: HTMLElement;
  canvas: HTMLCanvasElement;
  text: HTMLElement;
}

export interface PdfDocument {
  pageCount: number;
  /** Draws page `pageNumber` `width` CSS pixels wide; `cancel` stops a drawing a newer one replaces. */
  draw(pageNumber: number, targets: PageTargets, width: number): { done: Promise<void>; cancel(): void };
  close(): void;
}

/**
 * Opens the PDF at `href` (our own address: the page's cookies go with it). No eval in the worker: the
 * site's policy has no 'unsafe-eval', so PostScript functions are interpreted (decision 0319).
 */
export async function openPdf(href: string): Promise<PdfDocument> {
  const task = getDocument({ url: href, isEvalSupported: false, enableXfa: false });
  const pdf = await task.promise;
  return { pageCount: pdf.numPages, draw: (pageNumber, targets, width) => drawPage(pdf, pageNumber, targets, width), close: () => void task.destroy() };
}

function drawPage(pdf: PDFDocumentProxy, pageNumber: number, { box, canvas, text }: PageTargets, width: number) {
  let cancelled = false;
  let cancelDrawing = () => undefined as void;
  const done = (async () => {
    const page = await pdf.getPage(pageNumber);
    if (cancelled) return;
    const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
    const ratio = window.devicePixelRatio || 1;
    // CSSOM properties, not style attributes: the policy's style-src 'self' allows them.
    box.style.width = `${Math.floor(viewport.width)}px`;
    box.style.height = `${Math.floor(viewport.height)}px`;
    box.style.setProperty('--total-scale-factor', String(viewport.scale));
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    const rendering = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
    text.replaceChildren();
    const textLayer = new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport });
    cancelDrawing = () => {
      rendering.cancel();
      textLayer.cancel();
    };
    await Promise.all([rendering.promise, textLayer.render()]);
  })();
  return {
    done,
    cancel() {
      cancelled = true;
      cancelDrawing();
    },
  };
}
