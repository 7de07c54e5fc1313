// Issue 44, a new employer's first run (decision 0297): /user/create starts sign-up and keeps `next`
// (our own paths only) through the code, the company, the hiring-needs survey (asked once, optional)
// and the first job, whose form the survey starts, then the job's link to share. SQLite by default;
// PostgreSQL with TEST_DATABASE_URL. Every new employer route is tried with a second company's session.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_RUN_PATHS, SIGN_UP_DEFAULT_NEXT, SURVEY_MESSAGES, type EmployerSurveyPageProps, type FirstJobSharePageProps } from '../../src/shared/employer-jobs/first-run';
import type { CompanyCreateProps } from '../../src/shared/companies/page-props';
import type { DashboardPageProps, PostJobPageProps } from '../../src/shared/employer-jobs/page-props';
import type { RegistrationPageProps } from '../../src/shared/registration/pages';
import { createCompany, latestSignInCode, ownerOf, pageData, signInEmployer } from '../support/employer-helpers';
import { JOB_FORM, postJobForm } from '../support/employer-jobs-helpers';
import { CookieJar } from '../support/registration-helpers';
import { getPage, postForm, signIn } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000' });
});
afterEach(async () => t.close());

const SURVEY_NEXT_ENCODED = encodeURIComponent(SIGN_UP_DEFAULT_NEXT);
const get = async (path: string, jar?: CookieJar) => {
  const res = await getPage(t.app, path, jar);
  jar?.store(res);
  return res;
};
const props = <P>(html: string) => pageData<P>(html).props;
const surveyRow = (companyId: string) => t.app.db.selectFrom('employer_surveys').selectAll().where('company_id', '=', companyId).executeTakeFirst();

describe('/user/create, the start of employer sign-up', () => {
  it('is the employer sign-in worded for a new employer, leading by default to the company, the survey and the job form', async () => {
    const res = await get('/user/create');
    expect(res.statusCode).toBe(200);
    const page = pageData<RegistrationPageProps>(res.body);
    expect(page.page).toBe('employer-login');
    expect(page.props).toMatchObject({ kind: 'employer', signUp: true, redirectUrl: SIGN_UP_DEFAULT_NEXT });
    expect(res.body).toContain('Create your employer account');
    expect(res.body).toContain('<input type="hidden" name="signup" value="1"/>');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:3000/user/create"');
    // The employer login offers it to new employers, keeping where they were going.
    expect((await get('/authn/employer/login')).body).toContain('href="/user/create"');
    expect((await get('/authn/employer/login?next=%2Fpost-a-job')).body).toContain('href="/user/create?next=%2Fpost-a-job"');
  });

  it('keeps a next of our own and drops any other', async () => {
    const redirectOf = async (next: string) => pageData<RegistrationPageProps>((await get(`/user/create?next=${encodeURIComponent(next)}`)).body).props.redirectUrl;
    expect(await redirectOf('/candidates?stage=new')).toBe('/candidates?stage=new');
    for (const hostile of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '/%2F%2Fevil.example']) {
      expect(await redirectOf(hostile), hostile).toBe(SIGN_UP_DEFAULT_NEXT);
    }
    // The code step's plain form post refuses it too: the default of the employer side.
    const jar = new CookieJar();
    const email = 'new@acme.example';
    await postForm(t.app, '/authn/login/email', { email, kind: 'employer', next: '//evil.example', signup: '1' }, { jar, xhr: false });
    const done = await postForm(t.app, '/authn/login/code', { email, code: await latestSignInCode(t.app, email), kind: 'employer', next: 'https://evil.example/', signup: '1' }, { jar, xhr: false });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/employer');
    // And the company step.
    const created = await createCompany(t.app, jar, { next: '//evil.example' });
    expect(created.headers.location).toBe('/employer/company?notice=created');
  });

  it('takes a new employer from the code to the company, the survey, a prefilled first job and its link to share', async () => {
    const jar = new CookieJar();
    const email = 'founder@acme.example';
    const sent = await postForm(t.app, '/authn/login/email', { email, kind: 'employer', next: SIGN_UP_DEFAULT_NEXT, signup: '1' }, { jar, xhr: false });
    expect(sent.statusCode).toBe(200);
    // The code step keeps the sign-up page's words and the way on.
    expect(props<RegistrationPageProps>(sent.body)).toMatchObject({ signUp: true, redirectUrl: SIGN_UP_DEFAULT_NEXT, form: { step: 'code' } });
    const done = await postForm(t.app, '/authn/login/code', { email, code: await latestSignInCode(t.app, email), kind: 'employer', next: SIGN_UP_DEFAULT_NEXT, signup: '1' }, { jar, xhr: false });
    expect(done.headers.location).toBe(SIGN_UP_DEFAULT_NEXT);

    // No company yet: the survey's address sends to the company step, keeping itself as next.
    const toCompany = await get(SIGN_UP_DEFAULT_NEXT, jar);
    expect(toCompany.headers.location).toBe(`/employer/company/new?next=${SURVEY_NEXT_ENCODED}`);
    const createPage = await get(toCompany.headers.location as string, jar);
    expect(props<CompanyCreateProps>(createPage.body).next).toBe(SIGN_UP_DEFAULT_NEXT);
    const created = await createCompany(t.app, jar, { name: 'Acme Freight', next: SIGN_UP_DEFAULT_NEXT });
    expect(created.headers.location).toBe(SIGN_UP_DEFAULT_NEXT);

    const survey = await get(SIGN_UP_DEFAULT_NEXT, jar);
    expect(survey.statusCode).toBe(200);
    expect(props<EmployerSurveyPageProps>(survey.body)).toMatchObject({ companyName: 'Acme Freight', next: '/post-a-job' });
    const answered = await postForm(t.app, FIRST_RUN_PATHS.survey, { roles: 'Forklift operator, Picker', hires: '2-5', place_type: 'onsite', location: 'Austin, TX', start: 'now', intent: 'answer', next: '/post-a-job' }, { jar, xhr: false });
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.location).toBe('/post-a-job');

    const form = props<PostJobPageProps>((await get('/post-a-job', jar)).body);
    expect(form.values).toMatchObject({ title: 'Forklift operator', place_type: 'onsite', location: 'Austin, TX' });
    // The rest of the form is the empty form's: the props keep their shape.
    expect(form.values.description).toBe('');
    expect(form.jobId).toBeNull();

    const posted = await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: form.values.title, location: form.values.location }, { xhr: true });
    expect(posted.statusCode).toBe(200);
    const { job_id: jobId, share_path: sharePath } = posted.json<{ job_id: string; share_path: string }>();
    expect(sharePath).toBe(`/post-a-job/${jobId}/share`);
    // The dashboard's checklist leads there too.
    const steps = props<DashboardPageProps>((await get('/dashboard', jar)).body).firstRun ?? [];
    expect(steps.find((step) => step.href === sharePath)?.label).toBe('Share your job once it is approved');

    const share = await get(sharePath, jar);
    expect(share.statusCode).toBe(200);
    const shareProps = props<FirstJobSharePageProps>(share.body);
    expect(shareProps).toMatchObject({ title: 'Forklift operator', live: false, dashboardHref: '/dashboard' });
    expect(shareProps.url).toMatch(new RegExp(`^http://localhost:3000/job/forklift-operator-austin-tx-${jobId}$`));
    expect(shareProps.shareLinks.map((link) => link.label)).toEqual(['Share on LinkedIn', 'Share on Facebook', 'Share on X', 'Send by email']);

    // Only the first job is started from the survey, and only the first one gets the share path.
    expect(props<PostJobPageProps>((await get('/post-a-job', jar)).body).values.title).toBe('');
    const second = await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: 'Day Loader' }, { xhr: true });
    expect(second.json(), 'the free plan has one live job').toMatchObject({ status: 'PLAN_LIMIT' });
    await t.app.db.updateTable('companies').set({ plan: 'premium' }).execute();
    const third = await postJobForm(t.app, jar, '/post-a-job', { ...JOB_FORM, title: 'Day Loader' }, { xhr: true });
    expect(third.json<{ share_path: string | null }>()).toMatchObject({ status: 'IN_REVIEW', share_path: null });
  });

  it('lands "Post a Job, then log in, then create the company" back on the job form', async () => {
    const visitor = await get('/post-a-job');
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe('/authn/employer/login?next=%2Fpost-a-job');
    const login = await get(visitor.headers.location as string);
    expect(props<RegistrationPageProps>(login.body).redirectUrl).toBe('/post-a-job');

    const jar = await signInEmployer(t.app, 'poster@acme.example', new CookieJar(), '/post-a-job');
    const form = await get('/post-a-job', jar);
    expect(form.headers.location).toBe('/employer/company/new?next=%2Fpost-a-job');
    expect(props<CompanyCreateProps>((await get(form.headers.location as string, jar)).body).next).toBe('/post-a-job');
    const created = await createCompany(t.app, jar, { next: '/post-a-job' });
    expect(created.headers.location).toBe('/post-a-job');
    const page = await get('/post-a-job', jar);
    expect(page.statusCode).toBe(200);
    expect(pageData(page.body).page).toBe('post-job');
  });

  it('sends a signed-in employer on, and offers a signed-in job seeker to continue as an employer', async () => {
    const owner = await ownerOf(t.app, 'owner@acme.example', 'Acme Freight');
    const on = await get('/user/create?next=%2Fcandidates', owner.jar);
    expect(on.statusCode).toBe(303);
    expect(on.headers.location).toBe('/candidates');
    const seeker = await signIn(t.app, 'seeker@example.com');
    const offered = props<RegistrationPageProps>((await get('/user/create', seeker)).body);
    expect(offered).toMatchObject({ signedInAs: 'seeker@example.com', signUp: true, redirectUrl: SIGN_UP_DEFAULT_NEXT });
  });
});

describe('/user/employer-survey', () => {
  it('is asked once: after an answer it is not asked again, and a second answer changes nothing', async () => {
    const owner = await ownerOf(t.app, 'owner@acme.example', 'Acme Freight');
    const first = await postForm(t.app, FIRST_RUN_PATHS.survey, { roles: 'Driver', place_type: 'remote', location: 'ignored for remote' }, { jar: owner.jar });
    expect(first.json()).toEqual({ status: 'SAVED', next: '/post-a-job' });
    expect(await surveyRow(owner.companyId)).toMatchObject({ skipped: 0, roles: 'Driver', place_type: 'remote', location: '' });

    const again = await get('/user/employer-survey?next=%2Fdashboard', owner.jar);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/dashboard');
    const second = await postForm(t.app, FIRST_RUN_PATHS.survey, { roles: 'Cook' }, { jar: owner.jar });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ status: 'ALREADY_ANSWERED', error_message: SURVEY_MESSAGES.alreadyAnswered });
    expect((await surveyRow(owner.companyId))?.roles).toBe('Driver');
    expect(props<PostJobPageProps>((await get('/post-a-job', owner.jar)).body).values).toMatchObject({ title: 'Driver', place_type: 'remote', location: '' });
  });

  it('can be skipped, once and for all, and then starts nothing', async () => {
    const owner = await ownerOf(t.app, 'owner@acme.example', 'Acme Freight');
    const skipped = await postForm(t.app, FIRST_RUN_PATHS.survey, { roles: 'Cook', intent: 'skip', next: '/post-a-job' }, { jar: owner.jar, xhr: false });
    expect(skipped.headers.location).toBe('/post-a-job');
    expect(await surveyRow(owner.companyId)).toMatchObject({ skipped: 1, roles: '' });
    expect((await get(FIRST_RUN_PATHS.survey, owner.jar)).headers.location).toBe('/post-a-job');
    expect(props<PostJobPageProps>((await get('/post-a-job', owner.jar)).body).values.title).toBe('');
  });

  it('refuses answers that make no sense with a clear 400 and stores nothing', async () => {
    const owner = await ownerOf(t.app, 'owner@acme.example', 'Acme Freight');
    const unknownPlace = await postForm(t.app, FIRST_RUN_PATHS.survey, { roles: 'Cook', location: 'Nowhere Special, ZZ' }, { jar: owner.jar });
    expect(unknownPlace.statusCode).toBe(400);
    expect(unknownPlace.json()).toMatchObject({ status: 'PROTO_VALIDATION_ERROR', error_message: SURVEY_MESSAGES.locationUnknown });
    const tooLong = await postForm(t.app, FIRST_RUN_PATHS.survey, { roles: 'x'.repeat(201) }, { jar: owner.jar, xhr: false });
    expect(tooLong.statusCode).toBe(400);
    expect(props<EmployerSurveyPageProps>(tooLong.body).errors.roles).toBe(SURVEY_MESSAGES.rolesTooLong);
    // Choices we do not offer read as unanswered; a next of another site is not followed.
    const odd = await postForm(t.app, FIRST_RUN_PATHS.survey, { hires: '1000000', start: 'yesterday', next: 'https://evil.example/' }, { jar: owner.jar, xhr: false });
    expect(odd.headers.location).toBe('/post-a-job');
    expect(await surveyRow(owner.companyId)).toMatchObject({ hires: '', start: '', skipped: 0 });
  });

  it("is each company's own: a second company's session neither sees nor changes another's answers or first job", async () => {
    const acme = await ownerOf(t.app, 'owner@acme.example', 'Acme Freight');
    const globex = await ownerOf(t.app, 'owner@globex.example', 'Globex Hauling');
    await postForm(t.app, FIRST_RUN_PATHS.survey, { roles: 'Forklift operator', location: 'Austin, TX' }, { jar: acme.jar });
    const theirs = await get(FIRST_RUN_PATHS.survey, globex.jar);
    expect(theirs.statusCode).toBe(200);
    expect(props<EmployerSurveyPageProps>(theirs.body)).toMatchObject({ companyName: 'Globex Hauling', values: { roles: '' } });
    expect(props<PostJobPageProps>((await get('/post-a-job', globex.jar)).body).values.title).toBe('');

    const posted = await postJobForm(t.app, acme.jar, '/post-a-job', { ...JOB_FORM }, { xhr: true });
    const sharePath = posted.json<{ share_path: string }>().share_path;
    expect((await get(sharePath, acme.jar)).statusCode).toBe(200);
    const other = await getPage(t.app, sharePath, globex.jar);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ status: 'NOT_FOUND' });
    expect((await getPage(t.app, '/post-a-job/nosuchjob1/share', acme.jar)).statusCode).toBe(404);
  });

  it('is for employers with a company: visitors log in, job seekers and employers without one are sent on, keeping the way back', async () => {
    const visitor = await get('/user/employer-survey?next=%2Fpost-a-job');
    expect(visitor.headers.location).toBe(`/authn/employer/login?next=${SURVEY_NEXT_ENCODED}`);
    const seeker = await signIn(t.app, 'seeker@example.com');
    expect((await get(FIRST_RUN_PATHS.survey, seeker)).headers.location).toBe('/authn/employer/login?next=%2Fuser%2Femployer-survey');
    const refused = await postForm(t.app, FIRST_RUN_PATHS.survey, { roles: 'Cook' }, { jar: seeker });
    expect(refused.statusCode).toBe(401);
    const noCompany = await signInEmployer(t.app, 'new@acme.example');
    const answer = await postForm(t.app, FIRST_RUN_PATHS.survey, { roles: 'Cook' }, { jar: noCompany });
    expect(answer.statusCode).toBe(403);
    expect(await t.app.db.selectFrom('employer_surveys').select('company_id').execute()).toEqual([]);
  });
});
