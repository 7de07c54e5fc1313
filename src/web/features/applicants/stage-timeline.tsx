import type { ApplicantHistoryEntry } from '../../../shared/applicants/page-props';

/** An application's stage moves, newest first: "New to Interview", who and when. Nothing when there are none. */
export function StageTimeline({ history }: { history: ApplicantHistoryEntry[] }) {
  return (
    <ol className="applicant-timeline">
      {history.map((entry, index) => (
        <li key={index}>
          {entry.from ? `${entry.from} to ${entry.to}` : entry.to}
          <br />
          <span className="applicants-muted">{`${entry.by}, ${entry.at}`}</span>
        </li>
      ))}
    </ol>
  );
}
