import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJob } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const get = (url: string, accept = 'application/json') => t.app.inject({ method: 'GET', url, headers: { accept } });
const pageData = (body: string) => JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(body)![1]!);
const views = async (jobId: string) => {
  await t.app.jobFigures.flush();
  const rows = await t.app.db.selectFrom('job_daily_figures').select('views').where('job_id', '=', jobId).execute();
  return rows.reduce((sum, row) => sum + Number(row.views), 0);
};

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  await insertJob(t.app.db, now, { id: 'paneopen01', title: 'Forklift Operator', place: 'austin', benefits: JSON.stringify(['Health insurance']), description_markdown: '## Shift\n\n- Nights\n\n<script>alert(1)</script>' });
  await insertJob(t.app.db, now, { id: 'paneopen02', title: 'Forklift Driver', place: 'austin' });
  await insertJob(t.app.db, now, { id: 'paneclos01', title: 'Forklift Operator', place: 'austin', status: 'closed' });
});
afterAll(async () => t.close());

describe('the detail pane route', () => {
  it("answers an open job's detail as the job page builds it, not cached across people", async () => {
    const response = await get('/api/jobs/lk_paneopen01');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { job } = response.json();
    expect(job).toMatchObject({ listingKey: 'lk_paneopen01', title: 'Forklift Operator', path: '/job/forklift-operator-austin-tx-paneopen01', benefits: ['Health insurance'], saved: false, applied: false, preview: null });
    // The same sanitised Markdown as on the job page (decision 0115).
    expect(job.descriptionHtml).toContain('<h3>Shift</h3>');
    expect(job.descriptionHtml).not.toContain('<script');
    const page = await get(job.path, 'text/html');
    expect(pageData(page.body).props).toEqual(job);
  });

  it('is 404 (never 5xx) for unknown, closed and malformed listing keys', async () => {
    for (const key of ['lk_paneclos01', 'lk_nosuchjob', 'paneopen01', '%00', 'a'.repeat(100), "lk_x'--", '..%2F..%2Fetc']) {
      const response = await get(`/api/jobs/${key}`);
      expect(response.statusCode, key).toBe(404);
      expect(response.json().status, key).toBe('NOT_FOUND');
    }
    // Longer than a route parameter may be: Fastify's 414.
    expect((await get(`/api/jobs/${'a'.repeat(101)}`)).statusCode).toBe(414);
  });

  it('counts a view when a person opens the job, not when the pane preloads the first result', async () => {
    const before = await views('paneopen02');
    expect((await get('/api/jobs/lk_paneopen02?preload=1')).statusCode).toBe(200);
    expect(await views('paneopen02')).toBe(before);
    expect((await get('/api/jobs/lk_paneopen02')).statusCode).toBe(200);
    expect(await views('paneopen02')).toBe(before + 1);
  });
});

describe('?job= on the results page', () => {
  it('renders the selected job in the detail pane on the server, and keeps the list links to job pages', async () => {
    const response = await get('/jobs-search?search=forklift&location=Austin%2C+TX&job=lk_paneopen02', 'text/html');
    expect(response.statusCode).toBe(200);
    const data = pageData(response.body);
    expect(data.props.selected).toMatchObject({ listingKey: 'lk_paneopen02', title: 'Forklift Driver' });
    expect(response.body).toContain('<h2 id="results-detail-title" tabindex="-1" class="job-detail-title"><a href="/job/forklift-driver-austin-tx-paneopen02">Forklift Driver</a></h2>');
    expect(response.body).toMatch(/<a href="\/job\/forklift-driver-austin-tx-paneopen02" aria-current="true">Forklift Driver<\/a>/);
    expect(response.body).toContain('href="/job/forklift-operator-austin-tx-paneopen01"');
    // The canonical address is the search itself, without the selection.
    expect(response.body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/jobs-search\?search=forklift&#38;location=Austin%2C\+TX">/);
  });

  it('leaves out a closed, unknown or malformed selection and still renders the results', async () => {
    for (const job of ['lk_paneclos01', 'lk_nosuchjob', '%3Cscript%3E', 'lk_paneopen01&job=lk_paneopen02']) {
      const response = await get(`/jobs-search?search=forklift&job=${job}`, 'text/html');
      expect(response.statusCode, job).toBe(200);
      const selected = pageData(response.body).props.selected;
      if (job.startsWith('lk_paneopen01')) expect(selected.listingKey).toBe('lk_paneopen01');
      else expect(selected ?? null, job).toBeNull();
    }
  });
});
