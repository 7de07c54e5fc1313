// The employer's applicant inbox and pipeline (issue 12) and the spotlight in it (issue 13). SQLite by
// default; PostgreSQL with TEST_DATABASE_URL. Every employer route is also tried with another company's
// session (404), and with a job seeker's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOB_FORM, employerOfNewCompany, postJobForm } from '../support/employer-jobs-helpers';
import { pageData } from '../support/employer-helpers';
import { navigate } from '../support/navigation';
import type { CookieJar } from '../support/registration-helpers';
import { getPage, pdfBytes, postForm, signIn, upload } from '../support/seeker-helpers';
import { media, uploadAnswer, writeAnswer } from '../support/spotlight-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';
import type { ApplicantPageProps, InboxPageProps } from '../../src/shared/applicants/page-props';
import type { MyJobsProps } from '../../src/shared/seeker/page-props';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000' });
});
afterEach(async () => t.close());

const QUESTIONS = [
  { text: 'Can you lift 50 lb?', kind: 'yes_no' as const, deal_breaker: true, expected: 'yes' },
  { text: 'What hourly pay do you expect?', kind: 'text' as const, deal_breaker: false, expected: '' },
];

async function companyWithJob(email: string, id: string, title = 'Night Forklift Operator') {
  const employer = await employerOfNewCompany(t.app, email, { id, name: `${id} Freight` });
  const posted = await postJobForm(t.app, employer.jar, '/post-a-job', { ...JOB_FORM, title, questions: QUESTIONS });
  expect(posted.statusCode).toBe(303);
  const job = await t.app.db.selectFrom('jobs').select(['id', 'listing_key']).where('title', '=', title).where('company_id', '=', id).executeTakeFirstOrThrow();
  return { ...employer, jobId: job.id, listingKey: job.listing_key };
}

async function seekerApplies(email: string, listingKey: string, profile: { name: string; location?: string; headline?: string }, answers: Record<string, string> = { answer_1: 'yes', answer_2: '$21 an hour' }) {
  t.clock.advance(60_000);
  const jar = await signIn(t.app, email);
  const saved = await postForm(t.app, '/candidate/about', { full_name: profile.name, phone: '+1 512 555 0100', location: profile.location ?? 'Austin, TX', headline: profile.headline ?? '' }, { jar, xhr: false });
  expect(saved.statusCode).toBe(303);
  const applied = await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: listingKey, ...answers }, { jar });
  expect(applied.json().status).toBe('APPLIED');
  const row = await t.app.db.selectFrom('job_applications').innerJoin('accounts', 'accounts.id', 'job_applications.account_id').select('job_applications.id').where('accounts.email', '=', email).where('job_applications.job_id', 'in', t.app.db.selectFrom('jobs').select('id').where('listing_key', '=', listingKey)).executeTakeFirstOrThrow();
  return { jar, applicationId: row.id };
}

const inbox = async (jar: CookieJar, query = '') => {
  const page = await getPage(t.app, `/candidates${query}`, jar);
  expect(page.statusCode).toBe(200);
  return pageData<InboxPageProps>(page.body).props;
};
const myJobs = async (jar: CookieJar) => pageData<MyJobsProps>((await getPage(t.app, '/candidate/my-jobs', jar)).body).props;
const changes = (applicationId: string) => t.app.db.selectFrom('application_stage_changes').selectAll().where('application_id', '=', applicationId).orderBy('changed_at').execute();

describe('the inbox', () => {
  it('shows a new application unread; opening it marks it read and the seeker sees "Viewed"; moving it to Interview records who and when', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, { name: 'Sam Seeker', location: 'Round Rock, TX', headline: 'Forklift operator, 5 years nights' });
    // Creating an application adds no stage change (notify's outbox holds moves only).
    expect(await changes(sam.applicationId)).toEqual([]);

    const list = await inbox(acme.jar);
    expect(list.total).toBe(1);
    expect(list.unread).toBe(1);
    const item = list.applicants[0]!;
    expect(item).toMatchObject({ name: 'Sam Seeker', headline: 'Forklift operator, 5 years nights', place: 'Round Rock, TX', unread: true, stageLabel: 'New', jobTitle: 'Night Forklift Operator', failedDealBreaker: false });
    expect(item.distance).toMatch(/^\d+ mi away$/);
    expect(item.reasons).toContain('Answered every screening question');
    expect(item.reasons).toContain(item.distance);
    expect(item.greatMatch).toBe(true);
    expect((await myJobs(sam.jar)).applied[0]!.application?.stageLabel).toBe('Applied');

    // Opened from the inbox: a navigation on our own pages (decision 0226).
    const opened = await navigate(t.app, `/candidates/${sam.applicationId}`, { jar: acme.jar });
    expect(opened.statusCode).toBe(200);
    const view = pageData<ApplicantPageProps>(opened.body).props;
    expect(view).toMatchObject({ name: 'Sam Seeker', email: 'sam@example.com', stageLabel: 'New' });
    expect(view.answers).toEqual([
      { question: 'Can you lift 50 lb?', answer: 'yes', dealBreakerFailed: false },
      { question: 'What hourly pay do you expect?', answer: '$21 an hour', dealBreakerFailed: false },
    ]);
    expect(view.reasons).toContain('Pay expectation within the pay');
    expect((await inbox(acme.jar)).unread).toBe(0);
    expect((await myJobs(sam.jar)).applied[0]!.application?.stageLabel).toBe('Viewed');

    const moved = await postForm(t.app, `/candidates/${sam.applicationId}/stage`, { stage: 'interview' }, { jar: acme.jar, xhr: false });
    expect(moved.statusCode).toBe(303);
    expect(moved.headers.location).toBe(`/candidates/${sam.applicationId}?notice=moved`);
    const rows = await changes(sam.applicationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ from_stage: 'new', to_stage: 'interview', changed_by: acme.accountId, changed_at: t.clock.now() });
    expect((await myJobs(sam.jar)).applied[0]!.application?.stageLabel).toBe('Interview');
    const after = pageData<ApplicantPageProps>((await getPage(t.app, `/candidates/${sam.applicationId}`, acme.jar)).body).props;
    expect(after.history).toEqual([expect.objectContaining({ from: 'New', to: 'Interview', by: 'boss@acme.example' })]);

    // The same stage again moves nothing and records nothing.
    await postForm(t.app, `/candidates/${sam.applicationId}/stage`, { stage: 'interview' }, { jar: acme.jar });
    expect(await changes(sam.applicationId)).toHaveLength(1);
    await postForm(t.app, `/candidates/${sam.applicationId}/stage`, { stage: 'rejected' }, { jar: acme.jar });
    expect((await myJobs(sam.jar)).applied[0]!.application?.stageLabel).toBe('Not selected');
    expect(await changes(sam.applicationId)).toHaveLength(2);
  });

  it('marks an application read only when opened from our own pages, never by a link, image or prefetch from elsewhere (decision 0226)', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, { name: 'Sam Seeker' });
    const url = `/candidates/${sam.applicationId}`;
    const unread = async () => (await inbox(acme.jar)).unread;
    for (const request of [
      { site: 'cross-site' as const },
      { site: 'same-site' as const },
      { site: 'same-origin' as const, headers: { 'sec-purpose': 'prefetch;prerender' } },
    ]) {
      const page = await navigate(t.app, url, { jar: acme.jar, ...request });
      expect(page.statusCode, JSON.stringify(request)).toBe(200);
      expect(pageData<ApplicantPageProps>(page.body).props.name).toBe('Sam Seeker');
    }
    // A request without Sec-Fetch-Site: only a Referer of ours counts.
    await t.app.inject({ method: 'GET', url, headers: { cookie: acme.jar.header() } });
    await t.app.inject({ method: 'GET', url, headers: { cookie: acme.jar.header(), referer: 'https://evil.example/candidates' } });
    expect(await unread()).toBe(1);
    expect((await myJobs(sam.jar)).applied[0]!.application?.stageLabel).toBe('Applied');

    await t.app.inject({ method: 'GET', url, headers: { cookie: acme.jar.header(), referer: 'http://localhost:3000/candidates' } });
    expect(await unread()).toBe(0);
    expect((await myJobs(sam.jar)).applied[0]!.application?.stageLabel).toBe('Viewed');
  });

  it('marks it read when the address is opened directly (typed, or from the new-application email in a mail app)', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, { name: 'Sam Seeker' });
    await navigate(t.app, `/candidates/${sam.applicationId}`, { jar: acme.jar, site: 'none' });
    expect((await inbox(acme.jar)).unread).toBe(0);
  });

  it('marks a failed deal-breaker, filters by job, stage, rating, deal-breaker and text, and takes hostile text', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const second = await postJobForm(t.app, acme.jar, '/post-a-job', { ...JOB_FORM, title: 'Day Loader' });
    expect(second.statusCode).toBe(303);
    const loader = await t.app.db.selectFrom('jobs').select(['id', 'listing_key']).where('title', '=', 'Day Loader').executeTakeFirstOrThrow();
    const ann = await seekerApplies('ann@example.com', acme.listingKey, { name: 'Ann Archer', headline: 'Warehouse lead' });
    const bob = await seekerApplies('bob@example.com', acme.listingKey, { name: 'Bob Baker', headline: 'Baker 100%_done' }, { answer_1: 'no', answer_2: 'not sure' });
    const cy = await seekerApplies('cy@example.com', loader.listing_key, { name: 'Cy Carter' }, {});

    const bobView = pageData<ApplicantPageProps>((await getPage(t.app, `/candidates/${bob.applicationId}`, acme.jar)).body).props;
    expect(bobView.failedDealBreaker).toBe(true);
    expect(bobView.answers[0]).toEqual({ question: 'Can you lift 50 lb?', answer: 'no', dealBreakerFailed: true });
    expect(bobView.reasons).toContain('Failed a deal-breaker question');

    const names = (props: InboxPageProps) => props.applicants.map((applicant) => applicant.name).sort();
    expect(names(await inbox(acme.jar))).toEqual(['Ann Archer', 'Bob Baker', 'Cy Carter']);
    expect(names(await inbox(acme.jar, `?job=${loader.id}`))).toEqual(['Cy Carter']);
    expect(names(await inbox(acme.jar, '?deal_breaker=failed'))).toEqual(['Bob Baker']);
    expect(names(await inbox(acme.jar, '?deal_breaker=passed'))).toEqual(['Ann Archer', 'Cy Carter']);
    expect(names(await inbox(acme.jar, '?q=WAREHOUSE'))).toEqual(['Ann Archer']);
    expect(names(await inbox(acme.jar, '?q=carter'))).toEqual(['Cy Carter']);
    // LIKE's wildcards are text here.
    expect(names(await inbox(acme.jar, '?q=100%25_'))).toEqual(['Bob Baker']);
    expect(names(await inbox(acme.jar, '?q=n%25r'))).toEqual([]);
    expect(names(await inbox(acme.jar, '?q=a_e'))).toEqual([]);

    await postForm(t.app, `/candidates/${ann.applicationId}/rating`, { rating: '4' }, { jar: acme.jar });
    await postForm(t.app, `/candidates/${cy.applicationId}/rating`, { rating: '2' }, { jar: acme.jar });
    expect(names(await inbox(acme.jar, '?rating=3'))).toEqual(['Ann Archer']);
    expect(names(await inbox(acme.jar, '?rating=2'))).toEqual(['Ann Archer', 'Cy Carter']);
    await postForm(t.app, `/candidates/${ann.applicationId}/stage`, { stage: 'reviewed' }, { jar: acme.jar });
    expect(names(await inbox(acme.jar, '?stage=reviewed'))).toEqual(['Ann Archer']);
    expect(names(await inbox(acme.jar, '?stage=new'))).toEqual(['Bob Baker', 'Cy Carter']);

    for (const query of ["?q=' OR 1=1 --", '?q=%00%ff', '?stage=nope&rating=99&sort=evil&page=-3&job=../../etc', '?q[]=a&q[]=b&job[$ne]=1', `?q=${'x'.repeat(5000)}`]) {
      const page = await getPage(t.app, `/candidates${encodeURI(query).replace(/%25/g, '%')}`, acme.jar);
      expect(page.statusCode).toBe(200);
    }
  });

  it('sorts by match, a spotlight first among equal matches, and marks "Spotlight"', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const near = await seekerApplies('near@example.com', acme.listingKey, { name: 'Near Forklift', location: 'Austin, TX', headline: 'Night forklift operator' });
    const far = await seekerApplies('far@example.com', acme.listingKey, { name: 'Far Away', location: 'Seattle, WA', headline: 'Barista' });
    const twinA = await seekerApplies('twin-a@example.com', acme.listingKey, { name: 'Twin A', location: 'Dallas, TX', headline: 'Cook' });
    const twinB = await seekerApplies('twin-b@example.com', acme.listingKey, { name: 'Twin B', location: 'Dallas, TX', headline: 'Cook' });
    expect((await writeAnswer(t.app, twinA.jar, 'about_you', 'I love early mornings and heavy lifting.')).statusCode).toBe(200);
    // Twin B applied last: newest first would put B first; the spotlight puts A first among equals.
    const order = (await inbox(acme.jar, '?sort=match')).applicants.map((applicant) => applicant.name);
    expect(order).toEqual(['Near Forklift', 'Twin A', 'Twin B', 'Far Away']);
    const byMatch = await inbox(acme.jar, '?sort=match');
    expect(byMatch.applicants.find((applicant) => applicant.name === 'Twin A')?.spotlight).toBe(true);
    expect(byMatch.applicants.find((applicant) => applicant.name === 'Twin B')?.spotlight).toBe(false);
    expect(byMatch.applicants[0]!.greatMatch).toBe(true);
    expect(byMatch.applicants.at(-1)!.greatMatch).toBe(false);
    expect((await inbox(acme.jar)).applicants.map((applicant) => applicant.name)).toEqual(['Twin B', 'Twin A', 'Far Away', 'Near Forklift']);
    void near;
    void far;
    void twinB;
  });

  it('plays spotlight answers inline with the transcript as captions, to the team only', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, { name: 'Sam Seeker' });
    const uploaded = await uploadAnswer(t.app, sam.jar, 'about_you', media('answer.webm'), { transcript: 'Hello, I drive forklifts.' });
    expect(uploaded.statusCode).toBe(200);
    const page = await getPage(t.app, `/candidates/${sam.applicationId}`, acme.jar);
    const view = pageData<ApplicantPageProps>(page.body).props;
    expect(view.spotlight).toHaveLength(1);
    expect(view.spotlight[0]).toMatchObject({ transcript: 'Hello, I drive forklifts.' });
    expect(page.body).toContain('<track kind="captions"');
    expect(page.body).toContain('Hello, I drive forklifts.');
    const mediaResponse = await getPage(t.app, view.spotlight[0]!.mediaUrl!, acme.jar);
    expect(mediaResponse.statusCode).toBe(200);
    const other = await companyWithJob('boss@globex.example', 'globex', 'Globex Driver');
    expect((await getPage(t.app, view.spotlight[0]!.mediaUrl!, other.jar)).statusCode).toBe(404);
  });
});

describe('the pipeline', () => {
  it('moves several at once, one stage change each in the same transaction; a foreign id moves nothing', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const globex = await companyWithJob('boss@globex.example', 'globex', 'Globex Driver');
    const a = await seekerApplies('a@example.com', acme.listingKey, { name: 'Alpha' });
    const b = await seekerApplies('b@example.com', acme.listingKey, { name: 'Beta' });
    const g = await seekerApplies('g@example.com', globex.listingKey, { name: 'Gamma' });
    const bulk = (jar: CookieJar, ids: string[], stage: string) =>
      t.app.inject({
        method: 'POST',
        url: '/candidates/stage',
        headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
        payload: [...ids.map((id) => `application_id=${id}`), `stage=${stage}`, `next=${encodeURIComponent('/candidates?sort=match')}`].join('&'),
      });
    const mixed = await bulk(acme.jar, [a.applicationId, g.applicationId], 'rejected');
    expect(mixed.statusCode).toBe(404);
    expect(await changes(a.applicationId)).toEqual([]);
    expect(await changes(g.applicationId)).toEqual([]);
    const moved = await bulk(acme.jar, [a.applicationId, b.applicationId], 'reviewed');
    expect(moved.statusCode).toBe(303);
    expect(moved.headers.location).toBe('/candidates?sort=match&notice=moved_many');
    expect(await changes(a.applicationId)).toEqual([expect.objectContaining({ from_stage: 'new', to_stage: 'reviewed', changed_by: acme.accountId })]);
    expect(await changes(b.applicationId)).toHaveLength(1);
    const stages = await t.app.db.selectFrom('job_applications').select(['stage', 'stage_changed_at']).where('id', 'in', [a.applicationId, b.applicationId]).execute();
    expect(stages.map((row) => [row.stage, Number(row.stage_changed_at)])).toEqual([
      ['reviewed', t.clock.now()],
      ['reviewed', t.clock.now()],
    ]);
    // A redirect target off the site is not followed.
    const offsite = await t.app.inject({
      method: 'POST',
      url: '/candidates/stage',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', cookie: acme.jar.header() },
      payload: `application_id=${a.applicationId}&stage=offer&next=${encodeURIComponent('//evil.example/x')}`,
    });
    expect(offsite.headers.location).toBe('/candidates?notice=moved_many');
  });

  it('keeps notes and ratings for the team; every route answers another company 404 and a job seeker nothing', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const globex = await companyWithJob('boss@globex.example', 'globex', 'Globex Driver');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, { name: 'Sam Seeker' });
    expect((await upload(t.app, sam.jar, 'resume.pdf', 'application/pdf', pdfBytes())).statusCode).toBe(200);
    const noted = await postForm(t.app, `/candidates/${sam.applicationId}/notes`, { body: 'Strong on nights. =HYPERLINK("x")' }, { jar: acme.jar, xhr: false });
    expect(noted.statusCode).toBe(303);
    await postForm(t.app, `/candidates/${sam.applicationId}/rating`, { rating: '5' }, { jar: acme.jar });
    const view = pageData<ApplicantPageProps>((await getPage(t.app, `/candidates/${sam.applicationId}`, acme.jar)).body).props;
    expect(view.notes).toEqual([expect.objectContaining({ author: 'boss@acme.example', body: 'Strong on nights. =HYPERLINK("x")' })]);
    expect(view.rating).toBe(5);
    expect(view.resume).toMatchObject({ fileName: 'resume.pdf', kind: 'pdf' });

    const resume = await getPage(t.app, `/candidates/${sam.applicationId}/resume`, acme.jar);
    expect(resume.statusCode).toBe(200);
    expect(resume.headers['content-type']).toBe('application/pdf');
    expect(resume.headers['x-content-type-options']).toBe('nosniff');
    expect(resume.headers['content-disposition']).toBe('inline; filename=resume.pdf');

    const id = sam.applicationId;
    const other = globex.jar;
    for (const url of [`/candidates/${id}`, `/candidates/${id}/resume`]) expect((await getPage(t.app, url, other)).statusCode).toBe(404);
    for (const [url, fields] of [
      [`/candidates/${id}/stage`, { stage: 'hired' }],
      ['/candidates/stage', { application_id: id, stage: 'hired' }],
      [`/candidates/${id}/rating`, { rating: '1' }],
      [`/candidates/${id}/notes`, { body: 'mine now' }],
    ] as const) {
      expect((await postForm(t.app, url, fields, { jar: other })).statusCode).toBe(404);
    }
    expect((await inbox(other)).applicants).toEqual([]);
    expect((await inbox(other, `?job=${acme.jobId}`)).total).toBe(0);
    const theirExport = await getPage(t.app, `/candidates/export.csv?job=${acme.jobId}`, other);
    expect(theirExport.statusCode).toBe(200);
    expect(theirExport.body).not.toContain('Sam Seeker');
    const after = await t.app.db.selectFrom('job_applications').select(['stage', 'rating']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual({ stage: 'new', rating: 5 });
    expect(await t.app.db.selectFrom('application_notes').select('body').where('application_id', '=', id).execute()).toHaveLength(1);

    // A job seeker (even the applicant) is sent to the employer log-in; JSON calls get 401.
    for (const url of ['/candidates', `/candidates/${id}`, `/candidates/${id}/resume`, '/candidates/export.csv']) {
      const response = await getPage(t.app, url, sam.jar);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toMatch(/^\/authn\/employer\/login/);
    }
    expect((await postForm(t.app, `/candidates/${id}/stage`, { stage: 'hired' }, { jar: sam.jar })).statusCode).toBe(401);
  });

  it('exports the filtered list as formula-safe CSV', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    await seekerApplies('evil@example.com', acme.listingKey, { name: '=cmd|calc', headline: '+SUM(A1)' });
    await seekerApplies('fine@example.com', acme.listingKey, { name: 'Fine Person' }, { answer_1: 'no', answer_2: '20' });
    const csv = await getPage(t.app, '/candidates/export.csv?deal_breaker=passed', acme.jar);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename=applicants.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"Name","Email"');
    expect(lines[1]).toContain(`"'=cmd|calc"`);
    expect(lines[1]).toContain(`"'+SUM(A1)"`);
    expect(csv.body).not.toContain('Fine Person');
  });
});

describe('withdrawing', () => {
  it('lets the seeker withdraw from My Jobs; it leaves the inbox; nobody else can withdraw it', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, { name: 'Sam Seeker' });
    const mine = await myJobs(sam.jar);
    const href = mine.applied[0]!.application!.withdrawHref!;
    expect(href).toBe(`/candidate/applications/${sam.applicationId}/withdraw`);
    const stranger = await signIn(t.app, 'stranger@example.com');
    expect((await postForm(t.app, href, {}, { jar: stranger, xhr: false })).statusCode).toBe(404);
    // Cross-site posts are refused by the same-origin check.
    const crossSite = await t.app.inject({ method: 'POST', url: href, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', cookie: sam.jar.header() } });
    expect(crossSite.statusCode).toBe(403);
    expect((await inbox(acme.jar)).total).toBe(1);

    const done = await postForm(t.app, href, {}, { jar: sam.jar, xhr: false });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/candidate/my-jobs?notice=withdrawn');
    expect((await inbox(acme.jar)).total).toBe(0);
    expect((await getPage(t.app, `/candidates/${sam.applicationId}`, acme.jar)).statusCode).toBe(404);
    expect((await postForm(t.app, `/candidates/${sam.applicationId}/stage`, { stage: 'interview' }, { jar: acme.jar })).statusCode).toBe(404);
    const after = await myJobs(sam.jar);
    expect(after.applied[0]!.application).toEqual({ stageLabel: 'Withdrawn', withdrawn: true, withdrawHref: null });
    expect((await postForm(t.app, href, {}, { jar: sam.jar, xhr: false })).statusCode).toBe(404);
    void sameOriginHeaders;
  });
});
