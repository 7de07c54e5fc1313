import { useEffect, useRef, useState } from 'react';
import { FUNNEL_STEPS, type FunnelSegment } from '../../../shared/analytics/funnel';
import { chartTheme, onThemeChange, themedAxis } from '../../ui/chart-theme';

/** The main steps, drawn as lines in the theme's chart colours (3:1 on the page in both themes). */
const CHART_STEPS = ['modal_displayed', 'email_submitted', 'code_sent', 'code_validated'] as const;

/**
 * The daily chart. uPlot draws on a canvas and sets sizes through element.style from script, which
 * the CSP allows (only style attributes in markup and inline <style> are refused). The library is
 * imported here, on this page only.
 */
export function FunnelChart({ daily }: { daily: FunnelSegment[] }) {
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let stopThemes: (() => void) | null = null;
    let cancelled = false;
    const element = holder.current;
    if (!element) return;
    const height = 280;
    const onResize = () => chart?.setSize({ width: element.clientWidth, height });
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const days = daily.map((segment) => Date.parse(`${segment.segment}T00:00:00Z`) / 1000);
        const series = CHART_STEPS.map((key) => daily.map((segment) => segment.counts[key]));
        const draw = () => {
          const theme = chartTheme(element);
          chart?.destroy();
          chart = new UPlot(
            {
              width: element.clientWidth,
              height,
              tzDate: (ts: number) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
              scales: { x: { time: true } },
              axes: [themedAxis(theme), { ...themedAxis(theme), label: 'Visits' }],
              series: [
                { label: 'Day (UTC)' },
                ...CHART_STEPS.map((key, index) => ({
                  label: FUNNEL_STEPS.find((candidate) => candidate.key === key)?.label ?? key,
                  stroke: theme.series[index],
                  width: 2,
                  points: { show: true },
                })),
              ],
            },
            [days, ...series],
            element,
          );
        };
        draw();
        stopThemes = onThemeChange(draw);
        window.addEventListener('resize', onResize);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      stopThemes?.();
      window.removeEventListener('resize', onResize);
      chart?.destroy();
    };
  }, [daily]);

  return (
    <figure className="funnel-chart">
      <div ref={holder} className="funnel-chart__canvas" role="img" aria-label="Daily visits at each main step of the sign-up funnel; the numbers are in the table below." />
      {failed ? <p>The chart could not be drawn; the daily numbers are in the table below.</p> : null}
      <figcaption>Visits a day at the main steps (UTC days).</figcaption>
    </figure>
  );
}
