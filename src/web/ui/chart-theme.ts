/**
 * The colours a canvas chart (uPlot) draws with, read from the theme's tokens (styles/base.css:
 * --color-chart-1..4, the muted ink for axes, the line colour for the grid), so charts follow the
 * light and dark themes (decision 0307). A canvas cannot take CSS, so a theme change redraws it.
 */
export interface ChartTheme {
  series: string[];
  axis: string;
  grid: string;
}

export function chartTheme(element: Element): ChartTheme {
  const style = getComputedStyle(element);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return { series: [1, 2, 3, 4].map((n) => token(`--color-chart-${n}`)), axis: token('--color-muted'), grid: token('--color-line') };
}

/** uPlot's axis options in the theme's colours. */
export function themedAxis(theme: ChartTheme) {
  return { stroke: theme.axis, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid, width: 1 } };
}

/** Calls `redraw` when the theme changes: the person's choice (data-theme on <html>) or the system's setting. */
export function onThemeChange(redraw: () => void): () => void {
  const observer = new MutationObserver(redraw);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', redraw);
  return () => {
    observer.disconnect();
    media.removeEventListener('change', redraw);
  };
}
