// Runs the Nu HTML checker (vnu-jar, on the installed Java) over the HTML the server really sends:
// the landing page, content pages, the not-found page, the jobs pages (demo and posted), a company page, plans and the employer login. Any error fails; warnings are printed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedJobs } from '../tools/seed/jobs';
import { jobPath } from '../src/server/features/jobs/slugs';
import { publishJob } from '../src/server/features/employer-jobs/employer-jobs.service';
import { databaseRateLimitStore } from '../src/server/features/rate-limits/rate-limit-store';

const PAGES = [
  { url: '/?closed_job_redirect=1', status: 200, name: 'landing' },
  { url: '/about', status: 200, name: 'content-about' },
  { url: '/privacy', status: 200, name: 'content-privacy' },
  { url: '/pricing', status: 200, name: 'content-pricing' },
  { url: '/california-privacy-notice', status: 200, name: 'content-california-privacy-notice' },
  { url: '/no-such-page', status: 404, name: 'not-found' },
  { url: '/jobs-search?search=driver&location=Chicago%2C+IL', status: 200, name: 'jobs-results' },
  { url: '/jobs-search?search=cook&location=Austn%2C+TX', status: 200, name: 'jobs-unknown-place' },
  { url: '/browse', status: 200, name: 'jobs-browse' },
  { url: '/Salaries', status: 200, name: 'jobs-salaries' },
  { url: '/Salaries/registered-nurse', status: 200, name: 'jobs-salary' },
  { url: '/Search-Jobs-Near-Me', status: 200, name: 'jobs-near-me' },
  { url: '/plans', status: 200, name: 'plans' },
  { url: '/authn/employer/login', status: 200, name: 'employer-login' },
];

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');
const database = connectDatabase('sqlite::memory:');
await migrateToLatest(database.db);
await seedJobs(database.db, database.dialect, { jobs: 2000, now: Date.now() });
const sampleJob = await database.db.selectFrom('jobs').select(['id', 'title', 'city', 'state', 'company_id']).where('status', '=', 'open').orderBy('seq').executeTakeFirstOrThrow();
PAGES.push({ url: jobPath(sampleJob), status: 200, name: 'jobs-job-page' });
// The results page with filter chips and a job selected for the detail pane (issue 16).
const sampleKey = await database.db.selectFrom('jobs').select('listing_key').where('id', '=', sampleJob.id).executeTakeFirstOrThrow();
PAGES.push({ url: `/jobs-search?search=${encodeURIComponent(sampleJob.title)}&type=full_time&sort=date&job=${sampleKey.listing_key}`, status: 200, name: 'jobs-results-selected' });
const sampleCompany = await database.db.selectFrom('companies').select('slug').where('id', '=', sampleJob.company_id).executeTakeFirstOrThrow();
PAGES.push({ url: `/company/${sampleCompany.slug}`, status: 200, name: 'company-page' });
// Open data (issue 48): the API's reference page and a company's embed page with a search.
PAGES.push({ url: '/api/docs', status: 200, name: 'api-reference' });
PAGES.push({ url: `/embed/companies/${sampleCompany.slug}?q=a&accent=aa3300`, status: 200, name: 'company-embed' });
// Jobs posted by an employer (issue 11): Markdown description, remote and on site, screening questions.
await database.db.insertInto('companies').values({ id: 'html-check-co', name: 'Acme Freight', slug: 'html-check-acme', created_at: Date.now() }).execute();
const postingCompany = { id: 'html-check-co', name: 'Acme Freight', approved: true, liveJobLimit: 25, liveJobLimitMessage: '', featuredJobs: true };
const postedDescription = '## About the job\n\nMove pallets **safely** across a busy floor.\n\n- Nights\n- Weekly pay\n\n### Apply\n\nSee [our site](https://acme.example/jobs) or write to jobs@acme.example. <b>raw html</b>';
for (const [name, extra] of [
  ['jobs-posted-job-page', { location: 'Austin, TX', questions: [{ text: 'Can you lift 50 lb?', kind: 'yes_no', deal_breaker: true, expected: 'yes' }, { text: 'Your forklift licence number?', kind: 'text', deal_breaker: false, expected: 'yes' }] }],
  ['jobs-posted-remote-job-page', { place_type: 'remote', location: '', apply_method: 'email', apply_email: 'jobs@acme.example', pay_currency: 'EUR', pay_period: 'month', pay_min: '3000', pay_max: '' }],
] as const) {
  const posted = await publishJob(
    { db: database.db, dialect: database.dialect, now: Date.now(), rateLimitStore: databaseRateLimitStore(database.db) },
    { company: postingCompany, accountId: 'html-check', job: null, body: { title: 'Night Forklift Operator', category: 'warehouse', description: postedDescription, pay_min: '19', pay_max: '23', ...extra } },
  );
  if (posted.kind !== 'done') throw new Error(`the posted job for the HTML check was refused: ${JSON.stringify(posted)}`);
  const row = await database.db.selectFrom('jobs').select(['id', 'title', 'city', 'state']).where('id', '=', posted.jobId).executeTakeFirstOrThrow();
  PAGES.push({ url: jobPath(row), status: 200, name });
}
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'html-check-secret-html-check-secret-0', DATA_DIR: 'data' }),
  database,
  logger: false,
});

const dir = mkdtempSync(path.join(tmpdir(), 'jobwise-html-'));
let failed = false;
const files: string[] = [];
for (const page of PAGES) {
  const response = await app.inject({ method: 'GET', url: page.url, headers: { accept: 'text/html' } });
  if (response.statusCode !== page.status) {
    console.log(`FAIL ${page.url}: status ${response.statusCode}, expected ${page.status}`);
    failed = true;
  }
  const file = path.join(dir, `${page.name}.html`);
  writeFileSync(file, response.body);
  files.push(file);
}
await app.close();

// vnu writes its JSON report to stderr; --exit-zero-always leaves the verdict to us.
const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files], { encoding: 'utf8' });
if (run.status !== 0 || !run.stderr.trim().startsWith('{')) {
  console.log(`FAIL the Nu HTML checker did not run (java -jar ${vnuJar}): ${run.error?.message ?? run.stderr.slice(0, 500)}`);
  process.exit(1);
}
const report = JSON.parse(run.stderr) as { messages: VnuMessage[] };
for (const page of PAGES) {
  const file = path.join(dir, `${page.name}.html`);
  const messages = report.messages.filter((m) => m.url.endsWith(file));
  const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
  const warnings = messages.filter((m) => m.type !== 'error' && m.subType !== 'fatal');
  failed ||= errors.length > 0;
  console.log(`${errors.length ? 'FAIL' : 'ok  '} ${page.url}: ${errors.length} errors, ${warnings.length} warnings (Nu HTML checker)`);
  for (const m of [...errors, ...warnings]) console.log(`     ${m.type}${m.subType ? `/${m.subType}` : ''} line ${m.lastLine ?? '?'}: ${m.message}${m.extract ? `  «${m.extract.slice(0, 80)}»` : ''}`);
}
rmSync(dir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
