// Employer accounts and companies (issue 11): sign-in on the employer side, the route guard, the
// company profile and logo, the public page, the team and its invitations, plans. SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_COMPANY, DEMO_EMPLOYER_EMAIL, seedDemoEmployer } from '../../tools/seed/demo-employer';
import { setCompanyPlan } from '../../src/server/features/companies/company.repository';
import { seedJobs } from '../../tools/seed/jobs';
import { insertJob } from '../support/jobs-fixtures';
import { COMPANY_FIELDS, createCompany, invitationPath, ownerOf, pageData, signInEmployer } from '../support/employer-helpers';
import { jpegBytes, pngBytes, SVG_WITH_SCRIPT, webpBytes } from '../support/images';
import { CookieJar, latestCode, mailbox } from '../support/registration-helpers';
import { getPage, multipartBody, postForm, signIn } from '../support/seeker-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const DAY_MS = 86_400_000;

async function uploadLogo(jar: CookieJar, fileName: string, contentType: string, bytes: Buffer) {
  const body = multipartBody('logo', fileName, contentType, bytes);
  const { 'x-requested-with': _xhr, ...browser } = sameOriginHeaders;
  return t.app.inject({ method: 'POST', url: '/employer/company/logo', headers: { ...browser, 'content-type': body.contentType, cookie: jar.header() }, payload: body.payload });
}

async function members(companyId: string) {
  return t.app.db.selectFrom('company_members').select(['account_id', 'role']).where('company_id', '=', companyId).orderBy('role').execute();
}

describe('employer sign-up and log-in', () => {
  it('the employer login page posts the same email step, marked as the employer side', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/authn/employer/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Employer Login | Jobwise</title>');
    expect(page.body).toMatch(/<form class="reg-form"[^>]* action="\/authn\/login\/email" method="post"/);
    expect(page.body).toContain('<input type="hidden" name="kind" value="employer"/>');
    expect(page.body).toMatch(/<a class="reg-role-toggle__option" href="\/authn\/employer\/login" aria-current="page">I’m an Employer<\/a>/);
  });

  it('signs up with the emailed code on the employer side and goes on to create the company', async () => {
    const jar = new CookieJar();
    const sent = await postForm(t.app, '/authn/login/email', { email: 'Boss@Acme.example', kind: 'employer', next: '' }, { jar, xhr: false });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Verify your email');
    expect(sent.body).toContain('<input type="hidden" name="kind" value="employer"/>');
    const code = await latestCode(t.app, 'boss@acme.example');
    const wrong = await postForm(t.app, '/authn/login/code', { email: 'Boss@Acme.example', code: code === '000000' ? '111111' : '000000', kind: 'employer' }, { jar, xhr: false });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Invalid one time password. Please try again.');
    const done = await postForm(t.app, '/authn/login/code', { email: 'Boss@Acme.example', code, kind: 'employer' }, { jar, xhr: false });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/employer');
    const session = await t.app.db.selectFrom('sessions').select('side').executeTakeFirstOrThrow();
    expect(session.side).toBe('employer');
    const account = await t.app.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
    expect(account.email_alerts_opt_in).toBe(0);
    const landing = await getPage(t.app, '/employer', jar);
    expect(landing.statusCode).toBe(303);
    expect(landing.headers.location).toBe('/employer/company/new');
    const create = await getPage(t.app, '/employer/company/new', jar);
    expect(create.statusCode).toBe(200);
    expect(pageData(create.body).shell).toMatchObject({ audience: 'employers', user: { email: 'Boss@Acme.example', side: 'employer' } });
  });

  it('a bad address gets the field’s message on the employer page, with what was typed', async () => {
    const response = await postForm(t.app, '/authn/login/email', { email: 'boss@acme', kind: 'employer', next: '/employer/team' }, { xhr: false });
    expect(response.statusCode).toBe(400);
    expect(pageData(response.body).page).toBe('employer-login');
    expect(response.body).toContain('Email is invalid');
    expect(response.body).toMatch(/<input id="employer-email"[^>]*value="boss@acme"/);
    expect(response.body).toContain('<input type="hidden" name="next" value="/employer/team"/>');
    expect(await mailbox(t.app)).toHaveLength(0);
  });

  it('counts employer codes against the same per-address limit as job seekers', async () => {
    for (let i = 0; i < 5; i += 1) {
      const sent = await postForm(t.app, '/authn/login/email', { email: 'many@acme.example', kind: i % 2 ? 'login' : 'employer' }, { xhr: false });
      expect(sent.statusCode).toBe(200);
      t.clock.advance(61_000);
    }
    const refused = await postForm(t.app, '/authn/login/email', { email: 'many@acme.example', kind: 'employer' }, { xhr: false });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many attempts. Please try again later');
  });

  it('one email is one person: a job seeker signing in as an employer keeps the same account', async () => {
    await signIn(t.app, 'both@acme.example');
    t.clock.advance(1000);
    const jar = await signInEmployer(t.app, 'both@acme.example');
    expect(await t.app.db.selectFrom('accounts').select('id').execute()).toHaveLength(1);
    expect((await getPage(t.app, '/candidate/saved-jobs', jar)).statusCode).toBe(200);
  });

  it('a signed-in job seeker continues as an employer without a new code, and can switch back', async () => {
    const jar = await signIn(t.app, 'switch@acme.example');
    const page = await getPage(t.app, '/authn/employer/login', jar);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Continue as an employer');
    const mailCount = (await mailbox(t.app)).length;
    const switched = await postForm(t.app, '/authn/side', { side: 'employer', next: '/employer' }, { jar, xhr: false });
    expect(switched.statusCode).toBe(303);
    expect(switched.headers.location).toBe('/employer');
    expect((await mailbox(t.app)).length).toBe(mailCount);
    expect((await getPage(t.app, '/employer/company/new', jar)).statusCode).toBe(200);
    const back = await postForm(t.app, '/authn/side', { side: 'seeker' }, { jar, xhr: false });
    expect(back.headers.location).toBe('/jobseeker/home');
    expect((await getPage(t.app, '/employer/company/new', jar)).headers.location).toBe('/authn/employer/login?next=%2Femployer%2Fcompany%2Fnew');
  });

  it('the side switch is for signed-in people and same-origin posts only', async () => {
    const visitor = await postForm(t.app, '/authn/side', { side: 'employer' }, { xhr: false });
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toMatch(/^\/authn\/login\?next=/);
    const jar = await signIn(t.app, 'csrf@acme.example');
    const forged = await postForm(t.app, '/authn/side', { side: 'employer' }, { jar, xhr: false, headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expect(forged.statusCode).toBe(403);
  });
});

describe('the route guard (requireRole)', () => {
  it('sends a visitor to the employer login with the way back; our fetch client gets 401 JSON', async () => {
    const page = await getPage(t.app, '/employer/company');
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/authn/employer/login?next=%2Femployer%2Fcompany');
    const api = await t.app.inject({ method: 'POST', url: '/employer/team/invite', headers: { ...sameOriginHeaders, 'content-type': 'application/json' }, payload: { email: 'x@acme.example' } });
    expect(api.statusCode).toBe(401);
    expect(api.json()).toEqual({ status: 'SIGN_IN_REQUIRED', error_message: 'Please log in as an employer to continue.' });
  });

  it('sends a job-seeker session to the employer login too', async () => {
    const jar = await signIn(t.app, 'seeker@acme.example');
    const page = await getPage(t.app, '/employer/team', jar);
    expect(page.headers.location).toBe('/authn/employer/login?next=%2Femployer%2Fteam');
  });

  it('sends an employer without a company to create one, then on to where they were going', async () => {
    const jar = await signInEmployer(t.app, 'new@acme.example');
    const page = await getPage(t.app, '/employer/team', jar);
    expect(page.headers.location).toBe('/employer/company/new?next=%2Femployer%2Fteam');
    const api = await postForm(t.app, '/employer/team/invite', { email: 'x@acme.example' }, { jar });
    expect(api.statusCode).toBe(403);
    expect(api.json().status).toBe('COMPANY_REQUIRED');
    const created = await createCompany(t.app, jar, { next: '/employer/team' });
    expect(created.headers.location).toBe('/employer/team');
  });
});

describe('the company profile', () => {
  it('answers each bad field with its message, keeps what was typed and stores nothing', async () => {
    const jar = await signInEmployer(t.app, 'typo@acme.example');
    const response = await createCompany(t.app, jar, { name: '  ', website: 'javascript:alert(1)', size_band: 'huge', industry: '', description: 'x'.repeat(5001) });
    expect(response.statusCode).toBe(400);
    const props = pageData<{ values: Record<string, string>; errors: Record<string, string> }>(response.body).props;
    expect(props.errors).toEqual({
      name: 'Enter your company’s name.',
      website: 'Enter the full address of your website, starting with https:// or http://.',
      size_band: 'Choose how many people work at your company.',
      industry: 'Choose your industry.',
      description: 'The description can be at most 5,000 characters.',
    });
    expect(props.values.website).toBe('javascript:alert(1)');
    expect(props.values.description).toHaveLength(5001);
    expect(response.body).toMatch(/aria-invalid="true"/);
    expect(await t.app.db.selectFrom('companies').select('id').execute()).toHaveLength(0);
  });

  it('creates the company with its owner, new (its first job is reviewed), on Free', async () => {
    const jar = await signInEmployer(t.app, 'owner@acme.example');
    const response = await createCompany(t.app, jar);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/employer/company?notice=created');
    const company = await t.app.db.selectFrom('companies').selectAll().executeTakeFirstOrThrow();
    expect(company).toMatchObject({ name: 'Acme Logistics', slug: 'acme-logistics', website: 'https://acme-logistics.example/', size_band: '11-50', plan: 'free', moderation_state: 'pending' });
    expect(await members(company.id)).toEqual([{ account_id: company.created_by, role: 'owner' }]);
    const again = await createCompany(t.app, jar, { name: 'Second Co' });
    expect(again.headers.location).toBe('/employer/company');
    expect(await t.app.db.selectFrom('companies').select('id').execute()).toHaveLength(1);
    const settings = await getPage(t.app, '/employer/company?notice=created', jar);
    expect(settings.body).toContain('Your company is set up.');
    expect(settings.body).toContain('reviews its first job');
  });

  it('gives two companies with one name different addresses', async () => {
    const a = await ownerOf(t.app, 'a@one.example', 'Blue Harbor');
    const b = await ownerOf(t.app, 'b@two.example', 'Blue Harbor');
    expect([a.slug, b.slug]).toEqual(['blue-harbor', 'blue-harbor-2']);
  });

  it('the owner edits the profile; the new name reaches the company’s jobs; a recruiter cannot edit', async () => {
    const owner = await ownerOf(t.app, 'edit@acme.example', 'Old Name');
    await insertJob(t.app.db, t.clock.now(), { company_id: owner.companyId, company_name: 'Old Name', title: 'Dock Worker' });
    const saved = await postForm(t.app, '/employer/company', { ...COMPANY_FIELDS, name: 'New Name' }, { jar: owner.jar, xhr: false });
    expect(saved.headers.location).toBe('/employer/company?notice=saved');
    expect((await t.app.db.selectFrom('jobs').select('company_name').executeTakeFirstOrThrow()).company_name).toBe('New Name');
    const bad = await postForm(t.app, '/employer/company', { ...COMPANY_FIELDS, website: 'not a site' }, { jar: owner.jar, xhr: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter the full address of your website');
    const recruiter = await joinAsRecruiter(owner, 'rec@acme.example');
    const refused = await postForm(t.app, '/employer/company', { ...COMPANY_FIELDS, name: 'Hijacked' }, { jar: recruiter });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.db.selectFrom('companies').select('name').where('id', '=', owner.companyId).executeTakeFirstOrThrow()).name).toBe('New Name');
  });

  it('takes a PNG, JPEG or WebP logo by its bytes and serves it with its type and nosniff', async () => {
    const owner = await ownerOf(t.app, 'logo@acme.example', 'Logo Co');
    for (const [name, bytes, type] of [
      ['logo.png', pngBytes(), 'image/png'],
      ['photo.jpeg', jpegBytes(), 'image/jpeg'],
      // The name and the stated type are not believed: the bytes are WebP.
      ['logo.txt', webpBytes(), 'image/webp'],
    ] as const) {
      const response = await uploadLogo(owner.jar, name, 'application/octet-stream', bytes);
      expect(response.statusCode, name).toBe(303);
      const company = await t.app.db.selectFrom('companies').selectAll().where('id', '=', owner.companyId).executeTakeFirstOrThrow();
      expect(company.logo_content_type).toBe(type);
      const served = await t.app.inject({ method: 'GET', url: `/company-logo/${owner.companyId}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses an SVG, a file over 1 MB and an empty form, with the field’s message, storing nothing', async () => {
    const owner = await ownerOf(t.app, 'svg@acme.example', 'Svg Co');
    const svg = await uploadLogo(owner.jar, 'logo.png', 'image/png', SVG_WITH_SCRIPT);
    expect(svg.statusCode).toBe(415);
    expect(svg.body).toContain('Upload the logo as a PNG, JPEG or WebP image.');
    const big = await uploadLogo(owner.jar, 'big.png', 'image/png', Buffer.concat([pngBytes(), Buffer.alloc(1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.body).toContain('The logo must be 1 MB or smaller.');
    const empty = await uploadLogo(owner.jar, 'empty.png', 'image/png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const company = await t.app.db.selectFrom('companies').selectAll().where('id', '=', owner.companyId).executeTakeFirstOrThrow();
    expect(company.logo_key).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/company-logo/${owner.companyId}` })).statusCode).toBe(404);
  });

  it('the public page lists the company’s open jobs; job pages link to it; an unknown slug is 404', async () => {
    const owner = await ownerOf(t.app, 'public@acme.example', 'Public Freight');
    await uploadLogo(owner.jar, 'logo.png', 'image/png', pngBytes());
    const open = await insertJob(t.app.db, t.clock.now(), { company_id: owner.companyId, company_name: 'Public Freight', title: 'Forklift Driver' });
    await insertJob(t.app.db, t.clock.now(), { company_id: owner.companyId, company_name: 'Public Freight', title: 'Closed Role', status: 'closed' });
    const page = await getPage(t.app, `/company/${owner.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Public Freight jobs | Jobwise</title>');
    expect(page.body).toContain('Forklift Driver');
    expect(page.body).not.toContain('Closed Role');
    expect(page.body).toContain('1 open job');
    expect(page.body).toMatch(/<img class="company-logo company-logo--large" src="\/company-logo\//);
    expect(page.body).toContain(`<link rel="canonical" href="http://localhost:3000/company/${owner.slug}">`);
    const job = await t.app.db.selectFrom('jobs').selectAll().where('id', '=', open.id).executeTakeFirstOrThrow();
    const jobPage = await getPage(t.app, `/job/${'forklift-driver-austin-tx'}-${job.id}`);
    expect(jobPage.body).toContain(`<a href="/company/${owner.slug}">Public Freight</a>`);
    expect((await t.app.inject({ method: 'GET', url: '/company/no-such-company', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    // An edit shows at once (the page is not kept in the visitors' cache).
    await postForm(t.app, '/employer/company', { ...COMPANY_FIELDS, name: 'Public Freight', description: 'Now hiring drivers.' }, { jar: owner.jar, xhr: false });
    expect((await getPage(t.app, `/company/${owner.slug}`)).body).toContain('Now hiring drivers.');
  });
});

/** The owner invites the address; that person signs in on the employer side through the link and accepts. */
async function joinAsRecruiter(owner: { jar: CookieJar }, email: string): Promise<CookieJar> {
  const invited = await postForm(t.app, '/employer/team/invite', { email }, { jar: owner.jar, xhr: false });
  if (invited.statusCode !== 303) throw new Error(`invite failed: ${invited.statusCode}`);
  const link = await invitationPath(t.app, email);
  const jar = await signInEmployer(t.app, email, new CookieJar(), link);
  const accepted = await postForm(t.app, link, {}, { jar, xhr: false });
  if (accepted.statusCode !== 303) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body.slice(0, 300)}`);
  return jar;
}

describe('the team', () => {
  it('the owner invites by email; the invited address accepts through the link and joins as a recruiter', async () => {
    const owner = await ownerOf(t.app, 'boss@team.example', 'Team Co');
    const invited = await postForm(t.app, '/employer/team/invite', { email: 'Pat@Team.example' }, { jar: owner.jar, xhr: false });
    expect(invited.headers.location).toBe('/employer/team?notice=invited');
    const [mail] = await mailbox(t.app, 'pat@team.example');
    expect(mail!.subject).toBe('Join Team Co on Jobwise');
    expect(mail!.text).toContain('expires in 7 days');
    const link = await invitationPath(t.app, 'pat@team.example');
    const row = await t.app.db.selectFrom('company_invitations').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(link.split('/').pop()!);
    const visitor = await getPage(t.app, link);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain('Log in to accept');
    const jar = await signInEmployer(t.app, 'pat@team.example', new CookieJar(), link);
    const ready = await getPage(t.app, link, jar);
    expect(ready.body).toContain('Accept invitation');
    const accepted = await postForm(t.app, link, {}, { jar, xhr: false });
    expect(accepted.headers.location).toBe('/employer/team?notice=joined');
    expect((await members(owner.companyId)).map((m) => m.role)).toEqual(['owner', 'recruiter']);
    const team = await getPage(t.app, '/employer/team', jar);
    expect(team.statusCode).toBe(200);
    expect(team.body).toContain('boss@team.example');
  });

  it('an invitation works once, only for its address, and for 7 days', async () => {
    const owner = await ownerOf(t.app, 'boss@once.example', 'Once Co');
    await postForm(t.app, '/employer/team/invite', { email: 'right@once.example' }, { jar: owner.jar, xhr: false });
    const link = await invitationPath(t.app, 'right@once.example');
    const other = await signInEmployer(t.app, 'wrong@once.example');
    const refused = await postForm(t.app, link, {}, { jar: other, xhr: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('This invitation was sent to another email address.');
    const right = await signInEmployer(t.app, 'right@once.example');
    expect((await postForm(t.app, link, {}, { jar: right, xhr: false })).statusCode).toBe(303);
    const reused = await postForm(t.app, link, {}, { jar: right, xhr: false });
    expect(reused.statusCode).toBe(410);
    expect(reused.body).toContain('This invitation has already been used.');
    expect(await members(owner.companyId)).toHaveLength(2);

    await postForm(t.app, '/employer/team/invite', { email: 'late@once.example' }, { jar: owner.jar, xhr: false });
    const lateLink = await invitationPath(t.app, 'late@once.example');
    t.clock.advance(7 * DAY_MS + 1);
    const late = await signInEmployer(t.app, 'late@once.example');
    const expired = await postForm(t.app, lateLink, {}, { jar: late, xhr: false });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This invitation has expired.');
    expect(await members(owner.companyId)).toHaveLength(2);
    const forged = await getPage(t.app, `${lateLink.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(404);
  });

  it('someone who already works for another company cannot join a second one', async () => {
    const first = await ownerOf(t.app, 'boss@a.example', 'A Co');
    const second = await ownerOf(t.app, 'boss@b.example', 'B Co');
    await postForm(t.app, '/employer/team/invite', { email: 'boss@b.example' }, { jar: first.jar, xhr: false });
    const link = await invitationPath(t.app, 'boss@b.example');
    const refused = await postForm(t.app, link, {}, { jar: second.jar, xhr: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('You already belong to another company on Jobwise');
    expect(await members(first.companyId)).toHaveLength(1);
  });

  it('refuses an invitation for someone already on the team, and a bad address, keeping what was typed', async () => {
    const owner = await ownerOf(t.app, 'boss@dup.example', 'Dup Co');
    const self = await postForm(t.app, '/employer/team/invite', { email: 'BOSS@dup.example' }, { jar: owner.jar, xhr: false });
    expect(self.statusCode).toBe(409);
    expect(self.body).toContain('This person is already on your team.');
    const bad = await postForm(t.app, '/employer/team/invite', { email: 'not-an-address' }, { jar: owner.jar, xhr: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('value="not-an-address"');
    expect(await t.app.db.selectFrom('company_invitations').select('id').execute()).toHaveLength(0);
  });

  it('the owner removes a recruiter, who loses access at their next request', async () => {
    const owner = await ownerOf(t.app, 'boss@remove.example', 'Remove Co');
    const recruiter = await joinAsRecruiter(owner, 'gone@remove.example');
    expect((await getPage(t.app, '/employer/team', recruiter)).statusCode).toBe(200);
    const [, member] = await members(owner.companyId);
    const removed = await postForm(t.app, `/employer/team/members/${member!.account_id}/remove`, {}, { jar: owner.jar, xhr: false });
    expect(removed.headers.location).toBe('/employer/team?notice=removed');
    const next = await getPage(t.app, '/employer/team', recruiter);
    expect(next.statusCode).toBe(303);
    expect(next.headers.location).toBe('/employer/company/new?next=%2Femployer%2Fteam');
    const api = await postForm(t.app, '/employer/team/invite', { email: 'x@remove.example' }, { jar: recruiter });
    expect(api.statusCode).toBe(403);
  });

  it('a recruiter cannot remove the owner, nor invite; the owner cannot be removed', async () => {
    const owner = await ownerOf(t.app, 'boss@stay.example', 'Stay Co');
    const recruiter = await joinAsRecruiter(owner, 'rec@stay.example');
    const removeOwner = await postForm(t.app, `/employer/team/members/${owner.accountId}/remove`, {}, { jar: recruiter });
    expect(removeOwner.statusCode).toBe(403);
    expect(removeOwner.json().error_message).toBe('Only the company’s owner can do this.');
    const invite = await postForm(t.app, '/employer/team/invite', { email: 'friend@stay.example' }, { jar: recruiter });
    expect(invite.statusCode).toBe(403);
    const self = await postForm(t.app, `/employer/team/members/${owner.accountId}/remove`, {}, { jar: owner.jar });
    expect(self.statusCode).toBe(409);
    expect(await members(owner.companyId)).toHaveLength(2);
  });

  it('a second company’s session gets 404 for the first company’s members and invitations', async () => {
    const first = await ownerOf(t.app, 'boss@first.example', 'First Co');
    await joinAsRecruiter(first, 'rec@first.example');
    await postForm(t.app, '/employer/team/invite', { email: 'open@first.example' }, { jar: first.jar, xhr: false });
    const invitation = await t.app.db.selectFrom('company_invitations').selectAll().where('email_normalized', '=', 'open@first.example').executeTakeFirstOrThrow();
    const second = await ownerOf(t.app, 'boss@second.example', 'Second Co');
    const [, recruiter] = await members(first.companyId);
    for (const url of [`/employer/team/members/${recruiter!.account_id}/remove`, `/employer/team/members/${first.accountId}/remove`, `/employer/team/invitations/${invitation.id}/revoke`]) {
      const response = await postForm(t.app, url, {}, { jar: second.jar });
      expect(response.statusCode, url).toBe(404);
    }
    expect(await members(first.companyId)).toHaveLength(2);
    expect((await t.app.db.selectFrom('company_invitations').select('revoked_at').where('id', '=', invitation.id).executeTakeFirstOrThrow()).revoked_at).toBeNull();
    // Their own pages show only their own company.
    const team = await getPage(t.app, '/employer/team', second.jar);
    expect(team.body).not.toContain('first.example');
    const settings = await getPage(t.app, '/employer/company', second.jar);
    expect(settings.body).toContain('Second Co');
    expect(settings.body).not.toContain('First Co');
    // The owner of the first company cancels its invitation: then the link is not valid.
    const revoked = await postForm(t.app, `/employer/team/invitations/${invitation.id}/revoke`, {}, { jar: first.jar, xhr: false });
    expect(revoked.headers.location).toBe('/employer/team?notice=revoked');
    // Our fetch client is given each route's declared answer (decision 0325).
    await postForm(t.app, '/employer/team/invite', { email: 'later@first.example' }, { jar: first.jar, xhr: false });
    const later = await t.app.db.selectFrom('company_invitations').select('id').where('email_normalized', '=', 'later@first.example').executeTakeFirstOrThrow();
    expect((await postForm(t.app, `/employer/team/invitations/${later.id}/revoke`, {}, { jar: first.jar })).json()).toEqual({ status: 'REVOKED' });
    expect((await postForm(t.app, `/employer/team/members/${recruiter!.account_id}/remove`, {}, { jar: first.jar })).json()).toEqual({ status: 'REMOVED' });
    expect(await members(first.companyId)).toHaveLength(1);
  });
});

describe('plans', () => {
  it('lists Free, Standard and Premium with their limits and prices a month', async () => {
    const page = await getPage(t.app, '/plans');
    expect(page.statusCode).toBe(200);
    const props = pageData<{ plans: Array<{ name: string; price: string; features: string[] }>; canChoose: boolean }>(page.body).props;
    expect(props.plans.map((plan) => [plan.name, plan.price, plan.features[0]])).toEqual([
      ['Free', '$0', '1 live job at a time'],
      ['Standard', '$249', '5 live jobs at a time'],
      ['Premium', '$499', '25 live jobs at a time'],
    ]);
    expect(props.canChoose).toBe(false);
    expect(page.body).toContain('href="/authn/employer/login?next=%2Fplans"');
  });

  it('"Choose plan" on a paid plan records the request and leads to Contact Sales', async () => {
    const owner = await ownerOf(t.app, 'buyer@plans.example', 'Plan Co');
    const page = await getPage(t.app, '/plans', owner.jar);
    expect(pageData<{ canChoose: boolean; currentPlan: string }>(page.body).props).toMatchObject({ canChoose: true, currentPlan: 'free' });
    const chosen = await postForm(t.app, '/plans/choose', { plan: 'premium' }, { jar: owner.jar, xhr: false });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe('/user/set-plan?notice=requested&plan=premium');
    const requests = await t.app.db.selectFrom('plan_requests').selectAll().execute();
    expect(requests).toMatchObject([{ company_id: owner.companyId, plan: 'premium', requested_by: owner.accountId }]);
    // Nothing is bought: the plan stays until an admin sets it.
    expect((await t.app.db.selectFrom('companies').select('plan').where('id', '=', owner.companyId).executeTakeFirstOrThrow()).plan).toBe('free');
    const unknown = await postForm(t.app, '/plans/choose', { plan: 'gold' }, { jar: owner.jar, xhr: false });
    expect(unknown.headers.location).toBe('/plans?notice=unknown');
    expect(await t.app.db.selectFrom('plan_requests').select('id').execute()).toHaveLength(1);
  });
});

describe('the employers’ footer', () => {
  it('a signed-in employer sees Search Resumes, Plans and Job Posting Rules, and not Create Free Account', async () => {
    const owner = await ownerOf(t.app, 'footer@acme.example', 'Footer Co');
    const page = await getPage(t.app, '/employer/company', owner.jar);
    expect(pageData(page.body).shell.audience).toBe('employers');
    const footer = page.body.slice(page.body.indexOf('<footer'));
    for (const link of ['Search Resumes', 'Plans', 'Job Posting Rules']) expect(footer).toContain(link);
    expect(footer).not.toContain('Create Free Account');
  });
});

describe('demo data and plan:set', () => {
  it('the seed’s companies are real companies with a profile, approved, without owners', async () => {
    await seedJobs(t.app.db, t.app.dialect, { jobs: 200, now: t.clock.now(), seed: 3 });
    const companies = await t.app.db.selectFrom('companies').selectAll().execute();
    expect(companies.length).toBeGreaterThanOrEqual(20);
    for (const company of companies) {
      expect(company.industry).toBeTruthy();
      expect(company.size_band).toBeTruthy();
      expect(company.description.length).toBeGreaterThan(20);
      expect(company).toMatchObject({ moderation_state: 'approved', plan: 'free', created_by: null });
    }
    expect(await t.app.db.selectFrom('company_members').select('account_id').execute()).toHaveLength(0);
    const page = await getPage(t.app, `/company/${companies[0]!.slug}`);
    expect(page.statusCode).toBe(200);
  });

  it('makes the demo employer once; they log in through the mailbox and land on their company', async () => {
    expect(await seedDemoEmployer(t.app.db, t.clock.now())).toEqual({ created: true });
    expect(await seedDemoEmployer(t.app.db, t.clock.now())).toEqual({ created: false });
    const jar = await signInEmployer(t.app, DEMO_EMPLOYER_EMAIL);
    const home = await getPage(t.app, '/employer', jar);
    expect(home.statusCode).toBe(303);
    expect(['/dashboard', '/employer/company']).toContain(home.headers.location);
    const settings = await getPage(t.app, '/employer/company', jar);
    expect(settings.body).toContain(DEMO_COMPANY.name);
    expect(await members(DEMO_COMPANY.id)).toHaveLength(1);
  });

  it('plan:set puts a company on a plan by its address', async () => {
    const owner = await ownerOf(t.app, 'set@plans.example', 'Set Plan Co');
    expect(await setCompanyPlan(t.app.db, owner.slug, 'standard')).toBe(true);
    expect(await setCompanyPlan(t.app.db, 'no-such-company', 'premium')).toBe(false);
    const page = await getPage(t.app, '/employer/company', owner.jar);
    expect(page.body).toMatch(/Plan: <strong>Standard<\/strong>/);
  });
});
