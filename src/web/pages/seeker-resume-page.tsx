import { SEEKER_PATHS } from '../../shared/seeker/constants';
import { RESUME_IMPORT_PATH } from '../../shared/seeker/resume-import';
import type { ResumePageProps } from '../../shared/seeker/page-props';
import { SeekerNav } from '../features/seeker/seeker-nav';
import { Button, LinkButton } from '../ui/button';
import { CheckboxField } from '../ui/choice-inputs';
import '../features/seeker/seeker.css';

export default function CandidateResumePage({ props }: { props: ResumePageProps }) {
  return (
    <section className="seeker-page" aria-labelledby="resume-heading">
      <h1 id="resume-heading">Résumé</h1>
      <SeekerNav current={SEEKER_PATHS.resume} />
      {props.uploaded ? (
        <p className="seeker-notice" role="status">
          Your résumé is uploaded. Employers receive it with your applications.
        </p>
      ) : null}
      {props.resume ? (
        <>
          <p>
            Current résumé: <strong>{props.resume.fileName}</strong> ({props.resume.size}, uploaded {props.resume.uploaded}). <a href={SEEKER_PATHS.resumeFile}>Download your résumé</a>
          </p>
          <p>
            {/* Read from the résumé, reviewed before anything is saved (decision 0302). */}
            <LinkButton variant="secondary" href={RESUME_IMPORT_PATH}>
              Fill your profile from this résumé
            </LinkButton>
          </p>
        </>
      ) : (
        <p>You haven&apos;t uploaded a résumé yet.</p>
      )}
      <form method="post" action={SEEKER_PATHS.resume} encType="multipart/form-data" className="seeker-form">
        <div>
          <label htmlFor="resume">{props.resume ? 'Replace your résumé' : 'Upload your résumé'}</label>
          <input
            id="resume"
            name="resume"
            type="file"
            accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            required
            aria-describedby={props.error ? 'resume-hint resume-error' : 'resume-hint'}
            aria-invalid={props.error ? true : undefined}
          />
          <p className="field-hint" id="resume-hint">
            PDF or Word (.docx), up to 5 MB.
          </p>
          {props.error ? (
            <p className="field-error" id="resume-error" role="alert">
              {props.error}
            </p>
          ) : null}
        </div>
        <div>
          <Button type="submit">Upload</Button>
        </div>
      </form>
      <section aria-labelledby="profile-pdf-heading" className="profile-pdf">
        <h2 id="profile-pdf-heading">A PDF résumé from your profile</h2>
        <p>Your name, headline, place, work history, education, skills, licences and links, laid out as a résumé.</p>
        {/* Made by the server as it is sent (decision 0312); the boxes choose the contact details it shows. */}
        <form method="get" action={SEEKER_PATHS.profilePdf} className="seeker-form">
          <fieldset className="resume-import-group">
            <legend>Contact details on the PDF</legend>
            <CheckboxField className="resume-import-choice" name="email" value="on" defaultChecked label="My email address" />
            <CheckboxField className="resume-import-choice" name="phone" value="on" defaultChecked label="My phone number" />
          </fieldset>
          <div>
            <Button type="submit" variant="secondary">
              Download as PDF
            </Button>
          </div>
        </form>
      </section>
    </section>
  );
}
