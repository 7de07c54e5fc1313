import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { JobCard, JobPageProps } from '../../../shared/jobs/page-props';
import { fromWidth } from '../../ui/breakpoints';
import { useMediaQuery } from '../../ui/use-media-query';
import type { SearchContextCopy } from '../seeker/registration-bridge';
import type { JobDetail as JobDetailComponent, JobDetailProps } from './job-detail';
import { JobList } from './job-list';

/** Two panes from the 1024 px breakpoint (spec 9): the list on the left, the selected job on the right. */
export const TWO_PANES_QUERY = fromWidth('lg');
/** The results URL's parameter naming the selected job by its listing key. */
export const SELECTED_JOB_PARAM = 'job';
export const JOB_DETAIL_URL = (listingKey: string) => `/api/jobs/${encodeURIComponent(listingKey)}`;
const TITLE_ID = 'results-detail-title';

let loadedDetail: typeof JobDetailComponent | null = null;
const loadDetail = () => import('./job-detail').then((module) => (loadedDetail = module.JobDetail));
const LazyDetail = lazy(() => loadDetail().then((component) => ({ default: component })));
// The server renders a selected job (`?job=`) in place, so it has the code before the first render.
if (import.meta.env.SSR) await loadDetail();

/**
 * The detail's code (with Apply and its registration hooks) stays out of the page's first load: the
 * browser loads it when a job is first shown. When the server rendered a selected job, hydration
 * keeps that HTML inside the Suspense boundary until the code has arrived.
 */
function JobDetail(props: JobDetailProps) {
  const Loaded = loadedDetail;
  return Loaded ? <Loaded {...props} /> : <LazyDetail {...props} />;
}

/** `shownFirst`: the first result, shown on a wide screen because nothing was selected (phones hide it). */
type Pane = { key: string; status: 'ready'; job: JobPageProps; shownFirst?: boolean } | { key: string; status: 'loading' | 'gone' | 'error'; job?: undefined; shownFirst?: undefined };

/** `url` with `?job=` set to `listingKey` (or removed for null). */
export function withSelectedJob(url: string, listingKey: string | null): string {
  const parsed = new URL(url, 'http://x');
  if (listingKey) parsed.searchParams.set(SELECTED_JOB_PARAM, listingKey);
  else parsed.searchParams.delete(SELECTED_JOB_PARAM);
  return parsed.pathname + parsed.search;
}

interface ResultsPanesProps {
  jobs: JobCard[];
  save: { next: string; savedJobIds: string[]; appliedJobIds?: string[]; searchContext?: SearchContextCopy };
  /** The job `?job=` selected on the server. */
  selected: JobPageProps | null;
  /** With nothing selected, the first result's detail as the server rendered it. */
  firstDetail?: JobPageProps | null;
  /** Under the list: pagination. */
  children?: ReactNode;
}

/**
 * The results list and, on wide screens, the selected job's detail beside it. A click on a title
 * loads the job into the pane (JSON from /api/jobs/:listingKey) and puts `?job=` in the address,
 * so the view can be shared and Back returns to the job selected before. Titles stay real links:
 * on narrow screens, with a modifier key or without script they open the job's page.
 */
export function ResultsPanes({ jobs, save, selected, firstDetail = null, children }: ResultsPanesProps) {
  const twoPanes = useMediaQuery(TWO_PANES_QUERY);
  const [pane, setPane] = useState<Pane | null>(
    selected ? { key: selected.listingKey, status: 'ready', job: selected } : firstDetail ? { key: firstDetail.listingKey, status: 'ready', job: firstDetail, shownFirst: true } : null,
  );
  const shown = selected ?? firstDetail;
  const cache = useRef(new Map<string, JobPageProps>(shown ? [[shown.listingKey, shown]] : []));
  const wanted = useRef<string | null>(pane?.key ?? null);
  const focusOnReady = useRef(false);
  const paneRef = useRef<HTMLElement>(null);

  const show = useCallback((key: string, { preload = false, focus = false } = {}) => {
    wanted.current = key;
    focusOnReady.current = focus;
    void loadDetail().catch(() => undefined);
    const cached = cache.current.get(key);
    if (cached) {
      setPane({ key, status: 'ready', job: cached });
      return;
    }
    setPane({ key, status: 'loading' });
    fetch(`${JOB_DETAIL_URL(key)}${preload ? '?preload=1' : ''}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then(async (response) => {
        if (response.status === 404) return { key, status: 'gone' } as const;
        const body = (await response.json()) as { job?: JobPageProps };
        if (!response.ok || typeof body.job?.listingKey !== 'string') return { key, status: 'error' } as const;
        cache.current.set(key, body.job);
        return { key, status: 'ready', job: body.job } as const;
      })
      .catch(() => ({ key, status: 'error' }) as const)
      .then((next: Pane) => {
        if (wanted.current === key) setPane(next);
      });
  }, []);

  const first = jobs[0]?.listingKey ?? null;
  // With nothing selected, a wide screen shows the first result (not counted as a view of it).
  useEffect(() => {
    if (twoPanes && wanted.current === null && first) show(first, { preload: true });
  }, [twoPanes, first, show]);

  // Back and Forward: the job the address names, else the first result.
  useEffect(() => {
    const onPopState = () => {
      const key = new URL(window.location.href).searchParams.get(SELECTED_JOB_PARAM);
      if (key) show(key);
      else if (window.matchMedia(TWO_PANES_QUERY).matches && first) show(first, { preload: true });
      else {
        wanted.current = null;
        setPane(null);
      }
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [first, show]);

  // A newly shown job starts at its top; after a click, focus moves to its title.
  useEffect(() => {
    if (pane?.status !== 'ready') return;
    paneRef.current?.scrollTo?.({ top: 0 });
    if (!focusOnReady.current) return;
    focusOnReady.current = false;
    // The title is there once the detail's code has loaded (the first time, a moment later).
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const focusTitle = () => {
      const title = document.getElementById(TITLE_ID);
      if (title) title.focus({ preventScroll: true });
      else if (tries++ < 40) timer = setTimeout(focusTitle, 50);
    };
    focusTitle();
    return () => clearTimeout(timer);
  }, [pane]);

  const onOpen = (job: JobCard, event: MouseEvent<HTMLAnchorElement>) => {
    if (!twoPanes || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (job.listingKey !== wanted.current) {
      window.history.pushState({ [SELECTED_JOB_PARAM]: job.listingKey }, '', withSelectedJob(window.location.href, job.listingKey));
    }
    show(job.listingKey, { focus: true });
  };

  // The first result shown by default is marked only where its pane shows (wide screens).
  const selectedKey = pane && (!pane.shownFirst || twoPanes) ? pane.key : null;
  const card = jobs.find((job) => job.listingKey === selectedKey);
  return (
    <div className={`results-panes${pane && !pane.shownFirst ? ' has-detail' : ''}`}>
      <div className="results-list">
        <JobList jobs={jobs} save={save} selectedKey={selectedKey} onOpen={onOpen} />
        {children}
      </div>
      <section ref={paneRef} className="results-detail" aria-label="Selected job" aria-busy={pane?.status === 'loading' ? true : undefined}>
        {pane && !pane.shownFirst ? (
          <a className="results-detail-back" href={withSelectedJob(save.next, null)}>
            Back to all results
          </a>
        ) : null}
        {pane?.status === 'ready' ? (
          <Suspense fallback={<p className="results-detail-note">Loading {pane.job.title}…</p>}>
            <JobDetail key={pane.key} job={pane.job} place="pane" next={withSelectedJob(save.next, pane.key)} titleId={TITLE_ID} />
          </Suspense>
        ) : pane?.status === 'loading' ? (
          <p className="results-detail-note">Loading {card ? card.title : 'the job'}…</p>
        ) : pane?.status === 'gone' ? (
          <p className="results-detail-note">This job is no longer open.</p>
        ) : pane?.status === 'error' ? (
          <p className="results-detail-note">
            We could not load this job. {card ? <a href={card.path}>Open its page</a> : null}
          </p>
        ) : (
          <p className="results-detail-note">Select a job to see its details here.</p>
        )}
      </section>
    </div>
  );
}
