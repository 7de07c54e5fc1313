import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_RADIUS_MILES,
  JOB_CATEGORIES,
  JOB_CATEGORY_LABELS,
  MAX_RESULT_PAGE,
  RESULTS_PER_PAGE,
  type JobCategory,
} from '../../../shared/jobs/enums';
import type {
  BrowseLink,
  BrowsePageProps,
  JobPageProps,
  NearMePageProps,
  SalariesIndexProps,
  SalaryBar,
  SalaryPageProps,
  SearchResultsProps,
} from '../../../shared/jobs/page-props';
import { searchUrl, type SearchCriteria } from '../../../shared/jobs/search-url';
import { searchFeedUrl } from '../../../shared/open-data/paths';
import { RESULTS_ALERT_NOTICES, type ResultsAlertOutcome } from '../../../shared/seeker/constants';
import { sendNotFound } from '../../shared/refusals';
import { optionalQuery, pathSegment, queryText, type RoutesApp } from '../../shared/route-contracts';
import { escapeHtml, serializeForScript, type VisitorCacheOptions } from '../../plugins/ssr';
import { findOpenJobByListingKey, jobDetailProps, ListingKeySchema, selectedListingKey, type JobPageQuestion } from './job-detail';
import { jobStates, recordSearch } from '../seeker/seeker.repository';
import { formatCount, formatPay, formatPlace, formatTotal, toJobCard } from '../jobs/job-view';
import { findJob, listingOverview, openJobCount, payForAllTitles, payForTitle, sitemapJobs } from '../jobs/jobs.repository';
import type { JobRow } from '../jobs/jobs.table';
import { hasRadius, parseLocation, stateName, type Place } from '../jobs/places';
import { dominantPeriod, medianOf, salaryStats } from '../jobs/salary';
import { SearchQuerySchema, toCriteria, withAvailableSort } from '../jobs/search-query';
import { searchJobs, type JobSearchResult } from '../jobs/search.repository';
import { searchAsMeant } from '../jobs/search-as-meant';
import { ensureSearchRanges } from '../jobs/search-ranges';
import { jobIdFromSlug, jobPath, slugify } from '../jobs/slugs';
import { zeroResultOffers } from './results-offers';
import { suggestLocations, suggestTitles } from './typeahead';
import { visitorLocation } from './visitor-location';
import { renderJobMarkdown } from '../jobs/markdown';

export const CLOSED_JOB_REDIRECT = '/?closed_job_redirect=1';
const SITEMAP_JOBS_PER_FILE = 45_000;

const TypeaheadQuerySchema = z.object({ q: z.string().max(100).default('') });
/** The results page: the search (every value falls back to its default) and the page's own `job` and `alert`. */
const ResultsQuerySchema = SearchQuerySchema.unwrap().extend({ job: optionalQuery(queryText), alert: optionalQuery(queryText), as_typed: optionalQuery(queryText) });
const TypeaheadAnswerSchema = z.object({ suggestions: z.array(z.string()) });
const JobParamsSchema = z.object({ slug: z.string().max(200) });
const DetailParamsSchema = z.object({ listingKey: ListingKeySchema });
const DetailQuerySchema = z.object({ preload: z.literal('1').optional().catch(undefined) }).catch({});
const SalaryParamsSchema = z.object({ title: z.string().max(200) });
const SitemapParamsSchema = z.object({
  file: z
    .string()
    .regex(/^jobs-[1-9]\d{0,3}\.xml$/)
    .transform((file) => Number.parseInt(file.slice(5), 10)),
});

/** What a results page kept for visitors counts on each answer from memory: as a rendered one does. */
interface ResultsPageNote {
  appearances: string[];
  selected: string | null;
}

/** The outcome of "Get alerts for this search", carried back to the results page by its redirect. */
const AlertOutcomeQuerySchema = z
  .object({ alert: z.preprocess((value) => (Array.isArray(value) ? value[0] : value), z.enum(Object.keys(RESULTS_ALERT_NOTICES) as [ResultsAlertOutcome, ...ResultsAlertOutcome[]]).optional().catch(undefined)) })
  .catch({ alert: undefined });

export default async function jobPagesRoutes(app: RoutesApp) {
  const cacheForVisitors = (note: unknown) => ({ maxAgeMs: app.config.JOB_PAGES_CACHE_SECONDS * 1000, note });
  const countResultsPage = (note: ResultsPageNote) => {
    app.jobFigures.countMany(note.appearances, 'search_appearances');
    if (note.selected) app.jobFigures.count(note.selected, 'views');
  };
  const countJobPage = (jobId: string) => app.jobFigures.count(jobId, 'views');

  // PostgreSQL: each new range of seqs gets its full-text index before its first posting (decision 0205).
  if (app.dialect === 'postgres') {
    app.scheduler.every('search-ranges', { everyMs: 60 * 60_000 }, async () => {
      const { built, dropped } = await ensureSearchRanges(app.db, { concurrently: true });
      if (built.length || dropped.length) app.log.info({ built, dropped }, 'search range indexes built and dropped');
    });
  }

  app.get('/jobs-search', { schema: { querystring: ResultsQuerySchema } }, async (request, reply) => {
    const kept = reply.sendKeptPage(countResultsPage);
    if (kept) return kept;
    const props = await searchResults(app, toCriteria(request.query), { asTyped: request.query.as_typed === '1' });
    // The page's criteria are those searched: corrected words, a place read from the words.
    const { criteria } = props;
    if (request.user) {
      // A signed-in person's searches shape their Suggested Jobs; their saves show on the cards.
      const ids = props.jobs.map((job) => job.id);
      const [states] = await Promise.all([jobStates(app.db, request.user.id, ids), criteria.page === 1 ? recordSearch(app.db, request.user.id, criteria.search, criteria.location, app.now(), app.config.SEEKER_MAX_KEPT_SEARCHES) : null]);
      props.savedJobIds = ids.filter((id) => states.saved.has(id));
      props.appliedJobIds = ids.filter((id) => states.applied.has(id));
    }
    const alert = AlertOutcomeQuerySchema.parse(request.query).alert;
    if (alert) props.alertNotice = { text: RESULTS_ALERT_NOTICES[alert], isError: alert === 'limit' };
    // `?job=` selects a job for the detail pane (a shared link); a closed or unknown one is left out.
    const listingKey = selectedListingKey(request.query);
    const selectedJob = listingKey ? await findOpenJobByListingKey(app, listingKey) : undefined;
    if (selectedJob) {
      app.jobFigures.count(selectedJob.id, 'views');
      props.selected = await jobDetailProps(app, request, selectedJob, null);
    } else if (props.jobs[0]) {
      // The wide screen's pane shows the first result from the first paint (not counted as a view of it).
      const first = await findOpenJobByListingKey(app, props.jobs[0].listingKey);
      props.firstDetail = first ? await jobDetailProps(app, request, first, null) : null;
    }
    const filtered = criteria.minPay !== null || criteria.employmentType !== null || criteria.postedWithin !== null || criteria.remoteOnly || criteria.sort !== 'relevance';
    const note: ResultsPageNote = { appearances: props.jobs.map((job) => job.id), selected: selectedJob?.id ?? null };
    return reply.renderPage('job-results', props, {
      title: resultsTitle(criteria.search, props.placeLabel, criteria.page),
      description: props.summary,
      canonicalPath: searchUrl({ ...criteria, minPay: null, employmentType: null, postedWithin: null, remoteOnly: false, sort: 'relevance' }),
      pageType: 'jobs results page',
      noIndex: filtered || props.total === 0,
      // The search's Atom feed (decision 0265), for feed readers that look for it in the head.
      head: props.unknownLocation ? undefined : `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${resultsTitle(criteria.search, props.placeLabel, 1)} feed`)}" href="${escapeHtml(searchFeedUrl(props.criteria))}">`,
      cacheForVisitors: cacheForVisitors(note),
    });
  });

  // Each path's shape is declared; what it names (a slug's id, a listing key, a sitemap's number) is the
  // handler's to read, answering an unknown one with the closed-job redirect or a 404 (decision 0250).
  app.get('/job/:slug', { schema: { params: z.object({ slug: pathSegment }) } }, async (request, reply) => {
    const kept = reply.sendKeptPage(countJobPage);
    if (kept) return kept;
    const params = JobParamsSchema.safeParse(request.params);
    const id = params.success ? jobIdFromSlug(params.data.slug) : null;
    const job = id ? await findJob(app.db, id) : undefined;
    if (!job || job.status !== 'open') return reply.redirect(CLOSED_JOB_REDIRECT, 302);
    const path = jobPath(job);
    if (request.url.split('?')[0] !== path) return reply.redirect(path, 301);
    countJobPage(job.id);
    return renderJobPage(app, request, reply, job, null, null, cacheForVisitors(job.id));
  });

  // The results page's detail pane: one open job's detail as JSON, rendered by the same component as
  // the job page (decision 0175). Unknown and closed jobs are 404. `preload=1` (the pane showing the
  // first result on its own) is not counted as a view.
  app.get('/api/jobs/:listingKey', { schema: { params: z.object({ listingKey: pathSegment }) } }, async (request, reply) => {
    const params = DetailParamsSchema.safeParse(request.params);
    const job = params.success ? await findOpenJobByListingKey(app, params.data.listingKey) : undefined;
    if (!job) return sendNotFound(reply, { message: 'This job is no longer open.', cacheControl: 'no-store' });
    if (!DetailQuerySchema.parse(request.query ?? {}).preload) app.jobFigures.count(job.id, 'views');
    return reply.header('cache-control', 'private, no-store').send({ job: await jobDetailProps(app, request, job, null) });
  });

  app.get('/browse', async (_request, reply) => {
    const overview = await listingOverview(app.db, app.now());
    const props: BrowsePageProps = {
      categories: overview.categories.map(({ category, count }) => ({
        label: JOB_CATEGORY_LABELS[category],
        href: searchUrl({ category }),
        count: formatCount(count),
      })),
      cities: overview.cities.slice(0, 40).map(({ city, state, count }) => ({
        label: `${city}, ${state}`,
        href: searchUrl({ location: `${city}, ${state}` }),
        count: formatCount(count),
      })),
      states: overview.states
        .map(({ state, count }) => ({ label: stateName(state) ?? state, href: searchUrl({ location: state }), count: formatCount(count) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
      titles: overview.titles.slice(0, 40).map(({ title, count }) => ({ label: title, href: searchUrl({ search: title }), count: formatCount(count) })),
    };
    return reply.renderPage('browse', props, {
      title: 'Browse jobs by category and city',
      description: 'Browse open jobs by category, city, state and job title.',
      canonicalPath: '/browse',
      pageType: 'browse jobs',
    });
  });

  app.get('/Salaries', async (_request, reply) => {
    const now = app.now();
    const [overview, pay] = await Promise.all([listingOverview(app.db, now), payForAllTitles(app.db, now)]);
    const payByTitle = new Map<string, typeof pay>();
    for (const row of pay) {
      const list = payByTitle.get(row.titleKey) ?? [];
      list.push(row);
      payByTitle.set(row.titleKey, list);
    }
    const groups = JOB_CATEGORIES.map((category) => ({
      category: JOB_CATEGORY_LABELS[category],
      titles: overview.titles
        .filter((title) => title.category === category && title.count >= 3)
        .slice(0, 12)
        .map((title): SalaryBar | null => {
          const rows = payByTitle.get(title.titleKey) ?? [];
          const period = dominantPeriod(rows);
          if (!period) return null;
          const median = medianOf(rows, period);
          return { label: title.title, href: `/Salaries/${title.titleKey}`, median, medianText: `${moneyText(median, period)}`, count: title.count };
        })
        .filter((bar): bar is SalaryBar => bar !== null),
    })).filter((group) => group.titles.length > 0);
    const props: SalariesIndexProps = { groups };
    return reply.renderPage('salaries', props, {
      title: 'Salaries by job title',
      description: 'Typical pay for common jobs, from the open listings on Jobwise.',
      canonicalPath: '/Salaries',
      pageType: 'salary page',
    });
  });

  app.get('/Salaries/:title', { schema: { params: SalaryParamsSchema } }, async (request, reply) => {
    const { params } = request;
    const key = slugify(params.title);
    if (key === '') return reply.redirect('/Salaries', 302);
    if (key !== params.title) return reply.redirect(`/Salaries/${key}`, 301);
    const now = app.now();
    const [rows, overview] = await Promise.all([payForTitle(app.db, key), listingOverview(app.db, now)]);
    const known = overview.titles.find((title) => title.titleKey === key);
    const title = rows[0]?.title ?? known?.title ?? titleFromKey(key);
    const stats = salaryStats(rows);
    const byState: SalaryBar[] = [];
    if (stats) {
      const byStateRows = new Map<string, typeof rows>();
      for (const row of rows) {
        const list = byStateRows.get(row.state) ?? [];
        list.push(row);
        byStateRows.set(row.state, list);
      }
      for (const [state, stateRows] of byStateRows) {
        const count = stateRows.filter((row) => row.pay_period === stats.period).length;
        if (count < 3) continue;
        const median = medianOf(stateRows, stats.period);
        byState.push({
          label: stateName(state) ?? state,
          href: searchUrl({ search: title, location: state }),
          median,
          medianText: moneyText(median, stats.period),
          count,
        });
      }
      byState.sort((a, b) => b.median - a.median || a.label.localeCompare(b.label));
    }
    const category = known?.category;
    const others: BrowseLink[] = overview.titles
      .filter((other) => other.titleKey !== key && (!category || other.category === category))
      .slice(0, 8)
      .map((other) => ({ label: other.title, href: `/Salaries/${other.titleKey}`, count: formatCount(other.count) }));
    const props: SalaryPageProps = { title, titleKey: key, stats, byState: byState.slice(0, 20), searchHref: searchUrl({ search: title }), others };
    return reply.renderPage('salary', props, {
      title: stats ? `${title} salary: ${stats.medianText} ${stats.periodText}` : `${title} salary`,
      description: stats
        ? `The median ${title} pay is ${stats.medianText} ${stats.periodText}, from ${formatCount(stats.count)} open listings.`
        : `No open ${title} listings to compute pay from right now.`,
      canonicalPath: `/Salaries/${key}`,
      pageType: 'salary page',
      status: stats ? 200 : 404,
      noIndex: !stats,
    });
  });

  app.get('/Search-Jobs-Near-Me', async (request, reply) => {
    const now = app.now();
    const visitor = await visitorLocation(request);
    const located = visitor ? parseLocation(`${visitor.city}, ${visitor.region}`) : null;
    const place = located?.status === 'found' ? located.place : null;
    const criteria: SearchCriteria = { ...toCriteria(SearchQuerySchema.parse({})), location: place?.label ?? '', sort: 'date' };
    const [result, overview] = await Promise.all([searchJobs(app.db, app.dialect, { criteria, place, now }), listingOverview(app.db, now)]);
    const props: NearMePageProps = {
      placeLabel: place?.label ?? null,
      radius: DEFAULT_RADIUS_MILES,
      total: result.total,
      totalText: formatTotal(result),
      jobs: result.rows.slice(0, 10).map((row) => toJobCard(row, now)),
      moreHref: searchUrl({ location: place?.label ?? '', sort: 'date' }),
      topCities: overview.cities.slice(0, 12).map(({ city, state, count }) => ({
        label: `${city}, ${state}`,
        href: searchUrl({ location: `${city}, ${state}` }),
        count: formatCount(count),
      })),
    };
    return reply.renderPage('jobs-near-me', props, {
      title: place ? `Jobs near ${place.label}` : 'Jobs near me',
      description: 'Find open jobs near you, within 25 miles of where you are.',
      canonicalPath: '/Search-Jobs-Near-Me',
      pageType: 'jobs results page',
    });
  });

  app.get('/api/typeahead/titles', { schema: { querystring: TypeaheadQuerySchema, response: { 200: TypeaheadAnswerSchema } } }, async (request) => {
    const { q } = request.query;
    return { suggestions: suggestTitles(await listingOverview(app.db, app.now()), q) };
  });

  app.get('/api/typeahead/locations', { schema: { querystring: TypeaheadQuerySchema, response: { 200: TypeaheadAnswerSchema } } }, async (request) => {
    const { q } = request.query;
    return { suggestions: suggestLocations(await listingOverview(app.db, app.now()), q) };
  });

  app.get('/robots.txt', async (_request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /jobseeker/', 'Disallow: /authn/', '', `Sitemap: ${app.config.PUBLIC_URL}/sitemap.xml`, ''];
    return reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const files = Math.max(1, Math.ceil((await openJobCount(app.db)) / SITEMAP_JOBS_PER_FILE));
    const base = app.config.PUBLIC_URL;
    const entries = [`${base}/sitemaps/pages.xml`, ...Array.from({ length: files }, (_, i) => `${base}/sitemaps/jobs-${i + 1}.xml`)];
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      entries.map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`).join('\n') +
      '\n</sitemapindex>\n';
    return sendXml(reply, body);
  });

  app.get('/sitemaps/pages.xml', async (_request, reply) => {
    const overview = await listingOverview(app.db, app.now());
    const paths = [
      '/',
      '/browse',
      '/Salaries',
      '/Search-Jobs-Near-Me',
      ...JOB_CATEGORIES.map((category: JobCategory) => searchUrl({ category })),
      ...overview.cities.slice(0, 200).map(({ city, state }) => searchUrl({ location: `${city}, ${state}` })),
      ...overview.states.map(({ state }) => searchUrl({ location: state })),
      ...overview.titles.filter((title) => title.count >= 3).map((title) => `/Salaries/${title.titleKey}`),
    ];
    return sendXml(reply, urlSet(paths.map((path) => ({ loc: app.config.PUBLIC_URL + path }))));
  });

  app.get('/sitemaps/:file', { schema: { params: z.object({ file: pathSegment }) } }, async (request, reply) => {
    const params = SitemapParamsSchema.safeParse(request.params);
    if (!params.success) return sendNotFound(reply);
    const n = params.data.file;
    const jobs = await sitemapJobs(app.db, (n - 1) * SITEMAP_JOBS_PER_FILE, SITEMAP_JOBS_PER_FILE);
    if (jobs.length === 0 && n > 1) return sendNotFound(reply);
    return sendXml(
      reply,
      urlSet(jobs.map((job) => ({ loc: app.config.PUBLIC_URL + jobPath(job), lastmod: new Date(job.updated_at).toISOString().slice(0, 10) }))),
    );
  });
}

/**
 * A job's page: the public page of a live job, or (with `preview`) the employer's look at it in any
 * status, marked as a preview and never indexed.
 */
export async function renderJobPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  job: JobRow,
  preview: JobPageProps['preview'],
  questions: JobPageQuestion[] | null = null,
  cacheForVisitors?: VisitorCacheOptions,
) {
  const props = await jobDetailProps(app, request, job, preview, questions);
  const path = jobPath(job);
  const title = `${job.title} - ${job.company_name} - ${formatPlace(job)}`;
  return reply.renderPage('job', props, {
    title: preview ? `Preview: ${title}` : title,
    description: `${job.company_name} is hiring a ${job.title} in ${formatPlace(job)}. ${formatPay(job.pay_min, job.pay_max, job.pay_period, job.pay_currency)}.`,
    canonicalPath: preview ? undefined : path,
    pageType: job.apply_type === 'external' ? 'external apply' : 'individual job page',
    noIndex: preview !== null,
    ...(preview ? { noStore: true } : { head: `<script type="application/ld+json">${serializeForScript(jobPostingJsonLd(job, app.config.PUBLIC_URL))}</script>`, cacheForVisitors }),
  });
}

async function searchResults(app: FastifyInstance, typed: SearchCriteria, options: { asTyped: boolean }): Promise<SearchResultsProps> {
  const now = app.now();
  const typedLocation = parseLocation(typed.location);
  if (typedLocation.status === 'unknown') {
    const typedPlace = null;
    const effective = withAvailableSort(typed, typedPlace);
    return {
      criteria: effective,
      placeLabel: null,
      placeHasRadius: false,
      unknownLocation: {
        text: typedLocation.text,
        suggestions: typedLocation.suggestions.map((label) => ({ label, href: searchUrl({ ...effective, location: label, page: 1 }) })),
      },
      total: 0,
      totalText: '0',
      pageCount: 0,
      jobs: [],
      summary: `We could not find the place "${typedLocation.text}".`,
      savedJobIds: [],
      appliedJobIds: [],
    };
  }
  // The place read from the "What" box, the words' other names and a corrected typo (decisions 0260-0262).
  const searched = await searchAsMeant(app.db, app.dialect, typed, now, options);
  const { result, correction, place, criteria } = searched;
  app.jobFigures.countMany(result.rows.map((row) => row.id), 'search_appearances');
  const pageCount = Math.min(MAX_RESULT_PAGE, Math.ceil(result.total / RESULTS_PER_PAGE));
  return {
    criteria,
    placeLabel: place?.label ?? null,
    placeHasRadius: hasRadius(place),
    correction: correction ? { searchedFor: correction.search, typed: typed.search, typedHref: asTypedUrl(typed) } : null,
    placeFromWords: searched.placeFromWords ? { words: searched.placeFromWords.words, placeLabel: searched.placeFromWords.place.label, typedHref: asTypedUrl(typed) } : null,
    offers: result.total === 0 && criteria.page === 1 ? await zeroResultOffers(app, criteria, place) : [],
    unknownLocation: null,
    total: result.total,
    totalText: formatTotal(result),
    pageCount,
    jobs: result.rows.map((row) => toJobCard(row, now)),
    summary: searchSummary(result, criteria, place),
    savedJobIds: [],
    appliedJobIds: [],
  };
}

/**
 * "We found 83 open positions for "forklift" within 25 miles of Austin, TX" (spec 2.6 search-context
 * copy), "We found 1,000+ open positions ..." above the count bound; on the last page a search can
 * reach while more jobs match, how to see them (decision 0170).
 */
function searchSummary(result: JobSearchResult, criteria: SearchCriteria, place: Place | null): string {
  const summary = searchContext(result, criteria, place);
  if (!result.totalIsLowerBound || criteria.page < MAX_RESULT_PAGE) return summary;
  return `${summary}. Results stop at page ${MAX_RESULT_PAGE} (${formatCount(MAX_RESULT_PAGE * RESULTS_PER_PAGE)} jobs): add words, a place or a filter to see others`;
}

function searchContext(result: JobSearchResult, criteria: SearchCriteria, place: Place | null): string {
  const parts = [`We found ${formatTotal(result)} open ${result.total === 1 && !result.totalIsLowerBound ? 'position' : 'positions'}`];
  if (criteria.search) parts.push(`for "${criteria.search}"`);
  if (criteria.category) parts.push(`in ${JOB_CATEGORY_LABELS[criteria.category]}`);
  if (hasRadius(place)) parts.push(`within ${criteria.radius} miles of ${place.label}`);
  else if (place?.kind === 'state') parts.push(`in ${place.label}`);
  else if (place?.kind === 'remote') parts.push('that are remote');
  return parts.join(' ');
}

/** The search with its words as typed: no correction (decision 0261). */
function asTypedUrl(criteria: SearchCriteria): string {
  const url = searchUrl({ ...criteria, page: 1 });
  return `${url}${url.includes('?') ? '&' : '?'}as_typed=1`;
}

function resultsTitle(search: string, placeLabel: string | null, page: number): string {
  const what = search ? `${search} jobs` : 'Jobs';
  const where = placeLabel ? (placeLabel === 'Remote' ? ' (remote)' : ` in ${placeLabel}`) : '';
  const title = search || placeLabel ? `${what}${where}` : 'Search jobs';
  return page > 1 ? `${title}, page ${page}` : title;
}

const SCHEMA_EMPLOYMENT_TYPE = { full_time: 'FULL_TIME', part_time: 'PART_TIME', contract: 'CONTRACTOR', temporary: 'TEMPORARY', internship: 'INTERN' } as const;

/** schema.org JobPosting, the structured data search engines read for job listings. */
export function jobPostingJsonLd(job: JobRow, publicUrl: string) {
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description_markdown === null ? descriptionHtml(job.description) : renderJobMarkdown(job.description_markdown),
    identifier: { '@type': 'PropertyValue', name: job.company_name, value: job.id },
    datePosted: new Date(job.posted_at).toISOString(),
    ...(job.expires_at || job.closes_at ? { validThrough: new Date((job.expires_at ?? job.closes_at)!).toISOString() } : {}),
    employmentType: SCHEMA_EMPLOYMENT_TYPE[job.employment_type],
    hiringOrganization: { '@type': 'Organization', name: job.company_name },
    ...(job.city
      ? {
          jobLocation: {
            '@type': 'Place',
            address: { '@type': 'PostalAddress', addressLocality: job.city, addressRegion: job.state, ...(job.zip ? { postalCode: job.zip } : {}), addressCountry: 'US' },
          },
        }
      : {}),
    ...(job.remote
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: job.state ? { '@type': 'State', name: stateName(job.state) ?? job.state } : { '@type': 'Country', name: 'US' },
        }
      : {}),
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: job.pay_currency,
      value: { '@type': 'QuantitativeValue', minValue: job.pay_min, maxValue: job.pay_max, unitText: job.pay_period.toUpperCase() },
    },
    directApply: job.apply_type === 'on_site',
    url: publicUrl + jobPath(job),
  };
}

/** The description as simple HTML (paragraphs and lists), the form JobPosting.description expects. */
function descriptionHtml(text: string): string {
  let html = '';
  let inList = false;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const item = line.startsWith('- ');
    if (item && !inList) html += '<ul>';
    if (!item && inList) html += '</ul>';
    inList = item;
    html += item ? `<li>${escapeHtml(line.slice(2))}</li>` : `<p>${escapeHtml(line)}</p>`;
  }
  return inList ? `${html}</ul>` : html;
}

/** Short enough for a table column on a phone: "$20.25/hr", "$52,300/yr". */
function moneyText(value: number, period: 'hour' | 'year'): string {
  return period === 'hour' ? `$${value.toFixed(2)}/hr` : `$${formatCount(Math.round(value / 100) * 100)}/yr`;
}

function titleFromKey(key: string): string {
  return key.replace(/-/g, ' ').replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

function urlSet(urls: Array<{ loc: string; lastmod?: string }>): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.map(({ loc, lastmod }) => `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`).join('\n') +
    '\n</urlset>\n'
  );
}

function sendXml(reply: FastifyReply, body: string) {
  return reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
}
