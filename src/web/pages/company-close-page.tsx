import type { CompanyCloseProps } from '../../shared/companies/page-props';
import '../features/companies/employers.css';
import '../features/companies/plan-usage.css';

/** /employer/close: the owner's confirm step before closing the company (decision 0289). A plain form. */
export default function CompanyClosePage({ props }: { props: CompanyCloseProps }) {
  return (
    <section className="employer-page employer-page--narrow" aria-labelledby="close-heading">
      <h1 id="close-heading">Close {props.companyName}?</h1>
      {props.error ? (
        <p className="employer-notice is-error" role="alert" id="close-error">
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
          <div className="close-confirm">
            <input type="checkbox" id="close-confirm" name="confirm" value="yes" aria-describedby={props.error ? 'close-error' : undefined} />
            <label htmlFor="close-confirm">I understand: close {props.companyName} now.</label>
          </div>
          <div className="plan-actions">
            <button type="submit" className="button button-danger">
              Close company
            </button>
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
