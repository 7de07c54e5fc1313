import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { ApplicantHistoryEntry, ApplicantNote, ApplicantPageProps } from '../../shared/applicants/page-props';
import { STAGES, STAGE_LABELS, isStage, type Stage } from '../../shared/applicants/stages';
import { ApplicantBadges } from '../features/applicants/applicant-badges';
import { messageApplicantPath } from '../../shared/messages/constants';
import { SpotlightAnswers } from '../features/applicants/spotlight-answers';
import { ApplicantSections } from '../features/applicants/applicant-sections';
import { ApplicantReferences } from '../features/applicants/applicant-references';
import { ApplicantInterviewSection } from '../features/interviews/applicant-interview-section';
import { FollowUpCard } from '../features/applicants/follow-up-card';
import { StageTimeline } from '../features/applicants/stage-timeline';
import { KeyboardHelp, KeyboardHelpButton } from '../features/applicants/keyboard-help';
import { useOptimisticValue } from '../features/applicants/optimistic-value';
import { usePipelineKeys, type PipelineCommand } from '../features/applicants/pipeline-keys';
import { addNote, moveStage, saveRating } from '../features/applicants/pipeline-calls';
import { RatingStars } from '../features/applicants/rating-stars';
import { ResumeView } from '../features/applicants/resume-view';
import { PipelineMessages, usePipelineMessages } from '../features/applicants/pipeline-messages';
import { LocalTime } from '../ui/local-time';
import { useHydrated } from '../ui/use-hydrated';
import { Button, LinkButton } from '../ui/button';
import { SelectField } from '../ui/choice-inputs';
import '../features/employer-jobs/employer-jobs.css';
import '../features/applicants/applicants.css';

/** The stages in their order; once the page's keys work, each names its digit key ("Interview (3)", decision 0294). */
const stageOptions = (withKeys: boolean) => STAGES.map((value, index) => ({ value, label: withKeys ? `${STAGE_LABELS[value]} (${index + 1})` : STAGE_LABELS[value] }));

/** A note being saved shows at once, marked, and leaves again if the server refuses it. */
type ShownNote = ApplicantNote & { key: string; pending?: boolean };

/**
 * One application: the person, their answers, spotlight and résumé; the stage, rating, notes and history.
 * Stage, rating and notes change in place (decision 0294); without script each is a plain form post.
 */
export default function ApplicantPage({ props }: { props: ApplicantPageProps }) {
  const hydrated = useHydrated();
  const messages = usePipelineMessages(props.notice);
  const [history, setHistory] = useState<ApplicantHistoryEntry[]>(props.history);
  const [notes, setNotes] = useState<ShownNote[]>(() => props.notes.map((note, index) => ({ ...note, key: `saved-${index}` })));
  const [helpOpen, setHelpOpen] = useState(false);
  const stageSelect = useRef<HTMLSelectElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const noteCount = useRef(0);

  const saveStage = useCallback(
    async (stage: Stage) => {
      const outcome = await moveStage(props.stagePath, stage);
      if (outcome.ok && outcome.change) setHistory((entries) => [outcome.change!, ...entries]);
      return outcome;
    },
    [props.stagePath],
  );
  const [stage, changeStage] = useOptimisticValue<Stage>(props.stage, saveStage, {
    // The same words as the form post's notice: one message for one outcome.
    saved: () => messages.say('Stage changed.'),
    refused: (message) => messages.refuse(`The stage was not changed. ${message}`),
  });
  const persistRating = useCallback((rating: number | null) => saveRating(props.ratingPath, rating), [props.ratingPath]);
  const [rating, changeRating] = useOptimisticValue<number | null>(props.rating, persistRating, {
    saved: () => messages.say('Rating saved.'),
    refused: (message) => messages.refuse(`The rating was not saved. ${message}`),
  });

  const moveTo = (next: Stage) => {
    if (stageSelect.current) stageSelect.current.value = next;
    void changeStage(next);
  };

  usePipelineKeys((command: PipelineCommand) => {
    if (command.kind === 'help') setHelpOpen(true);
    else if (command.kind === 'stage') moveTo(command.stage);
    else {
      const href = command.kind === 'next' ? props.nextHref : props.previousHref;
      if (href) window.location.assign(href);
      else messages.say(command.kind === 'next' ? 'This is the last candidate in the list.' : 'This is the first candidate in the list.');
    }
  }, !helpOpen);

  const onStageSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('stage') ?? '');
    if (isStage(value)) moveTo(value);
  };

  const onNoteSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = noteField.current;
    const text = field?.value.trim() ?? '';
    if (!field || !text) return;
    const key = `new-${(noteCount.current += 1)}`;
    field.value = '';
    setNotes((shown) => [{ key, author: 'You', at: 'Saving…', atIso: '', body: text, pending: true }, ...shown]);
    const outcome = await addNote(props.notesPath, text);
    if (outcome.ok) {
      setNotes((shown) => shown.map((note) => (note.key === key ? { ...outcome.note, key } : note)));
      messages.say('Note added.');
    } else {
      setNotes((shown) => shown.filter((note) => note.key !== key));
      // What was written is not lost: it goes back in the field unless a new note was begun there.
      if (!field.value) field.value = text;
      messages.refuse(`The note was not added. ${outcome.message}`);
    }
  };

  return (
    <section className="applicants-page" aria-labelledby="applicant-heading">
      <nav className="applicant-nav" aria-label="Candidates">
        <a href={props.backHref}>Back to candidates</a>
        {props.position ? <span className="applicants-muted">{`${props.position.index} of ${props.position.total}`}</span> : null}
        <span className="applicant-nav-steps">
          {props.previousHref ? (
            <a href={props.previousHref} rel="prev">
              Previous candidate
            </a>
          ) : null}
          {props.nextHref ? (
            <a href={props.nextHref} rel="next">
              Next candidate
            </a>
          ) : null}
          {hydrated ? <KeyboardHelpButton onOpen={() => setHelpOpen(true)} /> : null}
        </span>
      </nav>
      <div className="applicants-head">
        <h1 id="applicant-heading">{props.name}</h1>
        <LinkButton href={messageApplicantPath(props.id)}>
          Message<span className="visually-hidden"> {props.name}</span>
        </LinkButton>
      </div>
      <ApplicantBadges stage={stage} greatMatch={props.greatMatch} spotlight={props.spotlight.length > 0} failedDealBreaker={props.failedDealBreaker} rating={rating} />
      <PipelineMessages messages={messages} />

      <div className="applicant-layout">
        <div>
          <section className="applicant-section" aria-labelledby="profile-heading">
            <h2 id="profile-heading">Profile</h2>
            <dl className="applicant-facts">
              {props.headline ? (
                <>
                  <dt>Headline</dt>
                  <dd>{props.headline}</dd>
                </>
              ) : null}
              <dt>Place</dt>
              <dd>{[props.place || 'Not given', props.distance].filter(Boolean).join(' · ')}</dd>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${props.email}`}>{props.email}</a>
              </dd>
              <dt>Phone</dt>
              <dd>{props.phone ? <a href={`tel:${props.phone}`}>{props.phone}</a> : 'Not given'}</dd>
              <dt>Applied</dt>
              <dd>
                <a href={props.jobHref}>{props.jobTitle}</a>, <LocalTime iso={props.appliedAt} utcText={props.applied} />
              </dd>
            </dl>
          </section>

          <ResumeView resume={props.resume} name={props.name} />

          <section className="applicant-section" aria-labelledby="match-heading">
            <h2 id="match-heading">{`Match ${props.score} of 100`}</h2>
            {props.reasons.length ? (
              <ul className="applicants-reasons">
                {props.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            ) : (
              <p>Nothing in the profile matches the job yet.</p>
            )}
          </section>

          <ApplicantSections sections={props.sections} />

          <section className="applicant-section" aria-labelledby="answers-heading">
            <h2 id="answers-heading">Screening answers</h2>
            {props.answers.length ? (
              <ul className="applicant-answers">
                {props.answers.map((answer, index) => (
                  <li key={index} className={answer.dealBreakerFailed ? 'is-failed' : undefined}>
                    <p>
                      <strong>{answer.question}</strong>
                    </p>
                    <p>{answer.answer === 'yes' ? 'Yes' : answer.answer === 'no' ? 'No' : answer.answer}</p>
                    {answer.dealBreakerFailed ? <p className="applicant-failed">Deal-breaker: not the answer the job needs</p> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p>This job asked no screening questions.</p>
            )}
          </section>

          {props.spotlight.length ? (
            <section className="applicant-section" aria-labelledby="spotlight-heading">
              <h2 id="spotlight-heading">Spotlight</h2>
              <SpotlightAnswers answers={props.spotlight} name={props.name} />
            </section>
          ) : null}

          <ApplicantReferences references={props.references} />
        </div>

        <div className="applicant-side">
          <section className="applicant-section" aria-labelledby="stage-heading">
            <h2 id="stage-heading">Stage</h2>
            <form method="post" action={props.stagePath} onSubmit={onStageSubmit}>
              <SelectField label="Move to" name="stage" defaultValue={props.stage} ref={stageSelect} options={stageOptions(hydrated)} />
              <Button type="submit">Change stage</Button>
            </form>
            <h3>History</h3>
            {history.length ? (
              <StageTimeline history={history} />
            ) : (
              <p className="applicants-muted">
                New since <LocalTime iso={props.appliedAt} utcText={props.applied} />. No moves yet.
              </p>
            )}
          </section>

          {props.followUp ? <FollowUpCard followUp={props.followUp} name={props.name} /> : null}

          <ApplicantInterviewSection applicationId={props.id} name={props.name} />

          <section className="applicant-section" aria-labelledby="rating-heading">
            <h2 id="rating-heading">Rating</h2>
            <RatingStars rating={rating} action={props.ratingPath} onChange={(value) => void changeRating(value)} />
          </section>

          <section className="applicant-section" aria-labelledby="notes-heading">
            <h2 id="notes-heading">Notes</h2>
            <p className="applicants-muted">Only your company&apos;s team sees notes.</p>
            <form method="post" action={props.notesPath} onSubmit={(event) => void onNoteSubmit(event)}>
              <label htmlFor="applicant-note">New note</label>
              <textarea id="applicant-note" name="body" rows={3} maxLength={2000} required ref={noteField} />
              <Button type="submit" variant="secondary">
                Add note
              </Button>
            </form>
            {notes.length ? (
              <ol className="applicant-timeline" aria-label="Notes">
                {notes.map((note) => (
                  <li key={note.key} className={note.pending ? 'is-pending' : undefined}>
                    <span className="applicants-muted">
                      {note.author}, {note.atIso ? <LocalTime iso={note.atIso} utcText={note.at} /> : note.at}
                    </span>
                    <p className="applicant-note-body">{note.body}</p>
                  </li>
                ))}
              </ol>
            ) : null}
          </section>
        </div>
      </div>
      <KeyboardHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </section>
  );
}
