// Loaded on demand by figure-chart.tsx: uPlot and its stylesheet stay out of every first load.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { JobFiguresResponse } from '../../../shared/employer-jobs/page-props';

const SERIES = [
  { key: 'views', label: 'Views', stroke: '#1f7a45' },
  { key: 'search_appearances', label: 'In search results', stroke: '#0b57a4' },
  { key: 'apply_clicks', label: 'Apply clicks', stroke: '#b45309' },
  { key: 'applications', label: 'Applications', stroke: '#7d1013' },
] as const;

export function drawFigureChart(element: HTMLElement, figures: JobFiguresResponse, title: string): () => void {
  const days = figures.days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
  const width = Math.max(280, Math.min(element.clientWidth || 600, 900));
  const plot = new uPlot(
    {
      title,
      width,
      height: 200,
      scales: { x: { time: true } },
      series: [{}, ...SERIES.map((series) => ({ label: series.label, stroke: series.stroke, width: 2 }))],
      axes: [{}, { size: 40 }],
    },
    [days, ...SERIES.map((series) => figures[series.key])],
    element,
  );
  return () => plot.destroy();
}
