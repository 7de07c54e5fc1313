import type { ReactNode } from 'react';
import { SEEKER_PATHS } from '../../shared/seeker/constants';
import { monthLabel } from '../../shared/seeker/profile-sections';
import { RESUME_IMPORT_MESSAGES, RESUME_IMPORT_PATH, type ResumeImportPageProps } from '../../shared/seeker/resume-import';
import { SeekerNav } from '../features/seeker/seeker-nav';
import { Button } from '../ui/button';
import { CheckboxField } from '../ui/choice-inputs';
import '../features/seeker/seeker.css';

/**
 * The review of what was read from the résumé (decision 0302): every entry a ticked box the seeker can
 * untick; only "Add to my profile" saves, and only what is still ticked. A plain form.
 */
export default function ResumeImportPage({ props }: { props: ResumeImportPageProps }) {
  const found = props.work.length + props.education.length + props.skills.length;
  return (
    <section className="seeker-page resume-import" aria-labelledby="resume-import-heading">
      <h1 id="resume-import-heading">Fill your profile from your résumé</h1>
      <SeekerNav current={SEEKER_PATHS.resume} />
      {found === 0 ? (
        <>
          <p role="status">{props.unreadable ? RESUME_IMPORT_MESSAGES.unreadable : RESUME_IMPORT_MESSAGES.nothingFound}</p>
          <p>
            <a href={SEEKER_PATHS.about}>Go to your profile</a>
          </p>
        </>
      ) : (
        <form method="post" action={RESUME_IMPORT_PATH} className="seeker-form resume-import-form">
          <p>
            We read these from <strong>{props.fileName}</strong>. Untick anything that is wrong; nothing is added to your profile until you choose
            &ldquo;Add to my profile&rdquo;, and you can edit each entry there afterwards.
          </p>
          {props.error ? (
            <p className="seeker-notice is-error" role="alert">
              {props.error}
            </p>
          ) : null}
          {props.work.length ? (
            <fieldset className="resume-import-group">
              <legend>Work history</legend>
              {props.work.map(({ key, entry }) => (
                <KeepChoice key={key} value={key}>
                  <strong>{entry.title}</strong>, {entry.employer}
                  <br />
                  {monthLabel(entry.start_month)} – {entry.current ? 'now' : monthLabel(entry.end_month)}
                </KeepChoice>
              ))}
            </fieldset>
          ) : null}
          {props.education.length ? (
            <fieldset className="resume-import-group">
              <legend>Education</legend>
              {props.education.map(({ key, entry }) => (
                <KeepChoice key={key} value={key}>
                  <strong>{entry.qualification}</strong>, {entry.school}
                  {entry.end_year ? ` (${entry.start_year ? `${entry.start_year} – ` : ''}${entry.end_year})` : null}
                </KeepChoice>
              ))}
            </fieldset>
          ) : null}
          {props.skills.length ? (
            <fieldset className="resume-import-group">
              <legend>Skills</legend>
              {props.skills.map(({ key, entry }) => (
                <CheckboxField key={key} className="resume-import-choice" name="keep" value={key} defaultChecked label={entry} />
              ))}
            </fieldset>
          ) : null}
          <div className="resume-import-actions">
            <Button type="submit">Add to my profile</Button>
            <a href={SEEKER_PATHS.resume}>Cancel</a>
          </div>
        </form>
      )}
    </section>
  );
}

/** One found entry to keep, ticked to begin with: its key is posted as `keep`. */
function KeepChoice({ value, children }: { value: string; children: ReactNode }) {
  return <CheckboxField className="resume-import-choice" name="keep" value={value} defaultChecked label={<>{children}</>} />;
}
