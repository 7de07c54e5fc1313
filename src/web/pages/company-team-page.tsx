import { COMPANY_PATHS } from '../../shared/companies/constants';
import type { CompanyTeamProps } from '../../shared/companies/page-props';
import { Button } from '../ui/button';
import '../features/companies/employers.css';

/** The company's people: the owner invites colleagues by email and removes recruiters. Plain forms. */
export default function CompanyTeamPage({ props }: { props: CompanyTeamProps }) {
  return (
    <section className="employer-page" aria-labelledby="team-heading">
      <h1 id="team-heading">Team</h1>
      {props.notice ? (
        <p className="employer-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.error ? (
        <p className="employer-notice is-error" role="alert">
          {props.error}
        </p>
      ) : null}

      <ul className="team-list" aria-label="Team members">
        {props.members.map((member) => (
          <li key={member.accountId} className="team-member">
            <div>
              <p className="team-member__email">
                {member.email}
                {member.isYou ? <span className="employer-muted"> (you)</span> : null}
              </p>
              <p className="employer-muted">
                {member.roleLabel} · Joined {member.joined}
              </p>
            </div>
            {member.canRemove ? (
              <form method="post" action={`${COMPANY_PATHS.team}/members/${encodeURIComponent(member.accountId)}/remove`}>
                <Button type="submit" variant="secondary">
                  Remove<span className="visually-hidden"> {member.email}</span>
                </Button>
              </form>
            ) : null}
          </li>
        ))}
      </ul>

      {props.isOwner ? (
        <>
          <section className="employer-card" aria-labelledby="invite-heading">
            <h2 id="invite-heading">Invite a colleague</h2>
            <p className="employer-muted">They get an email with a link that works once, for 7 days, only for that address. They join as a recruiter.</p>
            <form method="post" action={COMPANY_PATHS.invite} className="employer-form employer-form--inline" noValidate>
              <div>
                <label htmlFor="invite-email">Colleague’s work email</label>
                <input
                  id="invite-email"
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  maxLength={200}
                  defaultValue={props.inviteEmail}
                  aria-invalid={props.inviteError ? true : undefined}
                  aria-describedby={props.inviteError ? 'invite-email-error' : undefined}
                />
                {props.inviteError ? (
                  <p className="field-error" id="invite-email-error">
                    {props.inviteError}
                  </p>
                ) : null}
              </div>
              <div>
                <Button type="submit">
                  Send invitation
                </Button>
              </div>
            </form>
          </section>
          {props.invitations.length ? (
            <section aria-labelledby="pending-heading">
              <h2 id="pending-heading">Waiting for an answer</h2>
              <ul className="team-list">
                {props.invitations.map((invitation) => (
                  <li key={invitation.id} className="team-member">
                    <div>
                      <p className="team-member__email">{invitation.email}</p>
                      <p className="employer-muted">Invited as a recruiter · Link expires {invitation.expires}</p>
                    </div>
                    <form method="post" action={`${COMPANY_PATHS.team}/invitations/${encodeURIComponent(invitation.id)}/revoke`}>
                      <Button type="submit" variant="secondary">
                        Cancel invitation<span className="visually-hidden"> for {invitation.email}</span>
                      </Button>
                    </form>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : (
        <p className="employer-muted">Only your company’s owner can invite or remove people.</p>
      )}
    </section>
  );
}
