import { FOLLOW_UP_PATHS } from '../../shared/follow-up/follow-up';
import { SEEKER_PATHS } from '../../shared/seeker/constants';
import type { MyJobsProps } from '../../shared/seeker/page-props';
import { SeekerJobList } from '../features/seeker/seeker-job-list';
import { SeekerNav } from '../features/seeker/seeker-nav';
import '../features/job-pages/jobs.css';
import '../features/seeker/seeker.css';

export default function MyJobsPage({ props }: { props: MyJobsProps }) {
  return (
    <div className="seeker-page">
      <h1>My jobs</h1>
      <SeekerNav current={SEEKER_PATHS.myJobs} />
      {props.notice ? (
        <p className="seeker-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      <p>
        Got a job? <a href={FOLLOW_UP_PATHS.gotHired}>Tell us</a>, and withdraw your other applications in one step.
      </p>
      <section aria-labelledby="applied-heading">
        <h2 id="applied-heading">{`Applied (${props.applied.length})`}</h2>
        {props.applied.length ? <SeekerJobList jobs={props.applied} next={SEEKER_PATHS.myJobs} /> : <p>You haven&apos;t applied to any jobs yet.</p>}
      </section>
      <section aria-labelledby="saved-heading">
        <h2 id="saved-heading">{`Saved (${props.saved.length})`}</h2>
        {props.saved.length ? <SeekerJobList jobs={props.saved} next={SEEKER_PATHS.myJobs} /> : <p>No saved jobs waiting for you.</p>}
      </section>
    </div>
  );
}
