import type { SeekerApplication, SeekerJob, SuggestedJob } from '../../../shared/seeker/page-props';
import { SaveJobButton } from './save-job-button';
import { Badge } from '../../ui/badge';

/** Job cards in the person's own lists: a reason or a note, and the save toggle. */
export function SeekerJobList({ jobs, next }: { jobs: Array<SeekerJob | SuggestedJob | (SeekerJob & { application: SeekerApplication | null })>; next: string }) {
  return (
    <ol className="job-list">
      {jobs.map((job) => (
        <li key={job.card.id} className="job-card">
          <h2 className="job-card-title">{job.open ? <a href={job.card.path}>{job.card.title}</a> : job.card.title}</h2>
          <p className="job-card-company">{job.card.company}</p>
          <p className="job-card-place">
            {job.card.place}
            {job.card.distance ? <span className="job-card-distance"> · {job.card.distance}</span> : null}
          </p>
          <ul className="job-card-facts" aria-label="Details">
            <li>{job.card.pay}</li>
            <li>{job.card.employmentType}</li>
            <li>{job.card.posted}</li>
          </ul>
          {'reason' in job ? <p className="job-card-reason">{job.reason}</p> : null}
          {job.note ? <p className="job-card-note">{job.note}</p> : null}
          {!job.open ? <p className="job-card-note">This job has closed.</p> : null}
          {'application' in job && job.application ? (
            <div className="seeker-application">
              <Badge tone="info">{`Status: ${job.application.stageLabel}`}</Badge>
              {job.application.withdrawHref ? (
                <form method="post" action={job.application.withdrawHref}>
                  <button type="submit" className="seeker-withdraw-button">
                    Withdraw application<span className="visually-hidden">: {job.card.title}</span>
                  </button>
                </form>
              ) : null}
            </div>
          ) : null}
          <div className="job-card-actions">
            {job.applied && !('application' in job && job.application) ? <Badge tone="success">Applied</Badge> : null}
            {job.open || job.saved ? <SaveJobButton listingKey={job.listingKey} jobTitle={job.card.title} saved={job.saved} next={next} source="jobseeker_home" componentId="job_list_save" jobSummary={{ companyName: job.card.company, title: job.card.title, location: job.card.place }} /> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
