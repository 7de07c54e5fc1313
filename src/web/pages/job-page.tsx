import type { JobPageProps } from '../../shared/jobs/page-props';
import { JobDetail } from '../features/job-pages/job-detail';
import '../features/job-pages/jobs.css';

export default function JobPage({ props }: { props: JobPageProps }) {
  return (
    <article className="jobs-page job-detail">
      {props.preview ? (
        <p className="job-preview-banner" role="note">
          <strong>{props.preview.label}</strong> <a href={props.preview.backHref}>Back to editing</a>
        </p>
      ) : null}
      {props.preview?.publishHref ? (
        <form method="post" action={props.preview.publishHref} className="job-preview-publish">
          <button type="submit" className="button button-primary">
            Publish
          </button>
        </form>
      ) : null}
      <JobDetail job={props} place="page" />
    </article>
  );
}
