import type { AdminQueueProps } from '../../shared/queue/page-props';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import '../features/employer-jobs/employer-jobs.css';

/** The job queue for admins: what waits and what died after its last retry, each dead job retryable. */
export default function AdminQueuePage({ props }: { props: AdminQueueProps }) {
  return (
    <section className="posting-page" aria-labelledby="queue-heading">
      <h1 id="queue-heading">Background jobs</h1>
      {props.notice ? (
        <p className="posting-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {/* A phone scrolls the counts inside their box, not the page sideways. */}
      <div className="queue-table-scroll" role="region" aria-label="Jobs per queue" tabIndex={0}>
        <table className="queue-table">
          <caption>Jobs per queue</caption>
          <thead>
            <tr>
              <th scope="col">Queue</th>
              <th scope="col">Waiting</th>
              <th scope="col">Retrying</th>
              <th scope="col">Running</th>
              <th scope="col">Dead</th>
            </tr>
          </thead>
          <tbody>
            {props.queues.map((queue) => (
              <tr key={queue.queue}>
                <th scope="row">{queue.queue}</th>
                <td>{queue.waiting}</td>
                <td>{queue.retrying}</td>
                <td>{queue.active}</td>
                <td>{queue.dead}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Dead jobs</h2>
      {props.dead.length === 0 ? (
        <EmptyState title="No job has run out of retries" headingLevel={3} />
      ) : (
        <ul className="moderation-list">
          {props.dead.map((job) => (
            <Card as="li" key={`${job.queue}:${job.id}`} className="moderation-job">
              <p>
                <strong>{job.queue}</strong> · {job.key}
              </p>
              <p>
                {job.attempts} tries, the last failed {job.diedAt}: {job.lastError}
              </p>
              <form method="post" action={job.retryHref}>
                <Button type="submit">
                  Retry<span className="visually-hidden">: {job.key}</span>
                </Button>
              </form>
            </Card>
          ))}
        </ul>
      )}
    </section>
  );
}
