import type { SubmitReferencePageProps } from '../../shared/references/references';
import { Button } from '../ui/button';
import '../features/seeker/seeker.css';
import '../features/references/references.css';

/** /submit-reference/{token}: the reference giver writes, without an account. A used or expired link says so. */
export default function SubmitReferencePage({ props }: { props: SubmitReferencePageProps }) {
  if (props.state !== 'ready') {
    return (
      <section className="seeker-page reference-public" aria-labelledby="submit-heading">
        <h1 id="submit-heading">{props.state === 'used' ? 'Reference already sent' : props.state === 'expired' ? 'This link has expired' : 'This link does not work'}</h1>
        <p className="seeker-notice" role="status">
          {props.message}
        </p>
      </section>
    );
  }
  const error = props.errors.text;
  return (
    <section className="seeker-page reference-public" aria-labelledby="submit-heading">
      <h1 id="submit-heading">{`A reference for ${props.seekerName}`}</h1>
      <p>
        Hello {props.refereeName}. {props.seekerName} asked you for a reference on Jobwise. Write a few sentences about working with them: what they did, how they did
        it, what you would tell an employer. {props.seekerName} reads it and chooses whether employers see it. The link works once.
      </p>
      {error ? (
        <p className="seeker-notice is-error" role="alert">
          Please correct the field marked below.
        </p>
      ) : null}
      <form method="post" action={props.action} className="seeker-form" noValidate>
        <div>
          <label htmlFor="reference-text">Your reference</label>
          <textarea
            id="reference-text"
            name="text"
            rows={8}
            maxLength={props.textMax}
            defaultValue={props.values.text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'reference-text-error' : undefined}
          />
          {error ? (
            <p className="field-error" id="reference-text-error">
              {error}
            </p>
          ) : null}
        </div>
        <div>
          <Button type="submit">
            Send the reference
          </Button>
        </div>
      </form>
    </section>
  );
}
