import { COMPANY_PATHS } from '../../shared/companies/constants';
import { RADIUS_MILES } from '../../shared/jobs/enums';
import { LAST_ACTIVE_DAYS, RESUME_DATABASE_PATHS } from '../../shared/resume-database/constants';
import type { ResumeDatabasePageProps } from '../../shared/resume-database/page-props';
import '../features/companies/employers.css';
import { QuotaLine } from '../features/resume-database/quota-line';
import '../features/resume-database/resume-database.css';

/** /resume-database: search for a company whose plan includes it; what it is and the plans, for one whose plan does not. */
export default function ResumeDatabasePage({ props }: { props: ResumeDatabasePageProps }) {
  if (props.access === 'upgrade') {
    return (
      <section className="employer-page" aria-labelledby="resume-heading">
        <h1 id="resume-heading">Search Resumes</h1>
        <p className="employer-lead">
          The résumé database lists job seekers who chose to let employers find them. Search it by job title or skill, place and distance, and how recently they were
          active; open a profile to see their experience and résumé, and invite them to apply to one of your live jobs.
        </p>
        <div className="employer-card">
          <h2>Not on your {props.planName} plan</h2>
          <p>The résumé database comes with these plans:</p>
          <ul>
            {props.plans.map((plan) => (
              <li key={plan.name}>
                <strong>{plan.name}</strong>, {plan.price} a month: {plan.views}
              </li>
            ))}
          </ul>
          <p>Job seekers' names, emails and phone numbers are never shown in the résumé database: you get them when a person applies.</p>
          <a className="button button-primary" href={COMPANY_PATHS.plans}>
            See plans
          </a>
        </div>
      </section>
    );
  }
  const { values } = props;
  return (
    <section className="employer-page" aria-labelledby="resume-heading">
      <h1 id="resume-heading">Search Resumes</h1>
      <p className="employer-lead">Job seekers who chose to let employers find them. Names, emails and phone numbers stay private until a person applies.</p>
      <QuotaLine quota={props.quota} />
      <form className="resume-search" method="get" action={RESUME_DATABASE_PATHS.search} role="search" aria-label="Résumé database">
        <div>
          <label htmlFor="resume-q">Job title or skill</label>
          <input id="resume-q" name="q" type="search" defaultValue={values.q} maxLength={200} placeholder="e.g. forklift, nurse" />
        </div>
        <div>
          <label htmlFor="resume-location">City, state or ZIP</label>
          <input id="resume-location" name="location" type="text" defaultValue={values.location} maxLength={100} autoComplete="off" />
        </div>
        <div>
          <label htmlFor="resume-radius">Within</label>
          <select id="resume-radius" name="radius" defaultValue={String(values.radius)}>
            {RADIUS_MILES.map((miles) => (
              <option key={miles} value={miles}>
                {miles} miles
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="resume-active">Last active</label>
          <select id="resume-active" name="active" defaultValue={values.active ? String(values.active) : ''}>
            <option value="">Any time</option>
            {LAST_ACTIVE_DAYS.map((days) => (
              <option key={days} value={days}>
                Within {days} days
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className="button button-primary">
            Search
          </button>
        </div>
      </form>
      <div className="resume-summary">
        <p>{props.totalText}</p>
        {props.placeNote ? <p>{props.placeNote}</p> : null}
      </div>
      {props.results.length ? (
        <ol className="resume-results" aria-label="Job seekers">
          {props.results.map((result) => (
            <li key={result.href} className="resume-card">
              <span className="resume-initials" aria-hidden="true">
                {result.initials.replace(/[^\p{L}]/gu, '')}
              </span>
              <div>
                <h2>
                  <a href={result.href}>
                    {result.headline}
                    <span className="visually-hidden">, {result.initials}</span>
                  </a>
                  {result.viewedThisMonth ? <span className="resume-viewed">Opened this month</span> : null}
                </h2>
                <p className="resume-meta">
                  {result.initials} · {result.place}
                  {result.distance ? ` · ${result.distance}` : ''} · {result.lastActive}
                </p>
                <p>{result.experience}</p>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p>No job seekers match. Try fewer words, a wider radius or any time for last active.</p>
      )}
      {props.prevHref || props.nextHref ? (
        <nav className="resume-pages" aria-label="Result pages">
          {props.prevHref ? (
            <a href={props.prevHref} rel="prev">
              Previous page
            </a>
          ) : null}
          <span>Page {props.page}</span>
          {props.nextHref ? (
            <a href={props.nextHref} rel="next">
              Next page
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
