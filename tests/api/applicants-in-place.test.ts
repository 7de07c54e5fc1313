// Candidates as an app (issue 44, decisions 0294-0296): the pipeline's in-place JSON actions, the
// previous and next candidate within the list, the résumé in the page, times as instants, and "Invite to
// apply" that knows who applied. SQLite by default; PostgreSQL with TEST_DATABASE_URL. Every route is also
// tried with another company's session (404).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOB_FORM, employerOfNewCompany, postJobForm } from '../support/employer-jobs-helpers';
import { pageData } from '../support/employer-helpers';
import { navigate } from '../support/navigation';
import type { CookieJar } from '../support/registration-helpers';
import { getPage, pdfBytes, postForm, signIn, storedZip, upload } from '../support/seeker-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';
import type { ApplicantPageProps, InboxPageProps } from '../../src/shared/applicants/page-props';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000' });
});
afterEach(async () => t.close());

async function companyWithJob(email: string, id: string, title = 'Night Forklift Operator') {
  const employer = await employerOfNewCompany(t.app, email, { id, name: `${id} Freight` });
  const posted = await postJobForm(t.app, employer.jar, '/post-a-job', { ...JOB_FORM, title });
  expect(posted.statusCode).toBe(303);
  const job = await t.app.db.selectFrom('jobs').select(['id', 'listing_key']).where('title', '=', title).where('company_id', '=', id).executeTakeFirstOrThrow();
  return { ...employer, jobId: job.id, listingKey: job.listing_key };
}

async function seekerApplies(email: string, listingKey: string, name: string) {
  t.clock.advance(60_000);
  const jar = await signIn(t.app, email);
  expect((await postForm(t.app, '/candidate/about', { full_name: name, phone: '+1 512 555 0100', location: 'Austin, TX', headline: 'Forklift operator' }, { jar, xhr: false })).statusCode).toBe(303);
  expect((await postForm(t.app, '/candidate/apply', { listing_key: listingKey, resume: 'none' }, { jar })).json().status).toBe('APPLIED');
  const row = await t.app.db
    .selectFrom('job_applications')
    .innerJoin('accounts', 'accounts.id', 'job_applications.account_id')
    .select(['job_applications.id', 'accounts.id as account_id'])
    .where('accounts.email', '=', email)
    .executeTakeFirstOrThrow();
  return { jar, applicationId: row.id, accountId: row.account_id };
}

/** What our fetch client sends: JSON with X-Requested-With, same origin. */
async function postJson(jar: CookieJar, url: string, body: unknown) {
  return t.app.inject({ method: 'POST', url, headers: { ...sameOriginHeaders, 'content-type': 'application/json', cookie: jar.header() }, payload: JSON.stringify(body) });
}

const applicantPage = async (jar: CookieJar, url: string) => {
  const page = await getPage(t.app, url, jar);
  expect(page.statusCode).toBe(200);
  return { props: pageData<ApplicantPageProps>(page.body).props, headers: page.headers };
};
const stageOf = async (id: string) => (await t.app.db.selectFrom('job_applications').select(['stage', 'rating']).where('id', '=', id).executeTakeFirstOrThrow()).stage;

describe('the in-place stage move, rating and note (decision 0294)', () => {
  it('moves by JSON and answers the move as the history shows it; the same stage again moves nothing', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, 'Sam Seeker');
    const moved = await postJson(acme.jar, `/candidates/${sam.applicationId}/stage`, { stage: 'interview' });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers['cache-control']).toBe('private, no-store');
    expect(moved.json()).toEqual({
      status: 'MOVED',
      moved: 1,
      stage: 'interview',
      change: { from: 'New', to: 'Interview', by: 'boss@acme.example', at: expect.stringMatching(/UTC$/), atIso: new Date(t.clock.now()).toISOString() },
    });
    expect(await stageOf(sam.applicationId)).toBe('interview');
    const again = await postJson(acme.jar, `/candidates/${sam.applicationId}/stage`, { stage: 'interview' });
    expect(again.json()).toEqual({ status: 'MOVED', moved: 0, stage: 'interview', change: null });
    expect(await t.app.db.selectFrom('application_stage_changes').select('id').where('application_id', '=', sam.applicationId).execute()).toHaveLength(1);
  });

  it('refuses a stage that is not one, and a body that is not an object, with 400 naming the field; nothing changes', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, 'Sam Seeker');
    for (const body of [{ stage: 'promoted' }, {}, { stage: 3 }, ['reviewed']]) {
      const refused = await postJson(acme.jar, `/candidates/${sam.applicationId}/stage`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ status: 'PROTO_VALIDATION_ERROR' });
      expect(typeof refused.json().error).toBe('string');
    }
    expect(await stageOf(sam.applicationId)).toBe('new');
  });

  it('rates by JSON with a number or null, and by the form with text; refuses 0, 6, 2.5 and words', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, 'Sam Seeker');
    const url = `/candidates/${sam.applicationId}/rating`;
    expect((await postJson(acme.jar, url, { rating: 4 })).json()).toEqual({ status: 'RATED', rating: 4 });
    const rating = async () => (await t.app.db.selectFrom('job_applications').select('rating').where('id', '=', sam.applicationId).executeTakeFirstOrThrow()).rating;
    expect(Number(await rating())).toBe(4);
    for (const bad of [0, 6, 2.5, 'great', '6']) {
      const refused = await postJson(acme.jar, url, { rating: bad });
      expect(refused.statusCode, String(bad)).toBe(400);
    }
    expect(Number(await rating())).toBe(4);
    expect((await postJson(acme.jar, url, { rating: null })).json()).toEqual({ status: 'RATED', rating: null });
    expect(await rating()).toBeNull();
    // The form without script still works: a redirect back with the notice.
    const posted = await postForm(t.app, url, { rating: '2' }, { jar: acme.jar, xhr: false });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/candidates/${sam.applicationId}?notice=rated`);
    expect(Number(await rating())).toBe(2);
  });

  it('adds a note by JSON and answers it with its author and time; an empty or too long note is refused and nothing is stored', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, 'Sam Seeker');
    const url = `/candidates/${sam.applicationId}/notes`;
    const noted = await postJson(acme.jar, url, { body: '  Strong on nights.\r\nCall Monday.  ' });
    expect(noted.statusCode).toBe(200);
    expect(noted.json()).toEqual({
      status: 'NOTED',
      note: { author: 'boss@acme.example', at: expect.stringMatching(/UTC$/), atIso: new Date(t.clock.now()).toISOString(), body: 'Strong on nights.\nCall Monday.' },
    });
    for (const body of [{ body: '   ' }, { body: 'x'.repeat(2001) }, { text: 'hi' }]) {
      const refused = await postJson(acme.jar, url, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().status).toBe('PROTO_VALIDATION_ERROR');
    }
    expect((await applicantPage(acme.jar, `/candidates/${sam.applicationId}`)).props.notes.map((note) => note.body)).toEqual(['Strong on nights.\nCall Monday.']);
  });

  it("answers 404 to another company's session on every in-place action and changes nothing; a job seeker is not let in", async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const other = await companyWithJob('boss@other.example', 'other', 'Day Loader');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, 'Sam Seeker');
    const id = sam.applicationId;
    for (const [path, body] of [
      ['stage', { stage: 'hired' }],
      ['rating', { rating: 5 }],
      ['notes', { body: 'Not ours' }],
    ] as const) {
      const refused = await postJson(other.jar, `/candidates/${id}/${path}`, body);
      expect(refused.statusCode, path).toBe(404);
      expect(refused.json()).toMatchObject({ status: 'NOT_FOUND' });
      const seeker = await postJson(sam.jar, `/candidates/${id}/${path}`, body);
      expect([401, 403, 404], path).toContain(seeker.statusCode);
    }
    const row = await t.app.db.selectFrom('job_applications').select(['stage', 'rating']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ stage: 'new', rating: null });
    expect(await t.app.db.selectFrom('application_notes').select('id').execute()).toHaveLength(0);
    const page = await getPage(t.app, `/candidates/${id}?sort=newest`, other.jar);
    expect(page.statusCode).toBe(404);
  });

  it('refuses a cross-site post of the JSON actions (the same-origin check)', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, 'Sam Seeker');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/candidates/${sam.applicationId}/stage`,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', cookie: acme.jar.header() },
      payload: JSON.stringify({ stage: 'hired' }),
    });
    expect(refused.statusCode).toBe(403);
    expect(await stageOf(sam.applicationId)).toBe('new');
  });
});

describe('previous and next candidate (decision 0294)', () => {
  it('walks the list it was opened from, with its filters and sort; without a list, the job newest first', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const ann = await seekerApplies('ann@example.com', acme.listingKey, 'Ann Archer');
    const bob = await seekerApplies('bob@example.com', acme.listingKey, 'Bob Baker');
    const cid = await seekerApplies('cid@example.com', acme.listingKey, 'Cid Carter');
    const list = pageData<InboxPageProps>((await getPage(t.app, '/candidates', acme.jar)).body).props;
    // Newest first: Cid, Bob, Ann; each link carries the list.
    expect(list.applicants.map((item) => item.name)).toEqual(['Cid Carter', 'Bob Baker', 'Ann Archer']);
    expect(list.applicants[1]!.href).toBe(`/candidates/${bob.applicationId}?sort=newest`);
    expect(list.applicants[1]!.appliedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const middle = (await applicantPage(acme.jar, list.applicants[1]!.href)).props;
    expect(middle.previousHref).toBe(`/candidates/${cid.applicationId}?sort=newest`);
    expect(middle.nextHref).toBe(`/candidates/${ann.applicationId}?sort=newest`);
    expect(middle.position).toEqual({ index: 2, total: 3 });
    expect(middle.backHref).toBe('/candidates');
    const last = (await applicantPage(acme.jar, middle.nextHref!)).props;
    expect(last.nextHref).toBeNull();
    expect(last.position).toEqual({ index: 3, total: 3 });
    expect((await applicantPage(acme.jar, middle.previousHref!)).props.previousHref).toBeNull();

    // A filtered list: Bob rejected leaves "stage=new", so Cid's next is Ann.
    expect((await postJson(acme.jar, `/candidates/${bob.applicationId}/stage`, { stage: 'rejected' })).statusCode).toBe(200);
    const filtered = (await applicantPage(acme.jar, `/candidates/${cid.applicationId}?stage=new&sort=newest`)).props;
    expect(filtered.nextHref).toBe(`/candidates/${ann.applicationId}?stage=new&sort=newest`);
    expect(filtered.backHref).toBe('/candidates?stage=new');
    expect(filtered.position).toEqual({ index: 1, total: 2 });
    // Bob, outside that filter now, still has his neighbours in its order, and no place in it.
    const outside = (await applicantPage(acme.jar, `/candidates/${bob.applicationId}?stage=new&sort=newest`)).props;
    expect(outside).toMatchObject({ previousHref: `/candidates/${cid.applicationId}?stage=new&sort=newest`, nextHref: `/candidates/${ann.applicationId}?stage=new&sort=newest`, position: null });

    // By match: the order of the stored scores, the same as the list's.
    const byMatch = pageData<InboxPageProps>((await getPage(t.app, '/candidates?sort=match', acme.jar)).body).props;
    const first = (await applicantPage(acme.jar, byMatch.applicants[0]!.href)).props;
    expect(first.previousHref).toBeNull();
    expect(first.nextHref).toBe(byMatch.applicants[1]!.href);

    // No list (a link from an email): its job's candidates, newest first.
    const direct = (await applicantPage(acme.jar, `/candidates/${ann.applicationId}`)).props;
    expect(direct.backHref).toBe(`/candidates?job=${acme.jobId}`);
    expect(direct.previousHref).toBe(`/candidates/${bob.applicationId}?job=${acme.jobId}&sort=newest`);
  });

  it("never links to another company's candidate", async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const other = await companyWithJob('boss@other.example', 'other', 'Day Loader');
    await seekerApplies('zed@example.com', other.listingKey, 'Zed Other');
    const ann = await seekerApplies('ann@example.com', acme.listingKey, 'Ann Archer');
    await seekerApplies('yan@example.com', other.listingKey, 'Yan Other');
    const view = (await applicantPage(acme.jar, `/candidates/${ann.applicationId}?sort=newest`)).props;
    expect(view).toMatchObject({ previousHref: null, nextHref: null, position: { index: 1, total: 1 } });
  });
});

describe('the résumé in the page and times as instants (decisions 0294, 0295)', () => {
  it("gives a PDF to the page's viewer: the page's policy lets our own worker run, no frame or blob:; only the company's team gets the file", async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const other = await companyWithJob('boss@other.example', 'other', 'Day Loader');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, 'Sam Seeker');
    expect((await upload(t.app, sam.jar, 'resume.pdf', 'application/pdf', pdfBytes())).statusCode).toBe(200);
    const { props, headers } = await applicantPage(acme.jar, `/candidates/${sam.applicationId}`);
    expect(props.resume).toEqual({ kind: 'pdf', href: `/candidates/${sam.applicationId}/resume`, fileName: 'resume.pdf' });
    // Decision 0319: pdfjs's worker is a file of our own origin; nothing else is widened for it.
    const policy = String(headers['content-security-policy']);
    expect(policy).toMatch(/(^|;)\s*worker-src 'self'(;|$)/);
    expect(policy).toMatch(/script-src 'self' '[^']+'(;|$)/);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy.match(/worker-src[^;]*/)![0]).not.toContain('blob:');
    expect(policy).toMatch(/frame-src 'none'/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
    const file = await getPage(t.app, props.resume!.href, acme.jar);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename=resume.pdf');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; object-src 'self'; frame-ancestors 'self'");
    // Another company's team, and the seeker, get nothing.
    expect((await getPage(t.app, props.resume!.href, other.jar)).statusCode).toBe(404);
    expect((await getPage(t.app, props.resume!.href, sam.jar)).statusCode).not.toBe(200);
  });

  it("shows a Word résumé as its text, markup never passed on; the page's times are ISO instants beside the UTC words", async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const sam = await seekerApplies('sam@example.com', acme.listingKey, 'Sam Seeker');
    const docx = storedZip({
      '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
      'word/document.xml': '<?xml version="1.0"?><w:document><w:body><w:p><w:r><w:t>Sam Seeker</w:t></w:r></w:p><w:p><w:r><w:t>&lt;b&gt;Forklift&lt;/b&gt;</w:t></w:r></w:p></w:body></w:document>',
    });
    expect((await upload(t.app, sam.jar, 'resume.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', docx)).statusCode).toBe(200);
    await postJson(acme.jar, `/candidates/${sam.applicationId}/notes`, { body: 'Seen' });
    const page = await getPage(t.app, `/candidates/${sam.applicationId}`, acme.jar);
    const props = pageData<ApplicantPageProps>(page.body).props;
    expect(props.resume).toMatchObject({ kind: 'docx', text: 'Sam Seeker\n<b>Forklift</b>' });
    expect(page.body).not.toContain('<b>Forklift');
    expect(String(page.headers['content-security-policy'])).toMatch(/frame-src 'none'/);
    expect(props.appliedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(props.applied).toMatch(/UTC$/);
    expect(page.body).toContain(`<time dateTime="${props.appliedAt}">${props.applied}</time>`);
    expect(props.notes[0]!.atIso).toBe(new Date(t.clock.now()).toISOString());
  });
});

describe('"Invite to apply" knows who applied (decision 0296)', () => {
  it('marks the jobs they applied to as Applied, offers only the others, and refuses an invitation to one', async () => {
    const acme = await companyWithJob('boss@acme.example', 'acme');
    const loader = await postJobForm(t.app, acme.jar, '/post-a-job', { ...JOB_FORM, title: 'Day Loader' });
    expect(loader.statusCode).toBe(303);
    const dayLoader = await t.app.db.selectFrom('jobs').select('id').where('title', '=', 'Day Loader').executeTakeFirstOrThrow();
    const sam = await seekerApplies('sam@example.com', acme.listingKey, 'Sam Seeker');
    // Sam lets employers find them in the résumé database; Acme's plan includes it.
    expect((await postForm(t.app, '/candidate/about/find-me', { find_me: 'on', experience: '' }, { jar: sam.jar, xhr: false })).headers.location).toBe('/candidate/about?find_me=on#find-me');
    await t.app.db.updateTable('companies').set({ plan: 'standard' }).where('id', '=', 'acme').execute();
    const seeker = await t.app.db.selectFrom('resume_seekers').select('public_id').where('account_id', '=', sam.accountId).executeTakeFirstOrThrow();
    const profileUrl = `/resume-database/${seeker.public_id}`;
    // Opened from the search results: a navigation on our own pages (decision 0226).
    const profile = await navigate(t.app, profileUrl, { jar: acme.jar });
    expect(profile.statusCode).toBe(200);
    const props = pageData<{ jobs: Array<{ id: string; applied: boolean; invited: boolean }> }>(profile.body).props;
    expect(props.jobs.find((job) => job.id === acme.jobId)).toMatchObject({ applied: true });
    expect(props.jobs.find((job) => job.id === dayLoader.id)).toMatchObject({ applied: false });
    expect(profile.body).toContain('Applied</span>');

    const refused = await postForm(t.app, `${profileUrl}/invite`, { job_id: acme.jobId }, { jar: acme.jar, xhr: false });
    expect(refused.headers.location).toBe(`${profileUrl}?notice=applied`);
    expect(await t.app.db.selectFrom('resume_invitations').select('id').execute()).toHaveLength(0);
    const invited = await postForm(t.app, `${profileUrl}/invite`, { job_id: dayLoader.id }, { jar: acme.jar, xhr: false });
    expect(invited.headers.location).toBe(`${profileUrl}?notice=invited`);
  });
});
