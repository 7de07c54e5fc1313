import {
  DASHBOARD_SORTS,
  DASHBOARD_STATUSES,
  DASHBOARD_STATUS_LABELS,
  EMPLOYER_JOBS_PATHS,
  type DashboardJob,
  type DashboardPageProps,
  type FirstRunStep,
} from '../../shared/employer-jobs/page-props';
import { APPLICANTS_PATHS, jobInboxPath } from '../../shared/applicants/page-props';
import { FigureChart } from '../features/employer-jobs/figure-chart';
import { Pagination } from '../ui/pagination';
import '../features/job-pages/jobs.css';
import '../features/employer-jobs/employer-jobs.css';
import { countOf } from '../../shared/plural';

const BULK_FORM_ID = 'dashboard-selection';
const SORT_LABELS = { posted: 'Newest posted first', expiry: 'Expiring soonest first' } as const;

function pageHref(props: DashboardPageProps, page: number): string {
  const query = new URLSearchParams();
  if (props.path === EMPLOYER_JOBS_PATHS.myJobs) query.set('show', 'draft');
  if (props.filters.q) query.set('q', props.filters.q);
  if (props.filters.status && props.path !== EMPLOYER_JOBS_PATHS.myJobs) query.set('status', props.filters.status);
  if (props.filters.place) query.set('place', props.filters.place);
  if (props.filters.sort !== 'posted') query.set('sort', props.filters.sort);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${props.path}?${text}` : props.path;
}

function ActionButton({ job, action, label }: { job: DashboardJob; action: string; label: string }) {
  return (
    <form method="post" action={EMPLOYER_JOBS_PATHS.actions}>
      <input type="hidden" name="job_id" value={job.id} />
      <button type="submit" name="action" value={action} className="button posting-secondary">
        {label}
        <span className="visually-hidden">: {job.title || 'untitled draft'}</span>
      </button>
    </form>
  );
}

/** Every job of the company by status, with search, filters, sorting, 25 a page, and actions. */
/** A new employer's steps (decision 0259): each done one ticked, the rest links to do them. */
function FirstRun({ steps }: { steps: FirstRunStep[] }) {
  const left = steps.filter((step) => !step.done).length;
  return (
    <section className="first-run" aria-labelledby="first-run-heading">
      <h2 id="first-run-heading">Get started</h2>
      <p className="first-run-count">{left === 1 ? 'One step left' : `${left} steps left`} to meet your first candidates.</p>
      <ol className="first-run-steps">
        {steps.map((step) => (
          <li key={step.label} className={step.done ? 'is-done' : undefined}>
            <span className="first-run-mark" aria-hidden="true">
              {step.done ? '✓' : ''}
            </span>
            {step.done && !step.linkWhenDone ? <span>{step.label}</span> : <a href={step.href}>{step.label}</a>}
            {step.done ? <span className="visually-hidden"> (done)</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function EmployerDashboardPage({ props }: { props: DashboardPageProps }) {
  const drafts = props.path === EMPLOYER_JOBS_PATHS.myJobs;
  return (
    <section className="posting-page" aria-labelledby="dashboard-heading">
      <div className="dashboard-head">
        <h1 id="dashboard-heading">{drafts ? 'Draft jobs' : `Jobs at ${props.companyName}`}</h1>
        <a className="button button-primary" href={EMPLOYER_JOBS_PATHS.postJob}>
          Post a job
        </a>
      </div>
      <p className="dashboard-links">
        {drafts ? <a href={EMPLOYER_JOBS_PATHS.dashboard}>All jobs</a> : <a href={`${EMPLOYER_JOBS_PATHS.myJobs}?show=draft`}>Drafts only</a>}
        <a href={APPLICANTS_PATHS.inbox}>Candidates from all jobs</a>
      </p>
      {props.notice ? (
        <p className="posting-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.error ? (
        <div className="posting-notice is-error" role="alert">
          <p>{props.error}</p>
          {props.plansHref ? (
            <p>
              <a href={props.plansHref}>See plans</a>
            </p>
          ) : null}
        </div>
      ) : null}

      {props.firstRun ? <FirstRun steps={props.firstRun} /> : null}
      <form method="get" action={props.path} className="dashboard-filters" role="search" aria-label="Your jobs">
        {drafts ? <input type="hidden" name="show" value="draft" /> : null}
        <div>
          <label htmlFor="dashboard-q">Job title</label>
          <input id="dashboard-q" name="q" type="search" defaultValue={props.filters.q} maxLength={100} />
        </div>
        {drafts ? null : (
          <div>
            <label htmlFor="dashboard-status">Status</label>
            <select id="dashboard-status" name="status" defaultValue={props.filters.status}>
              <option value="">Any status</option>
              {DASHBOARD_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {DASHBOARD_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor="dashboard-place">Place</label>
          <select id="dashboard-place" name="place" defaultValue={props.filters.place}>
            <option value="">Any place</option>
            {props.places.map((place) => (
              <option key={place} value={place}>
                {place}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="dashboard-sort">Sort</label>
          <select id="dashboard-sort" name="sort" defaultValue={props.filters.sort}>
            {DASHBOARD_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary">
          Show jobs
        </button>
      </form>

      <p role="status">{countOf(props.total, 'job', 'jobs')}</p>
      {props.jobs.length === 0 ? (
        <p>{props.total === 0 && !props.filters.q && !props.filters.status && !props.filters.place ? 'No jobs yet. Post your first job to meet applicants.' : 'No jobs match. Try other filters.'}</p>
      ) : (
        <>
          <form id={BULK_FORM_ID} method="post" action={EMPLOYER_JOBS_PATHS.actions} className="dashboard-bulk" aria-label="Selected jobs">
            <span>With the selected jobs:</span>
            <button type="submit" name="action" value="close" className="button posting-secondary">
              Close selected
            </button>
            <button type="submit" name="action" value="renew" className="button posting-secondary">
              Renew selected
            </button>
          </form>
          <ul className="dashboard-jobs">
            {props.jobs.map((job) => (
              <li key={job.id} className="dashboard-job">
                <div className="dashboard-job-top">
                  <input type="checkbox" name="job_id" value={job.id} form={BULK_FORM_ID} id={`select-${job.id}`} aria-label={`Select ${job.title || 'untitled draft'}`} />
                  <div>
                    <h2>
                      <a href={job.editHref}>{job.title || 'Untitled draft'}</a>
                    </h2>
                    <p className="dashboard-job-meta">
                      <span className={`job-status job-status-${job.status}`}>{job.statusLabel}</span>
                      {job.featured ? <span className="job-featured">Featured</span> : null} {[job.place, job.posted, job.expires].filter(Boolean).join(' · ')}
                    </p>
                  </div>
                </div>
                {job.rejectionReason ? <p className="posting-notice is-error">Not approved: {job.rejectionReason}</p> : null}
                <ul className="dashboard-job-figures" aria-label="Last 30 days">
                  <li>{countOf(job.totals.views, 'view', 'views')}</li>
                  <li>{`${job.totals.searchAppearances} in search results`}</li>
                  <li>{countOf(job.totals.applyClicks, 'apply click', 'apply clicks')}</li>
                  <li>{countOf(job.totals.applications, 'application', 'applications')}</li>
                </ul>
                <div className="dashboard-job-actions">
                  <a className="button posting-secondary" href={job.editHref}>
                    Edit<span className="visually-hidden">: {job.title || 'untitled draft'}</span>
                  </a>
                  {job.status === 'draft' ? null : (
                    <a href={jobInboxPath(job.id)}>
                      {`Applicants (${job.totals.applications} in 30 days)`}
                      <span className="visually-hidden">: {job.title}</span>
                    </a>
                  )}
                  <a href={job.viewHref}>{job.viewLabel}</a>
                  {job.canClose ? <ActionButton job={job} action="close" label="Close (filled)" /> : null}
                  {job.canReopen ? <ActionButton job={job} action="reopen" label="Reopen" /> : null}
                  {job.canRenew ? <ActionButton job={job} action="renew" label="Renew 30 days" /> : null}
                  <ActionButton job={job} action="duplicate" label="Duplicate" />
                </div>
                {job.status === 'draft' ? null : <FigureChart href={job.figuresHref} title={job.title} />}
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={props.page} pageCount={props.pageCount} href={(page) => pageHref(props, page)} />
    </section>
  );
}
