import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerOf, pageData } from '../support/employer-helpers';
import { insertJob } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const titles = (html: string) => [...html.matchAll(/<a class="title"[^>]*>([^<]*)<\/a>/g)].map((match) => match[1]);

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  await insertJob(t.app.db, now, { id: 'embdaus001', title: 'Forklift Operator', place: 'austin', ageDays: 1 });
  await insertJob(t.app.db, now, { id: 'embdchi001', title: 'Forklift Driver', place: 'chicago', ageDays: 2 });
  await insertJob(t.app.db, now, { id: 'embdaus002', title: 'Stock Clerk', place: 'austin', ageDays: 3 });
  await insertJob(t.app.db, now, { id: 'embdclos01', title: 'Closed Forklift Job', place: 'austin', status: 'closed' });
  await insertJob(t.app.db, now, { id: 'embddraf01', title: 'Draft Forklift Job', place: 'austin', status: 'draft' });
});
afterAll(async () => t.close());

describe("a company's embed page", () => {
  it('lists its open jobs, newest first, each linking to its page on Jobwise in a new tab', async () => {
    const response = await get('/embed/companies/test-logistics');
    expect(response.statusCode).toBe(200);
    expect(titles(response.body)).toEqual(['Forklift Operator', 'Forklift Driver', 'Stock Clerk']);
    expect(response.body).toContain('<a class="title" href="http://localhost:3000/job/forklift-operator-austin-tx-embdaus001" target="_blank" rel="noopener">');
    expect(response.body).toContain('<p class="count" role="status">3 open jobs</p>');
  });

  it('filters by words and by place', async () => {
    expect(titles((await get('/embed/companies/test-logistics?q=forklift')).body)).toEqual(['Forklift Operator', 'Forklift Driver']);
    expect(titles((await get('/embed/companies/test-logistics?location=Austin%2C+TX')).body)).toEqual(['Forklift Operator', 'Stock Clerk']);
    const both = (await get('/embed/companies/test-logistics?q=forklift&location=Austin%2C+TX')).body;
    expect(titles(both)).toEqual(['Forklift Operator']);
    expect(both).toContain('<option value="Austin, TX" selected>Austin, TX</option>');
  });

  it('may be framed by any site, and only it: its CSP allows its own style by hash and our script alone', async () => {
    const response = await get('/embed/companies/test-logistics?accent=AA3300');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(response.headers['x-frame-options']).toBeUndefined();
    const style = /<style>(.*?)<\/style>/s.exec(response.body)![1]!;
    expect(style).toContain('--accent:#aa3300');
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(csp).toContain("script-src 'self'");
    expect(response.body).toContain('<script src="/embed/frame.js" defer></script>');
    // Every other page still refuses to be framed.
    for (const url of ['/jobs-search', '/company/test-logistics', '/api/v1/jobs']) {
      const other = await get(url);
      expect(String(other.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
  });

  it('reads a malformed colour or an unknown company as a person would expect', async () => {
    expect((await get('/embed/companies/test-logistics?accent=red;}body{x')).body).toContain('--accent:#1f7a45');
    expect((await get('/embed/companies/no-such-company')).statusCode).toBe(404);
  });

  it('posts its height to its parent from a script of our own', async () => {
    const script = await get('/embed/frame.js');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain("parent.postMessage({ type: \"jobwise-embed-height\"");
  });
});

describe('the snippet on /employer/company', () => {
  it("gives the owner their company's iframe and the listener that sizes it, checking our origin and that frame", async () => {
    const owner = await ownerOf(t.app, 'careers@acme.example', 'Acme Careers');
    const page = await t.app.inject({ method: 'GET', url: '/employer/company', headers: { cookie: owner.jar.header() } });
    expect(page.statusCode).toBe(200);
    const { embed } = pageData<{ embed: { snippet: string; previewHref: string } }>(page.body).props;
    expect(embed.previewHref).toBe(`/embed/companies/${owner.slug}`);
    expect(embed.snippet).toContain(`<iframe id="jobwise-jobs-${owner.slug}" src="http://localhost:3000/embed/companies/${owner.slug}" title="Jobs at Acme Careers"`);
    expect(embed.snippet).toContain('event.origin !== "http://localhost:3000"');
    expect(embed.snippet).toContain('event.source !== frame.contentWindow');
  });
});
