import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedJobs } from '../../tools/seed/jobs';
import { insertJob } from '../support/jobs-fixtures';
import { signIn } from '../support/seeker-helpers';
import { testDialect } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const html = { accept: 'text/html' };
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: html });
const pageData = (body: string) => JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(body)![1]!);

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  await insertJob(t.app.db, now, { id: 'openjob001', title: 'Forklift Operator', place: 'austin', pay_min: 18, pay_max: 22, benefits: JSON.stringify(['Health insurance', '401(k)']) });
  await insertJob(t.app.db, now, { id: 'closedjob1', title: 'Forklift Operator', status: 'closed' });
  await insertJob(t.app.db, now, { id: 'xssjob0001', title: '</script><script>alert(1)</script>', description: 'Bad </script> text & more' });
  for (let i = 0; i < 5; i += 1) await insertJob(t.app.db, now, { id: `salary${i}0000`, title: 'Line Cook', category: 'food_service', place: i < 3 ? 'dallas' : 'chicago', pay_min: 14 + i, pay_max: 16 + i });
  for (let i = 0; i < 45; i += 1) await insertJob(t.app.db, now, { id: `paging${String(i).padStart(4, '0')}`, title: 'Stock Clerk', place: 'dallas', ageDays: 1 + i / 50 });
});
afterAll(async () => t.close());

describe('results page', () => {
  it('renders the results with the count, the search-context line and distance', async () => {
    const response = await get('/jobs-search?search=forklift&location=Austin%2C+TX');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>forklift jobs in Austin, TX</h1>');
    expect(response.body).toContain('We found 1 open position for &quot;forklift&quot; within 25 miles of Austin, TX');
    expect(response.body).toContain('href="/job/forklift-operator-austin-tx-openjob001"');
    expect(response.body).toMatch(/(Less than 1 mile|[\d.]+ miles) away/);
    expect(response.body).toContain('$18.00 - $22.00 an hour');
    expect(response.body).not.toContain('closedjob1');
  });

  it('renders the first result’s detail in the pane, so a wide screen never waits for it (issue 45)', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/jobs-search?search=forklift&location=Austin%2C+TX' })).body;
    const pane = /<section class="results-detail" aria-label="Selected job">(?:<!--\$-->)?<header class="job-detail-header"><h2 id="results-detail-title"[^>]*><a href="\/job\/forklift-operator-austin-tx-openjob001">Forklift Operator<\/a><\/h2>/;
    expect(pane.test(body)).toBe(true);
    expect(body.includes('Loading')).toBe(false);
  });

  it('paginates 20 a page with links to the other pages', async () => {
    const first = await get('/jobs-search?search=stock+clerk');
    const data = pageData(first.body);
    expect(data.props.total).toBe(45);
    expect(data.props.jobs).toHaveLength(20);
    expect(data.props.pageCount).toBe(3);
    expect(first.body).toContain('href="/jobs-search?search=stock+clerk&amp;page=2"');
    const third = pageData((await get('/jobs-search?search=stock+clerk&page=3')).body);
    expect(third.props.jobs).toHaveLength(5);
  });

  it('keeps every filter in the URL it renders', async () => {
    const url = '/jobs-search?search=stock&location=Dallas%2C+TX&radius=50&min_pay=40000&type=full_time&category=warehouse&posted=30&remote=1&sort=date&page=1';
    const data = pageData((await get(url)).body);
    expect(data.props.criteria).toEqual({
      search: 'stock',
      location: 'Dallas, TX',
      radius: 50,
      minPay: 40000,
      employmentType: 'full_time',
      category: 'warehouse',
      postedWithin: 30,
      remoteOnly: true,
      sort: 'date',
      page: 1,
    });
  });

  it('explains an unknown place with close matches instead of failing', async () => {
    const response = await get('/jobs-search?search=forklift&location=Austn%2C+TX');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('We couldn&#x27;t find the place');
    expect(response.body).toContain('href="/jobs-search?search=forklift&amp;location=Austin%2C+TX"');
  });

  it('answers odd, hostile and huge query strings with a page, never an error', async () => {
    const nasty = [
      '/jobs-search',
      '/jobs-search?search=',
      `/jobs-search?search=${encodeURIComponent('"foo* OR (')}`,
      `/jobs-search?search=${encodeURIComponent("'; drop table jobs; --")}&location=${encodeURIComponent("' or 1=1 --")}`,
      `/jobs-search?search=${encodeURIComponent('NEAR(forklift operator, 2) title:x AND -y ^z')}`,
      `/jobs-search?search=${'a'.repeat(6000)}&location=${'b'.repeat(3000)}`,
      '/jobs-search?page=-5',
      '/jobs-search?page=0',
      '/jobs-search?page=99999999999999999999',
      '/jobs-search?page=abc&radius=7&min_pay=-1&type=boss&posted=2&sort=random&remote=maybe',
      '/jobs-search?search[]=x&search[]=y&location=1&location=2',
      '/jobs-search?search=%00%01%02%E2%80%AE&location=%F0%9F%98%80',
      '/jobs-search?search=%ZZ',
      '/jobs-search?radius=1e308&page=NaN',
    ];
    for (const url of nasty) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<h1>');
    }
    // The tables are still there.
    expect((await get('/jobs-search?search=forklift')).body).toContain('openjob001');
  });

  it('clamps a negative page to the first and a huge one to the last allowed, with a way back', async () => {
    expect(pageData((await get('/jobs-search?search=stock+clerk&page=-3')).body).props.criteria.page).toBe(1);
    const beyond = await get('/jobs-search?search=stock+clerk&page=40');
    expect(beyond.statusCode).toBe(200);
    expect(beyond.body).toContain('Go to the last page');
  });
});

describe('job page', () => {
  it('shows the job with Save and Apply, JSON-LD and its canonical URL', async () => {
    const response = await get('/job/forklift-operator-austin-tx-openjob001');
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).toContain('<h1>Forklift Operator</h1>');
    expect(body).toContain('<link rel="canonical" href="http://localhost:3000/job/forklift-operator-austin-tx-openjob001">');
    expect(body).toMatch(/<button type="submit" class="button button-primary">Apply<\/button>/);
    // Save and Apply are forms to the seeker actions (a visitor's post is sent to log in and back).
    expect(body).toMatch(/aria-pressed="false">.*Save<\/span><span class="visually-hidden"> Forklift Operator<\/span>/s);
    expect(body).toContain('action="/candidate/toggle_job_save"');
    expect(body).toContain('action="/candidate/apply"');
    expect(body).toContain('value="/job/forklift-operator-austin-tx-openjob001"');
    expect(body).toContain('Health insurance');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body)![1]!);
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title: 'Forklift Operator',
      employmentType: 'FULL_TIME',
      hiringOrganization: { name: 'Test Logistics' },
      jobLocation: { address: { addressLocality: 'Austin', addressRegion: 'TX', postalCode: '78701', addressCountry: 'US' } },
      baseSalary: { currency: 'USD', value: { minValue: 18, maxValue: 22, unitText: 'HOUR' } },
    });
  });

  it('puts the description before the screening questions, and the pay and Apply in the box after the title (issue 45)', async () => {
    const job = await insertJob(t.app.db, t.clock.now(), { id: 'askingjob1', title: 'Night Picker', description: 'Pick orders on the night shift.' });
    await t.app.db.insertInto('job_screening_questions').values({ job_id: job.id, position: 0, text: 'Can you lift 50 lb?', kind: 'yes_no', deal_breaker: 0, expected: null }).execute();
    const body = (await t.app.inject({ method: 'GET', url: `/job/night-picker-austin-tx-${job.id}` })).body;
    const at = (text: string) => {
      const index = body.indexOf(text);
      expect(index, text).toBeGreaterThan(-1);
      return index;
    };
    const description = '<p>Pick orders on the night shift.</p>';
    expect(at('<aside class="job-page-aside"')).toBeLessThan(at(description));
    expect(at('<dt>Pay</dt>')).toBeGreaterThan(at('<aside class="job-page-aside"'));
    expect(at(description)).toBeLessThan(at('Can you lift 50 lb?'));
    // The box's Apply goes to the questions, which carry the form's own Apply.
    expect(body).toMatch(/<a (?=[^>]*href="#job-apply")(?=[^>]*class="button button-primary")[^>]*>Apply<\/a>/);
    expect(at('id="job-apply"')).toBeLessThan(at('Can you lift 50 lb?'));
  });

  it('gives a shared link a title, description and picture (Open Graph and Twitter cards), and the site a manifest (issue 45)', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/job/forklift-operator-austin-tx-openjob001' })).body;
    const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(body)?.[1];
    expect(meta('og:title')).toBe('Forklift Operator - Test Logistics - Austin, TX');
    expect(meta('og:description')).toMatch(/^Test Logistics is hiring a Forklift Operator in Austin, TX\./);
    expect(meta('og:url')).toBe(`${t.app.config.PUBLIC_URL}/job/forklift-operator-austin-tx-openjob001`);
    expect(meta('og:image')).toBe(`${t.app.config.PUBLIC_URL}/og-image.png`);
    expect(meta('twitter:card')).toBe('summary_large_image');
    // A page not meant for search engines is not dressed for sharing either.
    const filtered = (await t.app.inject({ method: 'GET', url: '/jobs-search?search=forklift&type=full_time' })).body;
    expect(filtered.includes('og:title')).toBe(false);
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    const icons = (manifest.json() as { icons: Array<{ src: string }> }).icons.map((icon) => icon.src);
    expect(icons).toContain('/icon-512.png');
    for (const icon of ['/icon-192.png', '/icon-512.png', '/og-image.png', '/apple-touch-icon.png']) {
      expect((await t.app.inject({ method: 'GET', url: icon })).headers['content-type'], icon).toBe('image/png');
    }
  });

  it('escapes hostile text in the JSON-LD and page data blocks', async () => {
    const response = await get('/job/x-xssjob0001');
    const location = String(response.headers.location);
    const page = await get(location);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body.match(/<\/script>/g)?.length).toBe(page.body.match(/<script/g)?.length);
  });

  it('answers an absurdly long job address with 414, not an error page', async () => {
    expect((await get(`/job/${'a'.repeat(150)}`)).statusCode).toBe(414);
  });

  it('moves a wrong or old slug to the canonical path', async () => {
    const response = await get('/job/old-title-openjob001');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/job/forklift-operator-austin-tx-openjob001');
  });

  it('sends a closed or removed job to the home page notice', async () => {
    for (const url of ['/job/forklift-operator-austin-tx-closedjob1', '/job/anything-nosuchjob1', '/job/x', `/job/${'a'.repeat(90)}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('/?closed_job_redirect=1');
    }
  });
});

describe('type-ahead', () => {
  it('suggests titles from the listings by word prefix', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/typeahead/titles?q=fork%20op' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ suggestions: ['Forklift Operator'] });
  });

  it('suggests places with jobs, states and ZIP codes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/typeahead/locations?q=dal' })).json().suggestions).toContain('Dallas, TX');
    expect((await t.app.inject({ method: 'GET', url: '/api/typeahead/locations?q=tex' })).json().suggestions).toContain('Texas');
    expect((await t.app.inject({ method: 'GET', url: '/api/typeahead/locations?q=7870' })).json().suggestions[0]).toMatch(/, TX 7870\d$/);
  });

  it('refuses an over-long query with a clear 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/typeahead/titles?q=${'x'.repeat(101)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe('PROTO_VALIDATION_ERROR');
  });
});

describe('browse, salaries, near me', () => {
  it('browse links categories and cities to searches', async () => {
    const response = await get('/browse');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('href="/jobs-search?category=warehouse"');
    expect(response.body).toContain('href="/jobs-search?location=Dallas%2C+TX"');
  });

  it('salary page computes median and quartiles from the listings, by state', async () => {
    const response = await get('/Salaries/line-cook');
    expect(response.statusCode).toBe(200);
    // Midpoints 15, 16, 17, 18, 19: median 17, quartiles 16 and 18.
    const props = pageData(response.body).props;
    expect(props.stats).toMatchObject({ period: 'hour', count: 5, median: 17, p25: 16, p75: 18 });
    expect(props.byState).toEqual([expect.objectContaining({ label: 'Texas', median: 16, count: 3 })]);
    expect(response.body).toContain('<svg');
  });

  it('salary index lists titles with their median', async () => {
    const response = await get('/Salaries');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('href="/Salaries/line-cook"');
  });

  it('an unknown salary title is a 404 page, a differently written one moves to the canonical path', async () => {
    expect((await get('/Salaries/underwater-basket-weaver')).statusCode).toBe(404);
    const moved = await get('/Salaries/Line%20Cook');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/Salaries/line-cook');
  });

  it('near me asks for a place while we cannot tell where the visitor is', async () => {
    const response = await get('/Search-Jobs-Near-Me');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Choose a place to see the jobs near it.');
    expect(response.body).toContain('role="search"');
  });
});

describe('near me with a location from a trusted proxy', () => {
  it('shows jobs within 25 miles of the city the proxy names', async () => {
    const located = await createTestApp({ TRUST_PROXY: '127.0.0.1', GEO_COUNTRY_HEADER: 'cf-ipcountry', GEO_REGION_HEADER: 'x-geo-region', GEO_CITY_HEADER: 'x-geo-city' });
    try {
      const now = located.clock.now();
      await insertJob(located.app.db, now, { id: 'nearaustin', title: 'Barista', place: 'roundRock' });
      await insertJob(located.app.db, now, { id: 'fardallas1', title: 'Barista', place: 'dallas' });
      const response = await located.app.inject({
        method: 'GET',
        url: '/Search-Jobs-Near-Me',
        headers: { ...html, 'cf-ipcountry': 'US', 'x-geo-region': 'TX', 'x-geo-city': 'Austin' },
      });
      expect(response.body).toContain('<h1>Jobs near Austin, TX</h1>');
      expect(response.body).toContain('nearaustin');
      expect(response.body).not.toContain('fardallas1');
      // One job: the words agree with the count (issue 44).
      expect(response.body).toContain('1 open position within 25 miles of Austin, TX.');
      expect(response.body).toContain('>See the 1 job</a>');
      const abroad = await located.app.inject({ method: 'GET', url: '/Search-Jobs-Near-Me', headers: { ...html, 'cf-ipcountry': 'GB', 'x-geo-city': 'London' } });
      expect(abroad.body).toContain('Choose a place to see the jobs near it.');
    } finally {
      await located.close();
    }
  });
});

describe('sitemap and robots', () => {
  it('robots.txt points at the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(response.body).toContain('Disallow: /api/');
  });

  it('the sitemap index lists job and browse files; job files list open jobs only', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<loc>http://localhost:3000/sitemaps/jobs-1.xml</loc>');
    const jobs = await t.app.inject({ method: 'GET', url: '/sitemaps/jobs-1.xml' });
    expect(jobs.body).toContain('/job/forklift-operator-austin-tx-openjob001</loc>');
    expect(jobs.body).not.toContain('closedjob1');
    const pages = await t.app.inject({ method: 'GET', url: '/sitemaps/pages.xml' });
    expect(pages.body).toContain('<loc>http://localhost:3000/browse</loc>');
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/jobs-999.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/other.xml' })).statusCode).toBe(404);
  });
});

describe('seed', () => {
  it('makes the same listings from the same seed, searchable at once', async () => {
    const other = await createTestApp();
    const again = await createTestApp();
    try {
      const now = other.clock.now();
      const first = await seedJobs(other.app.db, other.app.dialect, { jobs: 300, now, seed: 7 });
      await seedJobs(again.app.db, again.app.dialect, { jobs: 300, now, seed: 7 });
      expect(first).toMatchObject({ jobs: 300 });
      const rows = (db: typeof other.app.db) => db.selectFrom('jobs').select(['id', 'title', 'city', 'pay_min', 'posted_at']).orderBy('seq').execute();
      expect(await rows(again.app.db)).toEqual(await rows(other.app.db));
      const all = await other.app.db.selectFrom('jobs').selectAll().execute();
      expect(new Set(all.map((job) => job.status))).toEqual(new Set(['open', 'closed']));
      expect(all.some((job) => job.apply_type === 'external' && job.external_url?.startsWith('https://'))).toBe(true);
      const search = pageData((await other.app.inject({ method: 'GET', url: '/jobs-search?search=nurse', headers: html })).body).props;
      expect(search.total).toBeGreaterThan(0);
    } finally {
      await other.close();
      await again.close();
    }
  });

  it('draws the same rows in its worker thread as in this one, and indexes them alike (SQLite)', async () => {
    const here = await createTestApp();
    const inWorker = await createTestApp();
    try {
      const now = here.clock.now();
      // 2,500 rows: three of the worker's batches of 1,000, the last one short.
      await seedJobs(here.app.db, here.app.dialect, { jobs: 2500, now, seed: 11 });
      await seedJobs(inWorker.app.db, inWorker.app.dialect, { jobs: 2500, now, seed: 11, rowsInWorker: true });
      const rows = (db: typeof here.app.db) => db.selectFrom('jobs').selectAll().orderBy('seq').execute();
      const expected = await rows(here.app.db);
      expect(expected).toHaveLength(2500);
      expect(await rows(inWorker.app.db)).toEqual(expected);
      for (const url of ['/jobs-search?search=nurse', '/jobs-search?search=driver&location=Chicago%2C+IL&radius=25']) {
        const total = async (t: TestApp) => pageData((await t.app.inject({ method: 'GET', url, headers: html })).body).props.total;
        expect(await total(inWorker)).toBe(await total(here));
      }
      if (inWorker.app.dialect === 'sqlite') {
        // The bulk load's FTS5 settings leave an index that is whole (rank 0: the index alone; against
        // the content table it would miss the closed jobs, which it leaves out by design).
        await expect(sql`insert into jobs_fts(jobs_fts, rank) values ('integrity-check', 0)`.execute(inWorker.app.db)).resolves.toBeDefined();
      }
    } finally {
      await here.close();
      await inWorker.close();
    }
  });

  it.runIf(testDialect() === 'sqlite')('fills the full-text index on a second connection into a file, the same index as its own connection makes (decision 0209)', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'jobwise-seed-'));
    const open = async (name: string) => {
      const database = connectDatabase(`sqlite:${path.join(directory, name)}`, { checkpointer: false });
      await migrateToLatest(database.db);
      return database;
    };
    const here = await open('here.sqlite');
    const worker = await open('worker.sqlite');
    try {
      const now = Date.now();
      const options = { jobs: 2500, now, seed: 13 };
      // The connection's settings, which the bulk load and the index builds change (decisions 0173, 0223) and put back.
      const settings = async (database: typeof here) => {
        const values: Record<string, unknown> = {};
        for (const name of ['cache_size', 'cache_spill', 'threads', 'temp_store', 'synchronous', 'journal_mode']) {
          values[name] = Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(database.db)).rows[0] ?? {})[0];
        }
        return values;
      };
      const before = { here: await settings(here), worker: await settings(worker) };
      expect(await seedJobs(here.db, here.dialect, options)).toMatchObject({ sqliteFullText: 'here' });
      expect(await seedJobs(worker.db, worker.dialect, { ...options, fullTextInWorker: true })).toMatchObject({ sqliteFullText: 'worker' });
      expect(await settings(here)).toEqual(before.here);
      expect(await settings(worker)).toEqual(before.worker);
      // The statistics, made beside the worker and after its copy (decision 0223), are what analysing the
      // whole database now makes.
      const statistics = async (database: typeof here) => ({
        stat1: (await sql`select * from sqlite_stat1 order by 1, 2`.execute(database.db)).rows,
        stat4: (await sql`select tbl, idx, neq, nlt, ndlt, hex(sample) as sample from sqlite_stat4 order by 1, 2, 6`.execute(database.db)).rows,
      });
      const seeded = await statistics(worker);
      expect(seeded.stat1.map((row) => (row as { tbl: string }).tbl)).toEqual(expect.arrayContaining(['jobs', 'jobs_fts_data', 'jobs_fts_idx']));
      await sql`analyze`.execute(worker.db);
      expect(await statistics(worker)).toEqual(seeded);
      // FTS5's own tables, row for row: what the worker copied in is the index this connection makes.
      for (const table of ['jobs_fts_data', 'jobs_fts_idx', 'jobs_fts_docsize']) {
        const rows = (database: typeof here) => sql.raw(`select * from ${table} order by 1, 2`).execute(database.db).then((result) => result.rows);
        const expected = await rows(here);
        expect(expected.length, table).toBeGreaterThan(0);
        expect(await rows(worker), table).toEqual(expected);
      }
      await expect(sql`insert into jobs_fts(jobs_fts, rank) values ('integrity-check', 0)`.execute(worker.db)).resolves.toBeDefined();
      // The seed's connection reads the copied index (not a structure it cached before), and the
      // insert trigger is back: a job posted afterwards is found beside the seeded ones.
      const matches = async (words: string) => Number((await sql<{ n: number }>`select count(*) as n from jobs_fts where jobs_fts match ${words}`.execute(worker.db)).rows[0]?.n);
      const nurses = await matches('nurse');
      expect(nurses).toBeGreaterThan(0);
      await insertJob(worker.db, now, { title: 'Night nurse', seq: 100_000 });
      expect(await matches('nurse')).toBe(nurses + 1);
      // Into a file whose index holds other jobs, which a copy would drop, the seed fills it itself.
      expect(await seedJobs(worker.db, worker.dialect, { ...options, replace: true, fullTextInWorker: true })).toMatchObject({ sqliteFullText: 'here' });
      expect(await matches('nurse')).toBe(nurses + 1);
      expect(existsSync(path.join(directory, 'worker.sqlite.full-text.tmp'))).toBe(false);
    } finally {
      await here.close();
      await worker.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("replaces seeded jobs together with their saves, and loads rows without checking each one's company, leaving no key broken (decision 0222)", async () => {
    const t = await createTestApp();
    try {
      const { db, dialect } = t.app;
      const now = t.clock.now();
      await seedJobs(db, dialect, { jobs: 300, now, seed: 23 });
      const job = await db.selectFrom('jobs').select('id').orderBy('seq').limit(1).executeTakeFirstOrThrow();
      await signIn(t.app, 'saver@example.com');
      const account = await db.selectFrom('accounts').select('id').where('email', '=', 'saver@example.com').executeTakeFirstOrThrow();
      await db.insertInto('saved_jobs').values({ account_id: account.id, job_id: job.id, created_at: now }).execute();
      // --replace deletes with the foreign keys enforced: the save goes with its job.
      await seedJobs(db, dialect, { jobs: 300, now, seed: 29, replace: true });
      expect(await db.selectFrom('jobs').select('id').where('id', '=', job.id).execute()).toEqual([]);
      expect(await db.selectFrom('saved_jobs').selectAll().execute()).toEqual([]);
      expect(Number((await db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(300);
      if (dialect === 'sqlite') {
        // The load did not check each row's company; every job has one, and enforcement is back on.
        expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
        expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys).toBe(1);
      }
    } finally {
      await t.close();
    }
  });

  it('mends what a seed killed half-way left: the next seed makes the dropped indexes and full-text entries again', async () => {
    const t = await createTestApp();
    try {
      const { db, dialect } = t.app;
      const now = t.clock.now();
      await seedJobs(db, dialect, { jobs: 400, now, seed: 19 });
      type Item = { name: string; definition: string };
      const catalogue = async (): Promise<Item[]> =>
        dialect === 'sqlite'
          ? (await sql<Item>`select name, sql as definition from sqlite_master where tbl_name = 'jobs' and type in ('index', 'trigger') and sql is not null order by name`.execute(db)).rows
          : (await sql<Item>`select indexname as name, indexdef as definition from pg_indexes where tablename = 'jobs' and schemaname = current_schema() order by indexname`.execute(db)).rows;
      const before = await catalogue();
      // As a seed killed after its first step leaves the database: the secondary indexes and the
      // full-text insert trigger dropped (and written down), no full-text entries.
      const dropped = before.filter((item) => (/^create index/i.test(item.definition) || item.name === 'jobs_fts_insert'));
      expect(dropped.length).toBeGreaterThan(5);
      for (const item of dropped) {
        const trigger = /^create trigger/i.test(item.definition);
        await db.insertInto('seed_restore').values({ name: item.name, kind: trigger ? 'trigger' : 'index', definition: item.definition }).execute();
        await sql.raw(`drop ${trigger ? 'trigger' : 'index'} ${item.name}`).execute(db);
      }
      if (dialect === 'sqlite') {
        await db.insertInto('seed_restore').values({ name: 'jobs_fts', kind: 'full-text', definition: '' }).execute();
        await sql`insert into jobs_fts(jobs_fts) values ('delete-all')`.execute(db);
      }
      // Without the mending, --replace fails on SQLite (the delete trigger finds no entries to remove)
      // and leaves PostgreSQL without the indexes it can no longer read from the catalogue.
      await seedJobs(db, dialect, { jobs: 400, now, seed: 19, replace: true });
      expect(await catalogue()).toEqual(before);
      expect(await db.selectFrom('seed_restore').selectAll().execute()).toEqual([]);
      if (dialect === 'sqlite') {
        await expect(sql`insert into jobs_fts(jobs_fts, rank) values ('integrity-check', 0)`.execute(db)).resolves.toBeDefined();
        const count = async (query: string) => Number((await sql.raw<{ n: number }>(query).execute(db)).rows[0]?.n);
        expect(await count('select count(*) as n from jobs_fts_docsize')).toBe(await count("select count(*) as n from jobs where status = 'open'"));
      }
    } finally {
      await t.close();
    }
  });

  it.runIf(testDialect() === 'sqlite')('leaves its rows indexed and searchable when the full-text worker fails, and says so', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'jobwise-seed-'));
    const file = path.join(directory, 'seed.sqlite');
    const database = connectDatabase(`sqlite:${file}`, { checkpointer: false });
    try {
      await migrateToLatest(database.db);
      const indexes = async () => (await sql<{ name: string }>`select name from sqlite_master where type in ('index', 'trigger') and tbl_name = 'jobs' order by name`.execute(database.db)).rows;
      const before = await indexes();
      // The worker's own file cannot be made: a directory holds its name.
      mkdirSync(`${file}.full-text.tmp`);
      await expect(seedJobs(database.db, database.dialect, { jobs: 600, now: Date.now(), seed: 17, fullTextInWorker: true })).rejects.toThrow(/full-text worker failed/);
      expect(await indexes()).toEqual(before);
      await expect(sql`insert into jobs_fts(jobs_fts, rank) values ('integrity-check', 0)`.execute(database.db)).resolves.toBeDefined();
      const open = Number((await sql<{ n: number }>`select count(*) as n from jobs where status = 'open'`.execute(database.db)).rows[0]?.n);
      // Each open job has its entry (the external-content table itself would count the content table's rows).
      expect(Number((await sql<{ n: number }>`select count(*) as n from jobs_fts_docsize`.execute(database.db)).rows[0]?.n)).toBe(open);
    } finally {
      await database.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it.runIf(testDialect() === 'sqlite')('writes a file through a journal in memory when nothing else holds its WAL, and leaves it in WAL mode (decision 0203)', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'jobwise-seed-'));
    const file = path.join(directory, 'seed.sqlite');
    // As npm run seed (tools/seed/cli.ts) connects: no checkpointer worker with a second connection to the file.
    const database = connectDatabase(`sqlite:${file}`, { checkpointer: false });
    try {
      await migrateToLatest(database.db);
      const result = await seedJobs(database.db, database.dialect, { jobs: 1500, now: Date.now(), seed: 3 });
      expect(result.sqliteJournal).toBe('memory');
      const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
      expect(rows[0]?.journal_mode).toBe('wal');
      // Written once, into the file itself: the WAL holds none of the seed's pages.
      expect(existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0).toBeLessThan(64 * 1024);
      expect(Number((await sql<{ n: number }>`select count(*) as n from jobs`.execute(database.db)).rows[0]?.n)).toBe(1500);
    } finally {
      await database.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
