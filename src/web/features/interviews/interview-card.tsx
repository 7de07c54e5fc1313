import { INTERVIEW_NOTE_MAX, PLACE_HINTS, PLACE_KINDS, PLACE_LABELS, PLACE_MAX, INTERVIEW_PATHS, type InterviewErrors, type InterviewView } from '../../../shared/interviews/interviews';
import { TimeZoneSelect } from './time-zone-select';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="interview-error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * One interview: what, when, where, and what the viewer can do (plain form posts): the candidate picks
 * a time or asks for others; the team moves or cancels it. Used by the interview page and, once live,
 * in the conversation.
 */
export function InterviewCard({
  interview,
  timeZone,
  errors = {},
  draft = { slot: '', note: '', time: '' },
  headingLevel = 2,
}: {
  interview: InterviewView;
  timeZone: string;
  errors?: InterviewErrors;
  draft?: { slot: string; note: string; time: string };
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const key = interview.id;
  return (
    <article className="interview-card" aria-labelledby={`interview-${key}`}>
      <Heading id={`interview-${key}`}>Interview for {interview.jobTitle}</Heading>
      <p className={`interview-status is-${interview.status === 'confirmed' ? 'confirmed' : interview.status === 'cancelled' ? 'cancelled' : 'open'}`}>{interview.statusLabel}</p>
      <dl className="interview-facts">
        <dt>With</dt>
        <dd>{interview.withName}</dd>
        {interview.chosen ? (
          <>
            <dt>When</dt>
            <dd>
              <time dateTime={interview.chosen.at}>{interview.chosen.label}</time> ({interview.minutes} minutes)
            </dd>
          </>
        ) : (
          <>
            <dt>Length</dt>
            <dd>{interview.minutes} minutes</dd>
          </>
        )}
        <dt>{interview.placeLabel}</dt>
        <dd>
          {interview.placeHref ? (
            <a href={interview.placeHref} rel="noopener noreferrer" target="_blank">
              {interview.place}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            interview.place
          )}
        </dd>
      </dl>
      {interview.placeKind === 'video' ? (
        <p className="interview-hint">
          New to video interviews? <a href={INTERVIEW_PATHS.faq}>Read the video call FAQ</a>.
        </p>
      ) : null}

      {interview.canPick && interview.slots.length ? (
        <form method="post" action={interview.actions.pick} className="interview-form">
          <fieldset aria-describedby={errors.slot ? `slot-error-${key}` : undefined}>
            <legend>Pick a time</legend>
            <FieldError id={`slot-error-${key}`} message={errors.slot} />
            <div className="interview-times">
              {interview.slots.map((slot, index) => (
                <div className="interview-choice" key={slot.id}>
                  <input type="radio" id={`slot-${slot.id}`} name="slot" value={slot.id} defaultChecked={draft.slot ? draft.slot === slot.id : index === 0} required />
                  <label htmlFor={`slot-${slot.id}`}>
                    <time dateTime={slot.at}>{slot.label}</time>
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <TimeZoneSelect id={`zone-${key}`} value={timeZone} label="Your time zone (for your calendar invitation)" preferBrowser={false} error={errors.timeZone} />
          <div className="interview-actions">
            <button type="submit" className="button button-primary">
              Pick this time
            </button>
          </div>
        </form>
      ) : null}

      {interview.canAskOtherTimes ? (
        <details className="interview-more" open={Boolean(errors.note)}>
          <summary>None of these times work?</summary>
          <form method="post" action={interview.actions.otherTimes} className="interview-form">
            <div className="interview-field">
              <label htmlFor={`note-${key}`}>When suits you? (optional)</label>
              <FieldError id={`note-error-${key}`} message={errors.note} />
              <textarea id={`note-${key}`} name="note" maxLength={INTERVIEW_NOTE_MAX} defaultValue={draft.note} aria-invalid={errors.note ? true : undefined} />
            </div>
            <div className="interview-actions">
              <button type="submit" className="button button-secondary">
                Ask for other times
              </button>
            </div>
          </form>
        </details>
      ) : null}

      {interview.canChange && interview.status === 'confirmed' ? (
        <details className="interview-more" open={Boolean(errors.times || errors.place || errors.placeKind || errors.timeZone)}>
          <summary>Move this interview</summary>
          <form method="post" action={interview.actions.reschedule} className="interview-form">
            <div className="interview-field">
              <label htmlFor={`time-${key}`}>New date and time</label>
              <FieldError id={`time-error-${key}`} message={errors.times} />
              <input id={`time-${key}`} type="datetime-local" name="time" required defaultValue={draft.time} aria-invalid={errors.times ? true : undefined} />
            </div>
            <TimeZoneSelect id={`reschedule-zone-${key}`} value={timeZone} label="Time zone" preferBrowser={false} error={errors.timeZone} />
            <PlaceFields idPrefix={`reschedule-${key}`} kind={interview.placeKind} place={interview.place} errors={errors} />
            <div className="interview-actions">
              <button type="submit" className="button button-primary">
                Move interview
              </button>
            </div>
          </form>
        </details>
      ) : null}
      {interview.canChange ? (
        <form method="post" action={interview.actions.cancel} className="interview-actions">
          <button type="submit" className="button button-secondary">
            Cancel interview
          </button>
        </form>
      ) : null}
    </article>
  );
}

/** How the interview happens: in person, by phone or by video, and the address, number or link. */
export function PlaceFields({ idPrefix, kind, place, errors }: { idPrefix: string; kind: string; place: string; errors: InterviewErrors }) {
  return (
    <>
      <fieldset>
        <legend>How</legend>
        <FieldError id={`${idPrefix}-kind-error`} message={errors.placeKind} />
        <div className="interview-times">
          {PLACE_KINDS.map((option) => (
            <div className="interview-choice" key={option}>
              <input type="radio" id={`${idPrefix}-kind-${option}`} name="place_kind" value={option} defaultChecked={kind === option} required />
              <label htmlFor={`${idPrefix}-kind-${option}`}>{PLACE_LABELS[option]}</label>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="interview-field">
        <label htmlFor={`${idPrefix}-place`}>Where</label>
        <p className="interview-hint" id={`${idPrefix}-place-hint`}>
          {PLACE_HINTS.address} {PLACE_HINTS.phone} {PLACE_HINTS.video}
        </p>
        <FieldError id={`${idPrefix}-place-error`} message={errors.place} />
        <input
          id={`${idPrefix}-place`}
          name="place"
          required
          maxLength={PLACE_MAX}
          defaultValue={place}
          aria-invalid={errors.place ? true : undefined}
          aria-describedby={`${idPrefix}-place-hint${errors.place ? ` ${idPrefix}-place-error` : ''}`}
        />
      </div>
    </>
  );
}
