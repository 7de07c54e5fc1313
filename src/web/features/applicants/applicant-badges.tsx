import { STAGE_LABELS, type Stage } from '../../../shared/applicants/stages';
import { Badge } from '../../ui/badge';

/** An applicant's status words, in the inbox row and on the application page: one list named "Status", each word a badge. */
export function ApplicantBadges({ stage, unread, greatMatch, spotlight, failedDealBreaker, rating }: { stage: Stage; unread?: boolean; greatMatch: boolean; spotlight: boolean; failedDealBreaker: boolean; rating: number | null }) {
  return (
    <ul className="applicants-badges" aria-label="Status">
      {unread ? (
        <li>
          <Badge tone="info">Unread</Badge>
        </li>
      ) : null}
      <li>
        <Badge>{STAGE_LABELS[stage]}</Badge>
      </li>
      {greatMatch ? (
        <li>
          <Badge tone="success">Great match</Badge>
        </li>
      ) : null}
      {spotlight ? (
        <li>
          <Badge tone="warning">Spotlight</Badge>
        </li>
      ) : null}
      {failedDealBreaker ? (
        <li>
          <Badge tone="danger">Failed a deal-breaker</Badge>
        </li>
      ) : null}
      {rating ? (
        <li>
          <Badge>{`Rated ${rating} of 5`}</Badge>
        </li>
      ) : null}
    </ul>
  );
}
