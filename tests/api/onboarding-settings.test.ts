// Onboarding after sign-up, the seeker's settings and recent searches (issue 43, decision 0234).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertJob } from '../support/jobs-fixtures';
import { getJson } from '../support/registration-helpers';
import { getPage, postForm, signIn } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const HOUSTON = { city: 'Houston', state: 'TX', zip: '77002', latitude: 29.7604, longitude: -95.3698 };
const SAN_DIEGO = { city: 'San Diego', state: 'CA', zip: '92101', latitude: 32.7157, longitude: -117.1611 };
const onboard = (jar: Awaited<ReturnType<typeof signIn>>, fields: Record<string, string>) => postForm(t.app, '/candidate/onboard', fields, { jar, xhr: false });
const onboardingRow = (accountId: string) => t.app.db.selectFrom('seeker_onboarding').selectAll().where('account_id', '=', accountId).executeTakeFirst();
const accountOf = async (email: string) => (await t.app.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('/candidate/onboard', () => {
  it('asks one question a screen, stores each answer, and a skip stores none', async () => {
    const jar = await signIn(t.app, 'steps@example.com');
    const first = await getPage(t.app, '/candidate/onboard', jar);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('What jobs do you want?');
    expect(first.body).toContain('Question 1 of 4');

    const titles = await onboard(jar, { step: 'titles', title: 'Registered Nurse', next: '/jobseeker/home' });
    expect(titles.statusCode).toBe(303);
    expect(titles.headers.location).toBe('/candidate/onboard?step=place');
    const skipped = await onboard(jar, { step: 'place', location: 'Houston, TX', skip: '1' });
    expect(skipped.headers.location).toBe('/candidate/onboard?step=pay');
    await onboard(jar, { step: 'pay', min_pay: '50000' });
    const done = await onboard(jar, { step: 'types', type: 'full_time', remote: 'also' });
    expect(done.headers.location).toBe('/jobseeker/home');

    const row = await onboardingRow(await accountOf('steps@example.com'));
    expect(row).toMatchObject({ titles: '["Registered Nurse"]', location: '', radius: null, employment_types: '["full_time"]', remote: 'also', skipped: '["place"]' });
    expect(Number(row!.min_pay)).toBe(50000);
    expect(row!.completed_at).not.toBeNull();
  });

  it('a nurse in Houston gets Houston nursing jobs first, not a cashier in San Diego, and a first alert', async () => {
    const now = t.clock.now();
    await insertJob(t.app.db, now, { title: 'Cashier', category: 'retail', ...SAN_DIEGO });
    await insertJob(t.app.db, now, { title: 'Store Manager', category: 'retail', ...HOUSTON, ageDays: 0 });
    const nurse = await insertJob(t.app.db, now, { title: 'Registered Nurse', category: 'healthcare', ...HOUSTON, ageDays: 3 });
    const jar = await signIn(t.app, 'nurse@example.com');
    await onboard(jar, { step: 'titles', title: 'Nurse' });
    await onboard(jar, { step: 'place', location: 'Houston, TX', radius: '25' });
    const rest = await onboard(jar, { step: 'pay', rest: 'skip' });
    expect(rest.headers.location).toBe('/jobseeker/home');

    const home = await getPage(t.app, '/jobseeker/home', jar);
    expect(home.body).toContain(nurse.title);
    expect(home.body).toContain('Because you want Nurse jobs');
    expect(home.body).not.toContain('Cashier');
    expect(home.body.indexOf('Registered Nurse')).toBeLessThan(home.body.indexOf('Store Manager'));

    const alerts = await t.app.db.selectFrom('job_alerts').selectAll().where('account_id', '=', await accountOf('nurse@example.com')).execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ search: 'Nurse', location: 'Houston, TX', frequency: 'daily' });
    expect(Number(alerts[0]!.radius)).toBe(25);

    // Answering again later does not make a second alert.
    await onboard(jar, { step: 'types', type: 'part_time' });
    expect(await t.app.db.selectFrom('job_alerts').selectAll().execute()).toHaveLength(1);
  });

  it('skipping everything stores the skips, makes no alert, and goes where the person was going', async () => {
    const jar = await signIn(t.app, 'skipper@example.com');
    const next = '/jobs-search?search=welder';
    const first = await onboard(jar, { step: 'titles', skip: '1', next });
    expect(first.headers.location).toBe(`/candidate/onboard?step=place&next=${encodeURIComponent(next)}`);
    const done = await onboard(jar, { step: 'place', rest: 'skip', skip: '1', next });
    expect(done.headers.location).toBe(next);
    const row = await onboardingRow(await accountOf('skipper@example.com'));
    expect(row).toMatchObject({ titles: '[]', skipped: '["titles","place"]' });
    expect(await t.app.db.selectFrom('job_alerts').selectAll().execute()).toHaveLength(0);
    // Never a foreign target.
    const foreign = await onboard(jar, { step: 'types', skip: '1', next: 'https://evil.example/' });
    expect(foreign.headers.location).toBe('/jobseeker/home');
  });

  it('bad input gets its message and stores nothing', async () => {
    const jar = await signIn(t.app, 'bad@example.com');
    const accountId = await accountOf('bad@example.com');
    const cases: Array<[Record<string, string>, string]> = [
      [{ step: 'place', location: 'Nowhereville, ZZ' }, 'We could not find that place'],
      [{ step: 'place', location: 'Houston, TX', radius: '7' }, 'Choose a distance from the list.'],
      [{ step: 'pay', min_pay: '12345' }, 'Choose a lowest pay from the list'],
      [{ step: 'types', type: 'gig' }, 'Choose job types from the list.'],
      [{ step: 'titles', title: 'x'.repeat(101) }, 'A job title can be at most 100 characters.'],
      [{ step: 'nope' }, 'Check your answer, or skip this question.'],
    ];
    for (const [fields, message] of cases) {
      const response = await onboard(jar, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.body).toContain(message.replace(/'/g, '&#x27;').split('&#x27;')[0]!);
    }
    expect(await onboardingRow(accountId)).toBeUndefined();
  });

  it('sends a visitor to log in', async () => {
    const page = await getPage(t.app, '/candidate/onboard');
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toContain('/authn/login');
  });
});

describe('seeker settings', () => {
  it('shows a seeker their settings at /candidate/password, and /user/account sends them there', async () => {
    const jar = await signIn(t.app, 'settings@example.com');
    const account = await getPage(t.app, '/user/account', jar);
    expect(account.statusCode).toBe(303);
    expect(account.headers.location).toBe('/candidate/password');
    const page = await getPage(t.app, '/candidate/password', jar);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('settings@example.com');
    expect(page.body).toContain('Sign out everywhere');
    expect(page.body).toContain('id="email-choices"');
    expect(page.body).toContain('Download your data');
    expect(page.body).not.toContain('Hire with Jobwise');
  });

  it('never shows another person their data', async () => {
    await signIn(t.app, 'owner@example.com');
    const other = await signIn(t.app, 'other@example.com');
    const page = await getPage(t.app, '/candidate/password', other);
    expect(page.body).toContain('other@example.com');
    expect(page.body).not.toContain('owner@example.com');
  });

  it('signs out everywhere: every session of the account ends, other accounts keep theirs', async () => {
    const phone = await signIn(t.app, 'many@example.com');
    const laptop = await signIn(t.app, 'many@example.com');
    const someoneElse = await signIn(t.app, 'else@example.com');
    expect((await getPage(t.app, '/candidate/password', laptop)).body).toContain('on 1 other device');
    const out = await postForm(t.app, '/candidate/password/sign-out-everywhere', {}, { jar: laptop, xhr: false });
    expect(out.statusCode).toBe(303);
    expect((await getPage(t.app, '/candidate/password', phone)).statusCode).toBe(303);
    expect((await getPage(t.app, '/candidate/password', laptop)).statusCode).toBe(303);
    expect((await getPage(t.app, '/candidate/password', someoneElse)).statusCode).toBe(200);
  });
});

describe('recent searches', () => {
  it('lists the account’s own recent searches, newest first, once each', async () => {
    const jar = await signIn(t.app, 'searcher@example.com');
    const other = await signIn(t.app, 'nosy@example.com');
    await getPage(t.app, '/jobs-search?search=nurse&location=Austin%2C+TX', jar);
    t.clock.advance(2 * 3_600_000);
    await getPage(t.app, '/jobs-search?search=welder', jar);
    t.clock.advance(2 * 3_600_000);
    await getPage(t.app, '/jobs-search?search=nurse&location=Austin%2C+TX', jar);
    await getPage(t.app, '/jobs-search?search=secret+agent', other);

    const mine = await getJson(t.app, '/api/recent-searches', jar);
    expect(mine.json()).toEqual({ searches: [{ search: 'nurse', location: 'Austin, TX' }, { search: 'welder', location: '' }] });
    const theirs = await getJson(t.app, '/api/recent-searches', other);
    expect(theirs.json()).toEqual({ searches: [{ search: 'secret agent', location: '' }] });
    const visitor = await getJson(t.app, '/api/recent-searches');
    expect(visitor.json()).toEqual({ searches: [] });
    expect(visitor.headers['cache-control']).toContain('no-store');
  });
});
