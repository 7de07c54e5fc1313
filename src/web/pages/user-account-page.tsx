import { APPLICANT_MAIL_PATHS, APPLICATION_MAIL_FREQUENCIES, APPLICATION_MAIL_FREQUENCY_LABELS, type UserAccountProps } from '../../shared/applicant-mail/settings';
import { EmployerDataSection } from '../features/privacy/your-data-section';
import { EmailChoicesCard } from '../features/notifications/email-choices-card';
import { Button } from '../ui/button';
import { RadioGroup } from '../ui/choice-inputs';
import '../features/companies/employers.css';
import '../features/applicant-mail/applicant-mail.css';

/** The employer's account: how they hear about new applications (each team member chooses). A plain form. */
export default function UserAccountPage({ props }: { props: UserAccountProps }) {
  return (
    <section className="employer-page" aria-labelledby="account-heading">
      <h1 id="account-heading">Email notifications</h1>
      <p className="employer-lead">
        Emails go to <strong>{props.email}</strong>. Everyone on the {props.companyName} team chooses for themselves.
      </p>
      {props.notice ? (
        <p className="employer-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.unsubscribedByLink ? (
        <p className="employer-note">You unsubscribed from new application emails with an email’s link. Save a choice below to get them again.</p>
      ) : null}
      <section className="employer-card" aria-labelledby="new-applications-heading">
        <h2 id="new-applications-heading">New applications</h2>
        <form method="post" action={APPLICANT_MAIL_PATHS.account} className="employer-form">
          <RadioGroup
            className="mail-choices"
            optionClassName="mail-choice"
            legend="Email me about new applications"
            name="frequency"
            defaultValue={props.frequency}
            options={APPLICATION_MAIL_FREQUENCIES.map((frequency) => ({ value: frequency, ...APPLICATION_MAIL_FREQUENCY_LABELS[frequency] }))}
          />
          <div>
            <Button type="submit">
              Save notifications
            </Button>
          </div>
        </form>
      </section>
      <EmailChoicesCard choices={props.emailChoices} className="employer-card" />
      <EmployerDataSection />
    </section>
  );
}
