import { useEffect, useRef, useState } from 'react';
import { APPLICANTS_PATHS, INBOX_SORTS, INBOX_SORT_LABELS, applicantStagePath, type InboxApplicant, type InboxPageProps } from '../../shared/applicants/page-props';
import { STAGES, STAGE_LABELS, type Stage } from '../../shared/applicants/stages';
import { ApplicantBadges } from '../features/applicants/applicant-badges';
import '../features/employer-jobs/employer-jobs.css';
import { Pagination } from '../ui/pagination';
import { LocalTime } from '../ui/local-time';
import { useHydrated } from '../ui/use-hydrated';
import '../features/applicants/applicants.css';
import { countOf } from '../../shared/plural';
import { KeyboardHelp, KeyboardHelpButton } from '../features/applicants/keyboard-help';
import { usePipelineKeys } from '../features/applicants/pipeline-keys';
import { moveStage } from '../features/applicants/pipeline-calls';
import { PipelineMessages, usePipelineMessages } from '../features/applicants/pipeline-messages';
import { SearchX, Users } from 'lucide';
import { EmptyState } from '../ui/empty-state';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { CheckboxField, SelectField } from '../ui/choice-inputs';

const BULK_FORM_ID = 'applicants-selection';
const STAGE_OPTIONS = STAGES.map((stage) => ({ value: stage, label: STAGE_LABELS[stage] }));
const RATING_OPTIONS = [{ value: '0', label: 'Any rating' }, ...[5, 4, 3, 2, 1].map((rating) => ({ value: String(rating), label: rating === 5 ? '5' : `${rating} or more` }))];
const DEAL_BREAKER_OPTIONS = [
  { value: '', label: 'Everyone' },
  { value: 'passed', label: 'Passed every deal-breaker' },
  { value: 'failed', label: 'Failed a deal-breaker' },
];
const SORT_OPTIONS = INBOX_SORTS.map((sort) => ({ value: sort, label: INBOX_SORT_LABELS[sort] }));

function pageHref(selfHref: string, page: number): string {
  const url = new URL(selfHref, 'http://local');
  if (page > 1) url.searchParams.set('page', String(page));
  else url.searchParams.delete('page');
  url.searchParams.delete('notice');
  return `${url.pathname}${url.search}`;
}

/** From this width the filters show beside the list; below it they are a disclosure after one summary line (decision 0296). */
const WIDE_FILTERS_QUERY = '(min-width: 768px)';

function ApplicantItem({ applicant, showJob, stage, current, onFocus }: { applicant: InboxApplicant; showJob: boolean; stage: Stage; current: boolean; onFocus: () => void }) {
  return (
    <Card as="li" tone={applicant.unread ? 'accent' : 'plain'} className={`applicants-item${applicant.unread ? ' is-unread' : ''}${current ? ' is-current' : ''}`} aria-current={current ? 'true' : undefined}>
      <CheckboxField className="applicants-select" name="application_id" value={applicant.id} form={BULK_FORM_ID} label={<span className="visually-hidden">{`Select ${applicant.name}`}</span>} />
      <div className="applicants-item-body">
        <h2>
          <a href={applicant.href} data-applicant-link="" onFocus={onFocus}>
            {applicant.name}
          </a>
        </h2>
        <ApplicantBadges stage={stage} unread={applicant.unread} greatMatch={applicant.greatMatch} spotlight={applicant.spotlight} failedDealBreaker={applicant.failedDealBreaker} rating={applicant.rating} />
        {applicant.headline ? <p>{applicant.headline}</p> : null}
        <p className="applicants-muted">
          {[applicant.place || 'Place not given', applicant.distance].filter(Boolean).join(' · ')}
          {' · '}
          {showJob ? `Applied to ${applicant.jobTitle} on ` : 'Applied '}
          <LocalTime iso={applicant.appliedAt} utcText={applicant.applied} format="day" />
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
    </Card>
  );
}

/**
 * Every application to the company's jobs: filters, sorting, 25 a page, bulk stage changes, CSV export.
 * With script, j and k walk the list and 1 to 6 move the current candidate in place (decision 0294).
 */
export default function ApplicantsInboxPage({ props }: { props: InboxPageProps }) {
  const { filters } = props;
  const filtered = Boolean(filters.job || filters.stage || filters.rating || filters.dealBreaker || filters.q);
  const activeFilters = [filters.job, filters.stage, filters.rating, filters.dealBreaker, filters.q].filter(Boolean).length;
  const jobTitle = props.jobs.find((job) => job.id === filters.job)?.title;
  const hydrated = useHydrated();
  const messages = usePipelineMessages(props.notice);
  const [helpOpen, setHelpOpen] = useState(false);
  const [current, setCurrent] = useState(-1);
  const [stages, setStages] = useState<Record<string, Stage>>(() => Object.fromEntries(props.applicants.map((applicant) => [applicant.id, applicant.stage])));
  const confirmed = useRef<Record<string, Stage>>({ ...stages });
  const tickets = useRef<Record<string, number>>({});
  const list = useRef<HTMLUListElement>(null);
  const filterDisclosure = useRef<HTMLDetailsElement>(null);

  // Wide screens show the filters whether or not the disclosure is open (CSS); where the browser
  // lacks ::details-content, script opens it.
  useEffect(() => {
    if (filterDisclosure.current && window.matchMedia(WIDE_FILTERS_QUERY).matches) filterDisclosure.current.open = true;
  }, []);

  /** Moves one candidate at once; a refusal puts back the stage the server last accepted (only the latest move per candidate decides). */
  async function move(applicant: InboxApplicant, stage: Stage) {
    const ticket = (tickets.current[applicant.id] ?? 0) + 1;
    tickets.current[applicant.id] = ticket;
    setStages((shown) => ({ ...shown, [applicant.id]: stage }));
    const outcome = await moveStage(applicantStagePath(applicant.id), stage);
    if (outcome.ok) confirmed.current[applicant.id] = outcome.value;
    if (tickets.current[applicant.id] !== ticket) return;
    if (outcome.ok) {
      messages.say(`${applicant.name} moved to ${STAGE_LABELS[outcome.value]}.`);
    } else {
      setStages((shown) => ({ ...shown, [applicant.id]: confirmed.current[applicant.id] ?? applicant.stage }));
      messages.refuse(`${applicant.name} was not moved. ${outcome.message}`);
    }
  }

  function focusRow(index: number) {
    const links = list.current?.querySelectorAll<HTMLAnchorElement>('a[data-applicant-link]');
    const link = links?.[index];
    if (!link) return;
    setCurrent(index);
    link.focus();
  }

  usePipelineKeys((command) => {
    const count = props.applicants.length;
    if (command.kind === 'help') setHelpOpen(true);
    else if (command.kind === 'next') {
      if (current + 1 < count) focusRow(current + 1);
      else if (count) messages.say('This is the last candidate on this page.');
    } else if (command.kind === 'previous') {
      if (current > 0) focusRow(current - 1);
      else if (count) focusRow(0);
    } else {
      const applicant = props.applicants[current];
      if (applicant) void move(applicant, command.stage);
      else messages.say('Press j to choose a candidate first.');
    }
  }, !helpOpen);

  return (
    <section className="applicants-page" aria-labelledby="inbox-heading">
      <div className="applicants-head">
        <h1 id="inbox-heading">{jobTitle ? `Candidates for ${jobTitle}` : 'Candidates'}</h1>
        <p className="applicants-head-links">
          <a href={props.dashboardHref}>Your jobs</a>
          <a href={props.exportHref} download>
            Export these as CSV
          </a>
          {hydrated ? <KeyboardHelpButton onOpen={() => setHelpOpen(true)} /> : null}
        </p>
      </div>
      <PipelineMessages messages={messages} />

      <details className="applicants-filter-disclosure" ref={filterDisclosure}>
        <summary className="applicants-filter-summary">{activeFilters ? `Filter and sort (${activeFilters} on)` : 'Filter and sort'}</summary>
      <form method="get" action={APPLICANTS_PATHS.inbox} className="applicants-filters" role="search" aria-label="Candidates">
        <SelectField label="Job" name="job" defaultValue={filters.job} options={[{ value: '', label: 'All jobs' }, ...props.jobs.map((job) => ({ value: job.id, label: job.title || 'Untitled draft' }))]} />
        <SelectField label="Stage" name="stage" defaultValue={filters.stage} options={[{ value: '', label: 'Any stage' }, ...STAGE_OPTIONS]} />
        <SelectField label="Rating" name="rating" defaultValue={String(filters.rating)} options={RATING_OPTIONS} />
        <SelectField label="Deal-breakers" name="deal_breaker" defaultValue={filters.dealBreaker} options={DEAL_BREAKER_OPTIONS} />
        <div className="applicants-search">
          <label htmlFor="inbox-q">Name or headline</label>
          <input id="inbox-q" name="q" type="search" defaultValue={filters.q} maxLength={100} />
        </div>
        <SelectField label="Sort" name="sort" defaultValue={filters.sort} options={SORT_OPTIONS} />
        <Button type="submit">Show</Button>
      </form>
      </details>

      <p role="status">
        {countOf(props.total, 'candidate', 'candidates')}
        {props.unread ? ` · ${props.unread} unread` : ''}
      </p>
      {props.applicants.length === 0 ? (
        filtered ? (
          <EmptyState icon={SearchX} title="No candidates match">
            <p>Try other filters.</p>
          </EmptyState>
        ) : (
          <EmptyState icon={Users} title="No applications yet">
            <p>They appear here as soon as job seekers apply.</p>
          </EmptyState>
        )
      ) : (
        <>
          <form id={BULK_FORM_ID} method="post" action={APPLICANTS_PATHS.bulkStage} className="applicants-bulk" aria-label="Selected candidates">
            <input type="hidden" name="next" value={props.selfHref} />
            <SelectField label="Move the selected to" name="stage" defaultValue="reviewed" options={STAGE_OPTIONS} />
            <Button type="submit" variant="secondary">
              Move selected
            </Button>
          </form>
          <ul className="applicants-list" ref={list}>
            {props.applicants.map((applicant, index) => (
              <ApplicantItem
                key={applicant.id}
                applicant={applicant}
                showJob={!filters.job}
                stage={stages[applicant.id] ?? applicant.stage}
                current={index === current}
                onFocus={() => setCurrent(index)}
              />
            ))}
          </ul>
        </>
      )}
      <Pagination page={props.page} pageCount={props.pageCount} href={(page) => pageHref(props.selfHref, page)} />
      <KeyboardHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </section>
  );
}
