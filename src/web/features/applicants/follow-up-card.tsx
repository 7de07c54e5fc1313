import type { FollowUpState } from '../../../shared/applicants/page-props';
import { CLOSE_AFTER_DAYS } from '../../../shared/follow-up/follow-up';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';

const HEADINGS: Record<FollowUpState['state'], string> = { waiting: 'Waiting for an answer', kept_open: 'Kept open', closed: `Closed after ${CLOSE_AFTER_DAYS} days` };

/** The application page's card about the 30-day close (decision 0232): a plain form post, no script needed. */
export function FollowUpCard({ followUp, name }: { followUp: FollowUpState; name: string }) {
  return (
    <Card as="section" className="applicant-section applicant-follow-up" aria-labelledby="follow-up-heading">
      <h2 id="follow-up-heading">{HEADINGS[followUp.state]}</h2>
      {followUp.state === 'waiting' ? (
        <>
          <p>{`${name} has not heard from you yet. Without a stage change or a message, this application closes for them on ${followUp.closes}, ${CLOSE_AFTER_DAYS} days after they applied, with a kind notice.`}</p>
          <form method="post" action={followUp.keepOpenPath}>
            <Button type="submit" variant="secondary">
              Keep open
            </Button>
          </form>
        </>
      ) : followUp.state === 'kept_open' ? (
        <p className="applicants-muted">{`Kept open since ${followUp.since}: it will not be closed for ${name}.`}</p>
      ) : (
        <p className="applicants-muted">{`Closed for ${name} on ${followUp.since}: they were told it is no longer under consideration. Moving its stage opens it again.`}</p>
      )}
    </Card>
  );
}
