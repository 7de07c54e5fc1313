import type { JobReportPageProps } from '../../shared/employer-jobs/moderation';
import { JOB_REPORT_MESSAGES } from '../../shared/employer-jobs/moderation';
import { ReportJobFields } from '../features/job-pages/report-job-fields';
import { Button } from '../ui/button';
import '../features/job-pages/report-job.css';

/** "Report this job" as a page: the job page's link without script (decision 0298). A plain form. */
export default function JobReportPage({ props }: { props: JobReportPageProps }) {
  const errorCount = Object.keys(props.errors).length;
  return (
    <section className="report-page" aria-labelledby="report-heading">
      <h1 id="report-heading">Report this job</h1>
      <p>
        <a href={props.jobHref}>{props.jobTitle}</a> at {props.company}
      </p>
      {props.sent ? (
        <p role="status" className="report-sent">
          {JOB_REPORT_MESSAGES.sent}
        </p>
      ) : (
        <form method="post" action={props.action} className="report-form" noValidate>
          {errorCount ? <p role="alert" className="report-error">Please correct the marked {errorCount === 1 ? 'field' : 'fields'}.</p> : null}
          <ReportJobFields idPrefix="report-page" values={props.values} errors={props.errors} />
          <div className="report-actions">
            <Button type="submit">
              Send report
            </Button>
            <a className="report-back" href={props.jobHref}>
              Back to the job
            </a>
          </div>
        </form>
      )}
    </section>
  );
}
