import { COMPANY_PATHS } from '../../shared/companies/constants';
import type { PlansPageProps } from '../../shared/companies/page-props';
import { Badge } from '../ui/badge';
import { Button, LinkButton } from '../ui/button';
import { Card } from '../ui/card';
import '../features/companies/employers.css';

/** /plans: the plans as data; "Choose plan" on a paid plan records the request and leads to Contact Sales. */
export default function PlansPage({ props }: { props: PlansPageProps }) {
  return (
    <section className="employer-page" aria-labelledby="plans-heading">
      <h1 id="plans-heading">Plans</h1>
      <p className="employer-lead">Start free with one live job. Hiring for more? Choose a plan and our sales team sets it up for you.</p>
      {props.error ? (
        <p className="employer-notice is-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <ul className="plan-list">
        {props.plans.map((plan) => (
          <Card as="li" key={plan.id} className={plan.current ? 'plan-card is-current' : 'plan-card'} aria-labelledby={`plan-${plan.id}`}>
            <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
            <p className="plan-price">
              <strong>{plan.price}</strong> a month
            </p>
            <p>{plan.summary}</p>
            <ul className="plan-features">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            {plan.current ? (
              <p>
                <Badge tone="success">Your current plan</Badge>
              </p>
            ) : props.canChoose ? (
              plan.id === 'free' ? null : (
                <form method="post" action={`${COMPANY_PATHS.plans}/choose`}>
                  <input type="hidden" name="plan" value={plan.id} />
                  <Button type="submit">
                    Choose plan<span className="visually-hidden"> {plan.name}</span>
                  </Button>
                </form>
              )
            ) : (
              <LinkButton href={props.loginHref}>
                {plan.id === 'free' ? 'Start free' : 'Choose plan'}
                <span className="visually-hidden"> {plan.name}</span>
              </LinkButton>
            )}
            {/* The trial is of Standard, once per company (decision 0288): offered until it is used (0309). */}
            {props.trialHref && plan.id === 'standard' ? (
              <p>
                or <a href={props.trialHref}>Try Standard free for 7 days</a>
              </p>
            ) : null}
          </Card>
        ))}
      </ul>
      <p className="employer-muted">Prices in US dollars, billed monthly. Questions? <a href={COMPANY_PATHS.contactSales}>Contact Sales</a>.</p>
    </section>
  );
}
