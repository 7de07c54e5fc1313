// Issue 12, the résumé database: a job seeker lets employers find them on /candidate/about, another
// turns it on and off again; an employer sees what the database is on the Free plan, is moved to
// Standard by the admin tool (npm run plan:set), finds the first seeker and not the second, and opens
// the profile, which counts against the month's quota. At 375 px, axe, screenshots. The seekers are
// signed in and the plan set in the database (decision 0224).
import { expect, test, type Page } from './test';
import { putCompanyOnPlan, signedIn } from './arrange';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { newVisitor, readCode, saveSeekerProfile, uniqueEmail } from './visitor';

test.describe.configure({ timeout: 150_000 });

/** A word no other test uses, letters only (the search reads letters and digits as words). */
const token = () => `zq${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 8)}`;

const fillProfile = (page: Page, name: string, headline: string) => saveSeekerProfile(page, { name, phone: '(512) 555-0142', location: 'Austin, TX', headline });

const width = 'phone';
test(`the résumé database finds a seeker who opted in and not one who opted out (${width})`, async ({ browser }) => {
  const word = token();

  // A job seeker lets employers find them: off by default, explained, then on.
  const found = await newVisitor(browser, { viewport: width, hideSpotlight: true });
  const foundErrors = collectPageErrors(found.page);
  await signedIn(found.context, uniqueEmail(`found-${width}`));
  await fillProfile(found.page, 'Rosa Martinez', `Welder ${word}`);
  const findMe = found.page.getByRole('checkbox', { name: 'Let employers find me' });
  await expect(findMe).not.toBeChecked();
  await expect(found.page.getByText(/They never see your name, email or phone/)).toBeVisible();
  await findMe.check();
  await found.page.getByLabel('Experience summary (optional)').fill('Eight years of MIG and TIG welding; certified; forklift licence.');
  await found.page.getByRole('button', { name: 'Save résumé database choice' }).click();
  await expect(found.page.getByText('Employers can now find you in the résumé database.')).toBeVisible();
  await expect(found.page.getByRole('checkbox', { name: 'Let employers find me' })).toBeChecked();
  await expectNoAxeViolations(found.page);
  await screenshot(found.page, 'resume-database-find-me');
  expect(foundErrors).toEqual([]);
  await found.context.close();

  // Another turns it on, then off again: they leave the results at once.
  const gone = await newVisitor(browser, { viewport: width, hideSpotlight: true });
  await signedIn(gone.context, uniqueEmail(`gone-${width}`));
  await fillProfile(gone.page, 'Otto Gone', `Welder ${word}`);
  await gone.page.getByRole('checkbox', { name: 'Let employers find me' }).check();
  await gone.page.getByRole('button', { name: 'Save résumé database choice' }).click();
  await expect(gone.page.getByText('Employers can now find you in the résumé database.')).toBeVisible();
  await gone.page.getByRole('checkbox', { name: 'Let employers find me' }).uncheck();
  await gone.page.getByRole('button', { name: 'Save résumé database choice' }).click();
  await expect(gone.page.getByText('Employers can no longer find you in the résumé database.')).toBeVisible();
  await gone.context.close();

  // An employer follows "Search Resumes": the employer login, then the company.
  const { context, page } = await newVisitor(browser, { viewport: width, hideSpotlight: true });
  const errors = collectPageErrors(page);
  const owner = uniqueEmail(`resumes-owner-${width}`);
  await page.goto('/resume-database');
  await expect(page).toHaveURL(/\/authn\/employer\/login\?next=%2Fresume-database$/);
  const started = Date.now();
  await page.getByLabel('Work email').fill(owner);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Verification code').fill(await readCode(page, owner, started - 1000));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your company' })).toBeVisible();
  await page.getByLabel('Company name').fill(`Gulf Fabrication ${width} ${Date.now().toString(36)}`);
  await page.getByLabel('Company size').selectOption({ label: '51 to 200 employees' });
  await page.getByLabel('Industry').selectOption('Manufacturing');
  await page.getByRole('button', { name: 'Create company' }).click();

  // On Free: what the résumé database is, and the plans.
  await expect(page).toHaveURL(/\/resume-database$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Not on your Free plan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
  await expectNoAxeViolations(page);
  await screenshot(page, 'resume-database-free');

  // An admin puts the company on Standard (what the admin tool, npm run plan:set, does).
  await page.goto('/employer/company');
  const publicPage = await page.getByRole('link', { name: 'See your public company page' }).getAttribute('href');
  await putCompanyOnPlan(decodeURIComponent(publicPage!.replace('/company/', '')), 'standard');

  // The search finds the seeker who opted in, not the one who opted out; no name, email or phone.
  await page.goto('/resume-database');
  await expect(page.getByText('250 of 250 profile views left this month')).toBeVisible();
  await page.getByLabel('Job title or skill').fill(word);
  await page.getByLabel('City, state or ZIP').fill('Austin, TX');
  await page.getByLabel('Last active').selectOption({ label: 'Within 7 days' });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('1 job seeker', { exact: true })).toBeVisible();
  const results = page.getByRole('list', { name: 'Job seekers' }).getByRole('listitem');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(`Welder ${word}`);
  await expect(results.first()).toContainText('R. M. · Austin, TX');
  await expect(results.first()).toContainText('Eight years of MIG and TIG welding');
  await expect(page.getByText('Rosa')).toHaveCount(0);
  await expect(page.getByText('Otto')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'resume-database-results');

  // Opening the profile counts one view of the month's 250.
  await results.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: `Welder ${word}` })).toBeVisible();
  await expect(page.getByText('249 of 250 profile views left this month')).toBeVisible();
  await expect(page.getByText('Name, email and phone reach you only if they apply.')).toBeVisible();
  await expect(page.getByText('Rosa')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'resume-database-profile');

  // Back to the results: the person is marked as opened, and the quota stays at 249.
  await page.getByRole('link', { name: 'Back to the results' }).click();
  await expect(page.getByText('Opened this month')).toBeVisible();
  await expect(page.getByText('249 of 250 profile views left this month')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
