import { COMPANY_PATHS } from '../../shared/companies/constants';
import { FIRST_RUN_PATHS } from '../../shared/employer-jobs/first-run';
import { SIGN_IN_FORM_PATHS, type RegistrationPageProps } from '../../shared/registration/pages';
import { CodeStepForm } from '../features/registration/forms/code-step-form';
import { Heading, TermsText } from '../features/registration/forms/form-parts';
import { FORM_COPY } from '../features/registration/copy';
import { buttonClass } from '../ui/button-class';
import '../features/registration/registration.css';
import '../features/companies/employers.css';

const HEADING_ID = 'registration-title';

/**
 * The employer login (/authn/employer/login): the job seekers' sign-in by emailed code, as plain form
 * posts (they work with and without script), signing in on the employer side (decision 0100).
 */
export default function EmployerLoginPage({ props }: { props: RegistrationPageProps }) {
  const form = props.form;
  const emailError = form?.step === 'email' ? form.error : undefined;
  const signUp = props.signUp === true;
  const pagePath = `${signUp ? FIRST_RUN_PATHS.signUp : COMPANY_PATHS.employerLogin}?next=${encodeURIComponent(props.redirectUrl)}`;
  const heading = signUp ? 'Create your employer account' : 'Hire with Jobwise';
  // New employers start at /user/create, which keeps where they were going (decision 0297).
  const otherPage = signUp
    ? { lead: 'Already hiring on Jobwise?', label: 'Log in', href: `${COMPANY_PATHS.employerLogin}?next=${encodeURIComponent(props.redirectUrl)}` }
    : {
        lead: 'New to Jobwise?',
        label: 'Create an employer account',
        href: props.redirectUrl === COMPANY_PATHS.employerHome ? FIRST_RUN_PATHS.signUp : `${FIRST_RUN_PATHS.signUp}?next=${encodeURIComponent(props.redirectUrl)}`,
      };
  return (
    <section className="reg-page" aria-labelledby={HEADING_ID}>
      <div className="reg-page__card">
        {form?.step === 'code' ? (
          <CodeStepForm headingId={HEADING_ID} headingLevel={1} kind="employer" redirectUrl={props.redirectUrl} state={form} pagePath={pagePath} signUp={signUp} />
        ) : props.signedInAs ? (
          <form className="reg-form" method="post" action={COMPANY_PATHS.switchSide}>
            <Heading id={HEADING_ID} level={1}>
              {heading}
            </Heading>
            <p className="reg-form__subcopy">
              You’re logged in as <strong>{props.signedInAs}</strong>. Continue as an employer to create your company and post jobs. You can switch back to
              job searching at any time.
            </p>
            <input type="hidden" name="side" value="employer" />
            <input type="hidden" name="next" value={props.redirectUrl} />
            <button type="submit" className={buttonClass('primary')}>
              Continue as an employer
            </button>
            <TermsText employer />
          </form>
        ) : (
          <form className="reg-form" method="post" action={SIGN_IN_FORM_PATHS.email} noValidate>
            <input type="hidden" name="next" value={props.redirectUrl} />
            <input type="hidden" name="kind" value="employer" />
            {signUp ? <input type="hidden" name="signup" value="1" /> : null}
            <Heading id={HEADING_ID} level={1}>
              {heading}
            </Heading>
            <p className="reg-form__subcopy">
              {signUp
                ? 'Post your first job in minutes: we’ll email you a one-time code, then you set up your company. No password to remember.'
                : 'Log in or create your free employer account. We’ll email you a one-time code: no password to remember.'}
            </p>
            <nav className="reg-role-toggle employer-role-links" aria-label="I am">
              <a className="reg-role-toggle__option" href="/authn/login?onboarding_method=fe.header_logged_out_global_nav.jobseeker_link&realm=candidates">
                {FORM_COPY.jobSeeker}
              </a>
              <a className="reg-role-toggle__option" href={COMPANY_PATHS.employerLogin} aria-current="page">
                {FORM_COPY.employer}
              </a>
            </nav>
            <div className="reg-field">
              <label htmlFor="employer-email">Work email</label>
              <input
                id="employer-email"
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                defaultValue={form?.email ?? ''}
                maxLength={75}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? 'employer-email-error' : undefined}
              />
              {emailError ? (
                <p id="employer-email-error" className="reg-field__error" role="alert">
                  {emailError}
                </p>
              ) : null}
            </div>
            <button type="submit" className={buttonClass('primary')}>
              {FORM_COPY.continue}
            </button>
            <TermsText employer />
            <p className="reg-form__subcopy employer-other-page">
              {otherPage.lead} <a href={otherPage.href}>{otherPage.label}</a>
            </p>
          </form>
        )}
      </div>
    </section>
  );
}
