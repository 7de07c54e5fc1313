// Export and erase (issue 41, decision 0225). SQLite by default; PostgreSQL with TEST_DATABASE_URL. The
// erase test seeds every kind of row a person leaves, erases, then reads every text (and byte) cell of
// every table for the email, the name and the phone.
import { sql } from 'kysely';
import yauzl from 'yauzl';
import { afterEach, describe, expect, it } from 'vitest';
import { ERASED_CANDIDATE_LABEL, type ErasedApplicantPageProps } from '../../src/shared/privacy/constants';
import type { InboxPageProps } from '../../src/shared/applicants/page-props';
import type { AboutPageProps } from '../../src/shared/seeker/page-props';
import { SPOTLIGHT_PROMPT_IDS } from '../../src/shared/spotlight/constants';
import { recipientKey } from '../../src/server/features/mail/list-unsubscribe';
import { dataZip } from '../../src/server/features/privacy/data-zip';
import { accountExport, accountIdByEmail, eraseAccount, type PrivacyDeps } from '../../src/server/features/privacy/privacy.service';
import { pageData } from '../support/employer-helpers';
import { JOB_FORM, employerOfNewCompany, postJobForm } from '../support/employer-jobs-helpers';
import { mailbox, type CookieJar } from '../support/registration-helpers';
import { getPage, pdfBytes, postForm, signIn, upload } from '../support/seeker-helpers';
import { media, uploadAnswer, writeAnswer } from '../support/spotlight-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

let t: TestApp;
afterEach(async () => t?.close());
const start = async (env: Record<string, string> = {}) => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000', ...env });
};

const ERIN = { email: 'Erin.Erase@Example.com', name: 'Erin Zebulon-Quist', phone: '+1 512 555 0147', e164: '+15125550147', digits: '5125550147' };
const OTTO = { email: 'otto.other@example.com', name: 'Otto Keepwell', phone: '+1 512 555 0199' };
const QUESTIONS = [
  { text: 'Can you lift 50 lb?', kind: 'yes_no' as const, deal_breaker: true, expected: 'yes' },
  { text: 'What hourly pay do you expect?', kind: 'text' as const, deal_breaker: false, expected: '' },
];

async function companyWithJob(email: string, id: string) {
  const employer = await employerOfNewCompany(t.app, email, { id, name: `${id} Freight` });
  const posted = await postJobForm(t.app, employer.jar, '/post-a-job', { ...JOB_FORM, questions: QUESTIONS });
  expect(posted.statusCode).toBe(303);
  const job = await t.app.db.selectFrom('jobs').select(['id', 'listing_key']).where('company_id', '=', id).executeTakeFirstOrThrow();
  return { ...employer, jobId: job.id, listingKey: job.listing_key };
}

async function accountIdOf(email: string): Promise<string> {
  return (await t.app.db.selectFrom('accounts').select('id').where('email_normalized', '=', email.toLowerCase()).executeTakeFirstOrThrow()).id;
}

/** A seeker with a profile, a résumé, a spotlight (a recording and a written answer), a saved job and an application with answers. */
async function fullSeeker(person: { email: string; name: string; phone: string }, listingKey: string, pay: string) {
  t.clock.advance(60_000);
  const jar = await signIn(t.app, person.email);
  expect((await postForm(t.app, '/candidate/about', { full_name: person.name, phone: person.phone, location: 'Austin, TX', headline: 'Forklift lead' }, { jar, xhr: false })).statusCode).toBe(303);
  expect((await upload(t.app, jar, `${person.name} CV.pdf`, 'application/pdf', pdfBytes(3000))).statusCode).toBe(200);
  expect((await uploadAnswer(t.app, jar, SPOTLIGHT_PROMPT_IDS[0], media('answer.webm'), { transcript: `Hello, I am ${person.name}.` })).statusCode).toBe(200);
  expect((await writeAnswer(t.app, jar, SPOTLIGHT_PROMPT_IDS[1]!, `Call me, ${person.name}, on ${person.phone}.`)).statusCode).toBe(200);
  expect((await postForm(t.app, '/candidate/toggle_job_save', { listing_key: listingKey, archive: '0' }, { jar })).statusCode).toBe(200);
  const applied = await postForm(t.app, '/candidate/apply', { listing_key: listingKey, answer_1: 'yes', answer_2: pay }, { jar });
  expect(applied.json().status).toBe('APPLIED');
  const accountId = await accountIdOf(person.email);
  const application = await t.app.db.selectFrom('job_applications').select('id').where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return { jar, accountId, applicationId: application.id };
}

/** Every stored file key a person's rows name. */
async function storageKeysOf(accountId: string): Promise<string[]> {
  const resume = await t.app.db.selectFrom('resumes').select('storage_key as key').where('account_id', '=', accountId).execute();
  const sent = await t.app.db.selectFrom('job_applications').select('resume_storage_key as key').where('account_id', '=', accountId).execute();
  const spotlight = await t.app.db.selectFrom('spotlight_answers').select('storage_key as key').where('account_id', '=', accountId).execute();
  return [...new Set([...resume, ...sent, ...spotlight].map((row) => row.key).filter((key): key is string => Boolean(key)))];
}

/** Every table of the database (its own schema on PostgreSQL), every cell, as text: "table.column: value" for each needle found. */
async function findEverywhere(needles: string[]): Promise<string[]> {
  const schema = t.app.dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.app.db)).rows[0]?.schema : undefined;
  const tables = t.app.dialect === 'postgres'
    ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${schema!} and table_type = 'BASE TABLE'`.execute(t.app.db)).rows.map((row) => row.name)
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.app.db)).rows.map((row) => row.name);
  expect(tables).toEqual(expect.arrayContaining(['accounts', 'job_applications', 'event_log', 'observation', 'dev_mailbox', 'stored_file_chunks']));
  const lowered = needles.map((needle) => needle.toLowerCase());
  const hits: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.app.db);
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        const texts = typeof value === 'string' ? [value] : Buffer.isBuffer(value) || value instanceof Uint8Array ? [Buffer.from(value).toString('utf8'), Buffer.from(value).toString('latin1')] : [];
        for (const text of texts) {
          const found = lowered.find((needle) => text.toLowerCase().includes(needle));
          if (found) hits.push(`${table}.${column}: ${found}`);
        }
      }
    }
  }
  return [...new Set(hits)];
}

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const postExport = (url: string, jar: CookieJar | null, headers: Record<string, string> = sameOriginHeaders) =>
  t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', ...(jar ? { cookie: jar.header() } : {}) }, payload: '' });

const privacyDeps = (): PrivacyDeps => ({ db: t.app.db, fileStorage: t.app.fileStorage, now: t.app.now, secret: t.config.SESSION_SECRET, unsubscribeListKey: t.config.UNSUBSCRIBE_LIST_KEY });

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('export', () => {
  it('gives a seeker a zip of their data and files, and none of another person’s', async () => {
    await start();
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const erin = await fullSeeker(ERIN, acme.listingKey, '$21 an hour');
    await fullSeeker(OTTO, acme.listingKey, '$99 an hour');
    await postForm(t.app, `/candidates/${erin.applicationId}/notes`, { body: 'Strong on nights, call back Monday.' }, { jar: acme.jar, xhr: false });

    // What they told onboarding, and a job of their work history (decisions 0234, 0236).
    expect((await postForm(t.app, '/candidate/about/sections/work', { title: 'Forklift lead', employer: 'Dock Co', start_month: '2020-01', end_month: '', current: 'on', description: '' }, { jar: erin.jar, xhr: false })).statusCode).toBe(303);
    expect((await postForm(t.app, '/candidate/onboard', { step: 'titles', title: 'Forklift operator', next: '/jobseeker/home' }, { jar: erin.jar, xhr: false })).statusCode).toBe(303);

    const about = await getPage(t.app, '/candidate/about', erin.jar);
    expect(about.body).toContain('<h2 id="your-data-heading">Your data</h2>');
    expect(about.body).toContain('action="/candidate/about/export"');
    expect(about.body).toContain('href="/candidate/erase"');

    const download = await postExport('/candidate/about/export', erin.jar);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toBe('attachment; filename=jobwise-my-data-2026-11-21.zip');
    const entries = await unzip(download.rawPayload);
    const data = JSON.parse(entries.get('jobwise-data.json')!.toString('utf8'));
    expect(data.account.email).toBe(ERIN.email);
    expect(data.jobSeeker.profile).toMatchObject({ fullName: ERIN.name, phone: ERIN.e164, location: 'Austin, TX' });
    expect(data.jobSeeker.profileSections.workHistory).toEqual([expect.objectContaining({ title: 'Forklift lead', employer: 'Dock Co' })]);
    expect(data.jobSeeker.onboarding).toMatchObject({ titles: ['Forklift operator'] });
    expect(data.jobSeeker.savedJobs).toHaveLength(1);
    const [application] = data.jobSeeker.applications;
    expect(application).toMatchObject({ status: 'Applied', sent: { fullName: ERIN.name, email: ERIN.email } });
    expect(application.answers).toEqual([
      { question: 'Can you lift 50 lb?', answer: 'yes' },
      { question: 'What hourly pay do you expect?', answer: '$21 an hour' },
    ]);
    expect(data.jobSeeker.spotlight.map((answer: { transcript: string | null }) => answer.transcript)).toContain(`Hello, I am ${ERIN.name}.`);
    expect(data.signIn.sessions.length).toBeGreaterThan(0);
    // The files beside it, byte for byte.
    const resumePath = data.jobSeeker.resume.file as string;
    expect(resumePath).toBe(`files/resume/${ERIN.name} CV.pdf`);
    expect(entries.get(resumePath)).toEqual(pdfBytes(3000));
    expect(application.resumeFile).toBe(resumePath);
    const recording = data.jobSeeker.spotlight.find((answer: { file: string | null }) => answer.file)?.file as string;
    expect(entries.get(recording)?.equals(media('answer.webm'))).toBe(true);
    // Nobody else's data, no secrets, and not the team's notes.
    const text = entries.get('jobwise-data.json')!.toString('utf8').toLowerCase();
    for (const foreign of [OTTO.email, OTTO.name.toLowerCase(), '$99 an hour', 'strong on nights', 'boss@acme.example', 'id_hash', 'code_hmac', 'token']) expect(text).not.toContain(foreign);
    expect([...entries.keys()].filter((name) => name.startsWith('files/'))).toHaveLength(2);
  });

  it('is a same-origin POST for a signed-in person only', async () => {
    await start();
    const jar = await signIn(t.app, 'someone@example.com');
    expect((await postExport('/candidate/about/export', jar, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/candidate/about/export', headers: { cookie: jar.header() } })).statusCode).toBe(404);
    const visitor = await postExport('/candidate/about/export', null, { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' });
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe('/authn/login?next=%2Fcandidate%2Fabout');
  });

  it('gives an employer their own account’s data: memberships, jobs posted, notes written; not the applicants’', async () => {
    await start();
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const erin = await fullSeeker(ERIN, acme.listingKey, '$21 an hour');
    await postForm(t.app, `/candidates/${erin.applicationId}/notes`, { body: 'Strong on nights, call back Monday.' }, { jar: acme.jar, xhr: false });
    const account = await getPage(t.app, '/user/account', acme.jar);
    expect(account.body).toContain('action="/user/account/export"');

    const download = await postExport('/user/account/export', acme.jar);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename=jobwise-employer-data-2026-11-21.zip');
    const entries = await unzip(download.rawPayload);
    expect([...entries.keys()]).toEqual(['jobwise-data.json']);
    const json = entries.get('jobwise-data.json')!.toString('utf8');
    const data = JSON.parse(json);
    expect(data.account.email).toBe('boss@acme.example');
    expect(data.employer.memberships).toEqual([expect.objectContaining({ company: 'acme Freight', role: 'owner' })]);
    expect(data.employer.jobsPosted).toEqual([expect.objectContaining({ title: JOB_FORM.title, status: 'open' })]);
    expect(data.employer.notesWritten).toEqual([expect.objectContaining({ body: 'Strong on nights, call back Monday.', jobTitle: JOB_FORM.title })]);
    expect(data.jobSeeker).toBeUndefined();
    for (const foreign of [ERIN.email, ERIN.name, ERIN.e164, '$21 an hour']) expect(json.toLowerCase()).not.toContain(foreign.toLowerCase());
    // A job seeker's session is not an employer's.
    const seekerTry = await postExport('/user/account/export', erin.jar, { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' });
    expect(seekerTry.statusCode).toBe(303);
    expect(seekerTry.headers.location).toMatch(/^\/authn\/employer\/login/);
  });
});

describe('erase', () => {
  it.each(['disk', 'database'] as const)(
    'removes every personal row and file (storage: %s); the employer keeps a "withdrawn, erased candidate"; the same email signs up anew',
    async (driver) => {
      await start({ STORAGE_DRIVER: driver });
      const acme = await companyWithJob('boss@acme.example', 'acme');
      const otto = await fullSeeker(OTTO, acme.listingKey, '$99 an hour');
      const erin = await fullSeeker(ERIN, acme.listingKey, '$21 an hour');
      const second = await signIn(t.app, ERIN.email);
      const now = t.clock.now();
      // The team moves and notes the application; the seeker is in the résumé database, viewed and invited.
      expect((await postForm(t.app, `/candidates/${erin.applicationId}/stage`, { stage: 'interview' }, { jar: acme.jar, xhr: false })).statusCode).toBe(303);
      await postForm(t.app, `/candidates/${erin.applicationId}/notes`, { body: `Call ${ERIN.name} on ${ERIN.phone}` }, { jar: acme.jar, xhr: false });
      expect((await postForm(t.app, '/candidate/about/find-me', { find_me: 'on', experience: `Ten years. ${ERIN.name}` }, { jar: erin.jar, xhr: false })).statusCode).toBe(303);
      await t.app.db.insertInto('resume_profile_views').values({ company_id: 'acme', month: '2026-11', seeker_account_id: erin.accountId, viewed_by: acme.accountId, viewed_at: now }).execute();
      await t.app.db.insertInto('resume_invitations').values({ id: 'invite-1', company_id: 'acme', job_id: acme.jobId, seeker_account_id: erin.accountId, invited_by: acme.accountId, created_at: now }).execute();
      // Alerts (with a delivery), searches, an external apply click, SMS, Google, unsubscribes.
      expect((await postForm(t.app, '/candidate/alerts', { search: 'forklift', location: 'Austin, TX', radius: '25', frequency: 'daily' }, { jar: erin.jar, xhr: false })).statusCode).toBe(303);
      const alert = await t.app.db.selectFrom('job_alerts').select('id').where('account_id', '=', erin.accountId).executeTakeFirstOrThrow();
      await t.app.db.insertInto('alert_deliveries').values({ id: 'delivery-1', alert_id: alert.id, window_start: now - 1, window_end: now, status: 'sent', job_count: 1, claimed_at: now, finished_at: now }).execute();
      await t.app.db.insertInto('job_searches').values({ id: 'search-1', account_id: erin.accountId, search: `jobs for ${ERIN.name}`, location: 'Austin, TX', created_at: now }).execute();
      await t.app.db.insertInto('external_apply_clicks').values({ id: 'click-1', account_id: erin.accountId, job_id: acme.jobId, created_at: now }).execute();
      await t.app.db.insertInto('sms_opt_ins').values({ id: 'sms-1', account_id: erin.accountId, phone_e164: ERIN.e164, consent_text: 'Texts OK', consented_at: now, client_address: '127.0.0.1', reg_method: 'web' }).execute();
      await t.app.db.insertInto('account_identities').values({ id: 'google-1', provider: 'google', subject: 'g-123', account_id: erin.accountId, email: ERIN.email.toLowerCase(), created_at: now, last_used_at: now }).execute();
      await t.app.db.insertInto('google_sign_in_nonces').values({ id: 'nonce-1', created_at: now, expires_at: now + 1, used_at: null, link_subject: 'g-123', link_email_normalized: ERIN.email.toLowerCase(), link_expires_at: now + 1 }).execute();
      await t.app.db.insertInto('email_unsubscribes').values({ recipient_key: recipientKey(t.config.UNSUBSCRIBE_LIST_KEY, ERIN.email), kind: 'job-alerts', created_at: now }).execute();
      await t.app.db.insertInto('applicant_mail_deliveries').values({ id: 'mail-1', kind: 'interview', source_id: erin.applicationId, recipient_id: erin.accountId, status: 'claimed', claimed_at: now, finished_at: null }).execute();
      await t.app.db.insertInto('company_invitations').values({ id: 'team-1', company_id: 'acme', email: ERIN.email, email_normalized: ERIN.email.toLowerCase(), role: 'recruiter', token_hash: 'hash-1', invited_by: acme.accountId, created_at: now, expires_at: now + 1, accepted_at: null, accepted_by: null, revoked_at: null }).execute();
      // Analytics, error reports and mail that name them.
      await t.app.db.insertInto('event_log').values({ id: 'event-1', event_type: 'email_typed', properties: JSON.stringify({ email: ERIN.email, name: ERIN.name }), path: `/authn/login?login_hint=${ERIN.email}`, client_time: now, ptid: 'p-1', visit_id: 'v-1', created_at: now }).execute();
      await t.app.db
        .insertInto('observation')
        .values({ id: 'obs-1', batch_id: 'b-1', type_name: 'RegistrationObservation', observe_type: 'x', visit_key: 'v-1', received_at: now, day: '2026-11-21', payload: JSON.stringify({ email: ERIN.email.toLowerCase(), phone: ERIN.digits }) })
        .execute();
      await t.app.db.insertInto('error_reports').values({ id: 'report-1', description: `It broke for ${ERIN.email}`, category: 'other', error_message: null, path: '/', form_type: null, account_id: erin.accountId, ptid: 'p-1', user_agent: 'Test', created_at: now }).execute();
      await t.app.db.insertInto('error_reports').values({ id: 'report-2', description: `Someone else saw ${ERIN.name}`, category: 'other', error_message: null, path: '/', form_type: null, account_id: null, ptid: null, user_agent: null, created_at: now }).execute();
      await t.app.mailer.send({ to: 'boss@acme.example', subject: `New applicant: ${ERIN.name}`, text: `${ERIN.name} applied`, html: `<p>${ERIN.name} applied</p>` });
      // A conversation with the company, in which both sides name them; a block; a report.
      const started = await postForm(t.app, '/messages/new', { application_id: erin.applicationId, body: `Hello ${ERIN.name}, is ${ERIN.e164} best?` }, { jar: acme.jar, xhr: false });
      expect(started.statusCode).toBe(303);
      const conversationPath = String(started.headers.location).replace('?notice=sent', '');
      expect((await postForm(t.app, conversationPath, { body: `Yes, ${ERIN.name} here: ${ERIN.digits}.` }, { jar: erin.jar, xhr: false })).statusCode).toBe(303);
      // A file sent in the conversation: it goes with them too.
      const boundary = '----privacy-message';
      const fileReply = await t.app.inject({
        method: 'POST',
        url: conversationPath,
        headers: { ...sameOriginHeaders, 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: erin.jar.header() },
        payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${ERIN.name} references.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), pdfBytes(2500), Buffer.from(`\r\n--${boundary}--\r\n`)]),
      });
      expect(fileReply.json()).toMatchObject({ status: 'SENT' });
      const attachmentKey = (await t.app.db.selectFrom('messages').select('attachment_key').where('attachment_key', 'is not', null).executeTakeFirstOrThrow()).attachment_key!;
      expect(await t.app.fileStorage.stat(attachmentKey)).not.toBeNull();
      const companyMessage = await t.app.db.selectFrom('messages').select('id').where('author_side', '=', 'employer').executeTakeFirstOrThrow();
      // An interview proposed to them, its note naming them.
      await t.app.db
        .insertInto('interviews')
        .values({ id: 'interview-1', application_id: erin.applicationId, company_id: 'acme', seeker_account_id: erin.accountId, conversation_id: null, proposed_by: acme.accountId, job_title: 'Night Forklift Operator', status: 'proposed', employer_time_zone: 'America/Chicago', seeker_time_zone: null, place_kind: 'phone', place: ERIN.e164, minutes: 30, note: `Looking forward, ${ERIN.name}`, starts_at: null, calendar_uid: 'uid-1@jobwise', sequence: 0, reminder_sent_at: null, created_at: now, updated_at: now })
        .execute();
      await t.app.db.insertInto('interview_slots').values({ id: 'slot-1', interview_id: 'interview-1', starts_at: now + 86_400_000 }).execute();
      expect((await postForm(t.app, `${conversationPath}/report`, { message_id: companyMessage.id, reason: `Reported by ${ERIN.name}` }, { jar: erin.jar, xhr: false })).statusCode).toBe(303);
      expect((await postForm(t.app, `${conversationPath}/block`, {}, { jar: erin.jar, xhr: false })).statusCode).toBe(303);
      // A reference asked and received that names them (decision 0235): found before the erase, gone after.
      expect((await postForm(t.app, '/candidate/references', { name: 'Rita Ref', email: 'rita.ref@example.com', relationship: 'Shift manager' }, { jar: erin.jar, xhr: false })).statusCode).toBe(303);
      const referenceLink = (await mailbox(t.app, 'rita.ref@example.com'))[0]?.text.match(/\/submit-reference\/\S+/)?.[0] ?? '';
      expect((await postForm(t.app, referenceLink, { text: `${ERIN.name} ran the night dock well; call ${ERIN.phone}.` }, { xhr: false })).statusCode).toBe(303);
      expect((await findEverywhere([`${ERIN.name} ran the night dock`])).some((hit) => hit.includes('reference_requests'))).toBe(true);
      // A work-history entry that names them (decision 0236): found before the erase, gone after.
      const work = { title: 'Forklift lead', employer: `${ERIN.name} Hauling`, start_month: '2020-01', end_month: '', current: 'on', description: `Call ${ERIN.phone}` };
      expect((await postForm(t.app, '/candidate/about/sections/work', work, { jar: erin.jar, xhr: false })).statusCode).toBe(303);
      expect((await findEverywhere([`${ERIN.name} Hauling`])).some((hit) => hit.includes('seeker_profile_entries'))).toBe(true);
      const keys = await storageKeysOf(erin.accountId);
      expect(keys.length).toBe(2);
      for (const key of keys) expect(await t.app.fileStorage.stat(key)).not.toBeNull();
      const needles = [ERIN.email, ERIN.name, ERIN.e164, ERIN.digits];
      expect((await findEverywhere(needles)).length).toBeGreaterThan(15);

      // A wrong confirmation changes nothing.
      const wrong = await postForm(t.app, '/candidate/erase', { confirm_email: 'someone@else.example', understand: 'on' }, { jar: erin.jar, xhr: false });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('Type the email address you log in with');
      expect((await postForm(t.app, '/candidate/erase', { confirm_email: ERIN.email }, { jar: erin.jar, xhr: false })).statusCode).toBe(400);
      expect(await t.app.db.selectFrom('seeker_profiles').select('account_id').where('account_id', '=', erin.accountId).executeTakeFirst()).toBeDefined();

      const page = await getPage(t.app, '/candidate/erase', erin.jar);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Erase my account');
      const erased = await postForm(t.app, '/candidate/erase', { confirm_email: ` ${ERIN.email.toUpperCase()} `, understand: 'on' }, { jar: erin.jar, xhr: false });
      expect(erased.statusCode).toBe(200);
      expect(erased.body).toContain('Your account is erased');
      expect(String(erased.headers['set-cookie'])).toMatch(/jw_session=;/);
      expect(pageData(erased.body).shell.user).toBeNull();

      expect(await findEverywhere(needles)).toEqual([]);
      expect(await findEverywhere([`${ERIN.name} ran the night dock`, 'rita.ref@example.com'])).toEqual([]);
      expect(await t.app.db.selectFrom('reference_requests').selectAll().execute()).toEqual([]);
      expect(await findEverywhere([`${ERIN.name} Hauling`])).toEqual([]);
      expect(await t.app.db.selectFrom('seeker_profile_entries').select('id').where('account_id', '=', erin.accountId).execute()).toEqual([]);
      for (const key of [...keys, attachmentKey]) expect(await t.app.fileStorage.stat(key)).toBeNull();
      if (driver === 'database') expect(await t.app.db.selectFrom('stored_files').select('key').where('key', 'in', keys).execute()).toEqual([]);
      for (const table of ['seeker_profiles', 'resumes', 'saved_jobs', 'job_searches', 'job_alerts', 'spotlight_answers', 'sessions', 'sms_opt_ins', 'account_identities', 'resume_seekers'] as const) {
        expect(await t.app.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).where('account_id', '=', erin.accountId).executeTakeFirstOrThrow()).toEqual({ n: expect.toSatisfy((n) => Number(n) === 0) });
      }
      expect(await t.app.db.selectFrom('alert_deliveries').selectAll().execute()).toEqual([]);
      expect(await t.app.db.selectFrom('notifications').select('id').where('account_id', '=', erin.accountId).execute()).toEqual([]);
      for (const table of ['conversations', 'messages', 'conversation_reads', 'company_blocks', 'message_reports', 'interviews', 'interview_slots'] as const) {
        expect(await t.app.db.selectFrom(table).selectAll().execute()).toEqual([]);
      }
      expect(await t.app.db.selectFrom('email_unsubscribes').selectAll().execute()).toEqual([]);
      expect(await t.app.db.selectFrom('applicant_mail_deliveries').selectAll().where('recipient_id', '=', erin.accountId).execute()).toEqual([]);
      expect(await t.app.db.selectFrom('job_application_answers').selectAll().where('application_id', '=', erin.applicationId).execute()).toEqual([]);
      expect(await t.app.db.selectFrom('application_notes').selectAll().where('application_id', '=', erin.applicationId).execute()).toEqual([]);
      expect(await t.app.db.selectFrom('external_apply_clicks').select('account_id').where('id', '=', 'click-1').executeTakeFirstOrThrow()).toEqual({ account_id: null });
      expect(await t.app.db.selectFrom('error_reports').select(['account_id', 'user_agent']).where('id', '=', 'report-1').executeTakeFirstOrThrow()).toEqual({ account_id: null, user_agent: null });
      // The application stays, empty of the person, withdrawn; the account is a tombstone for it.
      const kept = await t.app.db.selectFrom('job_applications').selectAll().where('id', '=', erin.applicationId).executeTakeFirstOrThrow();
      expect(kept).toMatchObject({ full_name: '', email: '', phone: '', location: '', headline: '', resume_storage_key: null, stage: 'interview' });
      expect(kept.withdrawn_at).not.toBeNull();
      expect(await t.app.db.selectFrom('accounts').select(['role', 'country_code', 'last_login_at']).where('id', '=', erin.accountId).executeTakeFirstOrThrow()).toEqual({ role: 'erased', country_code: null, last_login_at: null });

      // Both sessions are gone.
      for (const jar of [erin.jar, second]) {
        const after = await getPage(t.app, '/candidate/about', jar);
        expect(after.statusCode).toBe(303);
        expect(after.headers.location).toMatch(/^\/authn\/login/);
      }

      // The employer: the inbox goes on without them; the application's page says what happened.
      const inbox = await getPage(t.app, '/candidates', acme.jar);
      expect(inbox.statusCode).toBe(200);
      expect(pageData<InboxPageProps>(inbox.body).props.applicants.map((applicant) => applicant.name)).toEqual([OTTO.name]);
      const view = await getPage(t.app, `/candidates/${erin.applicationId}`, acme.jar);
      expect(view.statusCode).toBe(200);
      const props = pageData<ErasedApplicantPageProps>(view.body);
      expect(props.page).toBe('applicant-erased');
      expect(props.props).toMatchObject({ label: ERASED_CANDIDATE_LABEL, jobTitle: JOB_FORM.title });
      expect(props.props.history).toEqual([expect.objectContaining({ from: 'New', to: 'Interview', by: 'boss@acme.example' })]);
      expect(view.body).toContain('<h1 id="applicant-heading">Withdrawn, erased candidate</h1>');
      expect((await getPage(t.app, `/candidates/${erin.applicationId}/resume`, acme.jar)).statusCode).toBe(404);
      expect((await getPage(t.app, '/candidates/export.csv', acme.jar)).statusCode).toBe(200);
      // Another company sees nothing of it.
      const other = await employerOfNewCompany(t.app, 'boss@other.example', { id: 'other', name: 'Other Co' });
      expect((await getPage(t.app, `/candidates/${erin.applicationId}`, other.jar)).statusCode).toBe(404);

      // Otto is untouched.
      expect(await t.app.db.selectFrom('seeker_profiles').select('full_name').where('account_id', '=', otto.accountId).executeTakeFirstOrThrow()).toEqual({ full_name: OTTO.name });
      expect(await storageKeysOf(otto.accountId)).toHaveLength(2);

      // The same email signs up as a new, empty account.
      const again = await signIn(t.app, ERIN.email);
      const newId = await accountIdOf(ERIN.email);
      expect(newId).not.toBe(erin.accountId);
      const aboutAgain = pageData<AboutPageProps>((await getPage(t.app, '/candidate/about', again)).body).props;
      expect(aboutAgain.values).toEqual({ full_name: '', phone: '', location: '', headline: '' });
      expect(await t.app.db.selectFrom('job_applications').select('id').where('account_id', '=', newId).execute()).toEqual([]);
    },
    60_000,
  );

  it('refuses a cross-site erase and keeps everything', async () => {
    await start();
    const jar = await signIn(t.app, ERIN.email);
    const response = await postForm(t.app, '/candidate/erase', { confirm_email: ERIN.email, understand: 'on' }, { jar, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(403);
    expect(await t.app.db.selectFrom('accounts').select('role').where('email_normalized', '=', ERIN.email.toLowerCase()).executeTakeFirst()).toEqual({ role: 'job_seeker' });
    expect((await getPage(t.app, '/candidate/about', jar)).statusCode).toBe(200);
  });

  it('refuses a member of a company’s team, and deletes the row of a person who never applied', async () => {
    await start();
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const refused = await postForm(t.app, '/candidate/erase', { confirm_email: 'boss@acme.example', understand: 'on' }, { jar: acme.jar, xhr: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('company’s team');
    expect(await t.app.db.selectFrom('accounts').select('id').where('id', '=', acme.accountId).executeTakeFirst()).toBeDefined();

    const jar = await signIn(t.app, 'brief@example.com');
    const id = await accountIdOf('brief@example.com');
    expect((await postForm(t.app, '/candidate/erase', { confirm_email: 'brief@example.com', understand: 'on' }, { jar, xhr: false })).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});

describe('account:erase and account:export (a request made by email)', () => {
  it('export writes the same zip for an address, with both sides; erase does what the person’s own erase does', async () => {
    await start();
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const erin = await fullSeeker(ERIN, acme.listingKey, '$21 an hour');
    const keys = await storageKeysOf(erin.accountId);

    expect(await accountIdByEmail(t.app.db, 'nobody@example.com')).toBeNull();
    const accountId = await accountIdByEmail(t.app.db, ` ${ERIN.email.toUpperCase()} `);
    expect(accountId).toBe(erin.accountId);
    const exported = await accountExport(privacyDeps(), accountId!, 'all');
    const entries = await unzip(await streamToBuffer(dataZip(t.app.fileStorage, exported!.data, exported!.files, t.clock.now())));
    const data = JSON.parse(entries.get('jobwise-data.json')!.toString('utf8'));
    expect(data.jobSeeker.profile.fullName).toBe(ERIN.name);
    expect(data.employer.memberships).toEqual([]);
    expect(entries.size).toBe(3);

    expect(await eraseAccount(privacyDeps(), acme.accountId)).toEqual({ status: 'team_member' });
    expect(await eraseAccount(privacyDeps(), accountId!)).toEqual({ status: 'erased', tombstone: true });
    expect(await accountIdByEmail(t.app.db, ERIN.email)).toBeNull();
    expect(await eraseAccount(privacyDeps(), accountId!)).toEqual({ status: 'not_found' });
    expect(await accountExport(privacyDeps(), accountId!, 'all')).toBeNull();
    for (const key of keys) expect(await t.app.fileStorage.stat(key)).toBeNull();
    expect(await findEverywhere([ERIN.email, ERIN.name, ERIN.e164])).toEqual([]);
  });
});
