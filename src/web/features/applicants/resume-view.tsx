import type { ApplicantResume } from '../../../shared/applicants/page-props';

/**
 * The résumé in the application page (decision 0295): a PDF in a frame of its own address (served
 * inline, framed by our pages only), a Word file as its text. The file is always a link too.
 */
export function ResumeView({ resume, name }: { resume: ApplicantResume | null; name: string }) {
  return (
    <section className="applicant-section" aria-labelledby="resume-heading">
      <div className="applicant-resume-head">
        <h2 id="resume-heading">Résumé</h2>
        {resume ? (
          <a href={resume.href} {...(resume.kind === 'pdf' ? { target: '_blank', rel: 'noopener' } : { download: resume.fileName })}>
            {resume.kind === 'pdf' ? `Open ${resume.fileName}` : `Download ${resume.fileName}`}
          </a>
        ) : null}
      </div>
      {resume === null ? (
        <p>No résumé</p>
      ) : resume.kind === 'pdf' ? (
        <iframe className="applicant-resume-frame" src={resume.href} title={`Résumé of ${name}`} />
      ) : resume.text ? (
        <div className="applicant-resume-text" role="region" aria-label={`Résumé of ${name}, as text`} tabIndex={0}>
          {resume.text}
        </div>
      ) : (
        <p>This Word file could not be read here. Download it to read it.</p>
      )}
    </section>
  );
}
