// Issue 44, a new employer's first run (decision 0297) at 375 px: sign-up at /user/create with the
// code read from the development mailbox, the company, the hiring-needs survey, the first job started
// from it, and the job's link to share. Then "Report this job" (decision 0298): a visitor reports a job
// in the dialog loaded on demand; an admin sees it in moderation with the company's context, closes it,
// and the audit log says so. Axe on every page; screenshots for a person to look at.
import { expect, test, untilHydrated } from './test';
import { makeAdmin, signedIn } from './arrange';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { newVisitor, openOnSiteJob, readCode, uniqueEmail } from './visitor';
import { nextStep } from './posting';

test.describe.configure({ timeout: 150_000 });

test('a new employer signs up at /user/create, creates the company and posts the first job in one run (phone)', async ({ browser }) => {
  const { page } = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
  const errors = collectPageErrors(page);
  const email = uniqueEmail('first-run');

  await page.goto('/user/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your employer account' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'first-run-sign-up');
  const started = Date.now();
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await readCode(page, email, started - 1000));
  await page.getByRole('button', { name: 'Continue' }).click();

  // The company, keeping the way on.
  await expect(page.getByRole('heading', { level: 1, name: 'Create your company' })).toBeVisible();
  await expect(page).toHaveURL(/\/employer\/company\/new\?next=%2Fuser%2Femployer-survey/);
  await page.getByLabel('Company name').fill(`Lone Star Pallets ${Date.now().toString(36)}`);
  await page.getByLabel('Company size').selectOption({ label: '11 to 50 employees' });
  await page.getByLabel('Industry').selectOption('Transportation and Warehousing');
  await page.getByRole('button', { name: 'Create company' }).click();

  // The survey, once.
  await expect(page.getByRole('heading', { level: 1, name: 'Who are you hiring?' })).toBeVisible();
  await untilHydrated(page);
  await expectNoAxeViolations(page);
  await page.getByLabel('Roles you’re hiring for').fill('Forklift operator, Picker');
  await page.getByRole('group', { name: 'How many people do you want to hire?' }).getByLabel('2 to 5 people').check();
  await page.getByRole('group', { name: 'Where will they work?' }).getByLabel('On site').check();
  await page.getByLabel('City and state').fill('Austin, TX');
  await page.getByRole('group', { name: 'When should they start?' }).getByLabel('As soon as possible').check();
  await screenshot(page, 'first-run-survey');
  await page.getByRole('button', { name: 'Continue' }).click();

  // The first job, started from the answers.
  await expect(page).toHaveURL(/\/post-a-job$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Post a job' })).toBeVisible();
  await expect(page.getByLabel('Job title')).toHaveValue('Forklift operator');
  await untilHydrated(page);
  await page.getByLabel('Category').selectOption('warehouse');
  await nextStep(page, 'Details');
  await page.getByLabel('Description').fill('## The job\n\nMove pallets safely across a busy warehouse floor.\n\n- Days\n- Weekly pay');
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('Austin, TX');
  await nextStep(page, 'Pay and benefits');
  await page.getByLabel('Pay', { exact: true }).fill('19');
  await nextStep(page, 'How to apply');
  await nextStep(page, 'Screening');
  await page.getByRole('button', { name: 'Publish job' }).click();
  await expect(page).toHaveURL(/\/dashboard\?notice=in_review/);

  // Its link to share, from the checklist.
  await page.getByRole('link', { name: 'Share your job once it is approved' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Share your job' })).toBeVisible();
  await expect(page.getByLabel('Your job’s link')).toHaveValue(/\/job\/forklift-operator-austin-tx-[a-z0-9]+$/);
  await untilHydrated(page);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'first-run-share');

  // Not asked again.
  await page.goto('/user/employer-survey');
  await expect(page).toHaveURL(/\/post-a-job$/);
  expect(errors).toEqual([]);
});

test('a visitor reports a job in the dialog; an admin sees it with the company, closes it and the log says so', async ({ browser }) => {
  const visitor = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
  const errors = collectPageErrors(visitor.page);
  const href = await openOnSiteJob(visitor.page, 'warehouse');
  await untilHydrated(visitor.page);
  const title = (await visitor.page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await visitor.page.getByRole('link', { name: 'Report this job' }).click();
  const dialog = visitor.page.getByRole('dialog', { name: 'Report this job' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose at least one reason.')).toBeVisible();
  await dialog.getByLabel('It looks like a scam, or asks for money or bank details').check();
  await dialog.getByLabel('Details (optional)').fill('Asks applicants to pay for a uniform.');
  await expectNoAxeViolations(visitor.page);
  await screenshot(visitor.page, 'report-dialog', { viewport: true });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. We will look at this job')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);

  const admin = await newVisitor(browser, { viewport: 'desktop' });
  const adminEmail = uniqueEmail('admin');
  await signedIn(admin.context, adminEmail);
  await makeAdmin(adminEmail);
  await admin.page.goto('/candidate/my-jobs');
  await untilHydrated(admin.page);
  await admin.page.getByRole('button', { name: 'My Account' }).click();
  await admin.page.getByRole('link', { name: 'Moderation' }).click();
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Jobs waiting for review' })).toBeVisible();
  await admin.page.getByRole('link', { name: title }).first().click();
  await expect(admin.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(admin.page.getByText('Asks applicants to pay for a uniform.')).toBeVisible();
  await expectNoAxeViolations(admin.page);
  await screenshot(admin.page, 'moderation-job');
  await admin.page.getByRole('button', { name: 'Close the job' }).click();
  await expect(admin.page.getByText('Closed. The job is no longer shown.')).toBeVisible();
  await expect(admin.page.getByRole('row', { name: /Status Live Closed/ })).toBeVisible();
  await screenshot(admin.page, 'moderation-job-closed');
  expect((await admin.page.request.get(href, { maxRedirects: 0 })).status()).not.toBe(200);
});
