import type { SalaryBar, SalaryStats } from '../../../shared/jobs/page-props';

/**
 * The spread of pay as a box plot: whiskers from lowest to highest, the box from the 25th to the
 * 75th percentile and a line at the median. Drawn as SVG on the server (decision 0042); the figures
 * it shows are also written out as text beside it, so the drawing itself is hidden from screen readers.
 */
export function PayRangeChart({ stats }: { stats: SalaryStats }) {
  const span = stats.max - stats.min || 1;
  const x = (value: number) => 2 + ((value - stats.min) / span) * 96;
  return (
    <svg className="pay-range-chart" viewBox="0 0 100 20" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <line x1={x(stats.min)} x2={x(stats.max)} y1="10" y2="10" stroke="#5b6470" strokeWidth="0.6" vectorEffect="non-scaling-stroke" />
      <line x1={x(stats.min)} x2={x(stats.min)} y1="5" y2="15" stroke="#5b6470" strokeWidth="1" vectorEffect="non-scaling-stroke" />
      <line x1={x(stats.max)} x2={x(stats.max)} y1="5" y2="15" stroke="#5b6470" strokeWidth="1" vectorEffect="non-scaling-stroke" />
      <rect x={x(stats.p25)} y="3" width={Math.max(0.5, x(stats.p75) - x(stats.p25))} height="14" fill="#d5eadb" stroke="#1b6b3a" strokeWidth="1" vectorEffect="non-scaling-stroke" />
      <line x1={x(stats.median)} x2={x(stats.median)} y1="3" y2="17" stroke="#1b6b3a" strokeWidth="3" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

/** Median pay by state as a table; each row carries a bar drawn to scale (decorative, the number is in the row). */
export function MedianByStateTable({ bars, caption }: { bars: SalaryBar[]; caption: string }) {
  const top = Math.max(...bars.map((bar) => bar.median), 1);
  return (
    <table className="salary-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">State</th>
          <th scope="col">Median pay</th>
          <th scope="col">Listings</th>
          <th scope="col" className="bar-cell">
            <span className="visually-hidden">Chart</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.label}>
            <th scope="row">{bar.href ? <a href={bar.href}>{bar.label}</a> : bar.label}</th>
            <td>{bar.medianText}</td>
            <td>{bar.count}</td>
            <td className="bar-cell">
              <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false" className="bar">
                <rect x="0" y="1" width={(bar.median / top) * 100} height="8" fill="#1b6b3a" />
              </svg>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
