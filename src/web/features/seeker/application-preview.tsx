import { APPLY_COPY, type ApplicationPreview } from '../../../shared/seeker/apply-flow';

/** The review step: what the employer's applicant page will show, field for field (decision 0233). */
export function ApplicationPreviewList({ preview }: { preview: ApplicationPreview }) {
  return (
    <dl className="apply-preview">
      <div>
        <dt>Name</dt>
        <dd>{preview.name}</dd>
      </div>
      {preview.headline ? (
        <div>
          <dt>Headline</dt>
          <dd>{preview.headline}</dd>
        </div>
      ) : null}
      <div>
        <dt>Email</dt>
        <dd>{preview.email}</dd>
      </div>
      <div>
        <dt>Phone</dt>
        <dd>{preview.phone}</dd>
      </div>
      <div>
        <dt>Location</dt>
        <dd>{preview.place}</dd>
      </div>
      <div>
        <dt>Résumé</dt>
        <dd>{preview.resume ?? APPLY_COPY.noResume}</dd>
      </div>
      {preview.answers.map((answer) => (
        <div key={answer.question}>
          <dt>{answer.question}</dt>
          <dd>{answer.answer === 'yes' ? 'Yes' : answer.answer === 'no' ? 'No' : answer.answer}</dd>
        </div>
      ))}
    </dl>
  );
}
