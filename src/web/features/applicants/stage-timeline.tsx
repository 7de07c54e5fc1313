import type { ApplicantHistoryEntry } from '../../../shared/applicants/page-props';
import { LocalTime } from '../../ui/local-time';

/** An application's stage moves, newest first: "New to Interview", who and when (in the viewer's zone). Nothing when there are none. */
export function StageTimeline({ history }: { history: ApplicantHistoryEntry[] }) {
  return (
    <ol className="applicant-timeline">
      {history.map((entry, index) => (
        <li key={`${entry.atIso}-${history.length - index}`}>
          {entry.from ? `${entry.from} to ${entry.to}` : entry.to}
          <br />
          <span className="applicants-muted">
            {entry.by}, <LocalTime iso={entry.atIso} utcText={entry.at} />
          </span>
        </li>
      ))}
    </ol>
  );
}
