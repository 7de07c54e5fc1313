import type { ApplicantPageProps } from '../../shared/applicants/page-props';
import { STAGES, STAGE_LABELS } from '../../shared/applicants/stages';
import { messageApplicantPath } from '../../shared/messages/constants';
import { SpotlightAnswers } from '../features/applicants/spotlight-answers';
import { ApplicantSections } from '../features/applicants/applicant-sections';
import { ApplicantReferences } from '../features/applicants/applicant-references';
import { ApplicantInterviewSection } from '../features/interviews/applicant-interview-section';
import { FollowUpCard } from '../features/applicants/follow-up-card';
import { StageTimeline } from '../features/applicants/stage-timeline';
import '../features/employer-jobs/employer-jobs.css';
import '../features/applicants/applicants.css';

/** One application: the person, their answers, spotlight and résumé; the stage, rating, notes and history. */
export default function ApplicantPage({ props }: { props: ApplicantPageProps }) {
  return (
    <section className="applicants-page" aria-labelledby="applicant-heading">
      <p className="posting-breadcrumb">
        <a href={props.backHref}>Back to candidates</a>
      </p>
      <div className="applicants-head">
        <h1 id="applicant-heading">{props.name}</h1>
        <a className="button button-primary" href={messageApplicantPath(props.id)}>
          Message<span className="visually-hidden"> {props.name}</span>
        </a>
      </div>
      <ul className="applicants-badges" aria-label="Status">
        <li className="applicant-badge">{props.stageLabel}</li>
        {props.greatMatch ? <li className="applicant-badge is-great">Great match</li> : null}
        {props.spotlight.length ? <li className="applicant-badge is-spotlight">Spotlight</li> : null}
        {props.failedDealBreaker ? <li className="applicant-badge is-failed">Failed a deal-breaker</li> : null}
        {props.rating ? <li className="applicant-badge">{`Rated ${props.rating} of 5`}</li> : null}
      </ul>
      {props.notice ? (
        <p className="posting-notice" role="status">
          {props.notice}
        </p>
      ) : null}

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
                <a href={props.jobHref}>{props.jobTitle}</a>, {props.applied}
              </dd>
              <dt>Résumé</dt>
              <dd>
                {props.resume ? (
                  <a href={props.resume.href} {...(props.resume.inline ? { target: '_blank', rel: 'noopener' } : { download: props.resume.fileName })}>
                    {props.resume.inline ? `Open ${props.resume.fileName}` : `Download ${props.resume.fileName}`}
                  </a>
                ) : (
                  'No résumé'
                )}
              </dd>
            </dl>
          </section>

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
            <form method="post" action={props.stagePath}>
              <label htmlFor="applicant-stage">Move to</label>
              <select id="applicant-stage" name="stage" defaultValue={props.stage}>
                {STAGES.map((stage) => (
                  <option key={stage} value={stage}>
                    {STAGE_LABELS[stage]}
                  </option>
                ))}
              </select>
              <button type="submit" className="button button-primary">
                Change stage
              </button>
            </form>
            <h3>History</h3>
            {props.history.length ? (
              <StageTimeline history={props.history} />
            ) : (
              <p className="applicants-muted">New since {props.applied}. No moves yet.</p>
            )}
          </section>

          {props.followUp ? <FollowUpCard followUp={props.followUp} name={props.name} /> : null}

          <ApplicantInterviewSection applicationId={props.id} name={props.name} />

          <section className="applicant-section" aria-labelledby="rating-heading">
            <h2 id="rating-heading">Rating</h2>
            <form method="post" action={props.ratingPath}>
              <fieldset className="applicant-rating">
                <legend>Your team&apos;s rating</legend>
                {[1, 2, 3, 4, 5].map((rating) => (
                  <label key={rating}>
                    <input type="radio" name="rating" value={String(rating)} defaultChecked={props.rating === rating} />
                    {rating}
                  </label>
                ))}
                <label>
                  <input type="radio" name="rating" value="" defaultChecked={props.rating === null} />
                  None
                </label>
              </fieldset>
              <button type="submit" className="button posting-secondary">
                Save rating
              </button>
            </form>
          </section>

          <section className="applicant-section" aria-labelledby="notes-heading">
            <h2 id="notes-heading">Notes</h2>
            <p className="applicants-muted">Only your company&apos;s team sees notes.</p>
            <form method="post" action={props.notesPath}>
              <label htmlFor="applicant-note">New note</label>
              <textarea id="applicant-note" name="body" rows={3} maxLength={2000} required />
              <button type="submit" className="button posting-secondary">
                Add note
              </button>
            </form>
            {props.notes.length ? (
              <ol className="applicant-timeline">
                {props.notes.map((note, index) => (
                  <li key={index}>
                    <span className="applicants-muted">{`${note.author}, ${note.at}`}</span>
                    <p className="applicant-note-body">{note.body}</p>
                  </li>
                ))}
              </ol>
            ) : null}
          </section>
        </div>
      </div>
    </section>
  );
}
