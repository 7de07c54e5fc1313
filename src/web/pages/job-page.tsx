import type { JobPageProps } from '../../shared/jobs/page-props';
import '../features/jobs/jobs.css';
import { ApplyButton } from '../features/seeker/apply-button';
import { SaveJobButton } from '../features/seeker/save-job-button';

/** Groups description lines into paragraphs and lists ("- " lines). */
function descriptionBlocks(lines: string[]): Array<{ kind: 'p'; text: string } | { kind: 'ul'; items: string[] }> {
  const blocks: Array<{ kind: 'p'; text: string } | { kind: 'ul'; items: string[] }> = [];
  for (const line of lines) {
    if (line.startsWith('- ')) {
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'ul') last.items.push(line.slice(2));
      else blocks.push({ kind: 'ul', items: [line.slice(2)] });
    } else {
      blocks.push({ kind: 'p', text: line });
    }
  }
  return blocks;
}

export default function JobPage({ props }: { props: JobPageProps }) {
  // The registration modal's header names the job that Save or Apply was clicked for (spec 2.6).
  const jobSummary = { companyName: props.company, title: props.title, location: props.place };
  return (
    <article className="jobs-page job-detail">
      {props.preview ? (
        <p className="job-preview-banner" role="note">
          <strong>{props.preview.label}</strong> <a href={props.preview.backHref}>Back to editing</a>
        </p>
      ) : null}
      <header className="job-detail-header">
        <h1>{props.title}</h1>
        {props.featured ? <p className="job-featured">Featured</p> : null}
        <p className="job-detail-company">{props.companyHref ? <a href={props.companyHref}>{props.company}</a> : props.company}</p>
        <p className="job-detail-place">{props.place}</p>
        <dl className="job-detail-facts">
          <div>
            <dt>Pay</dt>
            <dd>{props.pay}</dd>
          </div>
          <div>
            <dt>Job type</dt>
            <dd>{props.employmentType}</dd>
          </div>
          <div>
            <dt>Category</dt>
            <dd>{props.category}</dd>
          </div>
          <div>
            <dt>Posted</dt>
            <dd>
              <time dateTime={props.postedIso}>{props.posted}</time>
            </dd>
          </div>
        </dl>
        <div className="job-actions">
          <ApplyButton
            listingKey={props.listingKey}
            listingVersionKey={props.listingVersionKey}
            jobSummary={jobSummary}
            applied={props.applied}
            external={props.applyExternal}
            externalApplyHref={props.externalApplyHref}
            questions={props.questions}
            applyEmailHref={props.applyEmailHref}
            applyClickPingHref={props.applyClickPingHref}
            inert={props.preview !== null}
          />
          {props.preview ? null : (
            <SaveJobButton
              listingKey={props.listingKey}
              listingVersionKey={props.listingVersionKey}
              jobSummary={jobSummary}
              jobTitle={props.title}
              saved={props.saved}
              next={props.path}
              source="seo_rich_job_page"
              componentId="job_page_save"
            />
          )}
        </div>
      </header>

      <section aria-labelledby="job-description-heading" className="job-detail-section">
        <h2 id="job-description-heading">Job description</h2>
        {/* Rendered from Markdown and sanitised on the server (decision 0115): only safe tags and links. */}
        {props.descriptionHtml !== null ? <div className="job-description-markdown" dangerouslySetInnerHTML={{ __html: props.descriptionHtml }} /> : null}
        {descriptionBlocks(props.description).map((block, index) =>
          block.kind === 'p' ? (
            <p key={index}>{block.text}</p>
          ) : (
            <ul key={index}>
              {block.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ),
        )}
      </section>

      {props.benefits.length ? (
        <section aria-labelledby="job-benefits-heading" className="job-detail-section">
          <h2 id="job-benefits-heading">Benefits</h2>
          <ul className="benefit-list">
            {props.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="job-more-heading" className="job-detail-section">
        <h2 id="job-more-heading">More like this</h2>
        <ul className="link-list">
          <li>
            <a href={props.similarSearchHref}>More {props.title} jobs nearby</a>
          </li>
          <li>
            <a href={props.salaryHref}>{props.title} salaries</a>
          </li>
        </ul>
      </section>
    </article>
  );
}
