import { REJECTION_REASON_MAX } from '../../shared/employer-jobs/fields';
import type { ModerationPageProps } from '../../shared/employer-jobs/page-props';
import { MESSAGES_PATHS } from '../../shared/messages/constants';
import { CompanyContextList } from '../features/employer-jobs/company-context';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import '../features/employer-jobs/employer-jobs.css';

/** Jobs waiting for review: a new company's first job, or a live job's edit that changed where applicants go. */
export default function AdminModerationPage({ props }: { props: ModerationPageProps }) {
  return (
    <section className="posting-page" aria-labelledby="moderation-heading">
      <h1 id="moderation-heading">Jobs waiting for review</h1>
      <p>
        <a href={MESSAGES_PATHS.reports}>Messages job seekers reported</a>
      </p>
      {props.notice ? (
        <p className="posting-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.error ? (
        <p className="posting-notice is-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <h2>Reported by visitors</h2>
      {props.reported.length === 0 ? (
        <EmptyState title="No job is reported" headingLevel={3} />
      ) : (
        <ul className="moderation-list">
          {props.reported.map((job) => (
            <Card as="li" key={job.id} className="moderation-job">
              <p>
                <a href={job.reviewHref}>{job.title}</a> · {job.company}
              </p>
              <p>
                {job.reports === 1 ? '1 report' : `${job.reports.toLocaleString('en-US')} reports`}, the last {job.lastReported}: {job.reasons.join('; ')}
              </p>
            </Card>
          ))}
        </ul>
      )}
      <h2>New jobs and edits</h2>
      {props.jobs.length === 0 ? (
        <EmptyState title="Nothing is waiting" headingLevel={3}>
          Well done.
        </EmptyState>
      ) : (
        <ul className="moderation-list">
          {props.jobs.map((job) => (
            <li key={job.id}>
              <Card as="article" className="moderation-job" aria-labelledby={`moderation-${job.id}`}>
                <h3 id={`moderation-${job.id}`}>
                  <a href={job.reviewHref}>{job.title}</a>
                </h3>
                <p>
                  {job.company} · {job.place} · {job.pay}
                </p>
                <CompanyContextList context={job.context} />
                <p>
                  <Badge tone={job.edit ? 'info' : 'neutral'}>{job.edit ? 'Edit of a live job' : 'New job'}</Badge> Sent {job.submitted}. Applicants go to: {job.applyTarget}
                </p>
                <div className="moderation-description" dangerouslySetInnerHTML={{ __html: job.descriptionHtml }} />
                <div className="moderation-decide">
                  <form method="post" action={job.approveHref}>
                    <Button type="submit">
                      Approve<span className="visually-hidden">: {job.title}</span>
                    </Button>
                  </form>
                  <form method="post" action={job.rejectHref} className="moderation-reject">
                    <div>
                      <label htmlFor={`reason-${job.id}`}>Reason for rejecting (emailed to the company)</label>
                      <textarea id={`reason-${job.id}`} name="reason" required maxLength={REJECTION_REASON_MAX} />
                    </div>
                    <Button type="submit" variant="danger">
                      Reject<span className="visually-hidden">: {job.title}</span>
                    </Button>
                  </form>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
