// Loaded on demand by figure-chart.tsx: uPlot and its stylesheet stay out of every first load.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { JobFiguresResponse } from '../../../shared/employer-jobs/page-props';
import { chartTheme, onThemeChange, themedAxis } from '../../ui/chart-theme';

const SERIES = [
  { key: 'views', label: 'Views' },
  { key: 'search_appearances', label: 'In search results' },
  { key: 'apply_clicks', label: 'Apply clicks' },
  { key: 'applications', label: 'Applications' },
] as const;

/** Draws the chart in the theme's colours, and again when the theme changes; the answer removes it. */
export function drawFigureChart(element: HTMLElement, figures: JobFiguresResponse, title: string): () => void {
  const days = figures.days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
  const draw = () => {
    const theme = chartTheme(element);
    const width = Math.max(280, Math.min(element.clientWidth || 600, 900));
    return new uPlot(
      {
        title,
        width,
        height: 200,
        scales: { x: { time: true } },
        series: [{}, ...SERIES.map((series, index) => ({ label: series.label, stroke: theme.series[index], width: 2 }))],
        axes: [themedAxis(theme), { ...themedAxis(theme), size: 40 }],
      },
      [days, ...SERIES.map((series) => figures[series.key])],
      element,
    );
  };
  let plot = draw();
  const stop = onThemeChange(() => {
    plot.destroy();
    plot = draw();
  });
  return () => {
    stop();
    plot.destroy();
  };
}
