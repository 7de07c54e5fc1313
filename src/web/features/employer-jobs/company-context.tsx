import type { CompanyContext } from '../../../shared/employer-jobs/moderation';

/** The company behind a job, as moderation weighs it (decision 0298): website, account age, record. */
export function CompanyContextList({ context }: { context: CompanyContext }) {
  return (
    <dl className="moderation-context">
      <div>
        <dt>Website</dt>
        <dd>{context.website ? <a href={context.website} rel="noopener noreferrer nofollow" target="_blank">{context.website}</a> : 'None given'}</dd>
      </div>
      <div>
        <dt>Account</dt>
        <dd>{context.accountAge}</dd>
      </div>
      <div>
        <dt>Jobs so far</dt>
        <dd>
          {context.approved.toLocaleString('en-US')} approved · {context.rejected.toLocaleString('en-US')} rejected
        </dd>
      </div>
    </dl>
  );
}
