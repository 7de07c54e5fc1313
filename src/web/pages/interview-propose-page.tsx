import { INTERVIEW_DURATIONS, INTERVIEW_NOTE_MAX, MAX_INTERVIEW_TIMES, type ProposeInterviewPageProps } from '../../shared/interviews/interviews';
import { InterviewCard, PlaceFields } from '../features/interviews/interview-card';
import { TimeZoneSelect } from '../features/interviews/time-zone-select';
import { Button } from '../ui/button';
import { SelectField } from '../ui/choice-inputs';
import '../features/companies/employers.css';
import '../features/interviews/interviews.css';

/** The team proposes 1 to 5 times in their zone, how long, and where; the candidate picks in the conversation. */
export default function InterviewProposePage({ props }: { props: ProposeInterviewPageProps }) {
  const { errors, draft } = props;
  const rows = Array.from({ length: MAX_INTERVIEW_TIMES }, (_, index) => draft.times[index] ?? '');
  return (
    <section className="interview-page" aria-labelledby="propose-heading">
      <p className="posting-breadcrumb">
        <a href={props.applicationHref}>Back to {props.candidateName}</a>
      </p>
      <h1 id="propose-heading">Propose interview times</h1>
      <p>
        {props.candidateName} · {props.jobTitle}
      </p>
      <form method="post" action={props.action} className="interview-form" noValidate>
        <fieldset aria-describedby={`times-hint${errors.times ? ' times-error' : ''}`}>
          <legend>Times (1 to {MAX_INTERVIEW_TIMES})</legend>
          <p className="interview-hint" id="times-hint">
            Give at least one time. Leave the others empty.
          </p>
          {errors.times ? (
            <p className="interview-error" id="times-error" role="alert">
              {errors.times}
            </p>
          ) : null}
          <div className="interview-times">
            {rows.map((value, index) => (
              <div className="interview-field" key={index}>
                <label htmlFor={`time-${index + 1}`}>Time {index + 1}</label>
                <input id={`time-${index + 1}`} type="datetime-local" name="time" defaultValue={value} aria-invalid={errors.times ? true : undefined} />
              </div>
            ))}
          </div>
        </fieldset>
        <TimeZoneSelect value={draft.timeZone} label="Your time zone" preferBrowser={!errors.timeZone && draft.times.length === 0} error={errors.timeZone} />
        <SelectField label="Length" name="minutes" defaultValue={String(draft.minutes)} error={errors.duration} options={INTERVIEW_DURATIONS.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }))} />
        <PlaceFields idPrefix="propose" kind={draft.placeKind} place={draft.place} errors={errors} />
        <div className="interview-field">
          <label htmlFor="note">A note for the candidate (optional)</label>
          {errors.note ? (
            <p className="interview-error" id="note-error" role="alert">
              {errors.note}
            </p>
          ) : null}
          <textarea id="note" name="note" maxLength={INTERVIEW_NOTE_MAX} defaultValue={draft.note} />
        </div>
        <div className="interview-actions">
          <Button type="submit">Send times</Button>
        </div>
      </form>
      {props.interviews.length ? (
        <section aria-labelledby="proposed-heading">
          <h2 id="proposed-heading">Interviews so far</h2>
          {props.interviews.map((interview) => (
            <InterviewCard key={interview.id} interview={interview} timeZone={interview.timeZone} headingLevel={3} />
          ))}
        </section>
      ) : null}
    </section>
  );
}
