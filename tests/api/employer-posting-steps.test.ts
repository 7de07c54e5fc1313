// The posting form's new rules (issue 44, decisions 0291-0293): the stepper's check, the pay suggestion,
// saved screening-question sets at /quiz/create, the preview's Publish, publishing at a chosen time and
// deleting a draft. SQLite by default; PostgreSQL with TEST_DATABASE_URL. Every route is also tried with
// a second company's session (404).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POSTING_MESSAGES } from '../../src/shared/employer-jobs/page-props';
import { SCHEDULE_MESSAGES } from '../../src/server/features/employer-jobs/scheduled-publishing';
import { QUESTION_SET_MESSAGES, QUESTION_SETS_MAX } from '../../src/server/features/employer-jobs/question-sets';
import { createTestApp, type TestApp } from '../support/test-app';
import { DAY_MS, insertJob } from '../support/jobs-fixtures';
import { mailbox, type CookieJar } from '../support/registration-helpers';
import { signInEmployer } from '../support/employer-helpers';
import { getPage } from '../support/seeker-helpers';
import { JOB_FORM, employerOfNewCompany, formFields, postJobForm } from '../support/employer-jobs-helpers';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000' });
});
afterEach(async () => t.close());

const headers = (jar: CookieJar, extra: Record<string, string> = {}) => ({ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', cookie: jar.header(), ...extra });
const xhr = { 'x-requested-with': 'XMLHttpRequest' };

async function post(jar: CookieJar, url: string, form: Record<string, string> | URLSearchParams, json = false) {
  const body = form instanceof URLSearchParams ? form : new URLSearchParams(form);
  return t.app.inject({ method: 'POST', url, headers: headers(jar, { 'content-type': 'application/x-www-form-urlencoded', ...(json ? xhr : {}) }), payload: body.toString() });
}
const jobRow = (id: string) => t.app.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

async function twoCompanies() {
  const a = await employerOfNewCompany(t.app, 'owner@acme.example', { id: 'acme', name: 'Acme Freight' });
  const b = await employerOfNewCompany(t.app, 'owner@beta.example', { id: 'beta', name: 'Beta Foods' });
  return { a, b };
}

async function draftOf(jar: CookieJar, draft = JOB_FORM): Promise<string> {
  const saved = await postJobForm(t.app, jar, '/post-a-job', draft, { intent: 'draft', xhr: true });
  expect(saved.statusCode).toBe(200);
  return (saved.json() as { job_id: string }).job_id;
}

describe("the stepper's check", () => {
  it('answers the publishing rules for what was typed, for employers only, from our pages only', async () => {
    const { a } = await twoCompanies();
    const check = (body: unknown, extra: Record<string, string> = xhr) =>
      t.app.inject({ method: 'POST', url: '/post-a-job/check', headers: headers(a.jar, { 'content-type': 'application/json', ...extra }), payload: JSON.stringify(body) });
    const empty = await check({ title: 'ab', location: 'Nowhere, ZZ' });
    expect(empty.statusCode).toBe(200);
    const fields = (empty.json() as { errors: Array<{ field: string; message: string }> }).errors.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'category', 'description', 'location', 'pay_min']));
    expect((empty.json() as { errors: Array<{ message: string }> }).errors[0]!.message).toBe('Job title: use at least 3 characters.');

    const whole = await check({ ...JOB_FORM, questions: undefined, benefits: ['Health insurance'], q1_text: 'Can you lift 50 lb?', q1_kind: 'yes_no' });
    expect(whole.json()).toEqual({ errors: [] });
    // Nothing is stored by a check.
    expect(await t.app.db.selectFrom('jobs').select('id').execute()).toEqual([]);

    expect((await check({ title: 5 as unknown as string })).statusCode).toBe(400);
    expect((await check({}, {})).statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'POST', url: '/post-a-job/check', headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', ...xhr }, payload: '{}' });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('the pay suggestion', () => {
  it('gives the middle half of open listings with the title in the city, else the state, and nothing with too little data', async () => {
    const { a } = await twoCompanies();
    const now = t.clock.now();
    for (const [pay, place] of [
      [16, 'austin'],
      [18, 'austin'],
      [20, 'austin'],
      [22, 'austin'],
      [30, 'dallas'],
    ] as const) {
      await insertJob(t.app.db, now, { title: 'Forklift Operator', pay_min: pay, pay_max: pay, place });
    }
    await insertJob(t.app.db, now, { title: 'Forklift Operator', pay_min: 90, pay_max: 90, status: 'closed' });
    const suggest = (query: string) => t.app.inject({ method: 'GET', url: `/post-a-job/pay-suggestion?${query}`, headers: headers(a.jar, xhr) });

    const austin = await suggest('title=Forklift+Operator&location=Austin%2C+TX&place_type=onsite');
    expect(austin.statusCode).toBe(200);
    expect(austin.json()).toEqual({
      suggestion: { title: 'Forklift Operator', place: 'Austin, TX', low: 17.5, high: 20.5, period: 'hour', text: 'Typical pay for Forklift Operator in Austin, TX: $17.50–$20.50 an hour' },
    });
    // Two listings in Dallas are too few for the city: the state's five answer.
    const dallas = (await suggest('title=forklift+operator&location=Dallas%2C+TX')).json() as { suggestion: { place: string; low: number; high: number } };
    expect(dallas.suggestion).toMatchObject({ place: 'Texas', low: 18, high: 22 });
    expect((await suggest('title=Forklift+Operator&location=Chicago%2C+IL')).json()).toEqual({ suggestion: null });
    expect((await suggest('title=Astronaut&location=Austin%2C+TX')).json()).toEqual({ suggestion: null });
    expect((await suggest('title=Forklift+Operator&location=Atlantis')).json()).toEqual({ suggestion: null });
    expect((await suggest('title=Forklift+Operator&place_type=remote')).json()).toEqual({ suggestion: null });
    expect((await suggest(`title=${'x'.repeat(300)}`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/post-a-job/pay-suggestion?title=Forklift+Operator', headers: xhr })).statusCode).toBe(401);
  });
});

describe('saved screening-question sets (/quiz/create)', () => {
  it('creates, names, edits and deletes a set; the posting form offers it and fills it in without script; another company gets 404', async () => {
    const { a, b } = await twoCompanies();
    const page = await getPage(t.app, '/quiz/create', a.jar);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Screening question sets');
    expect(page.body).toContain('No saved sets yet.');

    const refused = await post(a.jar, '/quiz/create', { name: ' ', q1_text: 'Hm', q1_kind: 'text', q1_deal_breaker: 'on' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(QUESTION_SET_MESSAGES.nameMissing);
    expect(refused.body).toContain('Screening question 1: write the question (at least 5 characters).');
    expect(refused.body).toContain('Screening question 1: only a yes or no question can be a deal-breaker.');
    expect((await post(a.jar, '/quiz/create', { name: 'Nothing' })).body).toContain(QUESTION_SET_MESSAGES.noQuestions);
    expect(await t.app.db.selectFrom('screening_question_sets').select('id').execute()).toEqual([]);

    const created = await post(a.jar, '/quiz/create', { name: 'Warehouse basics', q1_text: 'Can you lift 50 lb?', q1_kind: 'yes_no', q1_deal_breaker: 'on', q1_expected: 'yes', q2_text: 'Which shifts suit you?', q2_kind: 'text' });
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe('/quiz/create?notice=created');
    const set = await t.app.db.selectFrom('screening_question_sets').selectAll().executeTakeFirstOrThrow();
    expect(set).toMatchObject({ company_id: 'acme', name: 'Warehouse basics' });
    expect(JSON.parse(set.questions)).toEqual([
      { text: 'Can you lift 50 lb?', kind: 'yes_no', deal_breaker: true, expected: 'yes' },
      { text: 'Which shifts suit you?', kind: 'text', deal_breaker: false, expected: 'yes' },
    ]);
    expect((await getPage(t.app, '/quiz/create', a.jar)).body).toContain('<h3>Warehouse basics</h3>');

    // Another company: 404 on the set's page, its edit and its delete, and on filling it in; its own list is empty.
    expect((await getPage(t.app, `/quiz/create/${set.id}`, b.jar)).statusCode).toBe(404);
    expect((await post(b.jar, `/quiz/create/${set.id}`, { name: 'Mine now', q1_text: 'Stolen question?' })).statusCode).toBe(404);
    expect((await post(b.jar, `/quiz/create/${set.id}/delete`, {})).statusCode).toBe(404);
    expect((await post(b.jar, '/post-a-job', { ...Object.fromEntries(formFields(JOB_FORM, 'draft')), intent: 'use_set', question_set: set.id })).statusCode).toBe(404);
    expect((await getPage(t.app, '/quiz/create', b.jar)).body).not.toContain('<h3>Warehouse basics</h3>');
    expect((await getPage(t.app, '/quiz/create/not-an-id!', a.jar)).statusCode).toBe(404);

    // The posting form offers the set; "Use a saved set" without script fills the questions and keeps what was typed.
    const form = await getPage(t.app, '/post-a-job', a.jar);
    expect(form.body).toContain('Use a saved set');
    expect(form.body).toContain('Warehouse basics (2 questions)');
    const filled = await post(a.jar, '/post-a-job', { ...Object.fromEntries(formFields({ ...JOB_FORM, title: 'Dock Loader' }, 'draft')), intent: 'use_set', question_set: set.id });
    expect(filled.statusCode).toBe(200);
    expect(filled.body).toContain('value="Dock Loader"');
    expect(filled.body).toContain('value="Can you lift 50 lb?"');
    expect(filled.body).toContain('value="Which shifts suit you?"');
    expect(await t.app.db.selectFrom('jobs').select('id').execute()).toEqual([]);

    const edited = await post(a.jar, `/quiz/create/${set.id}`, { name: 'Dock basics', q1_text: 'Do you have a forklift licence?', q1_kind: 'yes_no' });
    expect(edited.headers.location).toBe('/quiz/create?notice=updated');
    expect(await t.app.db.selectFrom('screening_question_sets').select(['name', 'questions']).executeTakeFirstOrThrow()).toEqual({
      name: 'Dock basics',
      questions: JSON.stringify([{ text: 'Do you have a forklift licence?', kind: 'yes_no', deal_breaker: false, expected: 'yes' }]),
    });
    expect((await getPage(t.app, `/quiz/create/${set.id}`, a.jar)).body).toContain('value="Dock basics"');

    const deleted = await post(a.jar, `/quiz/create/${set.id}/delete`, {});
    expect(deleted.headers.location).toBe('/quiz/create?notice=deleted');
    expect(await t.app.db.selectFrom('screening_question_sets').select('id').execute()).toEqual([]);
    expect((await getPage(t.app, `/quiz/create/${set.id}`, a.jar)).statusCode).toBe(404);
    // Visitors go to the employer login.
    const visitor = await getPage(t.app, '/quiz/create');
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toContain('/authn/employer/login');
  });

  it(`keeps at most ${QUESTION_SETS_MAX} sets a company (409), and answers JSON to our fetch client`, async () => {
    const { a } = await twoCompanies();
    const now = t.clock.now();
    await t.app.db
      .insertInto('screening_question_sets')
      .values(Array.from({ length: QUESTION_SETS_MAX }, (_, i) => ({ id: `set${String(i).padStart(4, '0')}`, company_id: 'acme', name: `Set ${i}`, questions: '[]', created_at: now, updated_at: now })))
      .execute();
    const over = await post(a.jar, '/quiz/create', { name: 'One more', q1_text: 'Can you start Monday?' }, true);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ status: 'TOO_MANY_SETS', error_message: QUESTION_SET_MESSAGES.tooMany });
  });
});

describe("the preview's Publish", () => {
  it('publishes the saved draft through the same rules: live for an approved company, review for a new one, the plan limit for Free', async () => {
    const { a, b } = await twoCompanies();
    const id = await draftOf(a.jar);
    const preview = await getPage(t.app, `/post-a-job/${id}/preview`, a.jar);
    expect(preview.body).toContain(`action="/post-a-job/${id}/publish"`);
    expect((await post(b.jar, `/post-a-job/${id}/publish`, {})).statusCode).toBe(404);
    expect((await jobRow(id))!.status).toBe('draft');

    const published = await post(a.jar, `/post-a-job/${id}/publish`, {});
    expect(published.statusCode).toBe(303);
    expect(published.headers.location).toBe('/dashboard?notice=published');
    expect((await jobRow(id))!.status).toBe('open');
    expect((await getPage(t.app, `/post-a-job/${id}/preview`, a.jar)).body).not.toContain(`/post-a-job/${id}/publish`);
    expect((await post(a.jar, `/post-a-job/${id}/publish`, {}, true)).statusCode).toBe(409);

    // A company not yet approved: the job waits for review, as from the form.
    const fresh = await employerOfNewCompany(t.app, 'owner@cargo.example', { id: 'cargo', name: 'Cargo Co', approved: false });
    const waiting = await draftOf(fresh.jar);
    expect((await post(fresh.jar, `/post-a-job/${waiting}/publish`, {})).headers.location).toBe('/dashboard?notice=in_review');
    expect((await jobRow(waiting))!.status).toBe('in_review');

    // Free allows one live job: the second publish from the preview is refused with the plans.
    const free = await employerOfNewCompany(t.app, 'owner@free.example', { id: 'freeco', name: 'Free Co', plan: 'free' });
    const first = await draftOf(free.jar);
    const second = await draftOf(free.jar, { ...JOB_FORM, title: 'Day Forklift Operator' });
    expect((await post(free.jar, `/post-a-job/${first}/publish`, {})).statusCode).toBe(303);
    const refused = await post(free.jar, `/post-a-job/${second}/publish`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('See plans');
    expect((await jobRow(second))!.status).toBe('draft');

    // A draft that breaks a rule comes back to its form with the problems.
    const broken = await draftOf(a.jar, { ...JOB_FORM, title: 'ab' });
    const invalid = await post(a.jar, `/post-a-job/${broken}/publish`, {});
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Job title: use at least 3 characters.');
    expect((await jobRow(broken))!.status).toBe('draft');
  });
});

describe('publishing at a chosen time', () => {
  it('keeps a scheduled draft until its time in the employer zone, then the scheduler puts it live', async () => {
    const { a, b } = await twoCompanies();
    // The test clock starts at 2026-11-21 12:00 UTC; 2026-11-22 09:00 in Chicago (CST) is 15:00 UTC.
    const scheduled = await postJobForm(t.app, a.jar, '/post-a-job', JOB_FORM, { intent: 'draft' });
    const id = scheduled.headers.location!.split('/')[2]!.split('?')[0]!;
    const form = new URLSearchParams({ ...Object.fromEntries(formFields(JOB_FORM, 'draft')), intent: 'schedule', publish_at: '2026-11-22T09:00', time_zone: 'America/Chicago' });
    expect((await post(b.jar, `/post-a-job/${id}`, form)).statusCode).toBe(404);
    const answer = await post(a.jar, `/post-a-job/${id}`, form);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/dashboard?notice=scheduled');
    expect(await jobRow(id)).toMatchObject({ status: 'draft', publish_at: Date.UTC(2026, 10, 22, 15, 0), publish_time_zone: 'America/Chicago' });
    const dashboard = await getPage(t.app, '/dashboard', a.jar);
    expect(dashboard.body).toContain('Scheduled for Sun, Nov 22, 2026, 9:00 AM CST');
    expect((await getPage(t.app, `/post-a-job/${id}`, a.jar)).body).toContain('value="2026-11-22T09:00"');

    // Not yet: the scheduler runs but the job stays a draft, out of search.
    t.clock.advance(26 * 60 * 60_000 + 59 * 60_000);
    await t.app.runScheduledPublishes();
    expect((await jobRow(id))!.status).toBe('draft');
    t.clock.time = Date.UTC(2026, 10, 22, 15, 0, 30);
    const ran = await t.app.scheduler.runDue();
    expect(ran['scheduled-publish']).toBe('ran');
    const live = (await jobRow(id))!;
    expect(live).toMatchObject({ status: 'open', publish_at: null, posted_at: Date.UTC(2026, 10, 22, 15, 0, 30) });
    expect(live.expires_at).toBe(live.posted_at + 30 * DAY_MS);
    // Run again: nothing more happens.
    expect(await t.app.runScheduledPublishes()).toEqual({ published: 0, refused: 0 });
  });

  it('refuses a time in the past, too far ahead or not a time, and a draft that breaks a rule; nothing is stored', async () => {
    const { a } = await twoCompanies();
    const schedule = (publishAt: string, timeZone = 'America/New_York', draft = JOB_FORM) =>
      post(a.jar, '/post-a-job', { ...Object.fromEntries(formFields(draft, 'draft')), intent: 'schedule', publish_at: publishAt, time_zone: timeZone });
    expect((await schedule('2026-11-21T06:00')).body).toContain(SCHEDULE_MESSAGES.past);
    expect((await schedule('2027-06-14T06:00')).body).toContain(SCHEDULE_MESSAGES.tooFar);
    expect((await schedule('tomorrow')).body).toContain(SCHEDULE_MESSAGES.invalid);
    expect((await schedule('')).body).toContain(SCHEDULE_MESSAGES.missing);
    expect((await schedule('2026-11-25T09:00', 'Mars/Olympus')).body).toContain(SCHEDULE_MESSAGES.zone);
    const broken = await schedule('2026-11-25T09:00', 'America/New_York', { ...JOB_FORM, pay_min: '' });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).toContain('Pay: enter the pay');
    expect(await t.app.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });

  it("goes to review for a company not yet approved, and stays a draft with the reason when the plan is full; unscheduling keeps a draft", async () => {
    const pending = await employerOfNewCompany(t.app, 'owner@cargo.example', { id: 'cargo', name: 'Cargo Co', approved: false });
    const free = await employerOfNewCompany(t.app, 'owner@free.example', { id: 'freeco', name: 'Free Co', plan: 'free' });
    const schedule = (jar: CookieJar, title: string) =>
      post(jar, '/post-a-job', { ...Object.fromEntries(formFields({ ...JOB_FORM, title }, 'draft')), intent: 'schedule', publish_at: '2026-11-21T10:00', time_zone: 'America/Chicago' });
    const idOf = async (title: string) => (await t.app.db.selectFrom('jobs').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
    await schedule(pending.jar, 'Reviewed Loader');
    await schedule(free.jar, 'Free Loader');
    await postJobForm(t.app, free.jar, '/post-a-job', { ...JOB_FORM, title: 'Already Live' });
    await schedule(free.jar, 'Unscheduled Loader');
    const unscheduledId = await idOf('Unscheduled Loader');
    const unschedule = await post(free.jar, `/post-a-job/${unscheduledId}`, { ...Object.fromEntries(formFields({ ...JOB_FORM, title: 'Unscheduled Loader' }, 'draft')), intent: 'unschedule' });
    expect(unschedule.headers.location).toBe(`/post-a-job/${unscheduledId}?notice=unscheduled`);

    t.clock.time = Date.UTC(2026, 10, 21, 16, 1);
    expect(await t.app.runScheduledPublishes()).toEqual({ published: 1, refused: 1 });
    expect((await jobRow(await idOf('Reviewed Loader')))!.status).toBe('in_review');
    const refused = (await jobRow(await idOf('Free Loader')))!;
    expect(refused).toMatchObject({ status: 'draft', publish_at: null });
    expect(refused.publish_problem).toContain('live job');
    expect((await getPage(t.app, `/post-a-job/${refused.id}`, free.jar)).body).toContain('This job was not published at its scheduled time');
    expect(await jobRow(unscheduledId)).toMatchObject({ status: 'draft', publish_at: null });
  });
});

describe('a refused scheduled publish is emailed (decision 0310)', () => {
  const refusals = async (to: string) => (await mailbox(t.app, to)).filter((message) => message.subject.startsWith('Not published'));
  async function recruiterOf(companyId: string, email: string) {
    const jar = await signInEmployer(t.app, email);
    const account = await t.app.db.selectFrom('accounts').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow();
    await t.app.db.insertInto('company_members').values({ company_id: companyId, account_id: account.id, role: 'recruiter', created_at: 1 }).execute();
    return { jar, accountId: account.id };
  }
  const schedule = (jar: CookieJar, title: string, publishAt = '2026-11-21T10:00') =>
    post(jar, '/post-a-job', { ...Object.fromEntries(formFields({ ...JOB_FORM, title }, 'draft')), intent: 'schedule', publish_at: publishAt, time_zone: 'America/Chicago' });
  const idOf = async (title: string) => (await t.app.db.selectFrom('jobs').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;

  it('once, to whoever scheduled it (the owner when they have left), with the reason and the link to the form', async () => {
    const owner = await employerOfNewCompany(t.app, 'owner@free.example', { id: 'freeco', name: 'Free Co', plan: 'free' });
    const recruiter = await recruiterOf('freeco', 'recruiter@free.example');
    const leaver = await recruiterOf('freeco', 'leaver@free.example');
    await postJobForm(t.app, owner.jar, '/post-a-job', { ...JOB_FORM, title: 'Already Live' });
    expect((await schedule(recruiter.jar, 'Night Loader')).statusCode).toBe(303);
    expect((await schedule(leaver.jar, 'Left Loader')).statusCode).toBe(303);
    expect((await schedule(owner.jar, 'Broken Loader')).statusCode).toBe(303);
    expect(await jobRow(await idOf('Night Loader'))).toMatchObject({ publish_scheduled_by: recruiter.accountId });
    await t.app.db.deleteFrom('company_members').where('account_id', '=', leaver.accountId).execute();
    // A draft that no longer passes the rules (here its pay removed behind the form's back).
    const broken = await idOf('Broken Loader');
    const data = JSON.parse((await jobRow(broken))!.draft_data!) as Record<string, unknown>;
    await t.app.db.updateTable('jobs').set({ draft_data: JSON.stringify({ ...data, pay_min: '' }) }).where('id', '=', broken).execute();

    t.clock.time = Date.UTC(2026, 10, 21, 16, 1);
    expect(await t.app.runScheduledPublishes()).toEqual({ published: 0, refused: 3 });
    expect(await refusals('recruiter@free.example')).toEqual([]);
    expect(await t.app.queue.runDue('publish-refused-mail')).toEqual({ sent: 3 });

    const night = await idOf('Night Loader');
    const [mail, ...more] = await refusals('recruiter@free.example');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Not published: "Night Loader"');
    expect(mail?.text).toContain('Your job "Night Loader" was scheduled to go live on Sat, Nov 21, 2026, 10:00 AM CST, but it could not be published.');
    expect(mail?.text).toContain('- Your Free plan allows 1 live job at a time.');
    expect(mail?.text).toContain('It is still a draft, as you left it: nothing is lost.');
    expect(mail?.text).toContain(`http://localhost:3000/post-a-job/${night}`);
    expect(mail?.html).toContain(`href="http://localhost:3000/post-a-job/${night}"`);
    expect(await jobRow(night)).toMatchObject({ status: 'draft', publish_at: null, publish_scheduled_by: null });

    const ownerMail = await refusals('owner@free.example');
    expect(ownerMail.map((message) => message.subject).sort()).toEqual(['Not published: "Broken Loader"', 'Not published: "Left Loader"']);
    expect(ownerMail.find((message) => message.subject.includes('Broken'))?.text).toContain('- Pay: enter the pay');
    expect(await refusals('leaver@free.example')).toEqual([]);

    // Later runs send nothing more.
    t.clock.advance(60_000);
    expect(await t.app.runScheduledPublishes()).toEqual({ published: 0, refused: 0 });
    expect(await t.app.queue.runDue('publish-refused-mail')).toEqual({});
    expect(await refusals('recruiter@free.example')).toHaveLength(1);

    // Scheduled again and refused again: that time is news again.
    await post(recruiter.jar, `/post-a-job/${night}`, { ...Object.fromEntries(formFields({ ...JOB_FORM, title: 'Night Loader' }, 'draft')), intent: 'schedule', publish_at: '2026-11-22T10:00', time_zone: 'America/Chicago' });
    t.clock.time = Date.UTC(2026, 10, 22, 16, 1);
    expect(await t.app.runScheduledPublishes()).toEqual({ published: 0, refused: 1 });
    expect(await t.app.queue.runDue('publish-refused-mail')).toEqual({ sent: 1 });
    expect(await refusals('recruiter@free.example')).toHaveLength(2);
  });

  it('is skipped when the draft was published by hand before the email went', async () => {
    const owner = await employerOfNewCompany(t.app, 'owner@busy.example', { id: 'busy', name: 'Busy Co', plan: 'free' });
    const live = await postJobForm(t.app, owner.jar, '/post-a-job', { ...JOB_FORM, title: 'Already Live' }, { xhr: true });
    await schedule(owner.jar, 'Waiting Loader');
    t.clock.time = Date.UTC(2026, 10, 21, 16, 1);
    expect(await t.app.runScheduledPublishes()).toEqual({ published: 0, refused: 1 });
    await t.app.db.updateTable('jobs').set({ status: 'closed' }).where('id', '=', (live.json() as { job_id: string }).job_id).execute();
    await postJobForm(t.app, owner.jar, `/post-a-job/${await idOf('Waiting Loader')}`, { ...JOB_FORM, title: 'Waiting Loader' });
    expect((await jobRow(await idOf('Waiting Loader')))!.status).toBe('open');
    expect(await t.app.queue.runDue('publish-refused-mail')).toEqual({ skipped: 1 });
    expect(await refusals('owner@busy.example')).toEqual([]);
  });
});

describe('deleting a draft', () => {
  it('deletes only a draft that was never live, only for its company', async () => {
    const { a, b } = await twoCompanies();
    const id = await draftOf(a.jar);
    const form = await getPage(t.app, `/post-a-job/${id}`, a.jar);
    expect(form.body).toContain(`action="/post-a-job/${id}/delete"`);
    expect((await post(b.jar, `/post-a-job/${id}/delete`, {})).statusCode).toBe(404);
    expect(await jobRow(id)).toBeDefined();
    const deleted = await post(a.jar, `/post-a-job/${id}/delete`, {});
    expect(deleted.statusCode).toBe(303);
    expect(deleted.headers.location).toBe('/my-jobs?show=draft&notice=deleted');
    expect(await jobRow(id)).toBeUndefined();
    expect((await post(a.jar, `/post-a-job/${id}/delete`, {})).statusCode).toBe(404);
    // Our fetch client is given the route's declared answer (decision 0325).
    const second = await draftOf(a.jar);
    const answered = await post(a.jar, `/post-a-job/${second}/delete`, {}, true);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ status: 'DELETED' });
    expect(await jobRow(second)).toBeUndefined();

    const posted = await postJobForm(t.app, a.jar, '/post-a-job', JOB_FORM, { xhr: true });
    const liveId = (posted.json() as { job_id: string }).job_id;
    expect((await getPage(t.app, `/post-a-job/${liveId}`, a.jar)).body).not.toContain('/delete"');
    const refused = await post(a.jar, `/post-a-job/${liveId}/delete`, {}, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 'NOT_A_DRAFT' });
    // Closed and saved back as a draft after being live: still not deletable (its applications stay).
    await t.app.db.updateTable('jobs').set({ status: 'draft' }).where('id', '=', liveId).execute();
    expect((await post(a.jar, `/post-a-job/${liveId}/delete`, {}, true)).statusCode).toBe(409);
    expect(POSTING_MESSAGES.published).toBeTruthy();
  });
});
