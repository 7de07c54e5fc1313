// The public read API (issue 48, decision 0266): anonymous, read-only, JSON with stable snake_case
// fields. Its routes declare their contracts with zod (api-contract.ts); @fastify/swagger, registered in
// this plugin's own context, builds the OpenAPI document from exactly these routes.
import swagger from '@fastify/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyPath } from '../../../shared/companies/company-path';
import { RESULTS_PER_PAGE } from '../../../shared/jobs/enums';
import { registrationErrorMessage } from '../../../shared/registration/statuses';
import { companyFeedPath, OPEN_DATA_PATHS } from '../../../shared/open-data/paths';
import { InputValidationError } from '../../plugins/errors';
import { sendNotFound } from '../../shared/refusals';
import type { RoutesApp } from '../../shared/route-contracts';
import { companyLogoUrl, findCompanyById, findCompanyBySlug } from '../companies/company.service';
import type { RateLimit } from '../rate-limits/rate-limiter';
import { SearchQuerySchema, toCriteria } from '../jobs/search-query';
import {
  ApiCompanyJobsAnswerSchema,
  ApiCompanySchema,
  ApiJobDetailSchema,
  ApiJobsAnswerSchema,
  ApiJobsQuerySchema,
  ApiRefusalSchema,
  CompanyJobsQuerySchema,
  CompanySlugParamsSchema,
  encodeCursor,
  ListingKeySchema,
} from './api-contract';
import { apiReferenceHtml, type OpenApiDocument } from './api-reference';
import { apiCompanyJob, apiJobDetail, apiSearchJob } from './api-view';
import { etagOf, matchesIfNoneMatch } from './kept-answers';
import { companyOpenJobCount, companyOpenJobs, findPublishedJob } from './open-jobs.repository';
import { openSearch } from './open-search';

export const API_VERSION = '1.0.0';
const API_TAG_JOBS = 'Jobs';
const API_TAG_COMPANIES = 'Companies';

const refusals = { 400: ApiRefusalSchema, 429: ApiRefusalSchema };
const refusalsWith404 = { ...refusals, 404: ApiRefusalSchema };

/** The OpenAPI document itself: checked only for what makes it one. */
const OpenApiDocumentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });

export default async function openDataApiRoutes(app: RoutesApp) {
  const publicUrl = app.config.PUBLIC_URL;
  const cacheControl = `public, max-age=${app.config.JOB_PAGES_CACHE_SECONDS}`;

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Jobwise open jobs API',
        version: API_VERSION,
        description:
          'Read-only and anonymous: the open jobs on Jobwise, searched with the same criteria as the results page, and companies with their open jobs. ' +
          `Answers are JSON with stable field names, cacheable (Cache-Control, ETag). Each client address may make ${app.config.API_RATE_LIMIT_PER_MINUTE} calls a minute; ` +
          'every answer says how many are left in its RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers, and a call beyond the limit gets 429 with Retry-After.',
      },
      servers: [{ url: publicUrl }],
      tags: [
        { name: API_TAG_JOBS, description: 'Open jobs and the search.' },
        { name: API_TAG_COMPANIES, description: 'Companies and their open jobs.' },
      ],
    },
    transform: jsonSchemaTransform,
  });

  // A per-client limit, counted in memory first like the ingest's (decision 0086), told in the
  // RateLimit headers of draft-ietf-httpapi-ratelimit-headers. Counted before the schema is checked,
  // so a refused request counts too.
  const limit: RateLimit = { name: 'api-client', max: app.config.API_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 };
  app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!request.routeOptions.url?.startsWith(OPEN_DATA_PATHS.apiBase)) return done();
    const decision = app.ingestLimits.limiter.consume([{ limit, subject: request.clientKey }], 1, app.now());
    reply.header('access-control-allow-origin', '*').header('ratelimit-policy', `${limit.max};w=${limit.windowMs / 1000}`).header('ratelimit-limit', String(limit.max));
    if (decision.allowed) {
      reply.header('ratelimit-remaining', String(decision.remaining)).header('ratelimit-reset', String(decision.resetSeconds));
      return done();
    }
    const message = registrationErrorMessage('RATE_LIMITING_THROTTLED');
    reply
      .status(429)
      .header('ratelimit-remaining', '0')
      .header('ratelimit-reset', String(decision.retryAfterSeconds))
      .header('retry-after', String(decision.retryAfterSeconds))
      .header('cache-control', 'no-store')
      .send({ status: 'RATE_LIMITING_THROTTLED', error_message: message, error: message });
  });

  // Every answer of 200 is cacheable by anyone (nothing in it is personal) and carries a strong ETag of
  // its bytes: the same If-None-Match gets 304 with no body.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return done(null, payload);
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', cacheControl);
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return done(null, payload);
    reply.status(304).removeHeader('content-encoding');
    reply.removeHeader('content-type');
    return done(null, '');
  });

  app.get(
    `${OPEN_DATA_PATHS.apiBase}/jobs`,
    {
      schema: {
        tags: [API_TAG_JOBS],
        summary: 'Search the open jobs',
        description: 'The same search as the results page (/jobs-search) with the same criteria: the same jobs in the same order, 20 a page.',
        querystring: ApiJobsQuerySchema,
        response: { 200: ApiJobsAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const query = request.query;
      // Read by the results page's own schema, so both search with the same criteria (decision 0265).
      const criteria = toCriteria(
        SearchQuerySchema.parse({
          search: query.search,
          location: query.location,
          radius: query.radius,
          min_pay: query.min_pay,
          type: query.type,
          category: query.category,
          posted: query.posted,
          remote: query.remote === 'true' ? '1' : '',
          sort: query.sort,
          page: query.cursor?.p ?? 1,
        }),
      );
      const found = await openSearch(app, criteria);
      if (found.unknownPlace !== null) {
        throw new InputValidationError([{ code: 'custom', path: ['location'], message: `No place called "${found.unknownPlace}" is known: try a city and state, a ZIP code, a state or "Remote".`, input: query.location }]);
      }
      return {
        jobs: found.result.rows.map((row) => apiSearchJob(row, publicUrl)),
        total: found.result.total,
        total_is_lower_bound: found.result.totalIsLowerBound,
        place: found.place?.label ?? null,
        sort: found.criteria.sort,
        next_cursor: found.hasNextPage ? encodeCursor({ p: found.criteria.page + 1 }) : null,
      };
    },
  );

  app.get(
    `${OPEN_DATA_PATHS.apiBase}/jobs/:listingKey`,
    {
      schema: {
        tags: [API_TAG_JOBS],
        summary: 'One open job',
        description: 'Everything the job page shows. 404 once the job is closed.',
        params: z.object({ listingKey: ListingKeySchema }),
        response: { 200: ApiJobDetailSchema, ...refusalsWith404 },
      },
    },
    async (request, reply) => {
      const job = await findPublishedJob(app.db, request.params.listingKey);
      if (!job) return sendNotFound(reply, { message: 'This job is no longer open.', cacheControl });
      return apiJobDetail(job, await findCompanyById(app.db, job.company_id), publicUrl);
    },
  );

  app.get(
    `${OPEN_DATA_PATHS.apiBase}/companies/:slug`,
    {
      schema: {
        tags: [API_TAG_COMPANIES],
        summary: 'A company',
        description: 'The company as its page shows it, with how many of its jobs are open.',
        params: CompanySlugParamsSchema,
        response: { 200: ApiCompanySchema, ...refusalsWith404 },
      },
    },
    async (request, reply) => {
      const company = await findCompanyBySlug(app.db, request.params.slug);
      if (!company) return sendNotFound(reply, { cacheControl });
      const logo = companyLogoUrl(company);
      return {
        slug: company.slug,
        name: company.name,
        url: publicUrl + companyPath(company),
        website: company.website,
        industry: company.industry,
        description: company.description,
        logo_url: logo ? publicUrl + logo : null,
        open_jobs: await companyOpenJobCount(app.db, company.id),
        jobs_url: `${publicUrl}${OPEN_DATA_PATHS.apiBase}/companies/${encodeURIComponent(company.slug)}/jobs`,
        feed_url: publicUrl + companyFeedPath(company.slug),
      };
    },
  );

  app.get(
    `${OPEN_DATA_PATHS.apiBase}/companies/:slug/jobs`,
    {
      schema: {
        tags: [API_TAG_COMPANIES],
        summary: "A company's open jobs",
        description: 'Newest first, 20 a page; follow `next_cursor` for the rest.',
        params: CompanySlugParamsSchema,
        querystring: CompanyJobsQuerySchema,
        response: { 200: ApiCompanyJobsAnswerSchema, ...refusalsWith404 },
      },
    },
    async (request, reply) => {
      const company = await findCompanyBySlug(app.db, request.params.slug);
      if (!company) return sendNotFound(reply, { cacheControl });
      const after = request.query.cursor ? { postedAt: request.query.cursor.t, id: request.query.cursor.i } : null;
      const rows = await companyOpenJobs(app.db, company.id, after, RESULTS_PER_PAGE + 1);
      const page = rows.slice(0, RESULTS_PER_PAGE);
      const last = page[page.length - 1];
      return {
        jobs: page.map((job) => apiCompanyJob(job, publicUrl)),
        next_cursor: rows.length > RESULTS_PER_PAGE && last ? encodeCursor({ t: Number(last.posted_at), i: last.id }) : null,
      };
    },
  );

  app.get(
    OPEN_DATA_PATHS.openApiDocument,
    {
      schema: {
        tags: ['Description'],
        summary: 'This API described (OpenAPI 3.1)',
        response: { 200: OpenApiDocumentSchema, 429: ApiRefusalSchema },
      },
    },
    async () => app.swagger() as z.infer<typeof OpenApiDocumentSchema>,
  );

  // Read by people: a page of the site, written from the document (decision 0266).
  app.get(OPEN_DATA_PATHS.apiReference, { schema: { hide: true } }, async (_request, reply) => {
    const document = app.swagger() as unknown as OpenApiDocument;
    return reply.renderPage(
      'content',
      { title: 'Jobwise API reference', html: apiReferenceHtml(document, OPEN_DATA_PATHS.openApiDocument) },
      { title: 'API reference', description: 'The Jobwise open jobs API: search open jobs, read a job, a company and its jobs.', canonicalPath: OPEN_DATA_PATHS.apiReference, cacheForVisitors: true },
    );
  });
}
