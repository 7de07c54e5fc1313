import type { CompanyReactivateProps } from '../../shared/companies/page-props';
import { Button } from '../ui/button';
import '../features/companies/employers.css';
import '../features/companies/plan-usage.css';

/** /employer/reactivate: a closed company's page for its team; the owner reactivates here within 90 days (decision 0289). */
export default function CompanyReactivatePage({ props }: { props: CompanyReactivateProps }) {
  const closed = props.state !== 'open';
  return (
    <section className="employer-page employer-page--narrow" aria-labelledby="reactivate-heading">
      <h1 id="reactivate-heading">{closed ? `${props.companyName} is closed` : 'Reactivate your company'}</h1>
      {props.notice ? (
        <p className="employer-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {closed && props.closedOn ? (
        <p className="employer-lead">
          It was closed on {props.closedOn}. Its jobs are closed, and the team can’t use the workspace while it is closed. {props.deadline}
        </p>
      ) : null}
      {props.message ? (
        <p className={props.state === 'open' ? 'employer-muted' : 'employer-notice is-error'} role={props.state === 'open' ? undefined : 'alert'}>
          {props.message}
        </p>
      ) : null}
      {props.state === 'can_reactivate' ? (
        <form method="post" action={props.action} className="plan-actions">
          <Button type="submit">Reactivate {props.companyName}</Button>
        </form>
      ) : null}
      {props.state === 'can_reactivate' ? <p className="employer-muted">Its jobs stay closed when it reopens: you reopen or repost the ones you still need.</p> : null}
      {props.state === 'open' ? (
        <p>
          <a href={props.dashboardHref}>Go to your dashboard</a>
        </p>
      ) : null}
    </section>
  );
}
