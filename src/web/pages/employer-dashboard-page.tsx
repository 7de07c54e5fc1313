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
import { JobStatusBadge } from '../features/employer-jobs/job-status-badge';
import { Pagination } from '../ui/pagination';
import '../features/job-pages/jobs.css';
import '../features/employer-jobs/employer-jobs.css';
import { countOf } from '../../shared/plural';
import { Briefcase, Check, SearchX } from 'lucide';
import { Badge } from '../ui/badge';
import { Button, LinkButton } from '../ui/button';
import { Card } from '../ui/card';
import { CheckboxField, SelectField } from '../ui/choice-inputs';
import { EmptyState } from '../ui/empty-state';
import { Icon } from '../ui/icon';

const BULK_FORM_ID = 'dashboard-selection';
const SORT_LABELS = { posted: 'Newest posted first', expiry: 'Expiring soonest first' } as const;
const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...DASHBOARD_STATUSES.map((status) => ({ value: status, label: DASHBOARD_STATUS_LABELS[status] }))];
const SORT_OPTIONS = DASHBOARD_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

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
      <Button type="submit" name="action" value={action} variant="secondary">
        {label}
        <span className="visually-hidden">: {job.title || 'untitled draft'}</span>
      </Button>
    </form>
  );
}

/** A new employer's steps (decision 0259): each done one ticked, the rest links to do them. */
function FirstRun({ steps }: { steps: FirstRunStep[] }) {
  const left = steps.filter((step) => !step.done).length;
  return (
    <Card as="section" className="first-run" aria-labelledby="first-run-heading">
      <h2 id="first-run-heading">Get started</h2>
      <p className="first-run-count">{left === 1 ? 'One step left' : `${left} steps left`} to meet your first candidates.</p>
      <ol className="first-run-steps">
        {steps.map((step) => (
          <li key={step.label} className={step.done ? 'is-done' : undefined}>
            <span className="first-run-mark">{step.done ? <Icon icon={Check} /> : null}</span>
            {step.done && !step.linkWhenDone ? <span>{step.label}</span> : <a href={step.href}>{step.label}</a>}
            {step.done ? <span className="visually-hidden"> (done)</span> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** Every job of the company by status, with search, filters, sorting, 25 a page, and actions. */
export default function EmployerDashboardPage({ props }: { props: DashboardPageProps }) {
  const drafts = props.path === EMPLOYER_JOBS_PATHS.myJobs;
  return (
    <section className="posting-page" aria-labelledby="dashboard-heading">
      <div className="dashboard-head">
        <h1 id="dashboard-heading">{drafts ? 'Draft jobs' : `Jobs at ${props.companyName}`}</h1>
        <LinkButton href={EMPLOYER_JOBS_PATHS.postJob}>Post a job</LinkButton>
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
        <div className="dashboard-search">
          <label htmlFor="dashboard-q">Job title</label>
          <input id="dashboard-q" name="q" type="search" defaultValue={props.filters.q} maxLength={100} />
        </div>
        {drafts ? null : <SelectField label="Status" name="status" defaultValue={props.filters.status} options={STATUS_OPTIONS} />}
        <SelectField label="Place" name="place" defaultValue={props.filters.place} options={[{ value: '', label: 'Any place' }, ...props.places.map((place) => ({ value: place, label: place }))]} />
        <SelectField label="Sort" name="sort" defaultValue={props.filters.sort} options={SORT_OPTIONS} />
        <Button type="submit">Show jobs</Button>
      </form>

      <p role="status">{countOf(props.total, 'job', 'jobs')}</p>
      {props.jobs.length === 0 ? (
        props.total === 0 && !props.filters.q && !props.filters.status && !props.filters.place ? (
          <EmptyState icon={Briefcase} title={drafts ? 'No drafts' : 'No jobs yet'}>
            <p>{drafts ? 'A job you save before publishing waits here.' : 'Post your first job to meet applicants.'}</p>
          </EmptyState>
        ) : (
          <EmptyState icon={SearchX} title="No jobs match">
            <p>Try other filters.</p>
          </EmptyState>
        )
      ) : (
        <>
          <form id={BULK_FORM_ID} method="post" action={EMPLOYER_JOBS_PATHS.actions} className="dashboard-bulk" aria-label="Selected jobs">
            <span>With the selected jobs:</span>
            <Button type="submit" name="action" value="close" variant="secondary">
              Close selected
            </Button>
            <Button type="submit" name="action" value="renew" variant="secondary">
              Renew selected
            </Button>
          </form>
          <ul className="dashboard-jobs">
            {props.jobs.map((job) => (
              <Card as="li" key={job.id} className="dashboard-job">
                <div className="dashboard-job-top">
                  <CheckboxField className="dashboard-select" name="job_id" value={job.id} form={BULK_FORM_ID} label={<span className="visually-hidden">{`Select ${job.title || 'untitled draft'}`}</span>} />
                  <div>
                    <h2>
                      <a href={job.editHref}>{job.title || 'Untitled draft'}</a>
                    </h2>
                    <p className="dashboard-job-meta">
                      <JobStatusBadge status={job.status} label={job.statusLabel} />
                      {job.featured ? <Badge tone="info">Featured</Badge> : null} {[job.place, job.posted, job.expires].filter(Boolean).join(' · ')}
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
                  <LinkButton variant="secondary" href={job.editHref}>
                    Edit<span className="visually-hidden">: {job.title || 'untitled draft'}</span>
                  </LinkButton>
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
              </Card>
            ))}
          </ul>
        </>
      )}
      <Pagination page={props.page} pageCount={props.pageCount} href={(page) => pageHref(props, page)} />
    </section>
  );
}
