import { INTERVIEW_NOTE_MAX, PLACE_HINTS, PLACE_KINDS, PLACE_LABELS, PLACE_MAX, INTERVIEW_PATHS, type InterviewErrors, type InterviewView } from '../../../shared/interviews/interviews';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { RadioGroup } from '../../ui/choice-inputs';
import { TimeZoneSelect } from './time-zone-select';

/** A confirmed interview reads as done, a cancelled one as stopped, one waiting for a pick as news, a request for other times as a thing to act on. */
const STATUS_TONES: Record<InterviewView['status'], BadgeTone> = { proposed: 'info', other_times_asked: 'warning', confirmed: 'success', cancelled: 'danger' };

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
    <Card as="article" className="interview-card" aria-labelledby={`interview-${key}`}>
      <Heading id={`interview-${key}`}>Interview for {interview.jobTitle}</Heading>
      <p className="interview-status">
        <Badge tone={STATUS_TONES[interview.status]}>{interview.statusLabel}</Badge>
      </p>
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
          <RadioGroup
            className="interview-choices"
            legend="Pick a time"
            name="slot"
            required
            defaultValue={draft.slot || interview.slots[0]!.id}
            error={errors.slot}
            options={interview.slots.map((slot) => ({ value: slot.id, label: <time dateTime={slot.at}>{slot.label}</time> }))}
          />
          <TimeZoneSelect value={timeZone} label="Your time zone (for your calendar invitation)" preferBrowser={false} error={errors.timeZone} />
          <div className="interview-actions">
            <Button type="submit">Pick this time</Button>
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
              <Button type="submit" variant="secondary">
                Ask for other times
              </Button>
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
            <TimeZoneSelect value={timeZone} label="Time zone" preferBrowser={false} error={errors.timeZone} />
            <PlaceFields idPrefix={`reschedule-${key}`} kind={interview.placeKind} place={interview.place} errors={errors} />
            <div className="interview-actions">
              <Button type="submit">Move interview</Button>
            </div>
          </form>
        </details>
      ) : null}
      {interview.canChange ? (
        <form method="post" action={interview.actions.cancel} className="interview-actions">
          <Button type="submit" variant="secondary">
            Cancel interview
          </Button>
        </form>
      ) : null}
    </Card>
  );
}

/** How the interview happens: in person, by phone or by video, and the address, number or link. */
export function PlaceFields({ idPrefix, kind, place, errors }: { idPrefix: string; kind: string; place: string; errors: InterviewErrors }) {
  return (
    <>
      <RadioGroup className="interview-choices" legend="How" name="place_kind" required defaultValue={kind} error={errors.placeKind} options={PLACE_KINDS.map((option) => ({ value: option, label: PLACE_LABELS[option] }))} />
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
