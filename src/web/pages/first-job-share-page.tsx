import type { FirstJobSharePageProps } from '../../shared/employer-jobs/first-run';
import { CopyLinkButton } from '../features/employer-jobs/copy-link-button';
import { LinkButton } from '../ui/button';
import '../features/companies/employers.css';
import '../features/employer-jobs/first-run.css';

/** The last step of a new employer's first run (decision 0297): the first job's link, to share. */
export default function FirstJobSharePage({ props }: { props: FirstJobSharePageProps }) {
  return (
    <section className="employer-page employer-page--narrow" aria-labelledby="share-heading">
      <h1 id="share-heading">Share your job</h1>
      <p className="employer-lead">
        {props.live
          ? `“${props.title}” is live. Share its link where the people you want to hire will see it.`
          : `“${props.title}” is waiting for review: we check a new company’s first job before it goes live, and email you when it does. The link works from then on.`}
      </p>
      <div className="employer-form share-link">
        <div>
          <label htmlFor="share-url">Your job’s link</label>
          <input id="share-url" type="text" readOnly value={props.url} />
        </div>
        <CopyLinkButton url={props.url} />
      </div>
      <ul className="share-links" aria-label="Share on">
        {props.shareLinks.map((link) => (
          <li key={link.label}>
            <LinkButton href={link.href} target="_blank" rel="noopener noreferrer" variant="secondary">
              {link.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </LinkButton>
          </li>
        ))}
      </ul>
      <p>
        <LinkButton href={props.dashboardHref}>Go to your dashboard</LinkButton>
      </p>
    </section>
  );
}
