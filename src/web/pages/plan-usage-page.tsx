import type { PlanUsageProps } from '../../shared/companies/page-props';
import { Button, LinkButton } from '../ui/button';
import { RadioGroup } from '../ui/choice-inputs';
import '../features/companies/employers.css';
import '../features/companies/plan-usage.css';

/**
 * /user/set-plan, /user/purchase-upgrade, /user/change-card: the company's plan, what it uses, the trial,
 * and a plain way to ask sales for a paid plan (no payment is built: decision 0288). Plain forms.
 */
export default function PlanUsagePage({ props }: { props: PlanUsageProps }) {
  const { request } = props;
  return (
    <section className="employer-page" aria-labelledby="plan-usage-heading">
      <h1 id="plan-usage-heading">{props.heading}</h1>
      {props.notice ? (
        <p className="employer-notice" role="status">
          {props.notice}
        </p>
      ) : null}

      <section className="employer-card" aria-labelledby="current-plan-heading">
        <h2 id="current-plan-heading">Current plan</h2>
        <p className="plan-summary">
          <strong>{props.planName}</strong>
          <a href={props.plansHref}>Compare plans</a>
        </p>
        <ul className="plan-lines">
          {props.planLines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {props.trial ? (
          <p className="employer-note">
            Your free trial ends on {props.trial.endsAt} ({props.trial.daysLeft}). Then your company goes back to Free: nothing is deleted, and live jobs over
            Free’s limit wait as paused until a plan has room for them.
          </p>
        ) : null}
        {props.trialEnded ? <p className="employer-muted">{props.trialEnded}</p> : null}
        {props.trialHref ? (
          <p className="plan-actions">
            <LinkButton href={props.trialHref}>Try Standard free for 7 days</LinkButton>
          </p>
        ) : null}
      </section>

      <section className="employer-card" aria-labelledby="usage-heading">
        <h2 id="usage-heading">What you use</h2>
        <ul className="plan-usage">
          {props.usage.map((line) => (
            <li key={line.label}>
              <span className="plan-usage__label">{line.label}</span>
              <span className={line.full ? 'plan-usage__figure is-full' : 'plan-usage__figure'}>{line.text}</span>
            </li>
          ))}
        </ul>
        {props.paused ? <p className="employer-note">{props.paused}</p> : null}
      </section>

      <section className="employer-card" aria-labelledby="paid-heading">
        <h2 id="paid-heading">Paid plans</h2>
        <p className="employer-muted">You can’t pay on Jobwise yet. Paid plans are arranged with our sales team: tell us which plan you’d like and they’ll email you to set it up.</p>
        {request.lastAsked ? <p className="employer-muted">{request.lastAsked}</p> : null}
        <form method="post" action={request.action} className="employer-form">
          {/* The refusal ("Choose Standard or Premium.") is the choice's own error, tied to it (decision 0335). */}
          <RadioGroup
            legend="Plan you’d like"
            name="plan"
            options={request.plans.map((plan) => ({ value: plan.id, label: `${plan.name}, ${plan.price} a month` }))}
            defaultValue={request.chosen}
            error={request.error}
          />
          <div>
            <Button type="submit">Ask our sales team</Button>
          </div>
        </form>
      </section>

      {props.closeHref ? (
        <section className="employer-card" aria-labelledby="close-heading">
          <h2 id="close-heading">Close your company</h2>
          <p className="employer-muted">Stop hiring on Jobwise for now: your jobs close and your team loses access. You can reactivate within 90 days.</p>
          <p className="plan-actions">
            <LinkButton href={props.closeHref} variant="secondary">
              Close your company…
            </LinkButton>
          </p>
        </section>
      ) : null}
    </section>
  );
}
