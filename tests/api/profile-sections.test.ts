// The profile's sections (issue 43 "A profile worth reading", decision 0236): work history, education,
// skills, licences and links. SQLite by default; PostgreSQL with TEST_DATABASE_URL. Plain form posts
// (no JavaScript) and JSON; limits; each field's message with nothing stored; the employer's
// application page; the résumé database's search and profile, without employers, schools or links;
// another seeker (and a company's member) gets 404.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicantPageProps } from '../../src/shared/applicants/page-props';
import type { ResumeDatabasePageProps, ResumeProfilePageProps } from '../../src/shared/resume-database/page-props';
import type { AboutPageProps } from '../../src/shared/seeker/page-props';
import type { ProfilePageProps } from '../../src/shared/spotlight/page-props';
import { PROFILE_SECTION_LIMITS, type ProfileSectionKind } from '../../src/shared/seeker/profile-sections';
import { JOB_FORM, employerOfNewCompany, postJobForm } from '../support/employer-jobs-helpers';
import { pageData } from '../support/employer-helpers';
import { navigate } from '../support/navigation';
import type { CookieJar } from '../support/registration-helpers';
import { getPage, postForm, signIn } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '100000', RATE_LIMIT_CLIENT_MAX: '100000' });
});
afterEach(async () => t.close());

const WORK = { title: 'Forklift operator', employer: 'Acme Freight of Austin', start_month: '2019-03', end_month: '2023-06', description: 'Night shift, 40 loads a night.' };
const EDUCATION = { school: 'Austin Community College', qualification: 'Logistics certificate', start_year: '2017', end_year: '2018' };
const LICENCE = { name: 'OSHA forklift certification', issuer: 'Texas Safety Council', expires_month: '2027-01' };
const LINK = { kind: 'linkedin', url: 'https://www.linkedin.com/in/pat-zyphr' };

async function seeker(email: string, name = 'Pat Zyphr') {
  const jar = await signIn(t.app, email);
  expect((await postForm(t.app, '/candidate/about', { full_name: name, phone: '+1 512 555 0100', location: 'Austin, TX', headline: 'Warehouse lead' }, { jar, xhr: false })).statusCode).toBe(303);
  const account = await t.app.db.selectFrom('accounts').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow();
  return { jar, accountId: account.id };
}

const add = (jar: CookieJar, kind: ProfileSectionKind, fields: Record<string, string>, xhr = true) => postForm(t.app, `/candidate/about/sections/${kind}`, fields, { jar, xhr });
const entries = async (accountId: string, kind?: ProfileSectionKind) => {
  let query = t.app.db.selectFrom('seeker_profile_entries').select(['id', 'kind', 'fields']).where('account_id', '=', accountId);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('created_at').execute();
};
const about = async (jar: CookieJar) => pageData<AboutPageProps>((await getPage(t.app, '/candidate/about', jar)).body).props;

describe('the seeker adds, edits and removes entries', () => {
  it('each kind, by plain form posts (no JavaScript) and JSON; the about and profile pages show them', async () => {
    const pat = await seeker('pat@example.com');
    // A plain form: a redirect back to the section, then the page says so.
    const added = await add(pat.jar, 'work', WORK, false);
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/candidate/about?section=saved#section-work');
    const saved = await getPage(t.app, String(added.headers.location), pat.jar);
    expect(saved.body).toContain('Your profile is saved.');
    for (const [kind, fields] of [['education', EDUCATION], ['skills', { name: 'Forklift' }], ['skills', { name: 'Inventory' }], ['licences', LICENCE], ['links', LINK]] as const) {
      const answer = await add(pat.jar, kind, fields);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ status: 'SAVED', id: expect.any(String) });
    }
    const props = await about(pat.jar);
    expect(props.sections.entries.work).toEqual([{ id: expect.any(String), values: { ...WORK, current: '' } }]);
    expect(props.sections.entries.skills.map((entry) => entry.values.name)).toEqual(['Forklift', 'Inventory']);
    expect(props.sections.entries.links[0]!.values).toEqual(LINK);

    // A job you have now: no end month.
    const current = await add(pat.jar, 'work', { title: 'Shift lead', employer: 'Bolt Logistics', start_month: '2023-07', end_month: '', current: 'on', description: '' });
    expect(current.statusCode).toBe(200);
    // Edit: the same fields again; another value stored.
    const work = await entries(pat.accountId, 'work');
    const edited = await postForm(t.app, `/candidate/about/sections/work/${work[0]!.id}`, { ...WORK, title: 'Senior forklift operator' }, { jar: pat.jar, xhr: false });
    expect(edited.statusCode).toBe(303);
    expect(JSON.parse((await entries(pat.accountId, 'work'))[0]!.fields)).toMatchObject({ title: 'Senior forklift operator', employer: WORK.employer });

    const profile = pageData<ProfilePageProps>((await getPage(t.app, '/profile', pat.jar)).body).props;
    expect(profile.sections!.work.map((entry) => [entry.title, entry.dates])).toEqual([
      ['Shift lead', 'Jul 2023 – now'],
      ['Senior forklift operator', 'Mar 2019 – Jun 2023'],
    ]);
    expect(profile.sections!.skills).toEqual(['Forklift', 'Inventory']);
    expect(profile.sections!.licences).toEqual([{ name: LICENCE.name, issuer: LICENCE.issuer, expires: 'Jan 2027' }]);
    expect(profile.sections!.links).toEqual([{ label: 'LinkedIn', url: LINK.url }]);

    // Remove, each kind.
    for (const row of await entries(pat.accountId)) {
      const removed = await postForm(t.app, `/candidate/about/sections/${row.kind}/${row.id}/delete`, {}, { jar: pat.jar, xhr: false });
      expect(removed.statusCode).toBe(303);
      expect(removed.headers.location).toBe(`/candidate/about?section=removed#section-${row.kind}`);
    }
    expect(await entries(pat.accountId)).toEqual([]);
  });
});

describe('limits and bad input', () => {
  it('refuses the entry over each limit and a second skill or link of a kind, storing nothing', async () => {
    const pat = await seeker('pat@example.com');
    for (let index = 0; index < PROFILE_SECTION_LIMITS.skills; index += 1) expect((await add(pat.jar, 'skills', { name: `Skill ${index}` })).statusCode).toBe(200);
    const over = await add(pat.jar, 'skills', { name: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ status: 'SECTION_LIMIT', error_message: 'You can list up to 50 skills. Remove one to add another.' });
    // Without JavaScript: the page again, the message beside the add form, and the add form is not offered.
    const page = await add(pat.jar, 'skills', { name: 'One too many' }, false);
    expect(page.statusCode).toBe(409);
    expect(pageData<AboutPageProps>(page.body).props.sections.form).toMatchObject({ kind: 'skills', id: null, errors: { form: expect.stringContaining('up to 50 skills') } });
    expect(await entries(pat.accountId, 'skills')).toHaveLength(50);

    for (let index = 0; index < PROFILE_SECTION_LIMITS.work; index += 1) expect((await add(pat.jar, 'work', { ...WORK, title: `Job ${index}` })).statusCode).toBe(200);
    expect((await add(pat.jar, 'work', WORK)).statusCode).toBe(409);
    expect(await entries(pat.accountId, 'work')).toHaveLength(20);
    for (let index = 0; index < PROFILE_SECTION_LIMITS.education; index += 1) expect((await add(pat.jar, 'education', EDUCATION)).statusCode).toBe(200);
    expect((await add(pat.jar, 'education', EDUCATION)).statusCode).toBe(409);
    expect(await entries(pat.accountId, 'education')).toHaveLength(10);

    const other = await seeker('other@example.com', 'Olly Other');
    expect((await add(other.jar, 'skills', { name: 'Excel' })).statusCode).toBe(200);
    const twice = await add(other.jar, 'skills', { name: ' excel ' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ name: 'You already listed this skill.' });
    expect((await add(other.jar, 'links', LINK)).statusCode).toBe(200);
    expect((await add(other.jar, 'links', { kind: 'linkedin', url: 'https://linkedin.com/in/other' })).json().errors).toEqual({ kind: 'You already have a link of this kind. Edit it instead.' });
    expect(await entries(other.accountId)).toHaveLength(2);
  });

  it.each([
    ['work', { ...WORK, title: '' }, { title: 'Enter your job title.' }],
    ['work', { ...WORK, employer: 'x'.repeat(101) }, { employer: 'Keep the employer to 100 characters.' }],
    ['work', { ...WORK, start_month: 'March' }, { start_month: 'Pick a month and year.' }],
    ['work', { ...WORK, end_month: '' }, { end_month: 'Pick the month you left, or tick "I work here now".' }],
    ['work', { ...WORK, current: 'on' }, { end_month: 'Leave the end month empty for a job you have now.' }],
    ['work', { ...WORK, end_month: '2018-01' }, { end_month: 'The end month comes after the start month.' }],
    ['work', { ...WORK, description: 'x'.repeat(501) }, { description: 'Keep the description to 500 characters.' }],
    ['education', { ...EDUCATION, school: '' }, { school: 'Enter the school.' }],
    ['education', { ...EDUCATION, qualification: ' ' }, { qualification: 'Enter the qualification, for example High school diploma.' }],
    ['education', { ...EDUCATION, end_year: '2016' }, { end_year: 'The end year comes after the start year.' }],
    ['education', { ...EDUCATION, start_year: '17' }, { start_year: 'Type a year such as 2019.' }],
    ['skills', { name: '' }, { name: 'Enter a skill.' }],
    ['skills', { name: 'x'.repeat(51) }, { name: 'Keep a skill to 50 characters.' }],
    ['licences', { ...LICENCE, name: '' }, { name: 'Enter the licence or certification.' }],
    ['licences', { ...LICENCE, expires_month: '2027-13' }, { expires_month: 'Pick a month and year.' }],
    ['links', { kind: 'portfolio', url: 'http://pat.example' }, { url: 'Enter an address that starts with https://.' }],
    ['links', { kind: 'portfolio', url: 'javascript:alert(1)' }, { url: 'Enter an address that starts with https://.' }],
    ['links', { kind: 'linkedin', url: 'https://linkedin.evil.example/in/pat' }, { url: 'Enter your LinkedIn address (https://www.linkedin.com/in/...).' }],
    ['links', { kind: 'github', url: 'https://github.com/pat' }, { kind: 'Choose LinkedIn or portfolio.' }],
  ] as const)('%s %j: 400 with the message, nothing stored, the page keeps what was typed', async (kind, fields, errors) => {
    const pat = await seeker('pat@example.com');
    const answer = await add(pat.jar, kind, fields);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ status: 'PROTO_VALIDATION_ERROR', errors });
    const page = await add(pat.jar, kind, fields, false);
    expect(page.statusCode).toBe(400);
    const form = pageData<AboutPageProps>(page.body).props.sections.form!;
    expect(form).toMatchObject({ kind, id: null, errors });
    for (const [name, value] of Object.entries(fields)) expect(form.values[name]).toBe(value);
    for (const message of Object.values(errors)) expect(page.body).toContain(message.replace(/"/g, '&quot;'));
    expect(await entries(pat.accountId)).toEqual([]);
  });

  it('a bad edit changes nothing', async () => {
    const pat = await seeker('pat@example.com');
    const id = (await add(pat.jar, 'work', WORK)).json().id as string;
    const bad = await postForm(t.app, `/candidate/about/sections/work/${id}`, { ...WORK, title: '' }, { jar: pat.jar });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse((await entries(pat.accountId, 'work'))[0]!.fields)).toMatchObject({ title: WORK.title });
  });
});

describe('another person', () => {
  it('gets 404 on every route for an entry not theirs; a company or a visitor cannot use them', async () => {
    const pat = await seeker('pat@example.com');
    const id = (await add(pat.jar, 'work', WORK)).json().id as string;
    const other = await seeker('other@example.com', 'Olly Other');
    const edit = await postForm(t.app, `/candidate/about/sections/work/${id}`, { ...WORK, title: 'Hijacked' }, { jar: other.jar });
    expect(edit.statusCode).toBe(404);
    expect((await postForm(t.app, `/candidate/about/sections/work/${id}/delete`, {}, { jar: other.jar })).statusCode).toBe(404);
    // The right id under another kind is not found either, and an unknown kind is 404.
    expect((await postForm(t.app, `/candidate/about/sections/skills/${id}/delete`, {}, { jar: pat.jar })).statusCode).toBe(404);
    expect((await add(pat.jar, 'hobbies' as ProfileSectionKind, { name: 'x' })).statusCode).toBe(404);
    const company = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    // One email is one person (route-guard): a company's member edits only their own entries.
    for (const url of [`/candidate/about/sections/work/${id}`, `/candidate/about/sections/work/${id}/delete`]) {
      expect((await postForm(t.app, url, WORK, { jar: company.jar })).statusCode).toBe(404);
    }
    for (const url of [`/candidate/about/sections/work`, `/candidate/about/sections/work/${id}`, `/candidate/about/sections/work/${id}/delete`]) {
      expect((await postForm(t.app, url, WORK)).statusCode).toBe(401);
    }
    expect(await entries(other.accountId)).toEqual([]);
    expect(JSON.parse((await entries(pat.accountId, 'work'))[0]!.fields)).toMatchObject({ title: WORK.title });
    expect(await entries(pat.accountId)).toHaveLength(1);
  });
});

describe('what employers see', () => {
  it('the application page shows every section as the profile has it now; another company gets 404', async () => {
    const acme = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    expect((await postJobForm(t.app, acme.jar, '/post-a-job', { ...JOB_FORM, questions: [] })).statusCode).toBe(303);
    const job = await t.app.db.selectFrom('jobs').select('listing_key').where('company_id', '=', 'acme').executeTakeFirstOrThrow();
    const pat = await seeker('pat@example.com');
    await add(pat.jar, 'work', WORK);
    expect((await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: job.listing_key }, { jar: pat.jar })).json().status).toBe('APPLIED');
    // Added after applying: the employer reads the live profile.
    for (const [kind, fields] of [['education', EDUCATION], ['skills', { name: 'Forklift' }], ['licences', LICENCE], ['links', LINK]] as const) await add(pat.jar, kind, fields);
    const application = await t.app.db.selectFrom('job_applications').select('id').where('account_id', '=', pat.accountId).executeTakeFirstOrThrow();
    const view = await getPage(t.app, `/candidates/${application.id}`, acme.jar);
    expect(view.statusCode).toBe(200);
    expect(pageData<ApplicantPageProps>(view.body).props.sections).toEqual({
      work: [{ title: WORK.title, employer: WORK.employer, dates: 'Mar 2019 – Jun 2023', description: WORK.description }],
      education: [{ qualification: EDUCATION.qualification, school: EDUCATION.school, years: '2017 – 2018' }],
      skills: ['Forklift'],
      licences: [{ name: LICENCE.name, issuer: LICENCE.issuer, expires: 'Jan 2027' }],
      links: [{ label: 'LinkedIn', url: LINK.url }],
    });
    expect(view.body).toContain('Experience and skills');
    expect(view.body).toContain(`href="${LINK.url}"`);
    const other = await employerOfNewCompany(t.app, 'boss@other.example', { id: 'other', name: 'Other Co' });
    const denied = await getPage(t.app, `/candidates/${application.id}`, other.jar);
    expect(denied.statusCode).toBe(404);
    expect(denied.body).not.toContain(WORK.employer);
  });

  it('the résumé database finds a seeker by a skill and shows titles, qualifications, skills and licences, never an employer, school, issuer, description or link', async () => {
    const acme = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    await t.app.db.updateTable('companies').set({ plan: 'standard' }).where('id', '=', 'acme').execute();
    const pat = await seeker('pat@example.com');
    expect((await postForm(t.app, '/candidate/about/find-me', { find_me: 'on', experience: '' }, { jar: pat.jar, xhr: false })).statusCode).toBe(303);
    const search = async (q: string) => {
      const page = await getPage(t.app, `/resume-database?q=${encodeURIComponent(q)}`, acme.jar);
      const props = pageData<ResumeDatabasePageProps>(page.body).props;
      if (props.access !== 'plan') throw new Error('no access');
      return props.results;
    };
    expect(await search('reachtruck')).toEqual([]);
    // Each change refreshes the searchable row at once.
    await add(pat.jar, 'skills', { name: 'Reachtruck' });
    for (const [kind, fields] of [['work', WORK], ['education', EDUCATION], ['licences', LICENCE], ['links', LINK]] as const) await add(pat.jar, kind, fields);
    const found = await search('reachtruck');
    expect(found).toHaveLength(1);
    expect(await search('osha')).toHaveLength(1);
    // Words only the employer name, the school, the issuer, the description or the link hold find nobody.
    for (const word of ['Acme', 'Community', 'Council', 'loads', 'zyphr']) expect(await search(word)).toEqual([]);
    const profile = await navigate(t.app, found[0]!.href, { jar: acme.jar });
    expect(profile.statusCode).toBe(200);
    const props = pageData<ResumeProfilePageProps>(profile.body).props;
    expect(props.profile!.background).toEqual({
      work: [{ title: WORK.title, employer: null, dates: 'Mar 2019 – Jun 2023', description: null }],
      education: [{ qualification: EDUCATION.qualification, school: null, years: '2017 – 2018' }],
      skills: ['Reachtruck'],
      licences: [{ name: LICENCE.name, issuer: null, expires: 'Jan 2027' }],
      links: [],
    });
    for (const hidden of [WORK.employer, EDUCATION.school, LICENCE.issuer, WORK.description, LINK.url, 'Pat Zyphr']) expect(profile.body).not.toContain(hidden);
    // Removing the skill takes it out of the search.
    const skill = (await entries(pat.accountId, 'skills'))[0]!;
    await postForm(t.app, `/candidate/about/sections/skills/${skill.id}/delete`, {}, { jar: pat.jar });
    expect(await search('reachtruck')).toEqual([]);
  });
});
