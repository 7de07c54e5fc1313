import type { SharedReferenceView } from '../../../shared/references/references';
import { Card } from '../../ui/card';

/** The references the candidate chose to show employers (decision 0235); nothing when there are none. */
export function ApplicantReferences({ references }: { references: SharedReferenceView[] }) {
  if (!references.length) return null;
  return (
    <Card as="section" className="applicant-section" aria-labelledby="references-heading">
      <h2 id="references-heading">References</h2>
      <ul className="applicant-references">
        {references.map((reference, index) => (
          <li key={index}>
            <figure>
              <blockquote>
                <p>{reference.text}</p>
              </blockquote>
              <figcaption>
                {reference.name}
                {reference.relationship ? `, ${reference.relationship}` : ''} · received {reference.received}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Card>
  );
}
