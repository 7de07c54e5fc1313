import { useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from 'lucide';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import type { PdfDocument } from './pdf-document';

/** Zoom as a share of the box's width; 1 is "Fit width". */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FIT_WIDTH = ZOOMS.indexOf(1);

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'shown'; pdf: PdfDocument };

/**
 * A PDF drawn in the page by pdfjs, a page at a time (decision 0319): the page's picture on a canvas
 * and its text laid over it, so it can be selected and found. pdfjs is loaded by `import()` once the
 * page has hydrated; without script, or when pdfjs cannot read the file, the message sends the reader
 * to the download link beside the heading.
 */
export function PdfViewer({ href, label, hydrated }: { href: string; label: string; hydrated: boolean }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState(FIT_WIDTH);
  const [boxWidth, setBoxWidth] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const pageBox = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!hydrated) return;
    let closed = false;
    let opened: PdfDocument | null = null;
    import('./pdf-document')
      .then(({ openPdf }) => openPdf(href))
      .then((pdf) => {
        opened = pdf;
        if (closed) pdf.close();
        else setLoaded({ status: 'shown', pdf });
      })
      .catch(() => {
        if (!closed) setLoaded({ status: 'failed' });
      });
    return () => {
      closed = true;
      opened?.close();
    };
  }, [href, hydrated]);

  // "Fit width" follows the box: a phone turned, a window resized.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setBoxWidth(Math.floor(element.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [loaded.status]);

  useEffect(() => {
    if (loaded.status !== 'shown' || boxWidth === 0 || !pageBox.current || !canvas.current || !text.current) return;
    const drawing = loaded.pdf.draw(pageNumber, { box: pageBox.current, canvas: canvas.current, text: text.current }, boxWidth * ZOOMS[zoom]!);
    drawing.done.catch(() => undefined);
    return () => drawing.cancel();
  }, [loaded, pageNumber, zoom, boxWidth]);

  if (!hydrated) {
    return (
      <noscript>
        <p className="pdf-viewer-message">This PDF shows here with JavaScript on. Download it to read it.</p>
      </noscript>
    );
  }
  if (loaded.status !== 'shown') {
    return (
      <p className="pdf-viewer-message" role="status">
        {loaded.status === 'loading' ? 'Loading the résumé…' : 'This PDF could not be shown here. Download it to read it.'}
      </p>
    );
  }
  const pageCount = loaded.pdf.pageCount;
  return (
    <div className="pdf-viewer">
      <div className="pdf-viewer-bar">
        <Button variant="outline" aria-label="Previous page" onClick={() => setPageNumber(pageNumber - 1)} disabled={pageNumber <= 1}>
          <Icon icon={ChevronLeft} />
          <span className="pdf-viewer-word">Previous</span>
        </Button>
        <p className="pdf-viewer-count" aria-live="polite">{`Page ${pageNumber} of ${pageCount}`}</p>
        <Button variant="outline" aria-label="Next page" onClick={() => setPageNumber(pageNumber + 1)} disabled={pageNumber >= pageCount}>
          <span className="pdf-viewer-word">Next</span>
          <Icon icon={ChevronRight} />
        </Button>
        <span className="pdf-viewer-zoom">
          <Button variant="plain" aria-label="Zoom out" onClick={() => setZoom(zoom - 1)} disabled={zoom <= 0}>
            <Icon icon={ZoomOut} />
          </Button>
          <Button variant="plain" onClick={() => setZoom(FIT_WIDTH)} disabled={zoom === FIT_WIDTH}>
            Fit width
          </Button>
          <Button variant="plain" aria-label="Zoom in" onClick={() => setZoom(zoom + 1)} disabled={zoom >= ZOOMS.length - 1}>
            <Icon icon={ZoomIn} />
          </Button>
        </span>
      </div>
      <div className="pdf-viewer-pages" ref={scroller} role="region" aria-label={label} tabIndex={0}>
        <div className="pdf-viewer-page" ref={pageBox}>
          <canvas ref={canvas} aria-hidden="true" />
          <div className="pdf-viewer-text" ref={text} />
        </div>
      </div>
    </div>
  );
}
