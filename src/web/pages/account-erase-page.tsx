import { PRIVACY_PATHS, type AccountErasePageProps } from '../../shared/privacy/constants';
import { SEEKER_PATHS } from '../../shared/seeker/constants';
import { Button } from '../ui/button';
import { CheckboxField } from '../ui/choice-inputs';
import '../features/seeker/seeker.css';
import '../features/privacy/privacy.css';

/** Erase the account: what goes, what the employers keep, and a confirmation (the email typed again and a box). A plain form. */
export default function AccountErasePage({ props }: { props: AccountErasePageProps }) {
  if (props.state === 'erased') {
    return (
      <section className="seeker-page" aria-labelledby="erase-heading">
        <h1 id="erase-heading">Your account is erased</h1>
        <p role="status">Everything Jobwise held about you is deleted, and you are logged out. You can sign up again with the same email at any time: it starts a new, empty account.</p>
        <p>
          <a href="/">Go to the home page</a>
        </p>
      </section>
    );
  }
  return (
    <section className="seeker-page" aria-labelledby="erase-heading">
      <h1 id="erase-heading">Erase your account</h1>
      {props.error ? (
        <p className="seeker-notice is-error" role="alert">
          {props.error}
        </p>
      ) : null}
      {props.state === 'team_member' ? (
        <p>
          This account is on a company’s team. Leave the team, or hand the company to another owner, on the employer side first; then come back here.
        </p>
      ) : (
        <>
          <p>Erasing deletes, at once and for good:</p>
          <ul>
            <li>your profile, résumés and candidate spotlight answers and recordings;</li>
            <li>your saved jobs, searches and job alerts, and emails waiting to be sent to you;</li>
            <li>your place in the résumé database, and the invitations you received;</li>
            <li>your sessions, sign-in codes, linked Google sign-in, SMS and email choices.</li>
          </ul>
          <p>
            Employers you applied to keep only the fact of an application, shown as “withdrawn, erased candidate”, without your name, contact details, answers or
            résumé. Want a copy first? <a href={SEEKER_PATHS.about}>Download your data</a> from About you.
          </p>
          <form method="post" action={PRIVACY_PATHS.erase} className="seeker-form" noValidate>
            <div>
              <label htmlFor="confirm_email">Type your email to confirm</label>
              <input id="confirm_email" name="confirm_email" type="email" autoComplete="off" required aria-describedby="confirm_email-hint" maxLength={320} />
              <p className="field-hint" id="confirm_email-hint">
                {props.email ? `The address you log in with: ${props.email}` : 'The address you log in with.'}
              </p>
            </div>
            <CheckboxField className="erase-check" name="understand" required label="I understand that this cannot be undone." />
            <div>
              <Button type="submit">
                Erase my account
              </Button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
