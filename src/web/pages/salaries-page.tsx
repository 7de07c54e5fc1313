import type { SalariesIndexProps } from '../../shared/jobs/page-props';
import '../features/job-pages/jobs.css';

export default function SalariesPage({ props }: { props: SalariesIndexProps }) {
  return (
    <div className="jobs-page">
      <h1>Salaries</h1>
      <p>Typical pay for common jobs, worked out from the open listings on Jobwise: the median of the middle of each listing&apos;s pay range.</p>
      {props.groups.map((group, index) => (
        <section key={group.category} aria-labelledby={`salary-group-${index}`} className="browse-section">
          <h2 id={`salary-group-${index}`}>{group.category}</h2>
          <ul className="salary-index">
            {group.titles.map((title) => (
              <li key={title.label}>
                <a href={title.href ?? '#'}>{title.label}</a> <span className="count">{title.medianText}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
