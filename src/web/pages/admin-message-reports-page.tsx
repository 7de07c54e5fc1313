import type { MessageReportsPageProps } from '../../shared/messages/constants';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import '../features/employer-jobs/employer-jobs.css';
import '../features/messages/messages.css';

/** Messages job seekers reported: the admins look at each and mark it dealt with. */
export default function AdminMessageReportsPage({ props }: { props: MessageReportsPageProps }) {
  return (
    <section className="posting-page" aria-labelledby="reports-heading">
      <h1 id="reports-heading">Reported messages</h1>
      {props.notice ? (
        <p className="posting-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.reports.length === 0 ? (
        <EmptyState title="No message is waiting for a look" />
      ) : (
        <ul className="moderation-list">
          {props.reports.map((report) => (
            <li key={report.id}>
              <Card as="article" className="moderation-job" aria-labelledby={`report-${report.id}`}>
                <h2 id={`report-${report.id}`}>
                  {report.company} · {report.jobTitle}
                </h2>
                <p>Reported {report.reported}. Reason: {report.reason}</p>
                <blockquote className="message-body">{report.body}</blockquote>
                <form method="post" action={report.resolveAction}>
                  <Button type="submit">
                    Mark as dealt with<span className="visually-hidden">: message from {report.company}</span>
                  </Button>
                </form>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
