import type { CandidateReferencesPageProps } from '../../shared/references/references';
import { SPOTLIGHT_PATHS } from '../../shared/spotlight/constants';
import { SeekerNav } from '../features/seeker/seeker-nav';
import { Button } from '../ui/button';
import '../features/seeker/seeker.css';
import '../features/references/references.css';

const STATUS_LABELS = { waiting: 'Waiting for an answer', received: 'Received', expired: 'Link expired' } as const;

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={id}>
      {error}
    </p>
  ) : null;
}

/** /candidate/references: ask up to five people, read what they wrote, choose what employers see. Plain forms; the server checks them. */
export default function CandidateReferencesPage({ props }: { props: CandidateReferencesPageProps }) {
  const { values, errors } = props;
  const full = props.activeCount >= props.activeMax;
  return (
    <section className="seeker-page" aria-labelledby="references-heading">
      <h1 id="references-heading">References</h1>
      <SeekerNav current={SPOTLIGHT_PATHS.profile} />
      {props.notice ? (
        <p className="seeker-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.error ? (
        <p className="seeker-notice is-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <p>
        Ask people who know your work. Each gets an email with a link that works once for 7 days, and needs no account. You choose which references employers see
        with your applications. {`${props.activeCount} of ${props.activeMax} used.`}
      </p>

      {props.references.length ? (
        <ul className="reference-list">
          {props.references.map((reference) => (
            <li key={reference.id} className="reference-card">
              <h2>{reference.name}</h2>
              <p className="reference-meta">
                {reference.relationship ? `${reference.relationship} · ` : ''}
                {reference.email}
              </p>
              <p className="reference-status">
                <strong>{STATUS_LABELS[reference.status]}</strong> · {reference.when}
              </p>
              {reference.text ? (
                <blockquote className="reference-text">
                  <p>{reference.text}</p>
                </blockquote>
              ) : null}
              <div className="reference-actions">
                {reference.status === 'received' ? (
                  <form method="post" action={reference.togglePath}>
                    <input type="hidden" name="shown" value={reference.shown ? '0' : '1'} />
                    <button type="submit" className={reference.shown ? 'button button-secondary' : 'button button-primary'} aria-label={`${reference.shown ? 'Hide' : 'Show'} the reference from ${reference.name} ${reference.shown ? 'from' : 'to'} employers`}>
                      {reference.shown ? 'Hide from employers' : 'Show to employers'}
                    </button>
                  </form>
                ) : null}
                <form method="post" action={reference.removePath}>
                  <Button type="submit" variant="secondary" aria-label={`Remove the reference from ${reference.name}`}>
                    Remove
                  </Button>
                </form>
              </div>
              {reference.status === 'received' ? <p className="reference-shown">{reference.shown ? 'Employers see this reference.' : 'Only you see this reference.'}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}

      <h2>Ask for a reference</h2>
      {full ? <p>You have asked {props.activeMax} people. Remove one to ask someone else.</p> : null}
      <form method="post" action={props.action} className="seeker-form" noValidate>
        <div>
          <label htmlFor="reference-name">Their name</label>
          <input id="reference-name" name="name" autoComplete="off" defaultValue={values.name} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'reference-name-error' : undefined} />
          <FieldError id="reference-name-error" error={errors.name} />
        </div>
        <div>
          <label htmlFor="reference-email">Their email</label>
          <input id="reference-email" name="email" type="email" autoComplete="off" defaultValue={values.email} aria-invalid={errors.email ? true : undefined} aria-describedby={errors.email ? 'reference-email-error' : undefined} />
          <FieldError id="reference-email-error" error={errors.email} />
        </div>
        <div>
          <label htmlFor="reference-relationship">How you know them (optional)</label>
          <input id="reference-relationship" name="relationship" placeholder="Manager at Acme Freight" defaultValue={values.relationship} aria-invalid={errors.relationship ? true : undefined} aria-describedby={errors.relationship ? 'reference-relationship-error' : undefined} />
          <FieldError id="reference-relationship-error" error={errors.relationship} />
        </div>
        <div>
          <Button type="submit">
            Send the request
          </Button>
        </div>
      </form>
    </section>
  );
}
