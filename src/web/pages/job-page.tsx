import type { JobPageProps } from '../../shared/jobs/page-props';
import { JobDetail } from '../features/job-pages/job-detail';
import { ReportJobLink } from '../features/job-pages/report-job-link';
import '../features/job-pages/jobs.css';
import '../features/job-pages/report-job.css';
import { StickyApply } from '../features/job-pages/sticky-apply';
import { Button } from '../ui/button';

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
          <Button type="submit">
            Publish
          </Button>
        </form>
      ) : null}
      <JobDetail job={props} place="page" />
      {props.preview ? null : <ReportJobLink jobId={props.id} jobTitle={props.title} />}
      {props.preview || props.applied ? null : (
        <StickyApply title={props.title} company={props.company} label={props.applyEmailHref ? 'Apply by email' : props.applyExternal ? 'Apply on company site' : 'Apply'} />
      )}
    </article>
  );
}
