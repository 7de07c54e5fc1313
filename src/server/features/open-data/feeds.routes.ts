// Feeds of open jobs (issue 48): an Atom feed for every search and for every company (decision 0265).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { companyPath } from '../../../shared/companies/company-path';
import { JOB_CATEGORY_LABELS } from '../../../shared/jobs/enums';
import { searchUrl, type SearchCriteria } from '../../../shared/jobs/search-url';
import { companyFeedPath, OPEN_DATA_PATHS } from '../../../shared/open-data/paths';
import { sendNotFound } from '../../shared/refusals';
import type { RoutesApp } from '../../shared/route-contracts';
import { findCompanyBySlug } from '../companies/company.service';
import { SearchQuerySchema, toCriteria } from '../jobs/search-query';
import { aggregatorFeed } from './aggregator-feed';
import { ATOM_CONTENT_TYPE, atomFeed, summaryOf } from './atom-feed';
import { createKeptAnswers, matchesIfNoneMatch, type KeptAnswer } from './kept-answers';
import { companyOpenJobs } from './open-jobs.repository';
import { openSearch } from './open-search';

/**
 * How long the aggregators' feed may be kept by a cache: a job posted or closed shows in it within a
 * minute (issue 48). The server keeps nothing: each request streams the open jobs as they are.
 */
export const AGGREGATOR_FEED_MAX_AGE_SECONDS = 60;

/** As many jobs as the company's own page lists. */
export const COMPANY_FEED_JOBS = 100;

const CompanyFeedParamsSchema = z.object({ file: z.string().max(130) });

export default async function feedsRoutes(app: RoutesApp) {
  const kept = createKeptAnswers(app);
  const maxAgeSeconds = app.config.JOB_PAGES_CACHE_SECONDS;
  const publicUrl = app.config.PUBLIC_URL;

  /** Sends a kept feed: cacheable by anyone for as long as a visitor's results page, 304 when unchanged. */
  const sendFeed = (request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) => {
    // Public data: a feed reader running in a browser on another site may read it too.
    reply.header('content-type', ATOM_CONTENT_TYPE).header('cache-control', `public, max-age=${maxAgeSeconds}`).header('etag', answer.etag).header('access-control-allow-origin', '*');
    if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
    return reply.send(answer.body);
  };

  // The results page's criteria, read as it reads them: a malformed value falls back to its default,
  // so a feed reader holding an old link still gets a feed. The feed is the search's first page.
  app.get(OPEN_DATA_PATHS.searchFeed, { schema: { querystring: SearchQuerySchema } }, async (request, reply) => {
    const criteria: SearchCriteria = { ...toCriteria(request.query), page: 1 };
    const answer = await kept(`search\u0000${request.url}`, maxAgeSeconds * 1000, async () => {
      const found = await openSearch(app, criteria);
      return atomFeed({
        title: `${searchTitle(found.criteria, found.place?.label ?? null)} on Jobwise`,
        selfUrl: publicUrl + request.url,
        pageUrl: publicUrl + searchUrl(found.criteria),
        publicUrl,
        jobs: found.result.rows.map((row) => ({ ...row, summary: summaryOf(row.snippet) })),
        now: app.now(),
      });
    });
    return sendFeed(request, reply, answer);
  });

  app.get(OPEN_DATA_PATHS.aggregatorFeed, async (_request, reply) => {
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', `public, max-age=${AGGREGATOR_FEED_MAX_AGE_SECONDS}`)
      .send(aggregatorFeed(app.db, publicUrl, app.now()));
  });

  app.get('/feeds/companies/:file', { schema: { params: CompanyFeedParamsSchema } }, async (request, reply) => {
    const slug = /^(.+)\.atom$/.exec(request.params.file)?.[1];
    const company = slug ? await findCompanyBySlug(app.db, slug) : undefined;
    if (!company) return sendNotFound(reply, { cacheControl: 'no-store' });
    const answer = await kept(`company\u0000${company.id}`, maxAgeSeconds * 1000, async () => {
      const jobs = await companyOpenJobs(app.db, company.id, null, COMPANY_FEED_JOBS);
      return atomFeed({
        title: `Jobs at ${company.name} on Jobwise`,
        selfUrl: publicUrl + companyFeedPath(company.slug),
        pageUrl: publicUrl + companyPath(company),
        publicUrl,
        jobs: jobs.map((job) => ({ ...job, summary: summaryOf(job.description) })),
        now: app.now(),
      });
    });
    return sendFeed(request, reply, answer);
  });
}

/** "Forklift jobs in Austin, TX", "Remote jobs", "Jobs": what the search is, in a reader's list. */
function searchTitle(criteria: SearchCriteria, placeLabel: string | null): string {
  const what = criteria.search ? `${criteria.search} jobs` : criteria.category ? `${JOB_CATEGORY_LABELS[criteria.category]} jobs` : 'Jobs';
  const where = placeLabel ? (placeLabel === 'Remote' ? ' (remote)' : ` in ${placeLabel}`) : '';
  return `${what}${where}`;
}
