import { SEEKER_PATHS } from '../../shared/seeker/constants';
import type { JobseekerHomeProps } from '../../shared/seeker/page-props';
import { SeekerJobList } from '../features/seeker/seeker-job-list';
import { SeekerNav } from '../features/seeker/seeker-nav';
import { SpotlightEntryLink } from '../features/spotlight/spotlight-entry';
import '../features/spotlight/spotlight.css';
import '../features/job-pages/jobs.css';
import '../features/seeker/seeker.css';
import { ClosedJobAlert } from '../shell/closed-job-alert';
import { LogoutForm } from '../shell/logout-form';
import { Badge } from '../ui/badge';
import { LinkButton } from '../ui/button';
import { buttonClass } from '../ui/button-class';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';

/** Suggested Jobs: the signed-in job seeker's home. */
export default function JobseekerHomePage({ props }: { props: JobseekerHomeProps }) {
  return (
    <section className="seeker-page" aria-labelledby="suggested-jobs-heading">
      <ClosedJobAlert show={props.showClosedJobAlert ?? false} />
      <h1 id="suggested-jobs-heading">Suggested Jobs</h1>
      <SeekerNav current={SEEKER_PATHS.home} />
      <p>
        You&apos;re logged in as <strong>{props.email}</strong>.{' '}
        {props.placeLabel ? <>Jobs near {props.placeLabel}, picked by what you searched, saved and applied for.</> : <>Jobs picked by what you searched, saved and applied for.</>}
      </p>
      {!props.profileComplete ? (
        <p className="seeker-notice">
          <a href={SEEKER_PATHS.about}>Add your name, phone and location</a> to apply with one click and see jobs near you.
        </p>
      ) : null}
      {!props.hasSpotlight ? (
        <Card as="aside" tone="accent" className="spotlight-card" aria-labelledby="spotlight-card-heading">
          <p className="spotlight-badge-line">
            <Badge tone="success">Early Access</Badge>
          </p>
          <h2 id="spotlight-card-heading">Get your resume seen first</h2>
          <p>Answer three short prompts with a video, an audio recording or a few written lines. Employers you apply to see them before anything else.</p>
          <SpotlightEntryLink context={{ source: 'LOGGED_IN_HOME_PAGE' }} variant="primary">
            Create your spotlight
          </SpotlightEntryLink>
        </Card>
      ) : null}
      {props.jobs.length ? (
        <SeekerJobList jobs={props.jobs} next={SEEKER_PATHS.home} />
      ) : (
        <EmptyState
          title="No suggestions yet"
          action={
            <LinkButton variant="secondary" href="/jobs-search">
              Search jobs
            </LinkButton>
          }
        >
          <p>We don&apos;t have suggestions for you yet. Search jobs and save the ones you like.</p>
        </EmptyState>
      )}
      {/* The header's log out shares this form, so it takes Button's classes, not Button (decision 0329). */}
      <LogoutForm buttonClassName={buttonClass('outline')} />
    </section>
  );
}
