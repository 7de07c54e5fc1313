import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJob } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const routes: RouteOptions[] = [];
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...headers } });
const pageData = (body: string) => JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(body)![1]!);
const resultPaths = async (query: string): Promise<string[]> => pageData((await get(`/jobs-search?${query}`, { accept: 'text/html' })).body).props.jobs.map((job: { path: string }) => job.path);
const apiPaths = (jobs: Array<{ url: string }>) => jobs.map((job) => new URL(job.url).pathname);
const cursorFor = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route) => routes.push(route) });
  const now = t.clock.now();
  for (let i = 0; i < 45; i += 1) {
    await insertJob(t.app.db, now, { id: `apifork${String(i).padStart(3, '0')}`, title: i % 3 ? 'Forklift Operator' : 'Forklift Driver', place: i % 2 ? 'austin' : 'roundRock', ageDays: 1 + (i % 11), employment_type: i % 4 ? 'full_time' : 'part_time', remote: i % 7 === 0 ? 1 : 0 });
  }
  await insertJob(t.app.db, now, { id: 'apiclos001', title: 'Forklift Operator', place: 'austin', status: 'closed' });
  await insertJob(t.app.db, now, { id: 'apidraf001', title: 'Forklift Operator', place: 'austin', status: 'draft' });
  await insertJob(t.app.db, now, { id: 'apiexpd001', title: 'Forklift Operator', place: 'austin', status: 'expired' });
  await t.app.db.insertInto('companies').values({ id: 'co-other', name: 'Other Co', slug: 'other-co', created_at: 0 }).execute();
});
afterAll(async () => t.close());

describe('GET /api/v1/jobs', () => {
  it('gives the jobs of the results page for the same criteria, page after page by cursor', async () => {
    const criteria = [
      ['search=forklift&location=Austin%2C+TX', 'search=forklift&location=Austin%2C+TX'],
      ['search=forklift&location=Austin%2C+TX&radius=10&sort=distance', 'search=forklift&location=Austin%2C+TX&radius=10&sort=distance'],
      ['search=forklift+operator&type=part_time&sort=date', 'search=forklift+operator&type=part_time&sort=date'],
      ['location=TX&posted=7&category=warehouse', 'location=TX&posted=7&category=warehouse'],
      ['search=forklift&remote=true', 'search=forklift&remote=1'],
    ];
    for (const [apiQuery, pageQuery] of criteria) {
      let cursor: string | null = null;
      let page = 1;
      do {
        const response = await get(`/api/v1/jobs?${apiQuery}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.statusCode, apiQuery).toBe(200);
        const answer = response.json();
        const fromPage = await resultPaths(`${pageQuery}&page=${page}`);
        expect(apiPaths(answer.jobs), `${apiQuery} page ${page}`).toEqual(fromPage);
        cursor = answer.next_cursor;
        page += 1;
      } while (cursor);
      expect(page, apiQuery).toBeGreaterThan(1);
    }
    const first = (await get('/api/v1/jobs?search=forklift')).json();
    expect(first.total).toBe(45);
    expect(first.jobs).toHaveLength(20);
    const third = (await get(`/api/v1/jobs?search=forklift&cursor=${cursorFor({ p: 3 })}`)).json();
    expect(third.jobs).toHaveLength(5);
    expect(third.next_cursor).toBeNull();
  });

  it('holds the search bound on deep pages: no cursor past the last page a search reaches', async () => {
    const deepest = await get(`/api/v1/jobs?cursor=${cursorFor({ p: 50 })}`);
    expect(deepest.statusCode).toBe(200);
    expect(deepest.json().next_cursor).toBeNull();
    const beyond = await get(`/api/v1/jobs?cursor=${cursorFor({ p: 51 })}`);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().details).toMatch(/^cursor: /);
  });

  it('never lists a closed, draft or expired job', async () => {
    const listed: string[] = [];
    let cursor: string | null = null;
    do {
      const answer: { jobs: Array<{ listing_key: string }>; next_cursor: string | null } = (await get(`/api/v1/jobs?search=forklift&location=Austin%2C+TX${cursor ? `&cursor=${cursor}` : ''}`)).json();
      listed.push(...answer.jobs.map((job) => job.listing_key));
      cursor = answer.next_cursor;
    } while (cursor);
    expect(listed.length).toBeGreaterThan(20);
    for (const key of ['lk_apiclos001', 'lk_apidraf001', 'lk_apiexpd001']) expect(listed).not.toContain(key);
  });

  it('refuses bad criteria with 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['radius=7', 'radius'],
      ['type=forever', 'type'],
      ['category=astronaut', 'category'],
      ['sort=random', 'sort'],
      ['posted=2', 'posted'],
      ['min_pay=1', 'min_pay'],
      ['remote=yes', 'remote'],
      [`search=${'a'.repeat(201)}`, 'search'],
      ['search=a&search=b', 'search'],
      ['cursor=not-a-cursor', 'cursor'],
      ['location=Nowhereville%2C+ZZ', 'location'],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/api/v1/jobs?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ status: 'PROTO_VALIDATION_ERROR' });
      expect(response.json().details, query).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('is cacheable by anyone, with an ETag that answers 304 while nothing changed', async () => {
    const first = await get('/api/v1/jobs?search=forklift');
    expect(first.headers['cache-control']).toBe(`public, max-age=${t.config.JOB_PAGES_CACHE_SECONDS}`);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/api/v1/jobs?search=forklift', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.app.db.updateTable('jobs').set({ title: 'Forklift Lead' }).where('id', '=', 'apifork001').execute();
    const changed = await get('/api/v1/jobs?search=forklift', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('GET /api/v1/jobs/{listingKey}', () => {
  it("answers an open job's detail, and 404 for a closed, draft, expired or unknown one", async () => {
    const response = await get('/api/v1/jobs/lk_apifork002');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      listing_key: 'lk_apifork002',
      title: 'Forklift Operator',
      company: { name: 'Test Logistics', slug: 'test-logistics', url: 'http://localhost:3000/company/test-logistics' },
      apply_url: response.json().url,
      benefits: ['Health insurance', 'Paid time off'],
      pay: { min: 16, max: 20, period: 'hour', currency: 'USD' },
    });
    for (const key of ['lk_apiclos001', 'lk_apidraf001', 'lk_apiexpd001', 'lk_nosuchjob']) {
      const refused = await get(`/api/v1/jobs/${key}`);
      expect(refused.statusCode, key).toBe(404);
      expect(refused.json().status).toBe('NOT_FOUND');
    }
    expect((await get("/api/v1/jobs/lk_x'--")).json().details).toMatch(/^listingKey: /);
  });
});

describe('GET /api/v1/companies/{slug} and its jobs', () => {
  it('answers the company with its count of open jobs, and its open jobs newest first by cursor', async () => {
    const company = (await get('/api/v1/companies/test-logistics')).json();
    expect(company).toMatchObject({ slug: 'test-logistics', name: 'Test Logistics', open_jobs: 45, feed_url: 'http://localhost:3000/feeds/companies/test-logistics.atom' });
    const open = await t.app.db.selectFrom('jobs').select('listing_key').where('status', '=', 'open').orderBy('posted_at', 'desc').orderBy('id', 'desc').execute();
    const listed: string[] = [];
    let cursor: string | null = null;
    do {
      const answer: { jobs: Array<{ listing_key: string }>; next_cursor: string | null } = (await get(`/api/v1/companies/test-logistics/jobs${cursor ? `?cursor=${cursor}` : ''}`)).json();
      listed.push(...answer.jobs.map((job) => job.listing_key));
      cursor = answer.next_cursor;
    } while (cursor);
    expect(listed).toEqual(open.map((job) => job.listing_key));
    expect((await get('/api/v1/companies/other-co/jobs')).json()).toEqual({ jobs: [], next_cursor: null });
  });

  it('is 404 for an unknown company and 400 for a bad cursor', async () => {
    expect((await get('/api/v1/companies/no-such-co')).statusCode).toBe(404);
    expect((await get('/api/v1/companies/no-such-co/jobs')).statusCode).toBe(404);
    const bad = await get(`/api/v1/companies/test-logistics/jobs?cursor=${cursorFor({ p: 2 })}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatch(/^cursor: /);
  });
});

describe('the OpenAPI document', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  it('describes every /api/v1 route, and real answers validate against it', async () => {
    const response = await get('/api/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const apiRoutes = routes.filter((route) => route.url.startsWith('/api/v1') && route.method !== 'HEAD');
    expect(apiRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of apiRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path]?.get, path).toBeDefined();
    }
    const calls: Array<[string, string, number]> = [
      ['/api/v1/jobs', '/api/v1/jobs?search=forklift&location=Austin%2C+TX', 200],
      ['/api/v1/jobs', '/api/v1/jobs?radius=7', 400],
      ['/api/v1/jobs/{listingKey}', '/api/v1/jobs/lk_apifork003', 200],
      ['/api/v1/jobs/{listingKey}', '/api/v1/jobs/lk_apiclos001', 404],
      ['/api/v1/companies/{slug}', '/api/v1/companies/test-logistics', 200],
      ['/api/v1/companies/{slug}', '/api/v1/companies/nope', 404],
      ['/api/v1/companies/{slug}/jobs', '/api/v1/companies/test-logistics/jobs', 200],
      ['/api/v1/openapi.json', '/api/v1/openapi.json', 200],
    ];
    for (const [path, url, status] of calls) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(status);
      const schema = document.paths[path].get.responses[String(status)]?.content?.['application/json']?.schema;
      expect(schema, `${path} ${status}`).toBeDefined();
      const validate = ajv.compile(schema);
      expect(validate(answer.json()), `${url}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it('is read at /api/docs as a page', async () => {
    const page = await get('/api/docs', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('GET /api/v1/jobs');
  });
});

describe('the rate limit', () => {
  it('tells each client its limit in the RateLimit headers and refuses beyond it with 429', async () => {
    const limited = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const call = (address: string) => limited.app.inject({ method: 'GET', url: '/api/v1/jobs?search=forklift', remoteAddress: address });
      const first = await call('203.0.113.9');
      expect(first.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '2', 'ratelimit-policy': '3;w=60' });
      expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
      await call('203.0.113.9');
      expect((await call('203.0.113.9')).headers['ratelimit-remaining']).toBe('0');
      const refused = await call('203.0.113.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().status).toBe('RATE_LIMITING_THROTTLED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another client has its own count; bad criteria count too.
      expect((await call('203.0.113.10')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
