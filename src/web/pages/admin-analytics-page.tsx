import { conversionRate, formatRate, FUNNEL_STEPS, shareOfFirst, type AdminAnalyticsProps, type FunnelSegment } from '../../shared/analytics/funnel';
import { FunnelChart } from '../features/analytics/funnel-chart';
import '../features/analytics/admin-analytics.css';

function SegmentTable({ caption, heading, segments }: { caption: string; heading: string; segments: FunnelSegment[] }) {
  if (segments.length === 0) return <p>No observations in this range.</p>;
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="funnel-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            {FUNNEL_STEPS.map((step) => (
              <th scope="col" key={step.key}>
                {step.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {segments.map((segment) => (
            <tr key={segment.segment}>
              <th scope="row">{segment.segment}</th>
              {FUNNEL_STEPS.map((step) => (
                <td key={step.key}>{segment.counts[step.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AdminAnalyticsPage({ props }: { props: AdminAnalyticsProps }) {
  const { report, csvHref, hires } = props;
  return (
    <section className="admin-analytics">
      <h1>Sign-up funnel</h1>
      <form className="admin-analytics__range" method="get" action="/admin/analytics">
        <label>
          From
          <input type="date" name="from" defaultValue={report.from} required />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={report.to} required />
        </label>
        <button type="submit">Show</button>
        <a href={csvHref} download>
          Download CSV
        </a>
      </form>
      <p>
        Visits from {report.from} to {report.to} (UTC). A visit counts once at each step it reached.
      </p>

      <h2>Funnel</h2>
      <div className="table-scroll" role="region" aria-label="Funnel totals" tabIndex={0}>
        <table className="funnel-table">
          <caption>Visits at each step, with conversion rates</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Visits</th>
              <th scope="col">Of the step before</th>
              <th scope="col">Of modal displayed</th>
            </tr>
          </thead>
          <tbody>
            {FUNNEL_STEPS.map((step) => (
              <tr key={step.key}>
                <th scope="row">{step.label}</th>
                <td>{report.total[step.key]}</td>
                <td>{formatRate(conversionRate(report.total, step.key))}</td>
                <td>{formatRate(shareOfFirst(report.total, step.key))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>By day</h2>
      <FunnelChart daily={report.daily} />
      <details>
        <summary>Daily numbers</summary>
        <SegmentTable caption="Visits by day" heading="Day" segments={report.daily} />
      </details>

      <h2>By source</h2>
      <SegmentTable caption="Visits by source" heading="Source" segments={report.bySource} />

      <h2>By component</h2>
      <SegmentTable caption="Visits by component" heading="Component" segments={report.byComponent} />

      <h2>Hires</h2>
      <p>Job seekers who told us they got a job, {report.from} to {report.to}:</p>
      <dl className="admin-analytics__hires">
        <dt>Through Jobwise</dt>
        <dd>{hires.jobwise}</dd>
        <dt>Elsewhere</dt>
        <dd>{hires.elsewhere}</dd>
      </dl>
    </section>
  );
}
