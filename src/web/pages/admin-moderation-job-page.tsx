import { DESCRIPTION_MAX, TITLE_MAX } from '../../shared/employer-jobs/fields';
import type { JobModerationPageProps } from '../../shared/employer-jobs/moderation';
import { CompanyContextList } from '../features/employer-jobs/company-context';
import { JobStatusBadge } from '../features/employer-jobs/job-status-badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import '../features/employer-jobs/employer-jobs.css';

/**
 * One job as an admin sees it (decision 0298): the job, its company's context, open reports, an edit
 * form, Close and Keep, and the audit log of every admin change with the fields before and after.
 */
export default function AdminModerationJobPage({ props }: { props: JobModerationPageProps }) {
  const { job } = props;
  return (
    <section className="posting-page moderation-view" aria-labelledby="moderation-job-heading">
      <p>
        <a href={props.backHref}>Back to moderation</a>
      </p>
      <h1 id="moderation-job-heading">{job.title}</h1>
      <p>
        {job.company} · {job.place} · {job.pay} · <JobStatusBadge status={job.status} label={job.statusLabel} />
        {job.publicHref ? (
          <>
            {' '}
            · <a href={job.publicHref}>Job page</a>
          </>
        ) : null}
      </p>
      <p>Applicants go to: {job.applyTarget}</p>
      {props.notice ? (
        <p className="posting-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      <CompanyContextList context={props.context} />

      <h2>Reports</h2>
      {props.reports.length === 0 ? (
        <EmptyState title="No open reports" headingLevel={3} />
      ) : (
        <ul className="moderation-list moderation-reports">
          {props.reports.map((report, index) => (
            <Card as="li" key={index}>
              <p>
                <strong>{report.reasons.join('; ')}</strong>
              </p>
              {report.details ? <p className="moderation-report-details">{report.details}</p> : null}
              <p className="moderation-meta">
                {report.by}, {report.reported}
              </p>
            </Card>
          ))}
        </ul>
      )}
      <div className="moderation-decide">
        {props.keepAction ? (
          <form method="post" action={props.keepAction}>
            <Button type="submit" variant="secondary">
              Keep the job (reports dealt with)
            </Button>
          </form>
        ) : null}
        {props.closeAction ? (
          <form method="post" action={props.closeAction}>
            <Button type="submit" variant="danger">
              Close the job
            </Button>
          </form>
        ) : null}
      </div>

      <h2>Edit</h2>
      <form method="post" action={props.editAction} className="moderation-edit" noValidate>
        <div>
          <label htmlFor="moderation-title">Job title</label>
          <input
            id="moderation-title"
            name="title"
            type="text"
            maxLength={TITLE_MAX + 20}
            defaultValue={props.edit.title}
            aria-invalid={props.errors.title ? true : undefined}
            aria-describedby={props.errors.title ? 'moderation-title-error' : undefined}
          />
          {props.errors.title ? (
            <p className="moderation-error" id="moderation-title-error">
              {props.errors.title}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="moderation-description">Description (Markdown)</label>
          <textarea
            id="moderation-description"
            name="description"
            maxLength={DESCRIPTION_MAX + 100}
            defaultValue={props.edit.description}
            aria-invalid={props.errors.description ? true : undefined}
            aria-describedby={props.errors.description ? 'moderation-description-error' : undefined}
          />
          {props.errors.description ? (
            <p className="moderation-error" id="moderation-description-error">
              {props.errors.description}
            </p>
          ) : null}
        </div>
        <div>
          <Button type="submit">Save changes</Button>
        </div>
      </form>
      <details className="moderation-shown">
        <summary>The description as job seekers see it</summary>
        <div className="moderation-description" dangerouslySetInnerHTML={{ __html: job.descriptionHtml }} />
      </details>

      <h2>Audit log</h2>
      {props.audit.length === 0 ? (
        <EmptyState title="No admin has changed this job yet" headingLevel={3} />
      ) : (
        <ol className="moderation-audit">
          {props.audit.map((entry, index) => (
            <li key={index}>
              <p>
                <strong>{entry.action}</strong> by {entry.who}, {entry.when}
              </p>
              {entry.changes.length ? (
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Field</th>
                      <th scope="col">Before</th>
                      <th scope="col">After</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entry.changes.map((change) => (
                      <tr key={change.field}>
                        <th scope="row">{change.field}</th>
                        <td>{change.before}</td>
                        <td>{change.after}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
