// Issue 11, end to end: the employer of a new company posts a job that waits for review; an admin approves
// it; a job seeker finds it by title and place and applies. At 375 px (the same pages at 1440 in
// applicants.spec.ts). The people are arranged in the database: employer.spec.ts signs up and creates
// the company through the pages (decision 0224).
import { expect, test } from './test';
import { employerWithCompany, signedIn } from './arrange';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { applyWithoutResume, newVisitor, openJobFromResults, saveSeekerProfile, uniqueEmail } from './visitor';
import { fillJobSteps } from './posting';

test.describe.configure({ timeout: 180_000 });

const width = 'phone';
test(`an employer posts a job, an admin approves it, a job seeker finds it and applies (${width})`, async ({ browser }) => {
  const title = `Forklift Operator ${width} ${Math.random().toString(36).slice(2, 7)}`;

  // The employer of a company with no job yet posts one.
  const employer = await newVisitor(browser, { viewport: width });
  const employerErrors = collectPageErrors(employer.page);
  const employerEmail = uniqueEmail(`employer-${width}`);
  await employerWithCompany(employer.context, employerEmail, { name: `Acme Freight ${width}`, approved: false });

  await employer.page.goto('/post-a-job');
  await expect(employer.page.getByRole('heading', { level: 1, name: 'Post a job' })).toBeVisible();
  // First a mistake: Next answers with the field's message on the same step, which keeps what was typed.
  await employer.page.getByLabel('Job title').fill(title);
  await employer.page.getByRole('button', { name: 'Next' }).click();
  await expect(employer.page.getByRole('link', { name: 'Category: choose a category.' })).toBeVisible();
  await expect(employer.page.getByRole('heading', { level: 2, name: 'Step 1 of 5: Basics' })).toBeFocused();
  await expect(employer.page.getByLabel('Job title')).toHaveValue(title);
  await expectNoAxeViolations(employer.page);
  await screenshot(employer.page, 'post-job-errors');

  await fillJobSteps(employer.page, {
    title,
    description: '## The job\n\nMove pallets safely across a busy warehouse floor.\n\n- Nights\n- Weekly pay',
    pay: '19',
    payUpTo: '23',
    benefits: ['Health insurance'],
    question: 'Can you lift 50 lb?',
  });
  await employer.page.getByRole('button', { name: 'Publish job' }).click();
  await expect(employer.page).toHaveURL(/\/dashboard\?notice=in_review/);
  await expect(employer.page.getByText('waiting for review').first()).toBeVisible();
  await expect(employer.page.getByRole('listitem').filter({ hasText: title }).getByText('In review', { exact: true })).toBeVisible();
  await expectNoAxeViolations(employer.page);
  await screenshot(employer.page, 'employer-dashboard');
  // The form answered the mistake with 400 on purpose (the browser logs that status); nothing else.
  expect(employerErrors.filter((error) => !error.includes('status of 400'))).toEqual([]);

  // The admin approves it.
  const admin = await newVisitor(browser, { viewport: width });
  await signedIn(admin.context, uniqueEmail(`admin-${width}`), { admin: true });
  await admin.page.goto('/admin/moderation');
  const queued = admin.page.getByRole('article', { name: title });
  await expect(queued).toBeVisible();
  await expectNoAxeViolations(admin.page);
  await screenshot(admin.page, 'admin-moderation');
  await queued.getByRole('button', { name: /^Approve/ }).click();
  await expect(admin.page.getByText('Approved: the job is live').first()).toBeVisible();

  // A job seeker finds it by title and place, and applies.
  const seeker = await newVisitor(browser, { viewport: width, hideSpotlight: true });
  const seekerErrors = collectPageErrors(seeker.page);
  const seekerEmail = uniqueEmail(`seeker-${width}`);
  await signedIn(seeker.context, seekerEmail);
  await saveSeekerProfile(seeker.page, { name: 'Sam Seeker', phone: '+1 512 555 0100', location: 'Austin, TX' });
  await seeker.page.goto(`/jobs-search?search=${encodeURIComponent(title)}&location=${encodeURIComponent('Austin, TX')}`);
  await openJobFromResults(seeker.page, title);
  await expect(seeker.page.getByRole('heading', { level: 3, name: 'The job' })).toBeVisible();
  await seeker.page.getByRole('radio', { name: 'Yes' }).check();
  await expectNoAxeViolations(seeker.page);
  await screenshot(seeker.page, 'posted-job-page');
  await applyWithoutResume(seeker.page);
  await expect(seeker.page.getByText('Application sent.')).toBeVisible();
  expect(seekerErrors).toEqual([]);

  for (const visitor of [employer, admin, seeker]) await visitor.context.close();
});
