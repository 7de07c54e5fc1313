import type { ErasedApplicantPageProps } from '../../shared/privacy/constants';
import { StageTimeline } from '../features/applicants/stage-timeline';
import '../features/employer-jobs/employer-jobs.css';
import '../features/applicants/applicants.css';

/** An application whose candidate erased their account (decision 0225): the job, the dates and the moves; no person. */
export default function ApplicantErasedPage({ props }: { props: ErasedApplicantPageProps }) {
  return (
    <section className="applicants-page" aria-labelledby="applicant-heading">
      <p className="posting-breadcrumb">
        <a href={props.backHref}>Back to candidates</a>
      </p>
      <div className="applicants-head">
        <h1 id="applicant-heading">{props.label}</h1>
      </div>
      <p>The candidate erased their Jobwise account. Their name, contact details, answers, résumé and spotlight were deleted with it, and your notes on them.</p>
      <dl className="applicant-facts">
        <dt>Job</dt>
        <dd>{props.jobTitle}</dd>
        <dt>Applied</dt>
        <dd>{props.applied}</dd>
        {props.withdrawn ? (
          <>
            <dt>Withdrawn</dt>
            <dd>{props.withdrawn}</dd>
          </>
        ) : null}
      </dl>
      <section className="applicant-section" aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        {props.history.length ? (
          <StageTimeline history={props.history} />
        ) : (
          <p className="applicants-muted">No moves.</p>
        )}
      </section>
    </section>
  );
}
