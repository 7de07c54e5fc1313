import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertJob } from '../support/jobs-fixtures';
import type { CookieJar } from '../support/registration-helpers';
import { getPage, multipartBody, pdfBytes, postForm, signIn, upload } from '../support/seeker-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

// Apply without a dead end (issue 43, decision 0233): the steps page without JavaScript, and the
// context the apply dialog reads from the same address.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const steps = (listingKey: string) => `/candidate/apply/${listingKey}`;
const PROFILE = { full_name: 'Ada Lovelace', phone: '(512) 555-0142', location: 'Austin, TX' };

async function jobWithQuestion() {
  const job = await insertJob(t.app.db, t.clock.now(), { title: 'Night Forklift Driver' });
  await t.app.db.insertInto('job_screening_questions').values({ job_id: job.id, position: 0, text: 'Can you lift 50 lb?', kind: 'yes_no', deal_breaker: 0, expected: null }).execute();
  return job;
}

async function uploadOnSteps(jar: CookieJar, listingKey: string, bytes: Buffer, fileName = 'ada-cv.pdf') {
  const body = multipartBody('resume', fileName, 'application/pdf', bytes);
  const { 'x-requested-with': _xhr, ...browser } = sameOriginHeaders;
  return t.app.inject({ method: 'POST', url: `${steps(listingKey)}/resume`, headers: { ...browser, 'content-type': body.contentType, cookie: jar.header() }, payload: body.payload });
}

const form = (jar: CookieJar) => ({ jar, xhr: false });
const applications = () => t.app.db.selectFrom('job_applications').selectAll().execute();

describe('the apply steps without JavaScript', () => {
  it('sends the plain Apply form of a person without a profile to the steps, not to a dead end', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const jar = await signIn(t.app, 'new@example.com');
    const response = await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key }, form(jar));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(steps(job.listing_key));
    // The JSON answer names the steps too, and keeps the profile's address.
    const json = await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key }, { jar });
    expect(json.json()).toMatchObject({ status: 'PROFILE_INCOMPLETE', apply_url: steps(job.listing_key) });
    expect(await applications()).toHaveLength(0);
  });

  it('asks for name and phone first, keeps what was typed on error, then saves the profile by its own rule', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const jar = await signIn(t.app, 'grace@example.com');
    const first = await getPage(t.app, steps(job.listing_key), jar);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Your contact details');
    expect(first.body).toContain('Full name');
    expect(first.body).toContain('Phone');
    const wrong = await postForm(t.app, steps(job.listing_key), { step: 'profile', full_name: 'Grace Hopper', phone: '12', location: 'Austin, TX' }, form(jar));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Phone number is invalid');
    expect(wrong.body).toMatch(/value="Grace Hopper"/);
    expect(wrong.body).toMatch(/value="Austin, TX"/);
    expect(await t.app.db.selectFrom('seeker_profiles').selectAll().execute()).toHaveLength(0);
    const saved = await postForm(t.app, steps(job.listing_key), { step: 'profile', full_name: 'Grace Hopper', phone: '(512) 555-0199', location: 'Austin, TX' }, form(jar));
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(steps(job.listing_key));
    expect(await t.app.db.selectFrom('seeker_profiles').select(['full_name', 'phone']).execute()).toEqual([{ full_name: 'Grace Hopper', phone: '+15125550199' }]);
    // Next: the résumé, since none is stored.
    const next = await getPage(t.app, steps(job.listing_key), jar);
    expect(next.body).toContain('Your résumé');
    expect(next.body).toContain('Apply without a résumé');
  });

  it('offers the stored résumé, a new upload (by the résumé rule) or none', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const jar = await signIn(t.app, 'cv@example.com');
    await postForm(t.app, '/candidate/about', PROFILE, { jar });
    const none = await getPage(t.app, steps(job.listing_key), jar);
    expect(none.body).toContain('Or upload a résumé');
    expect(none.body).not.toContain('Use ');
    // A file that is not what it says is refused on the step itself, and nothing is stored.
    const refused = await uploadOnSteps(jar, job.listing_key, Buffer.from('MZ not a pdf'));
    expect(refused.statusCode).toBe(415);
    expect(refused.body).toContain('Upload a PDF or Word (.docx) file.');
    expect(await t.app.db.selectFrom('resumes').selectAll().execute()).toHaveLength(0);
    const uploaded = await uploadOnSteps(jar, job.listing_key, pdfBytes(2048));
    expect(uploaded.statusCode).toBe(303);
    expect(uploaded.headers.location).toBe(`${steps(job.listing_key)}?resume=stored`);
    // With a stored résumé and no questions, the next step is the review, naming the file.
    const review = await getPage(t.app, `${steps(job.listing_key)}?resume=stored`, jar);
    expect(review.body).toContain('Review your application');
    expect(review.body).toContain('ada-cv.pdf');
    // The choice can be changed: the stored one is offered first.
    const change = await getPage(t.app, `${steps(job.listing_key)}?change=resume`, jar);
    expect(change.body).toMatch(/Use (<!-- -->)?ada-cv\.pdf/);
    expect(change.body).toContain('Or upload a new résumé');
    // Choosing none: the review says so.
    const without = await postForm(t.app, steps(job.listing_key), { step: 'resume', resume: 'none' }, form(jar));
    expect(without.body).toContain('No résumé');
    expect(without.body).not.toMatch(/<dd>ada-cv\.pdf<\/dd>/);
  });

  it('asks the screening question, then the review shows exactly what the employer will see; Send applies once', async () => {
    const job = await jobWithQuestion();
    const jar = await signIn(t.app, 'ada@example.com');
    await postForm(t.app, '/candidate/about', { ...PROFILE, headline: 'Forklift operator' }, { jar });
    await upload(t.app, jar, 'ada-cv.pdf', 'application/pdf', pdfBytes(1024));
    const question = await getPage(t.app, steps(job.listing_key), jar);
    expect(question.body).toContain('The employer asks');
    expect(question.body).toContain('Can you lift 50 lb?');
    const unanswered = await postForm(t.app, steps(job.listing_key), { step: 'questions', resume: 'stored' }, form(jar));
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.body).toContain('Answer each question to continue.');
    const review = await postForm(t.app, steps(job.listing_key), { step: 'questions', resume: 'stored', answer_1: 'yes' }, form(jar));
    expect(review.statusCode).toBe(200);
    const shown = [...review.body.matchAll(/<dd>([^<]*)<\/dd>/g)].map((match) => match[1]);
    expect(shown).toEqual(['Ada Lovelace', 'Forklift operator', 'ada@example.com', '+15125550142', 'Austin, TX', 'ada-cv.pdf', 'Yes']);
    expect(await applications()).toHaveLength(0);
    // The review's form posts to /candidate/apply with the carried choice and answers.
    expect(review.body).toContain('action="/candidate/apply"');
    expect(review.body).toMatch(/name="answer_1" value="yes"/);
    const sent = await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key, resume: 'stored', answer_1: 'yes' }, form(jar));
    expect(sent.statusCode).toBe(303);
    const again = await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key, resume: 'stored', answer_1: 'yes' }, form(jar));
    expect(again.statusCode).toBe(303);
    const rows = await applications();
    expect(rows).toHaveLength(1);
    // What the employer received is what the review showed.
    const resume = await t.app.db.selectFrom('resumes').select('storage_key').executeTakeFirstOrThrow();
    expect(rows[0]).toMatchObject({ full_name: 'Ada Lovelace', email: 'ada@example.com', phone: '+15125550142', location: 'Austin, TX', headline: 'Forklift operator', resume_storage_key: resume.storage_key });
    const answers = await t.app.db.selectFrom('job_application_answers').select(['question', 'answer']).execute();
    expect(answers).toEqual([{ question: 'Can you lift 50 lb?', answer: 'yes' }]);
    // Afterwards the steps say it was sent.
    expect((await getPage(t.app, steps(job.listing_key), jar)).body).toContain('You applied to this job');
  });

  it('sends without the stored résumé when the person chose none', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const jar = await signIn(t.app, 'plain@example.com');
    await postForm(t.app, '/candidate/about', PROFILE, { jar });
    await upload(t.app, jar, 'cv.pdf', 'application/pdf', pdfBytes(1024));
    const sent = await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key, resume: 'none' }, { jar });
    expect(sent.json()).toMatchObject({ status: 'APPLIED', with_resume: false });
    expect((await applications())[0]?.resume_storage_key).toBeNull();
  });

  it('a closed job offers no steps, and the one-click judge still refuses it', async () => {
    const job = await insertJob(t.app.db, t.clock.now(), { status: 'closed' });
    const jar = await signIn(t.app, 'late@example.com');
    await postForm(t.app, '/candidate/about', PROFILE, { jar });
    const page = await getPage(t.app, steps(job.listing_key), jar);
    expect(page.body).toContain('This job is no longer open');
    expect(page.body).not.toContain('Send application');
    const sent = await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key }, { jar });
    expect(sent.statusCode).toBe(404);
    expect(await applications()).toHaveLength(0);
    const unknown = await getPage(t.app, steps('lk_nope'), jar);
    expect(unknown.statusCode).toBe(404);
  });

  it('sends a visitor to log in and back to the steps', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const page = await getPage(t.app, steps(job.listing_key));
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/authn/login?next=${encodeURIComponent(steps(job.listing_key))}`);
    const posted = await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key }, { xhr: false });
    expect(posted.headers.location).toBe(`/authn/login?next=${encodeURIComponent(steps(job.listing_key))}`);
  });

  it("never shows another person's profile or résumé", async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const ada = await signIn(t.app, 'ada@example.com');
    await postForm(t.app, '/candidate/about', PROFILE, { jar: ada });
    await upload(t.app, ada, 'ada-private-cv.pdf', 'application/pdf', pdfBytes(1024));
    const bob = await signIn(t.app, 'bob@example.com');
    for (const response of [await getPage(t.app, steps(job.listing_key), bob), await t.app.inject({ method: 'GET', url: steps(job.listing_key), headers: { ...sameOriginHeaders, cookie: bob.header() } })]) {
      expect(response.body).not.toContain('Ada Lovelace');
      expect(response.body).not.toContain('ada-private-cv');
      expect(response.body).not.toContain('ada@example.com');
      expect(response.body).not.toContain('5550142');
    }
    const context = await t.app.inject({ method: 'GET', url: steps(job.listing_key), headers: { ...sameOriginHeaders, cookie: bob.header() } });
    expect(context.json()).toMatchObject({ email: 'bob@example.com', profile: null, resume: null, applied: false, open: true });
  });
});

describe('the apply dialog context', () => {
  it('answers what is missing as JSON, to the signed-in person only', async () => {
    const job = await jobWithQuestion();
    const jar = await signIn(t.app, 'ctx@example.com');
    const context = await t.app.inject({ method: 'GET', url: steps(job.listing_key), headers: { ...sameOriginHeaders, cookie: jar.header() } });
    expect(context.statusCode).toBe(200);
    expect(context.headers['cache-control']).toBe('private, no-store');
    expect(context.json()).toMatchObject({
      listingKey: job.listing_key,
      job: { title: 'Night Forklift Driver', company: 'Test Logistics' },
      profile: null,
      resume: null,
      questions: [{ name: 'answer_1', text: 'Can you lift 50 lb?', kind: 'yes_no' }],
    });
    const visitor = await t.app.inject({ method: 'GET', url: steps(job.listing_key), headers: sameOriginHeaders });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('a résumé asked for before a one-click send (decision 0300)', () => {
  it('asks a person with no stored résumé before sending, on the page or in the steps, and stores nothing until they answer', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const jar = await signIn(t.app, 'nocv@example.com');
    await postForm(t.app, '/candidate/about', PROFILE, { jar });
    const asked = await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key }, { jar });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({ status: 'RESUME_REQUIRED', error_message: 'Add your résumé before you send, or continue without one.', apply_url: steps(job.listing_key) });
    // A stated choice of the stored résumé, when none is stored, and a choice the server does not know, are asked too.
    for (const resume of ['stored', 'maybe']) expect((await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key, resume }, { jar })).json().status).toBe('RESUME_REQUIRED');
    expect(await applications()).toHaveLength(0);
    // The plain form goes to the steps, which open at the résumé (upload, or continue without).
    const plain = await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key }, form(jar));
    expect(plain.statusCode).toBe(303);
    expect(plain.headers.location).toBe(steps(job.listing_key));
    const page = await getPage(t.app, steps(job.listing_key), jar);
    expect(page.body).toContain('Your résumé');
    expect(page.body).toContain('Apply without a résumé');
    expect(await applications()).toHaveLength(0);
    // Continuing without sends it without.
    const sent = await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key, resume: 'none' }, { jar });
    expect(sent.json()).toMatchObject({ status: 'APPLIED', with_resume: false });
    expect(await applications()).toHaveLength(1);
    // Applying again is refused kindly as before, not asked for a résumé.
    const again = await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key }, { jar });
    expect(again.statusCode).toBe(409);
    expect(again.json().status).toBe('ALREADY_APPLIED');
  });

  it('stays one click with a stored résumé, which goes with the application', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const jar = await signIn(t.app, 'hascv@example.com');
    await postForm(t.app, '/candidate/about', PROFILE, { jar });
    await upload(t.app, jar, 'cv.pdf', 'application/pdf', pdfBytes(1024));
    const sent = await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key }, { jar });
    expect(sent.json()).toMatchObject({ status: 'APPLIED', with_resume: true });
    const resume = await t.app.db.selectFrom('resumes').select('storage_key').executeTakeFirstOrThrow();
    expect((await applications())[0]?.resume_storage_key).toBe(resume.storage_key);
  });

  it('asks for the profile first when both are missing, and uploading a résumé in the steps ends the question', async () => {
    const job = await insertJob(t.app.db, t.clock.now());
    const jar = await signIn(t.app, 'both@example.com');
    expect((await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key }, { jar })).json().status).toBe('PROFILE_INCOMPLETE');
    await postForm(t.app, '/candidate/about', PROFILE, { jar });
    expect((await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key }, { jar })).json().status).toBe('RESUME_REQUIRED');
    expect((await uploadOnSteps(jar, job.listing_key, pdfBytes(2048))).statusCode).toBe(303);
    expect((await postForm(t.app, '/candidate/apply', { listing_key: job.listing_key }, { jar })).json()).toMatchObject({ status: 'APPLIED', with_resume: true });
  });
});
