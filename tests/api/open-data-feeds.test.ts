import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAtom, textOf } from '../support/feed-parsing';
import { insertJob } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const PUBLIC_URL = 'http://localhost:3000';
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
const pageData = (body: string) => JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(body)![1]!);
const resultPaths = async (query: string): Promise<string[]> => pageData((await get(`/jobs-search?${query}`)).body).props.jobs.map((job: { path: string }) => job.path);
const feedPaths = async (query: string): Promise<string[]> => {
  const response = await get(`/feeds/jobs-search.atom?${query}`);
  expect(response.statusCode).toBe(200);
  return parseAtom(response.body).entries.map((entry) => entry.link[0]!['@href'].replace(PUBLIC_URL, ''));
};

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  for (let i = 0; i < 30; i += 1) {
    await insertJob(t.app.db, now, { id: `feedfork${String(i).padStart(2, '0')}`, title: i % 3 ? 'Forklift Operator' : 'Forklift Driver', place: i % 2 ? 'austin' : 'roundRock', ageDays: 1 + (i % 9), employment_type: i % 4 ? 'full_time' : 'part_time' });
  }
  await insertJob(t.app.db, now, { id: 'feedchic01', title: 'Forklift Operator', place: 'chicago' });
  await insertJob(t.app.db, now, { id: 'feedclos01', title: 'Forklift Operator', place: 'austin', status: 'closed' });
  await insertJob(t.app.db, now, { id: 'feeddraf01', title: 'Forklift Operator', place: 'austin', status: 'draft' });
  await insertJob(t.app.db, now, { id: 'feedrevw01', title: 'Forklift Operator', place: 'austin', status: 'in_review' });
});
afterAll(async () => t.close());

describe('the Atom feed of a search', () => {
  it('lists the jobs of the results page for the same words, place, radius and filters', async () => {
    for (const query of ['search=forklift&location=Austin%2C+TX', 'search=forklift&location=Austin%2C+TX&radius=10', 'search=forklift+operator&type=full_time&sort=date', 'location=TX&posted=7', 'search=forklift']) {
      const fromPage = await resultPaths(query);
      expect(fromPage.length, query).toBeGreaterThan(0);
      expect(await feedPaths(query), query).toEqual(fromPage);
    }
  });

  it('never lists a closed, draft or in-review job', async () => {
    const paths = await feedPaths('search=forklift&location=Austin%2C+TX&sort=date');
    for (const id of ['feedclos01', 'feeddraf01', 'feedrevw01']) expect(paths.some((path) => path.endsWith(id))).toBe(false);
  });

  it('is an Atom document with the search in its title, its own address and no personal data', async () => {
    const response = await get('/feeds/jobs-search.atom?search=forklift&location=Austin%2C+TX');
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const { feed, entries } = parseAtom(response.body);
    expect(textOf(feed.title)).toBe('forklift jobs in Austin, TX on Jobwise');
    expect(feed.link.find((link) => link['@rel'] === 'self')?.['@href']).toBe(`${PUBLIC_URL}/feeds/jobs-search.atom?search=forklift&location=Austin%2C+TX`);
    expect(textOf(entries[0]!.title)).toMatch(/^Forklift (Operator|Driver) at Test Logistics$/);
    expect(response.body).not.toMatch(/@|apply_email/);
  });

  it('answers a malformed criterion with its default, as the results page does, and an unknown place with no jobs', async () => {
    expect(await feedPaths('search=forklift&radius=7&type=nonsense')).toEqual(await resultPaths('search=forklift&radius=7&type=nonsense'));
    const unknown = await get('/feeds/jobs-search.atom?location=Nowhereville%2C+ZZ');
    expect(unknown.statusCode).toBe(200);
    expect(parseAtom(unknown.body).entries).toEqual([]);
  });

  it('is cached like a visitor page: an ETag and 304, dropped when an employer changes a job, stale after the page cache time', async () => {
    const url = '/feeds/jobs-search.atom?search=forklift&location=Chicago%2C+IL';
    const first = await get(url);
    expect(first.headers['cache-control']).toBe(`public, max-age=${t.config.JOB_PAGES_CACHE_SECONDS}`);
    const etag = String(first.headers.etag);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    expect(parseAtom(first.body).entries).toHaveLength(1);
    await t.app.db.updateTable('jobs').set({ status: 'closed' }).where('id', '=', 'feedchic01').execute();
    // Kept until the cache time passes or an employer's change on this instance drops it.
    expect(parseAtom((await get(url)).body).entries).toHaveLength(1);
    t.app.forgetVisitorPages();
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(parseAtom(after.body).entries).toHaveLength(0);
    await t.app.db.updateTable('jobs').set({ status: 'open' }).where('id', '=', 'feedchic01').execute();
    t.clock.advance(t.config.JOB_PAGES_CACHE_SECONDS * 1000 + 1);
    expect(parseAtom((await get(url)).body).entries).toHaveLength(1);
  });
});

describe('the results page', () => {
  it('links its feed in the head and on the page', async () => {
    const body = (await get('/jobs-search?search=forklift&location=Austin%2C+TX&page=2')).body;
    expect(body).toContain('<link rel="alternate" type="application/atom+xml" title="forklift jobs in Austin, TX feed" href="/feeds/jobs-search.atom?search=forklift&#38;location=Austin%2C+TX">');
    expect(body).toMatch(/<a class="results-feed" href="\/feeds\/jobs-search.atom\?search=forklift&amp;location=Austin%2C\+TX" type="application\/atom\+xml">Feed of this search<\/a>/);
  });
});

describe("a company's feed", () => {
  it('lists its open jobs, newest first, and nothing closed or in draft', async () => {
    const response = await get('/feeds/companies/test-logistics.atom');
    expect(response.statusCode).toBe(200);
    const { feed, entries } = parseAtom(response.body);
    expect(textOf(feed.title)).toBe('Jobs at Test Logistics on Jobwise');
    const open = await t.app.db.selectFrom('jobs').select(['id', 'posted_at']).where('status', '=', 'open').orderBy('posted_at', 'desc').orderBy('id', 'desc').execute();
    expect(entries.map((entry) => entry.link[0]!['@href'].split('-').pop())).toEqual(open.map((job) => job.id));
    const updated = entries.map((entry) => Date.parse(entry.updated));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    expect(Date.parse(feed.updated)).toBe(Number(open[0]!.posted_at));
  });

  it('is 404 for an unknown company or address', async () => {
    expect((await get('/feeds/companies/no-such-company.atom')).statusCode).toBe(404);
    expect((await get('/feeds/companies/test-logistics.rss')).statusCode).toBe(404);
  });
});
