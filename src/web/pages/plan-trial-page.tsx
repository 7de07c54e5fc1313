import type { PlanTrialProps } from '../../shared/companies/page-props';
import { Button } from '../ui/button';
import '../features/companies/employers.css';
import '../features/companies/plan-usage.css';

/** /user/purchase-plan-simple: the owner starts the company's one free trial of Standard (decision 0288). */
export default function PlanTrialPage({ props }: { props: PlanTrialProps }) {
  const refused = props.state === 'owner_only' || props.state === 'used' || props.state === 'paid';
  return (
    <section className="employer-page employer-page--narrow" aria-labelledby="trial-heading">
      <h1 id="trial-heading">
        Try {props.planName} free for {props.days} days
      </h1>
      <p className="employer-lead">No card, no payment: after {props.days} days your company goes back to Free, and nothing you posted is lost.</p>
      {props.message ? (
        <p className={refused ? 'employer-notice is-error' : 'employer-notice'} role={refused ? 'alert' : 'status'}>
          {props.message}
        </p>
      ) : null}
      <section className="employer-card" aria-labelledby="trial-includes-heading">
        <h2 id="trial-includes-heading">{props.planName} includes</h2>
        <ul className="plan-lines">
          {props.planLines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {props.state === 'can_start' ? (
          <form method="post" action={props.action} className="plan-actions">
            <Button type="submit">Start free trial</Button>
          </form>
        ) : null}
      </section>
      <p>
        <a href={props.planHref}>Your plan and usage</a>
      </p>
    </section>
  );
}
