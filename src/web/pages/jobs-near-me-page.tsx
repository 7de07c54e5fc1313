import { DEFAULT_RADIUS_MILES } from '../../shared/jobs/enums';
import type { NearMePageProps } from '../../shared/jobs/page-props';
import { plural } from '../../shared/plural';
import { JobList } from '../features/job-pages/job-list';
import { SearchForm } from '../features/job-pages/search-form';
import '../features/job-pages/jobs.css';

export default function JobsNearMePage({ props }: { props: NearMePageProps }) {
  return (
    <div className="jobs-page">
      <h1>{props.placeLabel ? `Jobs near ${props.placeLabel}` : 'Jobs near you'}</h1>
      {props.placeLabel ? (
        <p>{`${props.totalText} ${plural(props.total, 'open position', 'open positions')} within ${props.radius} miles of ${props.placeLabel}.`}</p>
      ) : (
        <p className="notice">We can&apos;t tell where you are. Choose a place to see the jobs near it.</p>
      )}
      <SearchForm search="" location={props.placeLabel ?? ''} radius={DEFAULT_RADIUS_MILES} label="Search jobs near a place" />
      <section aria-labelledby="near-me-cities" className="browse-section">
        <h2 id="near-me-cities">Cities with the most jobs</h2>
        <ul className="browse-grid">
          {props.topCities.map((city) => (
            <li key={city.href}>
              <a href={city.href}>{city.label}</a> <span className="count">({city.count})</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="near-me-newest">
        <h2 id="near-me-newest">{props.placeLabel ? `Newest jobs near ${props.placeLabel}` : 'Newest jobs in the US'}</h2>
        <JobList jobs={props.jobs} headingLevel={3} />
        <p>
          <a href={props.moreHref}>{plural(props.total, `See the ${props.totalText} job`, `See all ${props.totalText} jobs`)}</a>
        </p>
      </section>
    </div>
  );
}
