import type { SalaryPageProps } from '../../shared/jobs/page-props';
import { MedianByStateTable, PayRangeChart } from '../features/job-pages/salary-chart';
import { LinkButton } from '../ui/button';
import '../features/job-pages/jobs.css';

export default function SalaryPage({ props }: { props: SalaryPageProps }) {
  const { stats } = props;
  return (
    <div className="jobs-page">
      <p className="breadcrumb">
        <a href="/Salaries">Salaries</a>
      </p>
      <h1>{props.title} salary</h1>
      {stats ? (
        <>
          <p className="salary-headline">
            The median pay for a {props.title} is <strong>{stats.medianText}</strong> {stats.periodText}, from {stats.count.toLocaleString('en-US')} open
            listings on Jobwise (the middle of each listing&apos;s pay range).
          </p>
          <section aria-labelledby="salary-spread" className="salary-section">
            <h2 id="salary-spread">How pay is spread</h2>
            <PayRangeChart stats={stats} />
            <dl className="salary-figures">
              <div>
                <dt>25th percentile</dt>
                <dd>{stats.p25Text}</dd>
              </div>
              <div>
                <dt>Median</dt>
                <dd>{stats.medianText}</dd>
              </div>
              <div>
                <dt>75th percentile</dt>
                <dd>{stats.p75Text}</dd>
              </div>
            </dl>
            <p className="hint">A quarter of listings pay less than the 25th percentile, and a quarter pay more than the 75th.</p>
          </section>
          {props.byState.length ? (
            <section aria-labelledby="salary-states" className="salary-section">
              <h2 id="salary-states">By state</h2>
              <MedianByStateTable bars={props.byState} caption={`Median ${props.title} pay ${stats.periodText} by state, highest first`} />
            </section>
          ) : null}
        </>
      ) : (
        <p className="notice">There are no open {props.title} listings to work out pay from right now.</p>
      )}
      <p className="salary-cta">
        <LinkButton href={props.searchHref}>
          See {props.title} jobs
        </LinkButton>
      </p>
      {props.others.length ? (
        <section aria-labelledby="salary-others" className="salary-section">
          <h2 id="salary-others">Related salaries</h2>
          <ul className="link-list">
            {props.others.map((other) => (
              <li key={other.href}>
                <a href={other.href}>{other.label}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
