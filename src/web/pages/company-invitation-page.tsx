import type { InvitationPageProps } from '../../shared/companies/page-props';
import { COMPANY_PATHS } from '../../shared/companies/constants';
import { Button, LinkButton } from '../ui/button';
import '../features/companies/employers.css';

/** The emailed invitation link: who invites whom, and one button to join (for the invited address). */
export default function CompanyInvitationPage({ props }: { props: InvitationPageProps }) {
  const company = props.companyName ?? 'a company';
  return (
    <section className="employer-page employer-page--narrow" aria-labelledby="invitation-heading">
      <div className="employer-card">
        <h1 id="invitation-heading">{props.state === 'invalid' ? 'Invitation not found' : `Join ${company} on Jobwise`}</h1>
        {props.message ? (
          <p className="employer-notice is-error" role="alert">
            {props.message}
          </p>
        ) : null}
        {props.state === 'sign_in' ? (
          <>
            <p>
              You’re invited to hire with {company} as a recruiter. Log in as an employer with <strong>{props.invitedEmail}</strong> to accept: we’ll
              email you a one-time code.
            </p>
            <p>
              <LinkButton href={props.loginHref}>Log in to accept</LinkButton>
            </p>
          </>
        ) : null}
        {props.state === 'ready' ? (
          <form method="post" action={`${COMPANY_PATHS.invitation}/${props.token}`} className="employer-form">
            <p>
              You’re logged in as <strong>{props.signedInAs}</strong>. Join {company} as a recruiter: you can post and manage its jobs.
            </p>
            <div>
              <Button type="submit">Accept invitation</Button>
            </div>
          </form>
        ) : null}
        {props.state === 'other_email' ? (
          <p>
            You’re logged in as <strong>{props.signedInAs}</strong>. Log out, then open the link again and log in with the invited address.
          </p>
        ) : null}
      </div>
    </section>
  );
}
