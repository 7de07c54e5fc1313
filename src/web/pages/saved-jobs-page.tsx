import { SEEKER_PATHS } from '../../shared/seeker/constants';
import type { SavedJobsProps } from '../../shared/seeker/page-props';
import { SeekerJobList } from '../features/seeker/seeker-job-list';
import { SeekerNav } from '../features/seeker/seeker-nav';
import '../features/job-pages/jobs.css';
import '../features/seeker/seeker.css';

export default function SavedJobsPage({ props }: { props: SavedJobsProps }) {
  return (
    <section className="seeker-page" aria-labelledby="saved-jobs-heading">
      <h1 id="saved-jobs-heading">Saved jobs</h1>
      <SeekerNav current={SEEKER_PATHS.savedJobs} />
      {props.jobs.length ? (
        <SeekerJobList jobs={props.jobs} next={SEEKER_PATHS.savedJobs} />
      ) : (
        <p>
          You haven&apos;t saved any jobs yet. <a href="/jobs-search">Search jobs</a> and choose Save on the ones you like.
        </p>
      )}
    </section>
  );
}
