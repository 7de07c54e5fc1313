import { APPLICANTS_PATHS, INBOX_SORTS, INBOX_SORT_LABELS, type InboxApplicant, type InboxPageProps } from '../../shared/applicants/page-props';
import { STAGES, STAGE_LABELS } from '../../shared/applicants/stages';
import '../features/employer-jobs/employer-jobs.css';
import { Pagination } from '../ui/pagination';
import '../features/applicants/applicants.css';
import { countOf } from '../../shared/plural';

const BULK_FORM_ID = 'applicants-selection';

function pageHref(selfHref: string, page: number): string {
  const url = new URL(selfHref, 'http://local');
  if (page > 1) url.searchParams.set('page', String(page));
  else url.searchParams.delete('page');
  url.searchParams.delete('notice');
  return `${url.pathname}${url.search}`;
}

function ApplicantItem({ applicant, showJob }: { applicant: InboxApplicant; showJob: boolean }) {
  return (
    <li className={applicant.unread ? 'applicants-item is-unread' : 'applicants-item'}>
      <input type="checkbox" name="application_id" value={applicant.id} form={BULK_FORM_ID} id={`select-${applicant.id}`} aria-label={`Select ${applicant.name}`} />
      <div className="applicants-item-body">
        <h2>
          <a href={applicant.href}>{applicant.name}</a>
        </h2>
        <ul className="applicants-badges" aria-label="Status">
          {applicant.unread ? <li className="applicant-badge is-unread">Unread</li> : null}
          <li className="applicant-badge">{applicant.stageLabel}</li>
          {applicant.greatMatch ? <li className="applicant-badge is-great">Great match</li> : null}
          {applicant.spotlight ? <li className="applicant-badge is-spotlight">Spotlight</li> : null}
          {applicant.failedDealBreaker ? <li className="applicant-badge is-failed">Failed a deal-breaker</li> : null}
          {applicant.rating ? <li className="applicant-badge">{`Rated ${applicant.rating} of 5`}</li> : null}
        </ul>
        {applicant.headline ? <p>{applicant.headline}</p> : null}
        <p className="applicants-muted">
          {[applicant.place || 'Place not given', applicant.distance].filter(Boolean).join(' · ')}
          {' · '}
          {showJob ? `Applied to ${applicant.jobTitle} on ${applicant.applied}` : `Applied ${applicant.applied}`}
        </p>
        <p className="applicants-muted">{`Match ${applicant.score} of 100`}</p>
        {applicant.reasons.length ? (
          <ul className="applicants-reasons" aria-label={`Why ${applicant.name} matches`}>
            {applicant.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/** Every application to the company's jobs: filters, sorting, 25 a page, bulk stage changes, CSV export. */
export default function ApplicantsInboxPage({ props }: { props: InboxPageProps }) {
  const { filters } = props;
  const filtered = Boolean(filters.job || filters.stage || filters.rating || filters.dealBreaker || filters.q);
  const jobTitle = props.jobs.find((job) => job.id === filters.job)?.title;
  return (
    <section className="applicants-page" aria-labelledby="inbox-heading">
      <div className="applicants-head">
        <h1 id="inbox-heading">{jobTitle ? `Candidates for ${jobTitle}` : 'Candidates'}</h1>
        <p className="applicants-head-links">
          <a href={props.dashboardHref}>Your jobs</a>
          <a href={props.exportHref} download>
            Export these as CSV
          </a>
        </p>
      </div>
      {props.notice ? (
        <p className="posting-notice" role="status">
          {props.notice}
        </p>
      ) : null}

      <form method="get" action={APPLICANTS_PATHS.inbox} className="applicants-filters" role="search" aria-label="Candidates">
        <div>
          <label htmlFor="inbox-job">Job</label>
          <select id="inbox-job" name="job" defaultValue={filters.job}>
            <option value="">All jobs</option>
            {props.jobs.map((job) => (
              <option key={job.id} value={job.id}>
                {job.title || 'Untitled draft'}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="inbox-stage">Stage</label>
          <select id="inbox-stage" name="stage" defaultValue={filters.stage}>
            <option value="">Any stage</option>
            {STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {STAGE_LABELS[stage]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="inbox-rating">Rating</label>
          <select id="inbox-rating" name="rating" defaultValue={String(filters.rating)}>
            <option value="0">Any rating</option>
            {[5, 4, 3, 2, 1].map((rating) => (
              <option key={rating} value={String(rating)}>
                {rating === 5 ? '5' : `${rating} or more`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="inbox-deal-breaker">Deal-breakers</label>
          <select id="inbox-deal-breaker" name="deal_breaker" defaultValue={filters.dealBreaker}>
            <option value="">Everyone</option>
            <option value="passed">Passed every deal-breaker</option>
            <option value="failed">Failed a deal-breaker</option>
          </select>
        </div>
        <div>
          <label htmlFor="inbox-q">Name or headline</label>
          <input id="inbox-q" name="q" type="search" defaultValue={filters.q} maxLength={100} />
        </div>
        <div>
          <label htmlFor="inbox-sort">Sort</label>
          <select id="inbox-sort" name="sort" defaultValue={filters.sort}>
            {INBOX_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {INBOX_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary">
          Show
        </button>
      </form>

      <p role="status">
        {countOf(props.total, 'candidate', 'candidates')}
        {props.unread ? ` · ${props.unread} unread` : ''}
      </p>
      {props.applicants.length === 0 ? (
        <p>{filtered ? 'No candidates match. Try other filters.' : 'No applications yet. They appear here as soon as job seekers apply.'}</p>
      ) : (
        <>
          <form id={BULK_FORM_ID} method="post" action={APPLICANTS_PATHS.bulkStage} className="applicants-bulk" aria-label="Selected candidates">
            <input type="hidden" name="next" value={props.selfHref} />
            <label htmlFor="bulk-stage">Move the selected to</label>
            <select id="bulk-stage" name="stage" defaultValue="reviewed">
              {STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {STAGE_LABELS[stage]}
                </option>
              ))}
            </select>
            <button type="submit" className="button posting-secondary">
              Move selected
            </button>
          </form>
          <ul className="applicants-list">
            {props.applicants.map((applicant) => (
              <ApplicantItem key={applicant.id} applicant={applicant} showJob={!filters.job} />
            ))}
          </ul>
        </>
      )}
      <Pagination page={props.page} pageCount={props.pageCount} href={(page) => pageHref(props.selfHref, page)} />
    </section>
  );
}
