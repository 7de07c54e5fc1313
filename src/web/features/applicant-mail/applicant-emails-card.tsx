import { APPLICANT_MAIL_PATHS, type ApplicantEmailsSettings } from '../../../shared/applicant-mail/settings';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/choice-inputs';
import './applicant-mail.css';

/** The company profile page's "Emails to applicants" card: rejection emails, off until the owner turns them on. */
export function ApplicantEmailsCard({ settings }: { settings: ApplicantEmailsSettings }) {
  return (
    <section className="employer-card" aria-labelledby="applicant-emails-heading">
      <h2 id="applicant-emails-heading">Emails to applicants</h2>
      <p className="employer-muted">Applicants always get an email when you move them to Interview.</p>
      {settings.canEdit ? (
        <form method="post" action={APPLICANT_MAIL_PATHS.companyApplicantEmails} className="employer-form">
          <CheckboxField
            className="mail-choice"
            name="rejection_emails"
            defaultChecked={settings.rejectionEmails}
            label="Send rejection emails"
            hint="When you move an applicant to Rejected, they get a kind email from your company, so nobody is left waiting."
          />
          <div>
            <Button type="submit" variant="secondary">
              Save emails to applicants
            </Button>
          </div>
        </form>
      ) : (
        <p>Rejection emails are {settings.rejectionEmails ? 'on' : 'off'}. Only your company’s owner can change this.</p>
      )}
      <details className="mail-preview">
        <summary>Read the rejection email</summary>
        <p>
          <strong>{settings.rejectionPreview.subject}</strong>
        </p>
        <p>{settings.rejectionPreview.text}</p>
      </details>
    </section>
  );
}
