import type { CompanyPublicProps } from '../../shared/companies/page-props';
import { RESPONSE_FIGURES_NOTE } from '../../shared/companies/response-figures';
import '../features/companies/employers.css';
import { countOf } from '../../shared/plural';

/** /company/{slug}: the company's profile and its open jobs. */
export default function CompanyPage({ props }: { props: CompanyPublicProps }) {
  const facts = [props.industry, props.sizeLabel].filter(Boolean);
  return (
    <article className="company-public" aria-labelledby="company-heading">
      <header className="company-public__head">
        {props.logoUrl ? (
          <img className="company-logo company-logo--large" src={props.logoUrl} alt={`${props.name} logo`} width={96} height={96} />
        ) : (
          <span className="company-logo company-logo--large company-logo--initial" aria-hidden="true">
            {props.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h1 id="company-heading">{props.name}</h1>
          {facts.length ? <p className="employer-muted">{facts.join(' · ')}</p> : null}
          {props.response ? (
            <p className="company-response" title={RESPONSE_FIGURES_NOTE}>
              {props.response}
            </p>
          ) : null}
          {props.website ? (
            <p>
              <a href={props.website} rel="nofollow noopener noreferrer" target="_blank">
                {props.websiteLabel}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
        </div>
      </header>
      {props.description ? (
        <section aria-labelledby="about-company">
          <h2 id="about-company">About {props.name}</h2>
          <p className="employer-prewrap">{props.description}</p>
        </section>
      ) : null}
      <section aria-labelledby="company-jobs">
        <h2 id="company-jobs">{props.jobCount === 0 ? 'Open jobs' : countOf(props.jobCount, 'open job', 'open jobs')}</h2>
        {props.jobs.length ? (
          <ul className="company-jobs">
            {props.jobs.map((job) => (
              <li key={job.href} className="company-job">
                <h3>
                  <a href={job.href}>{job.title}</a>
                </h3>
                <p className="employer-muted">{[job.place, job.employmentType, job.pay].filter(Boolean).join(' · ')}</p>
                <p className="employer-muted">{job.posted}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p>{props.name} has no open jobs right now.</p>
        )}
      </section>
    </article>
  );
}
