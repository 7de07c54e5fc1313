import { proposeInterviewPath } from '../../../shared/interviews/interviews';
import { LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';

/** The application page's Interview section: where the team proposes times (decision 0231). */
export function ApplicantInterviewSection({ applicationId, name }: { applicationId: string; name: string }) {
  return (
    <Card as="section" className="applicant-section" aria-labelledby="interview-heading">
      <h2 id="interview-heading">Interview</h2>
      <p>Offer up to five times; {name} picks one in your conversation and you both get a calendar invitation.</p>
      <LinkButton variant="secondary" href={proposeInterviewPath(applicationId)}>
        Propose interview times
      </LinkButton>
    </Card>
  );
}
