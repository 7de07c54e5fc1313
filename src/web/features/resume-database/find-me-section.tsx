import { FIND_ME_COPY, MAX_EXPERIENCE_LENGTH, RESUME_DATABASE_PATHS } from '../../../shared/resume-database/constants';
import type { FindMeProps } from '../../../shared/resume-database/page-props';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { CheckboxField } from '../../ui/choice-inputs';
import './resume-database.css';

/** "Let employers find me" on /candidate/about: a plain form, off until the person turns it on. */
export function FindMeSection({ findMe }: { findMe: FindMeProps }) {
  return (
    <Card as="section" className="find-me" id="find-me" aria-labelledby="find-me-heading">
      <h2 id="find-me-heading">Résumé database</h2>
      {findMe.notice ? (
        <p className="seeker-notice" role="status">
          {findMe.notice}
        </p>
      ) : null}
      {findMe.error ? (
        <p className="seeker-notice is-error" role="alert">
          {findMe.error}
        </p>
      ) : null}
      <p id="find-me-explanation">{FIND_ME_COPY.explanation}</p>
      <p>{FIND_ME_COPY.optOut}</p>
      <form method="post" action={RESUME_DATABASE_PATHS.findMe}>
        <CheckboxField className="find-me__check" name="find_me" value="on" defaultChecked={findMe.optedIn} aria-describedby="find-me-explanation" label={FIND_ME_COPY.label} />
        <div>
          <label htmlFor="find-me-experience">Experience summary (optional)</label>
          <textarea
            id="find-me-experience"
            name="experience"
            defaultValue={findMe.experience}
            maxLength={MAX_EXPERIENCE_LENGTH}
            aria-describedby="find-me-experience-hint"
          />
          <p className="field-hint" id="find-me-experience-hint">
            What you have done and can do, for example: 5 years driving forklifts; certified; led a team of 6. Do not include your name or contact details.
          </p>
        </div>
        <div>
          <Button type="submit">Save résumé database choice</Button>
        </div>
      </form>
    </Card>
  );
}
