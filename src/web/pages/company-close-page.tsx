import type { CompanyCloseProps } from '../../shared/companies/page-props';
import { Button } from '../ui/button';
import { CheckboxField } from '../ui/choice-inputs';
import '../features/companies/employers.css';
import '../features/companies/plan-usage.css';

/** /employer/close: the owner's confirm step before closing the company (decision 0289). A plain form. */
export default function CompanyClosePage({ props }: { props: CompanyCloseProps }) {
  return (
    <section className="employer-page employer-page--narrow" aria-labelledby="close-heading">
      <h1 id="close-heading">Close {props.companyName}?</h1>
      {/* The owner's one error is the unticked box, said under it (decision 0335); anyone else is told here. */}
      {props.error && !props.isOwner ? (
        <p className="employer-notice is-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <ul className="close-consequences">
        {props.consequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {props.isOwner ? (
        <form method="post" action={props.action} className="employer-form">
          <CheckboxField name="confirm" value="yes" label={`I understand: close ${props.companyName} now.`} error={props.error} />
          <div className="plan-actions">
            <Button type="submit" variant="danger">
              Close company
            </Button>
            <a href={props.cancelHref}>Keep it open</a>
          </div>
        </form>
      ) : (
        <p>
          <a href={props.cancelHref}>Back to your plan</a>
        </p>
      )}
    </section>
  );
}
