import { SearchX } from 'lucide';
import { COMPANY_PATHS } from '../../shared/companies/constants';
import { RADIUS_MILES } from '../../shared/jobs/enums';
import { LAST_ACTIVE_DAYS, RESUME_DATABASE_PATHS } from '../../shared/resume-database/constants';
import type { ResumeDatabasePageProps } from '../../shared/resume-database/page-props';
import '../features/companies/employers.css';
import { QuotaLine } from '../features/resume-database/quota-line';
import '../features/resume-database/resume-database.css';
import { Badge } from '../ui/badge';
import { Button, LinkButton } from '../ui/button';
import { Card } from '../ui/card';
import { SelectField } from '../ui/choice-inputs';
import { EmptyState } from '../ui/empty-state';

const RADIUS_OPTIONS = RADIUS_MILES.map((miles) => ({ value: String(miles), label: `${miles} miles` }));
const ACTIVE_OPTIONS = [{ value: '', label: 'Any time' }, ...LAST_ACTIVE_DAYS.map((days) => ({ value: String(days), label: `Within ${days} days` }))];

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
        <Card className="resume-box">
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
          <LinkButton href={COMPANY_PATHS.plans}>See plans</LinkButton>
        </Card>
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
        <div className="resume-search__field">
          <label htmlFor="resume-q">Job title or skill</label>
          <input id="resume-q" name="q" type="search" defaultValue={values.q} maxLength={200} placeholder="e.g. forklift, nurse" />
        </div>
        <div className="resume-search__field">
          <label htmlFor="resume-location">City, state or ZIP</label>
          <input id="resume-location" name="location" type="text" defaultValue={values.location} maxLength={100} autoComplete="off" />
        </div>
        <SelectField label="Within" name="radius" defaultValue={String(values.radius)} options={RADIUS_OPTIONS} />
        <SelectField label="Last active" name="active" defaultValue={values.active ? String(values.active) : ''} options={ACTIVE_OPTIONS} />
        <div>
          <Button type="submit">Search</Button>
        </div>
      </form>
      <div className="resume-summary">
        <p>{props.totalText}</p>
        {props.placeNote ? <p>{props.placeNote}</p> : null}
      </div>
      {props.results.length ? (
        <ol className="resume-results" aria-label="Job seekers">
          {props.results.map((result) => (
            <Card as="li" key={result.href} className="resume-card">
              <span className="resume-initials" aria-hidden="true">
                {result.initials.replace(/[^\p{L}]/gu, '')}
              </span>
              <div>
                <h2>
                  <a href={result.href}>
                    {result.headline}
                    <span className="visually-hidden">, {result.initials}</span>
                  </a>
                  {result.viewedThisMonth ? <Badge tone="success">Opened this month</Badge> : null}
                </h2>
                <p className="resume-meta">
                  {result.initials} · {result.place}
                  {result.distance ? ` · ${result.distance}` : ''} · {result.lastActive}
                </p>
                <p>{result.experience}</p>
              </div>
            </Card>
          ))}
        </ol>
      ) : (
        <EmptyState icon={SearchX} title="No job seekers match">
          <p>Try fewer words, a wider radius or any time for last active.</p>
        </EmptyState>
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
