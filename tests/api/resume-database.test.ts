// Issue 12, the résumé database: the seeker's opt-in, search by words, place and last active, the
// monthly quota of opened profiles, the résumé file, "Invite to apply", and who gets a 404. SQLite and
// PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResumeDatabasePageProps, ResumeProfilePageProps, FindMeProps } from '../../src/shared/resume-database/page-props';
import { parseLocation } from '../../src/server/features/jobs/places';
import { searchResumes } from '../../src/server/features/resume-database/resume-database.repository';
import { ownerOf, pageData } from '../support/employer-helpers';
import { insertJob, DAY_MS } from '../support/jobs-fixtures';
import { navigate } from '../support/navigation';
import { mailbox, type CookieJar } from '../support/registration-helpers';
import { docxBytes, getPage, pdfBytes, postForm, signIn, upload } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_CLIENT_MAX: '1000000',
    RATE_LIMIT_ACTIONS_MAX: '1000000',
    RATE_LIMIT_EMAIL_CODES_PER_HOUR: '1000000',
    RESUME_INVITES_PER_DAY: '3',
  });
});
afterAll(async () => {
  await t.close();
});

interface Seeker {
  jar: CookieJar;
  email: string;
  accountId: string;
}

async function seeker(email: string, profile: { full_name: string; location: string; headline: string; phone?: string }, findMe: { experience?: string } | null = {}): Promise<Seeker> {
  const jar = await signIn(t.app, email);
  const saved = await postForm(t.app, '/candidate/about', { phone: '(512) 555-0142', ...profile }, { jar, xhr: false });
  expect(saved.statusCode).toBe(303);
  if (findMe) {
    const on = await postForm(t.app, '/candidate/about/find-me', { find_me: 'on', experience: findMe.experience ?? '' }, { jar, xhr: false });
    expect(on.headers.location).toBe('/candidate/about?find_me=on#find-me');
  }
  const account = await t.app.db.selectFrom('accounts').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow();
  return { jar, email, accountId: account.id };
}

async function employerOn(plan: 'free' | 'standard' | 'premium', email: string, name: string) {
  const owner = await ownerOf(t.app, email, name);
  await t.app.db.updateTable('companies').set({ plan }).where('id', '=', owner.companyId).execute();
  return owner;
}

async function search(jar: CookieJar, query = '') {
  const page = await getPage(t.app, `/resume-database${query}`, jar);
  expect(page.statusCode).toBe(200);
  return { body: page.body, props: pageData<ResumeDatabasePageProps>(page.body).props };
}

function results(props: ResumeDatabasePageProps) {
  if (props.access !== 'plan') throw new Error('no access');
  return props.results;
}

async function publicIdOf(accountId: string): Promise<string> {
  const row = await t.app.db.selectFrom('resume_seekers').select('public_id').where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return row.public_id;
}

/** A profile opened from the search results: a navigation on our own pages (decision 0226). */
async function openProfile(jar: CookieJar, publicId: string) {
  const page = await navigate(t.app, `/resume-database/${publicId}`, { jar });
  return { status: page.statusCode, body: page.body, props: page.statusCode < 404 ? pageData<ResumeProfilePageProps>(page.body).props : null };
}

describe('the job seeker opts in on /candidate/about', () => {
  it('is off by default, explains what employers see, and needs a saved profile to turn on', async () => {
    const jar = await signIn(t.app, 'new-seeker@resume.example');
    const page = await getPage(t.app, '/candidate/about', jar);
    const findMe = pageData<{ findMe: FindMeProps }>(page.body).props.findMe;
    expect(findMe.optedIn).toBe(false);
    expect(page.body).toContain('Let employers find me');
    expect(page.body).toContain('never see your name, email or phone');
    expect(page.body).not.toMatch(/name="find_me"[^>]*checked/);

    const refused = await postForm(t.app, '/candidate/about/find-me', { find_me: 'on' }, { jar, xhr: false });
    expect(refused.headers.location).toBe('/candidate/about?find_me=profile_needed#find-me');
    expect(await t.app.db.selectFrom('resume_seekers').select('account_id').execute()).toHaveLength(0);
  });

  it('shows the choice as saved, and a visitor is sent to log in', async () => {
    const person = await seeker('checked@resume.example', { full_name: 'Checked Person', location: 'Austin, TX', headline: 'Cashier' }, { experience: 'Ran the tills' });
    const page = await getPage(t.app, '/candidate/about?find_me=on', person.jar);
    const findMe = pageData<{ findMe: FindMeProps }>(page.body).props.findMe;
    expect(findMe).toMatchObject({ optedIn: true, experience: 'Ran the tills', notice: 'Employers can now find you in the résumé database.' });
    const visitor = await postForm(t.app, '/candidate/about/find-me', { find_me: 'on' }, { xhr: false });
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toContain('/authn/login');
    await postForm(t.app, '/candidate/about/find-me', {}, { jar: person.jar, xhr: false });
  });
});

describe('who may search', () => {
  it('sends visitors and job-seeker sessions to the employer login, like /post-a-job', async () => {
    const visitor = await getPage(t.app, '/resume-database');
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe('/authn/employer/login?next=%2Fresume-database');
    const jar = await signIn(t.app, 'only-seeker@resume.example');
    const asSeeker = await getPage(t.app, '/resume-database', jar);
    expect(asSeeker.headers.location).toBe('/authn/employer/login?next=%2Fresume-database');
  });

  it('shows a Free company what the résumé database is and the plans, with no results and no profile', async () => {
    const listed = await seeker('listed-free@resume.example', { full_name: 'Lee Listed', location: 'Austin, TX', headline: 'Forklift operator' });
    const free = await employerOn('free', 'owner@free.example', 'Free Co');
    const { props, body } = await search(free.jar, '?q=forklift');
    expect(props.access).toBe('upgrade');
    expect(body).toContain('href="/plans"');
    expect(body).toContain('250 profile views a month');
    expect(body).not.toContain('Forklift operator');
    const profile = await openProfile(free.jar, await publicIdOf(listed.accountId));
    expect(profile.status).toBe(404);
    const file = await getPage(t.app, `/resume-database/${await publicIdOf(listed.accountId)}/resume`, free.jar);
    expect(file.statusCode).toBe(404);
    await postForm(t.app, '/candidate/about/find-me', {}, { jar: listed.jar, xhr: false });
  });
});

describe('search', () => {
  let employer: Awaited<ReturnType<typeof employerOn>>;
  let forklift: Seeker;
  let nurse: Seeker;
  let dallas: Seeker;
  let hidden: Seeker;

  beforeAll(async () => {
    employer = await employerOn('standard', 'owner@search.example', 'Search Co');
    forklift = await seeker('forklift@resume.example', { full_name: 'Maria de la Cruz', location: '78701', headline: 'Forklift operator', phone: '(512) 555-0199' }, { experience: 'Five years in a cold-storage warehouse; OSHA certified.' });
    nurse = await seeker('nurse@resume.example', { full_name: 'Ann Nurse', location: 'Round Rock, TX', headline: 'Registered nurse' }, { experience: 'ICU and emergency care.' });
    dallas = await seeker('dallas@resume.example', { full_name: 'Dan Dallas', location: 'Dallas, TX', headline: 'Forklift driver' });
    hidden = await seeker('hidden@resume.example', { full_name: 'Hidden Forklift', location: 'Austin, TX', headline: 'Forklift lead' }, null);
  });

  it('finds opted-in seekers by headline and experience words, never one who did not opt in', async () => {
    const byHeadline = results((await search(employer.jar, '?q=forklift')).props);
    expect(byHeadline.map((row) => row.headline).sort()).toEqual(['Forklift driver', 'Forklift operator']);
    const byExperience = results((await search(employer.jar, '?q=osha')).props);
    expect(byExperience.map((row) => row.headline)).toEqual(['Forklift operator']);
    expect(results((await search(employer.jar, '?q=lead')).props)).toHaveLength(0);
    void hidden;
  });

  it('shows initials, headline, place and experience, never the name, email, phone, ZIP or account id', async () => {
    const { props, body } = await search(employer.jar, '?q=operator');
    const [row] = results(props);
    expect(row).toMatchObject({ initials: 'M. C.', headline: 'Forklift operator', place: 'Austin, TX', experience: 'Five years in a cold-storage warehouse; OSHA certified.' });
    for (const secret of ['Maria', 'Cruz', 'forklift@resume.example', '555-0199', '5125550199', '78701', forklift.accountId]) expect(body).not.toContain(secret);
  });

  it('finds by the titles of jobs the person applied to', async () => {
    const job = await insertJob(t.app.db, t.clock.now(), { title: 'Pharmacy Technician' });
    const applied = await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: job.listing_key }, { jar: nurse.jar, xhr: false });
    expect(applied.statusCode).toBe(303);
    // The titles are read when the profile is saved, and once a day from the person's activity.
    await postForm(t.app, '/candidate/about', { full_name: 'Ann Nurse', phone: '(512) 555-0142', location: 'Round Rock, TX', headline: 'Registered nurse' }, { jar: nurse.jar, xhr: false });
    expect(results((await search(employer.jar, '?q=pharmacy')).props).map((row) => row.headline)).toEqual(['Registered nurse']);
  });

  it('filters by place and radius with the jobs rules (ZIP, city, state), and says when a place is unknown', async () => {
    const near = await search(employer.jar, '?location=Austin%2C+TX&radius=25');
    expect(results(near.props).map((row) => row.headline).sort()).toEqual(['Forklift operator', 'Registered nurse']);
    expect(near.props.access === 'plan' && near.props.placeNote).toBe('Within 25 miles of Austin, TX');
    expect(results(near.props).every((row) => row.distance?.endsWith('mi away'))).toBe(true);
    const tight = await search(employer.jar, '?location=78701&radius=5');
    expect(results(tight.props).map((row) => row.headline)).toEqual(['Forklift operator']);
    const state = await search(employer.jar, '?q=forklift&location=TX');
    expect(results(state.props)).toHaveLength(2);
    const unknown = await search(employer.jar, '?location=Nowhereville+Zz');
    expect(unknown.props.access === 'plan' && unknown.props.placeNote).toContain('could not find');
    expect(results(unknown.props).length).toBeGreaterThanOrEqual(3);
  });

  it('filters by last active; a seeker\'s own visit moves it, at most once a day', async () => {
    t.clock.advance(10 * DAY_MS);
    expect(results((await search(employer.jar, '?active=7')).props)).toHaveLength(0);
    await getPage(t.app, '/candidate/saved-jobs', dallas.jar);
    const first = await t.app.db.selectFrom('resume_seekers').select('last_active_at').where('account_id', '=', dallas.accountId).executeTakeFirstOrThrow();
    expect(Number(first.last_active_at)).toBe(t.clock.now());
    t.clock.advance(60_000);
    await getPage(t.app, '/candidate/saved-jobs', dallas.jar);
    const same = await t.app.db.selectFrom('resume_seekers').select('last_active_at').where('account_id', '=', dallas.accountId).executeTakeFirstOrThrow();
    expect(Number(same.last_active_at)).toBe(Number(first.last_active_at));
    const active = results((await search(employer.jar, '?active=7')).props);
    expect(active.map((row) => row.headline)).toEqual(['Forklift driver']);
    expect(active[0]!.lastActive).toBe('Active today');
    expect(results((await search(employer.jar, '?active=30')).props).length).toBeGreaterThanOrEqual(3);
  });

  it('gives the same results whichever way SQLite reads the text matches (joined, as a set, or inside a place)', async () => {
    const base = { text: 'forklift', place: null, radius: 25, activeWithinDays: null, page: 1, now: t.clock.now() };
    const joined = await searchResumes(t.app.db, t.app.dialect, base);
    const asSet = await searchResumes(t.app.db, t.app.dialect, { ...base, broadMatches: 0 });
    expect(asSet).toEqual(joined);
    expect(joined.rows.map((row) => row.headline).sort()).toEqual(['Forklift driver', 'Forklift operator']);
    const austin = parseLocation('Austin, TX');
    const near = await searchResumes(t.app.db, t.app.dialect, { ...base, place: austin.status === 'found' ? austin.place : null });
    expect(near.total).toBe(1);
    expect(near.rows[0]!.distance).toBeLessThan(5);
  });

  it('answers hostile search input with a page, never a 5xx', async () => {
    const hostile = [
      '?q=%22%27%29%3B+drop+table+resume_seekers%3B--',
      '?q=NEAR(a+b)+OR+*+%22&location=%00%01',
      '?q=a&q=b&location[]=x&radius=-5&active=abc&page=999999',
      `?q=${'x'.repeat(5000)}&location=${'y'.repeat(5000)}`,
      '?page=NaN&radius=Infinity&active=7.5',
      '?q=%F0%9F%92%A5+%E2%80%AE&location=%3Cscript%3E',
    ];
    for (const query of hostile) {
      const page = await getPage(t.app, `/resume-database${query}`, employer.jar);
      expect(page.statusCode, query).toBe(200);
    }
    for (const id of ['..%2F..%2Fetc', 'x'.repeat(90), '%00', forklift.accountId, 'AAAAAAAAAAAAAAAAAAAAAA', `${await publicIdOf(forklift.accountId)}%20`]) {
      const page = await getPage(t.app, `/resume-database/${id}`, employer.jar);
      expect(page.statusCode, id).toBe(404);
    }
    // Longer than the router takes: refused before any route runs.
    expect((await getPage(t.app, `/resume-database/${'x'.repeat(300)}`, employer.jar)).statusCode).toBe(414);
  });
});

describe('profiles, the monthly quota and the résumé file', () => {
  let standard: Awaited<ReturnType<typeof employerOn>>;
  let premium: Awaited<ReturnType<typeof employerOn>>;
  let person: Seeker;
  let other: Seeker;

  beforeAll(async () => {
    standard = await employerOn('standard', 'owner@quota.example', 'Quota Co');
    premium = await employerOn('premium', 'owner@premium.example', 'Premium Co');
    person = await seeker('pdf@resume.example', { full_name: 'Pat Doe', location: 'Chicago, IL', headline: 'Line cook' }, { experience: 'Grill and prep.' });
    other = await seeker('docx@resume.example', { full_name: 'Ola Other', location: 'Chicago, IL', headline: 'Dishwasher' });
    expect((await upload(t.app, person.jar, 'Pat Doe CV.pdf', 'application/pdf', pdfBytes())).statusCode).toBe(200);
    expect((await upload(t.app, other.jar, 'cv.docx', 'application/msword', docxBytes())).statusCode).toBe(200);
  });

  it('opens a profile with an opaque id, counts it once a month, and shows the views left', async () => {
    const id = await publicIdOf(person.accountId);
    expect(id).not.toContain(person.accountId);
    const before = await search(standard.jar, '?q=cook');
    expect(before.props.access === 'plan' && before.props.quota).toEqual({ used: 0, limit: 250, left: 250 });
    expect(before.body).toContain('250 of 250 profile views left this month');

    const opened = await openProfile(standard.jar, id);
    expect(opened.status).toBe(200);
    expect(opened.props?.profile).toMatchObject({ initials: 'P. D.', headline: 'Line cook', place: 'Chicago, IL', experience: 'Grill and prep.' });
    expect(opened.body).toContain('249 of 250 profile views left this month');
    for (const secret of ['Pat Doe', 'pdf@resume.example', '555-0142']) expect(opened.body).not.toContain(secret);

    // Opening the same profile again this month does not count again (decision 0161).
    const again = await openProfile(standard.jar, id);
    expect(again.props?.quota).toEqual({ used: 1, limit: 250, left: 249 });
    const listed = results((await search(standard.jar, '?q=cook')).props);
    expect(listed[0]!.viewedThisMonth).toBe(true);

    // Another company's quota is its own.
    const elsewhere = await openProfile(premium.jar, id);
    expect(elsewhere.props?.quota).toEqual({ used: 1, limit: 1000, left: 999 });
  });

  it('refuses a new profile over the quota with a clear message and no profile; an opened one stays open', async () => {
    const month = new Date(t.clock.now()).toISOString().slice(0, 7);
    await t.app.db.updateTable('resume_view_months').set({ used: 250 }).where('company_id', '=', standard.companyId).where('month', '=', month).execute();
    const refused = await openProfile(standard.jar, await publicIdOf(other.accountId));
    expect(refused.status).toBe(403);
    expect(refused.props?.profile).toBeNull();
    expect(refused.body).toContain('has opened all 250 profiles its plan allows this month');
    expect(refused.body).not.toContain('Dishwasher');
    expect(refused.body).toContain('0 of 250 profile views left this month');
    const file = await getPage(t.app, `/resume-database/${await publicIdOf(other.accountId)}/resume`, standard.jar);
    expect(file.statusCode).toBe(404);
    const reopened = await openProfile(standard.jar, await publicIdOf(person.accountId));
    expect(reopened.props?.profile?.headline).toBe('Line cook');

  });

  it('serves the résumé inline for a PDF and as an attachment otherwise, with nosniff, only after the profile was opened', async () => {
    const premiumOnly = await employerOn('premium', 'owner@files.example', 'Files Co');
    const id = await publicIdOf(person.accountId);
    expect((await getPage(t.app, `/resume-database/${id}/resume`, premiumOnly.jar)).statusCode).toBe(404);
    const opened = await openProfile(premiumOnly.jar, id);
    expect(opened.props?.profile?.resume).toMatchObject({ href: `/resume-database/${id}/resume`, kind: 'PDF' });
    const pdf = await getPage(t.app, `/resume-database/${id}/resume`, premiumOnly.jar);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename=resume-PD.pdf');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');

    const otherId = await publicIdOf(other.accountId);
    await openProfile(premiumOnly.jar, otherId);
    const docx = await getPage(t.app, `/resume-database/${otherId}/resume`, premiumOnly.jar);
    expect(docx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(docx.headers['content-disposition']).toMatch(/^attachment;/);
    expect(docx.headers['x-content-type-options']).toBe('nosniff');
    expect(docx.headers['content-type']).not.toContain('html');
  });

  it('404s an opted-out seeker at once: search, profile by direct URL and file', async () => {
    const id = await publicIdOf(other.accountId);
    const off = await postForm(t.app, '/candidate/about/find-me', { experience: 'x' }, { jar: other.jar, xhr: false });
    expect(off.headers.location).toBe('/candidate/about?find_me=off#find-me');
    expect(results((await search(premium.jar, '?q=dishwasher')).props)).toHaveLength(0);
    expect((await openProfile(premium.jar, id)).status).toBe(404);
    expect((await getPage(t.app, `/resume-database/${id}/resume`, premium.jar)).statusCode).toBe(404);
    expect(await t.app.db.selectFrom('resume_seekers').select('account_id').where('account_id', '=', other.accountId).execute()).toHaveLength(0);
  });
});

describe('invite to apply', () => {
  it('emails the seeker one of the company\'s live jobs, once per job, within the company\'s daily limit', async () => {
    const owner = await employerOn('standard', 'owner@invite.example', 'Invite Co');
    const rival = await employerOn('standard', 'owner@rival.example', 'Rival Co');
    const person = await seeker('invitee@resume.example', { full_name: 'Ivy Invitee', location: 'Austin, TX', headline: 'Picker packer' });
    const jobs = [];
    for (const title of ['Order Picker', 'Packer', 'Loader', 'Sorter']) jobs.push(await insertJob(t.app.db, t.clock.now(), { title, company_id: owner.companyId, company_name: 'Invite Co' }));
    const closed = await insertJob(t.app.db, t.clock.now(), { title: 'Closed Role', company_id: owner.companyId, company_name: 'Invite Co', status: 'closed' });
    const rivalJob = await insertJob(t.app.db, t.clock.now(), { title: 'Rival Role', company_id: rival.companyId, company_name: 'Rival Co' });
    const id = await publicIdOf(person.accountId);

    // Only after opening the profile (it counted against the quota).
    const early = await postForm(t.app, `/resume-database/${id}/invite`, { job_id: jobs[0]!.id }, { jar: owner.jar, xhr: false });
    expect(early.statusCode).toBe(404);
    const page = await openProfile(owner.jar, id);
    expect(page.props?.jobs.map((job) => job.title).sort()).toEqual(['Loader', 'Order Picker', 'Packer', 'Sorter']);

    const invite = (jobId: string) => postForm(t.app, `/resume-database/${id}/invite`, { job_id: jobId }, { jar: owner.jar, xhr: false });
    expect((await invite(jobs[0]!.id)).headers.location).toBe(`/resume-database/${id}?notice=invited`);
    const mail = (await mailbox(t.app, 'invitee@resume.example')).find((message) => message.subject.includes('invites you'));
    expect(mail!.subject).toBe('Invite Co invites you to apply: Order Picker');
    expect(mail!.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/user\/unsubscribe\/job-invitation\.[\w-]{22}\.[\w-]{22}>$/);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/job\/[^\s]+/);
    expect(mail!.text).not.toContain('owner@invite.example');

    expect((await invite(jobs[0]!.id)).headers.location).toBe(`/resume-database/${id}?notice=already`);
    expect((await invite(closed.id)).headers.location).toBe(`/resume-database/${id}?notice=job`);
    expect((await invite(rivalJob.id)).headers.location).toBe(`/resume-database/${id}?notice=job`);
    expect((await mailbox(t.app, 'invitee@resume.example')).filter((message) => message.subject.includes('invites you'))).toHaveLength(1);

    const after = await openProfile(owner.jar, id);
    expect(after.props?.jobs.find((job) => job.title === 'Order Picker')?.invited).toBe(true);

    // RESUME_INVITES_PER_DAY is 3 here: the fourth in 24 hours is refused.
    expect((await invite(jobs[1]!.id)).headers.location).toBe(`/resume-database/${id}?notice=invited`);
    expect((await invite(jobs[2]!.id)).headers.location).toBe(`/resume-database/${id}?notice=invited`);
    const limited = await invite(jobs[3]!.id);
    expect(limited.headers.location).toBe(`/resume-database/${id}?notice=limit`);
    expect((await mailbox(t.app, 'invitee@resume.example')).filter((message) => message.subject.includes('invites you'))).toHaveLength(3);

    // After one-click unsubscribe from this kind, the next invitation is recorded but not mailed.
    const unsubscribeUrl = new URL(mail!.headers['List-Unsubscribe']!.slice(1, -1));
    const unsubscribed = await t.app.inject({ method: 'POST', url: unsubscribeUrl.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(unsubscribed.statusCode).toBeLessThan(400);
    t.clock.advance(DAY_MS + 1000);
    await openProfile(owner.jar, id);
    expect((await invite(jobs[3]!.id)).headers.location).toBe(`/resume-database/${id}?notice=invited`);
    expect((await mailbox(t.app, 'invitee@resume.example')).filter((message) => message.subject.includes('invites you'))).toHaveLength(3);

    // An opted-out seeker cannot be invited.
    await postForm(t.app, '/candidate/about/find-me', {}, { jar: person.jar, xhr: false });
    expect((await invite(jobs[2]!.id)).statusCode).toBe(404);
  });
});

describe('the quota is per calendar month (UTC)', () => {
  it('starts afresh on the 1st', async () => {
    const owner = await employerOn('standard', 'owner@month.example', 'Month Co');
    const person = await seeker('month@resume.example', { full_name: 'Mo Month', location: 'Austin, TX', headline: 'Baker' });
    const month = new Date(t.clock.now()).toISOString().slice(0, 7);
    await t.app.db.insertInto('resume_view_months').values({ company_id: owner.companyId, month, used: 250 }).execute();
    const id = await publicIdOf(person.accountId);
    expect((await openProfile(owner.jar, id)).status).toBe(403);
    const now = new Date(t.clock.now());
    t.clock.time = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1);
    const next = await openProfile(owner.jar, id);
    expect(next.status).toBe(200);
    expect(next.props?.quota).toEqual({ used: 1, limit: 250, left: 249 });
  });
});

describe('what employers see of a place (issue 41, finding 2)', () => {
  const ADDRESS_PARTS = ['Elm Street', 'Apt 4', '78701', 'Baker Street', 'NW1 6XE', 'Flat 3', 'Harbour Road', '99999'];

  it('shows a city and state it recognises, or "Location not shown"; never the street, ZIP code or postcode typed', async () => {
    const employer = await employerOn('standard', 'owner@places.example', 'Places Co');
    const us = await seeker('street@places.example', { full_name: 'Sue Street', location: '12 Elm Street, Apt 4, Austin, TX 78701', headline: 'Forecourt attendant' });
    const uk = await seeker('uk@places.example', { full_name: 'Una Kay', location: 'Flat 3, 221B Baker Street, London NW1 6XE', headline: 'Barista trainer' });
    const zip = await seeker('zip@places.example', { full_name: 'Zed Zip', location: '7 Harbour Road 99999', headline: 'Courier rider' });

    for (const [q, place] of [['forecourt', 'Austin, TX'], ['barista', 'Location not shown'], ['courier', 'Location not shown']] as const) {
      const { props, body } = await search(employer.jar, `?q=${q}`);
      expect(results(props).map((row) => row.place)).toEqual([place]);
      for (const part of ADDRESS_PARTS) expect(body).not.toContain(part);
    }

    for (const person of [us, uk, zip]) {
      const profile = await openProfile(employer.jar, await publicIdOf(person.accountId));
      expect(profile.status).toBe(200);
      for (const part of ADDRESS_PARTS) expect(profile.body).not.toContain(part);
      // Nor is it kept where employers' searches read.
      const row = await t.app.db.selectFrom('resume_seekers').selectAll().where('account_id', '=', person.accountId).executeTakeFirstOrThrow();
      for (const part of ADDRESS_PARTS) expect(JSON.stringify(row)).not.toContain(part);
    }
    // The recognised city is searched as before.
    expect(results((await search(employer.jar, '?location=Austin%2C+TX&radius=5&q=forecourt')).props)).toHaveLength(1);
    for (const person of [us, uk, zip]) await postForm(t.app, '/candidate/about/find-me', {}, { jar: person.jar, xhr: false });
  });

  it('clears a raw place and the titles of jobs only saved from rows kept before the rule (migration 0063)', async () => {
    const { up } = await import('../../src/server/db/migrations/0063-resume-places-and-applied-titles');
    const person = await seeker('kept@places.example', { full_name: 'Kim Kept', location: 'Austin, TX', headline: 'Stocker' });
    const remote = await seeker('remote@places.example', { full_name: 'Rae Remote', location: 'Remote', headline: 'Support agent' });
    const applied = await insertJob(t.app.db, t.clock.now(), { title: 'Night Stocker' });
    const saved = await insertJob(t.app.db, t.clock.now(), { title: 'Saved Only Cashier' });
    expect((await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: applied.listing_key }, { jar: person.jar, xhr: false })).statusCode).toBe(303);
    expect((await postForm(t.app, '/candidate/toggle_job_save', { archive: '0', listing_key: saved.listing_key }, { jar: person.jar })).statusCode).toBe(200);
    await t.app.db
      .updateTable('resume_seekers')
      .set({ place: '9 Harbour Road, London NW1 6XE', state: null, latitude: null, longitude: null, titles: 'Saved Only Cashier · Night Stocker' })
      .where('account_id', '=', person.accountId)
      .execute();
    await up(t.app.db as never);
    const row = await t.app.db.selectFrom('resume_seekers').select(['place', 'titles']).where('account_id', '=', person.accountId).executeTakeFirstOrThrow();
    expect(row).toEqual({ place: '', titles: 'Night Stocker' });
    const kept = await t.app.db.selectFrom('resume_seekers').select(['place', 'titles']).where('account_id', '=', remote.accountId).executeTakeFirstOrThrow();
    expect(kept).toEqual({ place: 'Remote', titles: '' });
    // The full-text index follows the row: the saved job's title no longer finds them.
    const employer = await employerOn('premium', 'owner@kept.example', 'Kept Co');
    expect(results((await search(employer.jar, '?q=cashier')).props).map((item) => item.headline)).not.toContain('Stocker');
    expect(results((await search(employer.jar, '?q=stocker')).props).map((item) => item.headline)).toContain('Stocker');
    for (const who of [person, remote]) await postForm(t.app, '/candidate/about/find-me', {}, { jar: who.jar, xhr: false });
  });
});

describe('the jobs employers see are the jobs applied to, as the opt-in says (issue 41)', () => {
  it('lists only jobs the person applied to, never one they only saved, and says so', async () => {
    const employer = await employerOn('standard', 'owner@applied.example', 'Applied Co');
    const person = await seeker('applied@places.example', { full_name: 'Abe Applied', location: 'Austin, TX', headline: 'Dock worker' });
    const applied = await insertJob(t.app.db, t.clock.now(), { title: 'Dock Loader' });
    const saved = await insertJob(t.app.db, t.clock.now(), { title: 'Yard Jockey' });
    expect((await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: applied.listing_key }, { jar: person.jar, xhr: false })).statusCode).toBe(303);
    expect((await postForm(t.app, '/candidate/toggle_job_save', { archive: '0', listing_key: saved.listing_key }, { jar: person.jar })).statusCode).toBe(200);
    await postForm(t.app, '/candidate/about', { full_name: 'Abe Applied', phone: '(512) 555-0142', location: 'Austin, TX', headline: 'Dock worker' }, { jar: person.jar, xhr: false });

    const page = await getPage(t.app, '/candidate/about', person.jar);
    expect(page.body).toContain('the jobs you applied to');
    const { props, body } = await search(employer.jar, '?q=dock+worker');
    expect(results(props)[0]!.experience).toBe('Recently applied to: Dock Loader');
    expect(body).not.toContain('Yard Jockey');
    expect(results((await search(employer.jar, '?q=jockey')).props)).toHaveLength(0);
    const profile = await openProfile(employer.jar, await publicIdOf(person.accountId));
    expect(profile.props?.profile?.recentTitles).toEqual(['Dock Loader']);
    expect(profile.body).toContain('Jobs they applied to recently');
    expect(profile.body).not.toContain('looked at');
    expect(profile.body).not.toContain('Yard Jockey');
    await postForm(t.app, '/candidate/about/find-me', {}, { jar: person.jar, xhr: false });
  });
});

describe('opening a profile spends a view only on a navigation from our own pages (decision 0226)', () => {
  it('asks before spending a view when the link came from elsewhere; the page’s own button spends it', async () => {
    const owner = await employerOn('standard', 'owner@links.example', 'Links Co');
    const person = await seeker('linked@places.example', { full_name: 'Lin Linked', location: 'Austin, TX', headline: 'Picker' }, { experience: 'Pick and pack.' });
    const id = await publicIdOf(person.accountId);
    const used = async () => (await t.app.db.selectFrom('resume_profile_views').select('seeker_account_id').where('company_id', '=', owner.companyId).execute()).length;

    for (const request of [
      { site: 'cross-site' as const },
      { site: 'same-site' as const },
      { site: 'same-origin' as const, headers: { 'sec-purpose': 'prefetch' } },
    ]) {
      const page = await navigate(t.app, `/resume-database/${id}?back=${encodeURIComponent('/resume-database?q=picker')}`, { jar: owner.jar, ...request });
      expect(page.statusCode, JSON.stringify(request)).toBe(200);
      const props = pageData<ResumeProfilePageProps>(page.body).props;
      expect(props.profile).toBeNull();
      expect(props.openAction).toBe(`/resume-database/${id}/open`);
      expect(props.quota).toEqual({ used: 0, limit: 250, left: 250 });
      expect(page.body).not.toContain('Pick and pack.');
    }
    // Without Sec-Fetch-Site: only a Referer of ours counts.
    const bare = await t.app.inject({ method: 'GET', url: `/resume-database/${id}`, headers: { cookie: owner.jar.header() } });
    expect(pageData<ResumeProfilePageProps>(bare.body).props.profile).toBeNull();
    const foreign = await t.app.inject({ method: 'GET', url: `/resume-database/${id}`, headers: { cookie: owner.jar.header(), referer: 'https://evil.example/resume-database' } });
    expect(pageData<ResumeProfilePageProps>(foreign.body).props.profile).toBeNull();
    expect(await used()).toBe(0);

    // Another site cannot press the button.
    const forged = await t.app.inject({ method: 'POST', url: `/resume-database/${id}/open`, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded', cookie: owner.jar.header() }, payload: '' });
    expect(forged.statusCode).toBe(403);
    expect(await used()).toBe(0);

    const opened = await postForm(t.app, `/resume-database/${id}/open`, { back: '/resume-database?q=picker' }, { jar: owner.jar, xhr: false });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/resume-database/${id}?back=${encodeURIComponent('/resume-database?q=picker')}`);
    expect(await used()).toBe(1);
    const shown = await navigate(t.app, opened.headers.location!, { jar: owner.jar, site: 'cross-site' });
    expect(pageData<ResumeProfilePageProps>(shown.body).props.profile?.experience).toBe('Pick and pack.');
    expect(pageData<ResumeProfilePageProps>(shown.body).props.quota).toEqual({ used: 1, limit: 250, left: 249 });
    // An open link to somewhere else stays ours.
    const away = await postForm(t.app, `/resume-database/${id}/open`, { back: 'https://evil.example/' }, { jar: owner.jar, xhr: false });
    expect(away.headers.location).toBe(`/resume-database/${id}`);
    await postForm(t.app, '/candidate/about/find-me', {}, { jar: person.jar, xhr: false });
  });

  it('spends a view for a link followed on our pages or an address typed, and refuses one over the quota without asking', async () => {
    const owner = await employerOn('standard', 'owner@typed.example', 'Typed Co');
    const first = await seeker('typed-1@places.example', { full_name: 'Ty One', location: 'Austin, TX', headline: 'Welder' });
    const second = await seeker('typed-2@places.example', { full_name: 'Ty Two', location: 'Austin, TX', headline: 'Fitter' });
    const third = await seeker('typed-3@places.example', { full_name: 'Ty Three', location: 'Austin, TX', headline: 'Rigger' });
    const fromSearch = await navigate(t.app, `/resume-database/${await publicIdOf(first.accountId)}`, { jar: owner.jar, site: 'same-origin' });
    expect(pageData<ResumeProfilePageProps>(fromSearch.body).props.profile?.headline).toBe('Welder');
    const typed = await navigate(t.app, `/resume-database/${await publicIdOf(second.accountId)}`, { jar: owner.jar, site: 'none' });
    expect(pageData<ResumeProfilePageProps>(typed.body).props.profile?.headline).toBe('Fitter');
    const oldBrowser = await t.app.inject({ method: 'GET', url: `/resume-database/${await publicIdOf(third.accountId)}`, headers: { cookie: owner.jar.header(), referer: 'http://localhost:3000/resume-database?q=rigger' } });
    expect(pageData<ResumeProfilePageProps>(oldBrowser.body).props.profile?.headline).toBe('Rigger');
    expect(pageData<ResumeProfilePageProps>(oldBrowser.body).props.quota.used).toBe(3);

    const month = new Date(t.clock.now()).toISOString().slice(0, 7);
    await t.app.db.updateTable('resume_view_months').set({ used: 250 }).where('company_id', '=', owner.companyId).where('month', '=', month).execute();
    const fourth = await seeker('typed-4@places.example', { full_name: 'Ty Four', location: 'Austin, TX', headline: 'Scaffolder' });
    const over = await navigate(t.app, `/resume-database/${await publicIdOf(fourth.accountId)}`, { jar: owner.jar, site: 'cross-site' });
    expect(over.statusCode).toBe(403);
    expect(pageData<ResumeProfilePageProps>(over.body).props).toMatchObject({ profile: null, openAction: null });
    const pressed = await postForm(t.app, `/resume-database/${await publicIdOf(fourth.accountId)}/open`, {}, { jar: owner.jar, xhr: false });
    expect(pressed.statusCode).toBe(303);
    expect((await navigate(t.app, pressed.headers.location!, { jar: owner.jar })).statusCode).toBe(403);
    for (const who of [first, second, third, fourth]) await postForm(t.app, '/candidate/about/find-me', {}, { jar: who.jar, xhr: false });
  });
});
