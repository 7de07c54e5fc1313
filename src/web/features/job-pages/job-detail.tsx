import type { JobPageProps } from '../../../shared/jobs/page-props';
import { ApplyButton } from '../seeker/apply-button';
import { SaveJobButton } from '../seeker/save-job-button';
import { CompanyLogo } from '../../ui/company-logo';
import { LinkButton } from '../../ui/button';
import './jobs.css';

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

export interface JobDetailProps {
  job: JobPageProps;
  /**
   * Where the detail shows: its own page (the title is the page's h1), or the results page's detail
   * pane (an h2 under the results heading, with a link to the job's own page).
   */
  place: 'page' | 'pane';
  /** In the pane: where Save's plain form post comes back to (the results URL selecting this job). */
  next?: string;
  /** In the pane: the title's id, so focus can move to it and the pane can be named by it. */
  titleId?: string;
}

/** A job's detail, the same on its page and in the results page's pane. */
export function JobDetail({ job, place, next, titleId }: JobDetailProps) {
  // The registration modal's header names the job that Save or Apply was clicked for (spec 2.6).
  const jobSummary = { companyName: job.company, title: job.title, location: job.place };
  const pane = place === 'pane';
  const Title = pane ? 'h2' : 'h1';
  const Section = pane ? 'h3' : 'h2';
  const idPrefix = pane ? 'pane-' : '';
  const facts = (
    <dl className="job-detail-facts">
      <div>
        <dt>Pay</dt>
        <dd>{job.pay}</dd>
      </div>
      <div>
        <dt>Job type</dt>
        <dd>{job.employmentType}</dd>
      </div>
      <div>
        <dt>Category</dt>
        <dd>{job.category}</dd>
      </div>
      <div>
        <dt>Posted</dt>
        <dd>
          <time dateTime={job.postedIso}>{job.posted}</time>
        </dd>
      </div>
    </dl>
  );
  const apply = (questions: JobPageProps['questions']) => (
    <ApplyButton
      listingKey={job.listingKey}
      listingVersionKey={job.listingVersionKey}
      jobSummary={jobSummary}
      applied={job.applied}
      external={job.applyExternal}
      externalApplyHref={job.externalApplyHref}
      questions={questions}
      applyEmailHref={job.applyEmailHref}
      applyClickPingHref={job.applyClickPingHref}
      inert={job.preview !== null}
      {...(pane ? { source: 'serp', componentId: 'right_pane_apply' } : {})}
    />
  );
  const save = job.preview ? null : (
    <SaveJobButton
      listingKey={job.listingKey}
      listingVersionKey={job.listingVersionKey}
      jobSummary={jobSummary}
      jobTitle={job.title}
      saved={job.saved}
      next={next ?? job.path}
      source={pane ? 'serp' : 'seo_rich_job_page'}
      componentId={pane ? 'right_pane_save' : 'job_page_save'}
    />
  );
  const company = job.companyHref ? <a href={job.companyHref}>{job.company}</a> : job.company;
  const sections = (
    <>
      <section aria-labelledby={`${idPrefix}job-description-heading`} className="job-detail-section">
        <Section id={`${idPrefix}job-description-heading`}>Job description</Section>
        {/* Rendered from Markdown and sanitised on the server (decision 0115): only safe tags and links. */}
        {job.descriptionHtml !== null ? <div className="job-description-markdown" dangerouslySetInnerHTML={{ __html: job.descriptionHtml }} /> : null}
        {descriptionBlocks(job.description).map((block, index) =>
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

      {job.benefits.length ? (
        <section aria-labelledby={`${idPrefix}job-benefits-heading`} className="job-detail-section">
          <Section id={`${idPrefix}job-benefits-heading`}>Benefits</Section>
          <ul className="benefit-list">
            {job.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
  const more = (
    <section aria-labelledby={`${idPrefix}job-more-heading`} className="job-detail-section">
      <Section id={`${idPrefix}job-more-heading`}>More like this</Section>
      <ul className="link-list">
        <li>
          <a href={job.similarSearchHref}>More {job.title} jobs nearby</a>
        </li>
        <li>
          <a href={job.salaryHref}>{job.title} salaries</a>
        </li>
      </ul>
    </section>
  );

  if (pane) {
    return (
      <>
        <header className="job-detail-header">
          <Title id={titleId} tabIndex={titleId ? -1 : undefined} className="job-detail-title">
            <a href={job.path}>{job.title}</a>
          </Title>
          {job.featured ? <p className="job-featured">Featured</p> : null}
          <p className="job-detail-company">{company}</p>
          {job.companyResponse ? <p className="job-detail-response">{job.companyResponse}</p> : null}
          <p className="job-detail-place">{job.place}</p>
          {facts}
          <div className="job-actions">
            {apply(job.questions)}
            {save}
          </div>
        </header>
        {sections}
        {more}
      </>
    );
  }

  // The job's own page (issue 45): the title, then a box with the company, pay and Apply (the right
  // column from 1024 px, kept in view), then the description, and only after it the employer's
  // screening questions with their Apply.
  const asks = job.questions.length > 0 && !job.applied;
  return (
    <div className="job-page-layout">
      <header className="job-page-title">
        <Title>{job.title}</Title>
        {job.featured ? <p className="job-featured">Featured</p> : null}
        <p className="job-detail-place">{job.place}</p>
      </header>
      <aside className="job-page-aside" aria-label="Pay and how to apply">
        <div className="job-page-company">
          <CompanyLogo name={job.company} size="large" />
          <div>
            <p className="job-detail-company">{company}</p>
            {job.companyResponse ? <p className="job-detail-response">{job.companyResponse}</p> : null}
          </div>
        </div>
        {facts}
        <div className="job-actions">
          {asks ? (
            <LinkButton href="#job-apply">
              Apply
            </LinkButton>
          ) : (
            apply([])
          )}
          {save}
        </div>
      </aside>
      <div className="job-page-main">
        {sections}
        {asks ? (
          <section id="job-apply" aria-labelledby="job-apply-heading" className="job-detail-section job-apply-section">
            <Section id="job-apply-heading">Apply</Section>
            {apply(job.questions)}
          </section>
        ) : null}
        {more}
      </div>
    </div>
  );
}
