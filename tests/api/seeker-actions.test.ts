import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../src/server/features/seeker/unsubscribe-token';
import { DAY_MS, insertJob } from '../support/jobs-fixtures';
import { getJson, mailbox, postJson } from '../support/registration-helpers';
import { APPLY_CLICKS_PER_CLIENT } from '../../src/server/features/employer-jobs/apply-clicks';
import { navigate } from '../support/navigation';
import { docxBytes, getPage, oneClickMultipart, pdfBytes, postForm, signIn, storedZip, upload } from '../support/seeker-helpers';
import { startS3Server } from '../support/s3-server';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const PROFILE = { full_name: 'Ada Lovelace', phone: '(512) 555-0142', location: 'Austin, TX', headline: 'Forklift operator' };

describe('POST /candidate/toggle_job_save', () => {
  it('refuses a visitor with a 401 JSON answer and saves nothing', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const response = await postForm(t.app, '/candidate/toggle_job_save', { archive: '0', listing_key: job.listing_key });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'SIGN_IN_REQUIRED', error_message: 'Please log in to continue.' });
    const rows = await t.app.db.selectFrom('saved_jobs').selectAll().execute();
    expect(rows).toHaveLength(0);
  });

  it('sends a visitor posting the plain form to log in and back to the page', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const response = await postForm(t.app, '/candidate/toggle_job_save', { archive: '0', listing_key: job.listing_key, next: '/jobs-search?search=forklift' }, { xhr: false });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/authn/login?next=${encodeURIComponent('/jobs-search?search=forklift')}`);
  });

  it('saves with archive=0, unsaves with archive=1, and is idempotent', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const jar = await signIn(t.app, 'saver@example.com');
    const saved = await postForm(t.app, '/candidate/toggle_job_save', { archive: '0', listing_key: job.listing_key }, { jar });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ status: 'SAVED', saved: true });
    const again = await postForm(t.app, '/candidate/toggle_job_save', { archive: '0', listing_key: job.listing_key }, { jar });
    expect(again.json()).toEqual({ status: 'SAVED', saved: true });
    expect(await t.app.db.selectFrom('saved_jobs').selectAll().execute()).toHaveLength(1);
    const page = await getPage(t.app, '/candidate/saved-jobs', jar);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(job.title);
    const unsaved = await postForm(t.app, '/candidate/toggle_job_save', { archive: '1', listing_key: job.listing_key }, { jar });
    expect(unsaved.json()).toEqual({ status: 'UNSAVED', saved: false });
    expect(await t.app.db.selectFrom('saved_jobs').selectAll().execute()).toHaveLength(0);
  });

  it('answers error_message for an unknown job and 400 for a bad archive value', async () => {
    const jar = await signIn(t.app, 'odd@example.com');
    const unknown = await postForm(t.app, '/candidate/toggle_job_save', { archive: '0', listing_key: 'lk_nope' }, { jar });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_message).toBe('This job is no longer open.');
    const bad = await postForm(t.app, '/candidate/toggle_job_save', { archive: '2', listing_key: 'lk_nope' }, { jar });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe('PROTO_VALIDATION_ERROR');
  });

  it('refuses a cross-site post', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const jar = await signIn(t.app, 'csrf@example.com');
    const response = await postForm(t.app, '/candidate/toggle_job_save', { archive: '0', listing_key: job.listing_key }, { jar, headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
  });

  it('shows the saved state on the job page and the results card', async () => {
    const job = await insertJob(t.app.db, t.clock.now(), { title: 'Forklift Operator' });
    const jar = await signIn(t.app, 'state@example.com');
    await postForm(t.app, '/candidate/toggle_job_save', { archive: '0', listing_key: job.listing_key }, { jar });
    const results = await getPage(t.app, '/jobs-search?search=forklift', jar);
    expect(results.body).toContain(`"savedJobIds":["${job.id}"]`);
    expect(results.body).toMatch(/aria-pressed="true"/);
  });

  it('marks the jobs applied to on the results cards, for that person only', async () => {
    const job = await insertJob(t.app.db, t.clock.now(), { title: 'Forklift Operator' });
    const other = await insertJob(t.app.db, t.clock.now(), { title: 'Forklift Trainer' });
    const jar = await signIn(t.app, 'applied@example.com');
    await postForm(t.app, '/candidate/about', { full_name: 'Ada Applied', phone: '+1 512 555 0100', location: 'Austin, TX', headline: '' }, { jar, xhr: false });
    expect((await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: job.listing_key }, { jar })).json().status).toBe('APPLIED');
    const results = await getPage(t.app, '/jobs-search?search=forklift', jar);
    expect(results.body).toContain(`"appliedJobIds":["${job.id}"]`);
    expect(results.body).not.toContain(`"appliedJobIds":["${other.id}"`);
    expect(results.body.match(/class="badge badge-success">Applied</g)).toHaveLength(1);
    const visitor = await getPage(t.app, '/jobs-search?search=forklift');
    expect(visitor.body).toContain('"appliedJobIds":[]');
  });
});

describe('alerts from the results page (issue 43)', () => {
  it('one click makes the search a daily alert and comes back to it, saying so; twice says it exists; a visitor logs in first', async () => {
    await insertJob(t.app.db, t.clock.now(), { title: 'Forklift Operator' });
    const page = await getPage(t.app, '/jobs-search?search=forklift&location=Austin%2C+TX&radius=50');
    expect(/Get alerts<span class="results-alert-more">(\u00a0|&nbsp;)for this search<\/span>/.test(page.body)).toBe(true);
    const visitor = await postForm(t.app, '/candidate/alerts', { search: 'forklift', location: 'Austin, TX', radius: '50', frequency: 'daily', next: '/jobs-search?search=forklift&location=Austin%2C+TX&radius=50' }, { xhr: false });
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe(`/authn/login?next=${encodeURIComponent('/jobs-search?search=forklift&location=Austin%2C+TX&radius=50')}`);

    const jar = await signIn(t.app, 'alerts-from-results@example.com');
    const fields = { search: 'forklift', location: 'Austin, TX', radius: '50', frequency: 'daily', next: '/jobs-search?search=forklift&location=Austin%2C+TX&radius=50' };
    const made = await postForm(t.app, '/candidate/alerts', fields, { jar, xhr: false });
    expect(made.headers.location).toBe('/jobs-search?search=forklift&location=Austin%2C+TX&radius=50&alert=created');
    const back = await getPage(t.app, made.headers.location as string, jar);
    expect(back.body).toContain('Job alert created. We’ll email you new jobs for this search every day.');
    const account = await t.app.db.selectFrom('accounts').select('id').where('email', '=', 'alerts-from-results@example.com').executeTakeFirstOrThrow();
    expect(await t.app.db.selectFrom('job_alerts').select(['search', 'location', 'radius', 'frequency']).where('account_id', '=', account.id).execute()).toEqual([
      { search: 'forklift', location: 'Austin, TX', radius: 50, frequency: 'daily' },
    ]);
    const again = await postForm(t.app, '/candidate/alerts', fields, { jar, xhr: false });
    expect(again.headers.location).toContain('alert=duplicate');
    // Only our own paths: another site's address leads to the alerts page instead.
    const elsewhere = await postForm(t.app, '/candidate/alerts', { ...fields, search: 'welder', next: 'https://evil.example/' }, { jar, xhr: false });
    expect(elsewhere.headers.location).toBe('/candidate/alerts?notice=created');
  });
});

describe('profile', () => {
  it('validates name, phone and location, keeping what was typed', async () => {
    const jar = await signIn(t.app, 'profile@example.com');
    const bad = await postForm(t.app, '/candidate/about', { full_name: '', phone: '12', location: 'Austin, TX', headline: '' }, { jar, xhr: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter your name');
    expect(bad.body).toContain('Phone number is invalid');
    expect(bad.body).toContain('value="Austin, TX"');
    expect(await t.app.db.selectFrom('seeker_profiles').selectAll().execute()).toHaveLength(0);

    const good = await postForm(t.app, '/candidate/about', PROFILE, { jar, xhr: false });
    expect(good.statusCode).toBe(303);
    const row = await t.app.db.selectFrom('seeker_profiles').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ full_name: 'Ada Lovelace', phone: '+15125550142', location: 'Austin, TX' });
  });

  it('accepts UK and international numbers and refuses too-long fields', async () => {
    const jar = await signIn(t.app, 'intl@example.com');
    const uk = await postForm(t.app, '/candidate/about', { ...PROFILE, phone: '020 7946 0018' }, { jar });
    expect(uk.json()).toEqual({ status: 'SAVED' });
    const long = await postForm(t.app, '/candidate/about', { ...PROFILE, headline: 'x'.repeat(121) }, { jar });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.headline).toBe('The maximum character limit is 120');
  });
});

describe('résumé upload', () => {
  it('stores a PDF and a DOCX recognised by their bytes', async () => {
    const jar = await signIn(t.app, 'cv@example.com');
    const pdf = await upload(t.app, jar, 'cv.pdf', 'application/pdf', pdfBytes());
    expect(pdf.json()).toEqual({ status: 'UPLOADED' });
    const docx = await upload(t.app, jar, 'my cv.docx', 'application/octet-stream', docxBytes());
    expect(docx.json()).toEqual({ status: 'UPLOADED' });
    const row = await t.app.db.selectFrom('resumes').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ file_name: 'my cv.docx', content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(existsSync(path.join(t.config.DATA_DIR, 'uploads', row.storage_key))).toBe(true);
  });

  it('gives the person their own résumé back, whole or by byte range, on either storage driver', async () => {
    const s3 = await startS3Server();
    for (const driver of ['disk', 'database', 's3'] as const) {
      const app = driver === 'disk' ? t : await createTestApp(driver === 's3' ? s3.env(await s3.newBucket()) : { STORAGE_DRIVER: driver });
      const jar = await signIn(app.app, `download-${driver}@example.com`);
      const bytes = pdfBytes(300_000);
      expect((await upload(app.app, jar, 'Ada CV.pdf', 'application/pdf', bytes)).json()).toEqual({ status: 'UPLOADED' });
      const whole = await getPage(app.app, '/candidate/resume/file', jar);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('application/pdf');
      expect(whole.headers['content-disposition']).toBe('attachment; filename="Ada CV.pdf"');
      expect(whole.headers['cache-control']).toBe('private, no-store');
      expect(whole.rawPayload.equals(bytes)).toBe(true);
      const part = await app.app.inject({ method: 'GET', url: '/candidate/resume/file', headers: { cookie: jar.header(), range: 'bytes=262140-262150' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 262140-262150/${bytes.length}`);
      expect(part.rawPayload.equals(bytes.subarray(262_140, 262_151))).toBe(true);
      const beyond = await app.app.inject({ method: 'GET', url: '/candidate/resume/file', headers: { cookie: jar.header(), range: `bytes=${bytes.length}-` } });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
      // The one Range parser (storage/byte-range.ts), as the spotlight's media: an invalid range is refused, the unit in any case.
      const backwards = await app.app.inject({ method: 'GET', url: '/candidate/resume/file', headers: { cookie: jar.header(), range: 'bytes=500-100' } });
      expect(backwards.statusCode).toBe(416);
      const capitals = await app.app.inject({ method: 'GET', url: '/candidate/resume/file', headers: { cookie: jar.header(), range: 'Bytes=0-9' } });
      expect(capitals.statusCode).toBe(206);
      const row = await app.app.db.selectFrom('resumes').select('storage_key').executeTakeFirstOrThrow();
      expect(existsSync(path.join(app.config.DATA_DIR, 'uploads', row.storage_key))).toBe(driver === 'disk');
      if (app !== t) await app.close();
    }
    await s3.close();
    const visitor = await getPage(t.app, '/candidate/resume/file');
    expect(visitor.statusCode).toBe(303);
    const without = await getPage(t.app, '/candidate/resume/file', await signIn(t.app, 'none@example.com'));
    expect(without.statusCode).toBe(303);
    expect(without.headers.location).toBe('/candidate/resume');
  });

  it('refuses a file that lies about its type: an executable named .pdf, a zip named .docx', async () => {
    const jar = await signIn(t.app, 'liar@example.com');
    const exe = await upload(t.app, jar, 'cv.pdf', 'application/pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500)]));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error_message).toBe('Upload a PDF or Word (.docx) file.');
    const zip = await upload(t.app, jar, 'cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', storedZip({ 'evil.sh': 'rm -rf /' }));
    expect(zip.statusCode).toBe(415);
    expect(await t.app.db.selectFrom('resumes').selectAll().execute()).toHaveLength(0);
  });

  it('refuses a file over 5 MB with 413 and a page that says so', async () => {
    const jar = await signIn(t.app, 'big@example.com');
    const big = await upload(t.app, jar, 'cv.pdf', 'application/pdf', pdfBytes(5 * 1024 * 1024 + 1), false);
    expect(big.statusCode).toBe(413);
    expect(big.body).toContain('Your résumé must be 5 MB or smaller.');
    const exact = await upload(t.app, jar, 'cv.pdf', 'application/pdf', pdfBytes(5 * 1024 * 1024));
    expect(exact.statusCode).toBe(200);
  });
});

describe('apply', () => {
  it('asks for a profile first, then applies once and refuses the second time kindly', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const jar = await signIn(t.app, 'applicant@example.com');
    const first = await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: job.listing_key }, { jar });
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ status: 'PROFILE_INCOMPLETE', profile_url: expect.stringMatching(/^\/candidate\/about\?next=%2Fjob%2F/) });
    await postForm(t.app, '/candidate/about', PROFILE, { jar });
    const applied = await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: job.listing_key }, { jar });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().status).toBe('APPLIED');
    const twice = await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: job.listing_key }, { jar });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ status: 'ALREADY_APPLIED', error_message: "You've already applied to this job. The employer has your application." });
    const rows = await t.app.db.selectFrom('job_applications').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ full_name: 'Ada Lovelace', email: 'applicant@example.com', phone: '+15125550142' });
    const myJobs = await getPage(t.app, '/candidate/my-jobs', jar);
    expect(myJobs.body).toContain('Applied (1)');
  });

  it('refuses a visitor', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const response = await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: job.listing_key });
    expect(response.statusCode).toBe(401);
  });

  it('records an external apply click and goes to the employer', async () => {
    const job = await insertJob(t.app.db, t.clock.now(), { apply_type: 'external', external_url: 'https://careers.example.com/jobs/1' });
    const jar = await signIn(t.app, 'ext@example.com');
    const response = await navigate(t.app, `/candidate/external_apply/${job.listing_key}`, { jar });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('https://careers.example.com/jobs/1');
    const clicks = await t.app.db.selectFrom('external_apply_clicks').selectAll().execute();
    expect(clicks).toHaveLength(1);
    expect(clicks[0]!.account_id).not.toBeNull();
  });
});

describe('apply clicks count once a visitor, job and day, within a per-client allowance (decision 0226)', () => {
  const EMPLOYER_SITE = 'https://careers.example.com/jobs/7';
  const applyClicks = async (jobId: string) => {
    await t.app.jobFigures.flush();
    const rows = await t.app.db.selectFrom('job_daily_figures').select('apply_clicks').where('job_id', '=', jobId).execute();
    return rows.reduce((sum, row) => sum + Number(row.apply_clicks), 0);
  };
  const click = (listingKey: string, options: Parameters<typeof navigate>[2] & { from?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/candidate/external_apply/${listingKey}`,
      remoteAddress: options.from ?? '127.0.0.1',
      headers: {
        'sec-fetch-site': options.site ?? 'same-origin',
        'sec-fetch-mode': 'navigate',
        ...(options.jar ? { cookie: options.jar.header() } : {}),
        ...options.headers,
      },
    });
  const ping = (listingKey: string, headers: Record<string, string>, from = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: `/jobs/apply-click/${listingKey}`, remoteAddress: from, headers: { 'content-type': 'text/ping', ...headers }, payload: 'PING' });

  it('counts a person once a day however often they click, and always sends them on to the job’s own site', async () => {
    const job = await insertJob(t.app.db, t.clock.now(), { apply_type: 'external', external_url: EMPLOYER_SITE });
    const jar = await signIn(t.app, 'clicker@example.com');
    for (let n = 0; n < 3; n += 1) {
      const response = await click(job.listing_key, { jar });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(EMPLOYER_SITE);
    }
    expect(await applyClicks(job.id)).toBe(1);
    // A visitor by their browser's tracking id; one without cookies by their address.
    for (let n = 0; n < 3; n += 1) await click(job.listing_key, { headers: { cookie: 'ptid=visitor-a' } });
    for (let n = 0; n < 3; n += 1) await click(job.listing_key, { from: '198.51.100.20' });
    expect(await applyClicks(job.id)).toBe(3);
    // Only a signed-in person's click is kept as a row (theirs, capped); a visitor's is only the figure.
    const rows = await t.app.db.selectFrom('external_apply_clicks').select(['account_id', 'job_id']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.account_id).not.toBeNull();

    t.clock.advance(DAY_MS);
    await click(job.listing_key, { jar });
    expect(await applyClicks(job.id)).toBe(4);
    expect(await t.app.db.selectFrom('external_apply_clicks').select('id').execute()).toHaveLength(2);
  });

  it('counts nothing for a request that is not a click on our pages, and still sends it on', async () => {
    const job = await insertJob(t.app.db, t.clock.now(), { apply_type: 'external', external_url: EMPLOYER_SITE });
    const crossSite = await click(job.listing_key, { site: 'cross-site' });
    const prefetch = await click(job.listing_key, { headers: { 'sec-purpose': 'prefetch' } });
    const script = await t.app.inject({ method: 'GET', url: `/candidate/external_apply/${job.listing_key}` });
    for (const response of [crossSite, prefetch, script]) {
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(EMPLOYER_SITE);
    }
    expect(await applyClicks(job.id)).toBe(0);
    expect(await t.app.db.selectFrom('external_apply_clicks').select('id').execute()).toHaveLength(0);
  });

  it('stops counting a client past its allowance, while every click still reaches the employer', async () => {
    const job = await insertJob(t.app.db, t.clock.now(), { apply_type: 'external', external_url: EMPLOYER_SITE });
    for (let n = 0; n < APPLY_CLICKS_PER_CLIENT.max + 5; n += 1) {
      const response = await click(job.listing_key, { from: '203.0.113.9', headers: { cookie: `ptid=rotating-${n}` } });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(EMPLOYER_SITE);
    }
    expect(await applyClicks(job.id)).toBe(APPLY_CLICKS_PER_CLIENT.max);
    // Another client has its own allowance.
    await click(job.listing_key, { from: '192.0.2.44' });
    expect(await applyClicks(job.id)).toBe(APPLY_CLICKS_PER_CLIENT.max + 1);
  });

  it('counts the email apply ping the same way: once a visitor, job and day, within the allowance', async () => {
    const job = await insertJob(t.app.db, t.clock.now(), { apply_type: 'email' });
    for (let n = 0; n < 3; n += 1) expect((await ping(job.listing_key, { ...sameOriginHeaders, cookie: 'ptid=mailer-a' })).statusCode).toBe(204);
    expect(await applyClicks(job.id)).toBe(1);
    // A script without cookies or browser headers, rotating ids, from one address.
    for (let n = 0; n < APPLY_CLICKS_PER_CLIENT.max + 5; n += 1) expect((await ping(job.listing_key, { cookie: `ptid=bot-${n}` }, '203.0.113.10')).statusCode).toBe(204);
    expect(await applyClicks(job.id)).toBe(1 + APPLY_CLICKS_PER_CLIENT.max);
    expect((await ping(job.listing_key, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect(await applyClicks(job.id)).toBe(1 + APPLY_CLICKS_PER_CLIENT.max);
  });
});

describe('suggested jobs', () => {
  it('shows a new account jobs near them, then ranks by history with a reason, never a job applied to', async () => {
    const now = t.clock.now();
    const nurse = await insertJob(t.app.db, now, { title: 'Registered Nurse', category: 'healthcare' });
    const forklift = await insertJob(t.app.db, now, { title: 'Forklift Operator' });
    await insertJob(t.app.db, now, { title: 'Far Away Job', place: 'chicago' });
    const jar = await signIn(t.app, 'home@example.com');
    await postForm(t.app, '/candidate/about', PROFILE, { jar });
    const fresh = await getPage(t.app, '/jobseeker/home', jar);
    expect(fresh.body).toContain('Near Austin, TX');
    expect(fresh.body).not.toContain('Far Away Job');

    await getPage(t.app, '/jobs-search?search=nurse&location=Austin%2C+TX', jar);
    const afterSearch = await getPage(t.app, '/jobseeker/home', jar);
    expect(afterSearch.body).toContain('Because you searched for nurse');
    expect(afterSearch.body.indexOf('Registered Nurse')).toBeLessThan(afterSearch.body.indexOf('Forklift Operator'));

    await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: nurse.listing_key }, { jar });
    const afterApply = await getPage(t.app, '/jobseeker/home', jar);
    expect(afterApply.body).not.toContain('>Registered Nurse<');
    expect(afterApply.body).toContain(forklift.title);
  });
});

describe('job alerts', () => {
  it('registering from a search creates a daily alert for it', async () => {
    const jar = await signIn(t.app, 'alerted@example.com', { search_context: { jobCount: '12', jobTitle: 'forklift', radius: '25', location: 'Austin, TX' } });
    const alerts = await t.app.db.selectFrom('job_alerts').selectAll().execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ search: 'forklift', location: 'Austin, TX', frequency: 'daily' });
    const page = await getPage(t.app, '/candidate/alerts', jar);
    expect(page.body).toContain('forklift near Austin, TX');
  });

  it('adds, edits and deletes alerts, at most 10', async () => {
    const jar = await signIn(t.app, 'ten@example.com');
    for (let i = 0; i < 10; i += 1) {
      const created = await postForm(t.app, '/candidate/alerts', { search: `job ${i}`, location: 'Austin, TX', radius: '25', frequency: 'daily' }, { jar });
      expect(created.json().status).toBe('CREATED');
    }
    const eleventh = await postForm(t.app, '/candidate/alerts', { search: 'one more', location: '', radius: '25' }, { jar });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error_message).toBe('You can have up to 10 job alerts. Delete one to add another.');
    const [first] = await t.app.db.selectFrom('job_alerts').selectAll().orderBy('search').execute();
    const edited = await postForm(t.app, `/candidate/alerts/${first!.id}`, { search: 'welder', location: 'Dallas, TX', radius: '50', frequency: 'weekly' }, { jar });
    expect(edited.json().status).toBe('UPDATED');
    const other = await signIn(t.app, 'other@example.com');
    const stolen = await postForm(t.app, `/candidate/alerts/${first!.id}/delete`, {}, { jar: other });
    expect(stolen.statusCode).toBe(404);
    const deleted = await postForm(t.app, `/candidate/alerts/${first!.id}/delete`, {}, { jar });
    expect(deleted.json().status).toBe('DELETED');
    expect(await t.app.db.selectFrom('job_alerts').selectAll().execute()).toHaveLength(9);
  });

  async function alertWithNewJobs(email: string, searches: string[]) {
    const jar = await signIn(t.app, email);
    for (const search of searches) await postForm(t.app, '/candidate/alerts', { search, location: 'Austin, TX', radius: '25' }, { jar });
    t.clock.advance(DAY_MS / 2);
    for (const search of searches) await insertJob(t.app.db, t.clock.now(), { title: `${search} Lead`, ageDays: 0 });
    t.clock.advance(DAY_MS / 2 + 1000);
    return jar;
  }

  const alertMail = async (to: string) => (await mailbox(t.app, to)).filter((message) => !message.subject.startsWith('Your Jobwise code'));

  it('the digest sends each alert its new jobs once, however often it runs', async () => {
    await alertWithNewJobs('digest@example.com', ['Forklift']);
    const first = await t.app.runAlertDigest();
    expect(first).toEqual({ sent: 1, empty: 0, failed: 0 });
    const second = await t.app.runAlertDigest();
    expect(second).toEqual({ sent: 0, empty: 0, failed: 0 });
    const messages = await alertMail('digest@example.com');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.subject).toBe('1 new job: Forklift near Austin, TX');
    expect(messages[0]!.text).toContain('Forklift Lead');
    expect(messages[0]!.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/candidate\/unsubscribe\/[\w-]+\.[\w-]+\.[\w-]{22}>$/);
    expect(messages[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // A day later with nothing new: nothing is mailed.
    t.clock.advance(DAY_MS);
    expect(await t.app.runAlertDigest()).toEqual({ sent: 0, empty: 1, failed: 0 });
    // The bell told them too, once, and leads to the search (decision 0228).
    const account = await t.app.db.selectFrom('accounts').select('id').where('email', '=', 'digest@example.com').executeTakeFirstOrThrow();
    expect(await t.app.db.selectFrom('notifications').select(['kind', 'text', 'link']).where('account_id', '=', account.id).execute()).toEqual([
      { kind: 'saved_search_match', text: '1 new job for your alert “Forklift near Austin, TX”.', link: expect.stringMatching(/^\/jobs-search\?search=Forklift&location=Austin/) },
    ]);
  });

  it('sends each digest once when runs overlap', async () => {
    await alertWithNewJobs('race@example.com', ['Forklift', 'Welder', 'Cashier']);
    const [one, two] = await Promise.all([t.app.runAlertDigest(), t.app.runAlertDigest()]);
    // One digest run and one queue pass in this process at a time: the two calls share them, or the second finds nothing left.
    expect(Math.max(one.sent, two.sent)).toBe(3);
    expect(one.failed + two.failed).toBe(0);
    expect(await t.app.runAlertDigest()).toEqual({ sent: 0, empty: 0, failed: 0 });
    const subjects = (await alertMail('race@example.com')).map((message) => message.subject);
    expect(subjects).toHaveLength(3);
    expect(new Set(subjects).size).toBe(3);
    expect(await t.app.db.selectFrom('alert_deliveries').select('status').distinct().execute()).toEqual([{ status: 'sent' }]);
  });

  it('the unsubscribe link works without a session and turns on the resubscribe offer', async () => {
    const jar = await alertWithNewJobs('unsub@example.com', ['Forklift']);
    await t.app.runAlertDigest();
    const [message] = await alertMail('unsub@example.com');
    const link = message!.headers['List-Unsubscribe']!.slice(1, -1).replace('http://localhost:3000', '');
    const confirm = await getPage(t.app, link);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Unsubscribe from job alerts');
    // One-click from a mail client: a cross-site POST with no cookies, form-encoded or multipart (RFC 8058).
    const done = await t.app.inject({ method: 'POST', url: link, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You&#x27;re unsubscribed');
    const multipart = await oneClickMultipart(t.app, link);
    expect(multipart.statusCode).toBe(200);
    expect(multipart.body).toContain('You&#x27;re unsubscribed');
    const eligibility = await getJson(t.app, '/jobseeker/register/resubscribe_eligibility', jar);
    expect(eligibility.json()).toEqual({ missing_email_prefs: true });
    t.clock.advance(DAY_MS);
    await insertJob(t.app.db, t.clock.now(), { title: 'Forklift Night Lead', ageDays: 0 });
    t.clock.advance(1000);
    expect((await t.app.runAlertDigest()).sent).toBe(0);
    await postJson(t.app, '/jobseeker/register/email_resubscribe', { email: 'unsub@example.com' }, { jar });
    expect((await t.app.runAlertDigest()).sent).toBe(1);
  });

  it('refuses a forged unsubscribe token', async () => {
    const jar = await signIn(t.app, 'forged@example.com');
    const account = await t.app.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
    const forged = unsubscribeToken('another-secret-another-secret-0123456789', account.id, 'alert');
    const response = await t.app.inject({ method: 'POST', url: `/candidate/unsubscribe/${forged}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(response.statusCode).toBe(400);
    expect((await getJson(t.app, '/jobseeker/register/resubscribe_eligibility', jar)).json()).toEqual({ missing_email_prefs: false });
  });
});

describe('rate limit of job-seeker actions', () => {
  it('answers 429 with Retry-After past RATE_LIMIT_ACTIONS_MAX calls from one address in a window, and again after it', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '3' });
    try {
      const job = await insertJob(limited.app.db, limited.clock.now());
      const jar = await signIn(limited.app, 'busy@example.com');
      const save = () => postForm(limited.app, '/candidate/toggle_job_save', { archive: '0', listing_key: job.listing_key }, { jar });
      for (let i = 0; i < 3; i += 1) expect((await save()).statusCode).toBe(200);
      const refused = await save();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().status).toBe('RATE_LIMITING_THROTTLED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Other POSTs of the feature share the limit; registration keeps its own.
      expect((await postForm(limited.app, '/candidate/apply', { resume: 'none', listing_key: job.listing_key }, { jar })).statusCode).toBe(429);
      limited.clock.advance(61_000);
      expect((await save()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
