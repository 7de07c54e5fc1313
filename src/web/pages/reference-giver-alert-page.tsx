import type { GiverAlertPageProps } from '../../shared/references/references';
import { Button } from '../ui/button';
import '../features/seeker/seeker.css';
import '../features/references/references.css';

/** /reference-giver/create-alert/{token}: after sending a reference, the giver may get job alerts of their own. */
export default function ReferenceGiverAlertPage({ props }: { props: GiverAlertPageProps }) {
  const { values, errors } = props;
  return (
    <section className="seeker-page reference-public" aria-labelledby="giver-alert-heading">
      {props.thanked ? (
        <p className="seeker-notice" role="status">
          {`Thank you! Your reference was sent to ${props.seekerName || 'the person who asked'}.`}
        </p>
      ) : null}
      <h1 id="giver-alert-heading">{props.state === 'created' ? 'Your job alert is set' : 'Job alerts for you'}</h1>
      {props.state === 'created' ? (
        <p>
          We will email {props.email} new jobs for “{values.search}”{values.location ? ` near ${values.location}` : ''} every week. To change it, sign in with your email
          and open <a href={props.alertsHref}>Job alerts</a>.
        </p>
      ) : props.state !== 'ready' ? (
        <p className="seeker-notice" role="status">
          {props.message}
        </p>
      ) : (
        <>
          <p>Looking for work yourself? Tell us what you are looking for and we will email {props.email} new jobs every week. No password needed; unsubscribe anytime.</p>
          {props.message ? (
            <p className="seeker-notice is-error" role="alert">
              {props.message}
            </p>
          ) : null}
          <form method="post" action={props.action} className="seeker-form" noValidate>
            <div>
              <label htmlFor="giver-search">Job title or keywords</label>
              <input id="giver-search" name="search" defaultValue={values.search} aria-invalid={errors.search ? true : undefined} aria-describedby={errors.search ? 'giver-search-error' : undefined} />
              {errors.search ? (
                <p className="field-error" id="giver-search-error">
                  {errors.search}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor="giver-location">City, state or ZIP (optional)</label>
              <input id="giver-location" name="location" defaultValue={values.location} aria-invalid={errors.location ? true : undefined} aria-describedby={errors.location ? 'giver-location-error' : undefined} />
              {errors.location ? (
                <p className="field-error" id="giver-location-error">
                  {errors.location}
                </p>
              ) : null}
            </div>
            <div>
              <Button type="submit">
                Create my job alert
              </Button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
