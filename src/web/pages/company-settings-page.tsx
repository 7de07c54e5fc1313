import { COMPANY_LIMITS, COMPANY_PATHS, SIZE_BAND_LABELS, type SizeBand } from '../../shared/companies/constants';
import type { CompanySettingsProps } from '../../shared/companies/page-props';
import { ApplicantEmailsCard } from '../features/applicant-mail/applicant-emails-card';
import { CompanyFields, FormErrorSummary } from '../features/companies/company-fields';
import '../features/companies/employers.css';
import { countOf } from '../../shared/plural';
import { Button } from '../ui/button';

/** The company's profile: the owner edits it and uploads the logo; recruiters see it. Plain forms. */
export default function CompanySettingsPage({ props }: { props: CompanySettingsProps }) {
  const { values } = props;
  return (
    <section className="employer-page" aria-labelledby="settings-heading">
      <h1 id="settings-heading">Company profile</h1>
      {props.notice ? (
        <p className="employer-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.pendingReview ? (
        <p className="employer-note">Your company is new on Jobwise: our team reviews its first job before it goes live. After that, your jobs go live at once.</p>
      ) : null}
      <p className="employer-meta">
        <a href={props.publicHref}>See your public company page</a> · Plan: <strong>{props.plan.name}</strong> (
        {countOf(props.plan.liveJobs, 'live job', 'live jobs')}) · <a href={COMPANY_PATHS.plans}>Plans</a>
      </p>

      <div className="employer-columns">
        <section className="employer-card" aria-labelledby="logo-heading">
          <h2 id="logo-heading">Logo</h2>
          {props.logoUrl ? (
            <img className="company-logo company-logo--large" src={props.logoUrl} alt={`${values.name} logo`} width={96} height={96} />
          ) : (
            <p className="employer-muted">No logo yet.</p>
          )}
          {props.logoError ? (
            <p className="employer-notice is-error" role="alert">
              {props.logoError}
            </p>
          ) : null}
          {props.canEdit ? (
            <form method="post" action={COMPANY_PATHS.logoUpload} encType="multipart/form-data" className="employer-form">
              <div>
                <label htmlFor="logo">{props.logoUrl ? 'Replace the logo' : 'Upload a logo'}</label>
                <input id="logo" name="logo" type="file" accept="image/png,image/jpeg,image/webp" aria-describedby="logo-hint" required />
                <p className="field-hint" id="logo-hint">
                  PNG, JPEG or WebP, up to {COMPANY_LIMITS.logoMaxBytes / (1024 * 1024)} MB. A square image looks best.
                </p>
              </div>
              <div>
                <Button type="submit" variant="secondary">
                  Upload logo
                </Button>
              </div>
            </form>
          ) : null}
        </section>

        <section className="employer-card" aria-labelledby="details-heading">
          <h2 id="details-heading">Details</h2>
          {props.canEdit ? (
            <>
              <FormErrorSummary errors={props.errors} />
              <form method="post" action={COMPANY_PATHS.settings} className="employer-form" noValidate>
                <CompanyFields values={values} errors={props.errors} />
                <div>
                  <Button type="submit">
                    Save profile
                  </Button>
                </div>
              </form>
            </>
          ) : (
            <dl className="employer-details">
              <dt>Company name</dt>
              <dd>{values.name}</dd>
              <dt>Website</dt>
              <dd>{values.website || 'Not given'}</dd>
              <dt>Company size</dt>
              <dd>{values.size_band in SIZE_BAND_LABELS ? SIZE_BAND_LABELS[values.size_band as SizeBand] : 'Not given'}</dd>
              <dt>Industry</dt>
              <dd>{values.industry || 'Not given'}</dd>
              <dt>About</dt>
              <dd className="employer-prewrap">{values.description || 'Not given'}</dd>
            </dl>
          )}
          {!props.canEdit ? <p className="employer-muted">Only your company’s owner can change the profile.</p> : null}
        </section>
      </div>
      <ApplicantEmailsCard settings={props.applicantEmails} />
      <section className="employer-card" aria-labelledby="embed-heading">
        <h2 id="embed-heading">Your jobs on your own site</h2>
        <p>
          Paste this on your careers page: it shows your open jobs, with a search and a place filter, and each links to its page on Jobwise to
          apply. To use your colour, add <code>?accent=</code> and six hex digits (such as <code>?accent=1f7a45</code>) to the address in it.{' '}
          <a href={props.embed.previewHref}>See how it looks</a>
        </p>
        <label htmlFor="embed-snippet">Code for your careers page</label>
        <textarea id="embed-snippet" className="employer-snippet" readOnly rows={9} value={props.embed.snippet} />
      </section>
    </section>
  );
}
