import type { ApplicantResume } from '../../../shared/applicants/page-props';
import { useHydrated } from '../../ui/use-hydrated';
import { PdfViewer } from './pdf-viewer';

/**
 * The résumé in the application page: a PDF drawn in the page by pdfjs (decision 0319), a Word file as
 * its text (decision 0295). The file is always a download link too, the way to it without script.
 */
export function ResumeView({ resume, name }: { resume: ApplicantResume | null; name: string }) {
  const hydrated = useHydrated();
  return (
    <section className="applicant-section" aria-labelledby="resume-heading">
      <div className="applicant-resume-head">
        <h2 id="resume-heading">Résumé</h2>
        {resume ? (
          <a href={resume.href} download={resume.fileName}>
            {`Download ${resume.fileName}`}
          </a>
        ) : null}
      </div>
      {resume === null ? (
        <p>No résumé</p>
      ) : resume.kind === 'pdf' ? (
        <PdfViewer href={resume.href} label={`Résumé of ${name}`} hydrated={hydrated} />
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
