import { useEffect, useRef, useState } from 'react';
import type { JobFiguresResponse } from '../../../shared/employer-jobs/page-props';

/**
 * A job's figures for the last 30 days as a small line chart. Nothing is loaded until the person
 * opens it: then the figures are fetched and uPlot (with its stylesheet) is imported on demand, so
 * the dashboard's first load carries none of it. Without script the totals beside it still show.
 */
export function FigureChart({ href, title }: { href: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || state !== 'idle' || !box.current) return;
    setState('loading');
    const element = box.current;
    let dispose: (() => void) | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const response = await fetch(href, { headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' }, credentials: 'same-origin' });
        if (!response.ok) throw new Error(String(response.status));
        const figures = (await response.json()) as JobFiguresResponse;
        const { drawFigureChart } = await import('./figure-chart-draw');
        if (cancelled) return;
        dispose = drawFigureChart(element, figures, title);
        setState('ready');
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [open, state, href, title]);

  return (
    <details className="figure-chart" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Figures for the last 30 days</summary>
      <div ref={box} role="img" aria-label={`Views, search appearances, apply clicks and applications of ${title} by day for the last 30 days`} />
      {state === 'loading' ? <p role="status">Loading figures…</p> : null}
      {state === 'failed' ? <p role="alert">The figures could not be loaded. Please try again later.</p> : null}
    </details>
  );
}
