// Issue 44, posting: an employer saves a screening-question set at /quiz/create, then posts a job through
// the form's five steps (decision 0291): Next checks each step, focus goes to the step's heading, only the
// fields that apply show, the saved set fills the questions; then the preview's Publish puts it live.
// At 1440 px, axe clean on every step.
import { expect, test } from './test';
import { employerWithCompany } from './arrange';
import { nextStep } from './posting';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { newVisitor, uniqueEmail } from './visitor';

test.describe.configure({ timeout: 180_000 });

test('an employer posts a job through the steps with a saved question set and publishes it from the preview (desktop)', async ({ browser }) => {
  const title = `Dock Loader ${Math.random().toString(36).slice(2, 7)}`;
  const employer = await newVisitor(browser, { viewport: 'desktop' });
  const errors = collectPageErrors(employer.page);
  await employerWithCompany(employer.context, uniqueEmail('posting-steps'), { name: 'Harbor Docks' });
  const page = employer.page;

  // A saved set of screening questions.
  await page.goto('/quiz/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Screening question sets' })).toBeVisible();
  await page.getByLabel('Name of the set').fill('Dock basics');
  await page.getByLabel('Question', { exact: true }).fill('Can you lift 50 lb?');
  await page.getByLabel('Deal-breaker, needs').check();
  await page.getByRole('button', { name: 'Add another question' }).click();
  await expect(page.getByLabel('Question', { exact: true }).nth(1)).toBeFocused();
  await page.getByLabel('Question', { exact: true }).nth(1).fill('Which shifts suit you?');
  await page.getByRole('combobox', { name: /^Answer/ }).nth(1).selectOption('text');
  await page.getByRole('button', { name: 'Save set' }).click();
  await expect(page.getByText('Saved. The set is offered')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Dock basics' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'question-sets');

  // Basics: Next with the category missing stays, says why, and keeps focus on the step.
  await page.goto('/post-a-job');
  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('listitem').filter({ hasText: 'Basics' })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByLabel('Description')).toBeHidden();
  await page.getByLabel('Job title').fill(title);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('link', { name: 'Category: choose a category.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Step 1 of 5: Basics' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: '1 thing to fix on Basics' })).toBeAttached();
  await expectNoAxeViolations(page);
  await screenshot(page, 'posting-step-1-errors');
  await page.getByLabel('Category').selectOption('warehouse');
  await nextStep(page, 'Details');

  // Details: the place comes from the search's suggestions.
  await page.getByLabel('Description').fill('## The job\n\nLoad and unload trucks at the dock on the day shift.');
  await page.getByRole('combobox', { name: 'Location' }).fill('Austin, TX');
  await expectNoAxeViolations(page);
  await screenshot(page, 'posting-step-2');
  await nextStep(page, 'Pay and benefits');
  await page.getByLabel('Pay', { exact: true }).fill('19');
  await page.getByLabel('Weekly pay').check();
  await expectNoAxeViolations(page);
  await screenshot(page, 'posting-step-3');
  await nextStep(page, 'How to apply');

  // How to apply: the link and email fields show only for their choice.
  await expect(page.getByLabel('Application link')).toBeHidden();
  await expect(page.getByLabel('Application email')).toBeHidden();
  await page.getByLabel('By email').check();
  await expect(page.getByLabel('Application email')).toBeVisible();
  await expect(page.getByLabel('Application link')).toBeHidden();
  await page.getByLabel('Application email').fill('jobs@harbor.example');
  await page.getByLabel('On Jobwise (job seekers apply with their profile)').check();
  await expectNoAxeViolations(page);
  await screenshot(page, 'posting-step-4');
  await nextStep(page, 'Screening');

  // Screening: no blocks until asked; the saved set fills them.
  await expect(page.getByLabel('Question', { exact: true })).toHaveCount(0);
  await page.getByLabel('Use a saved set').selectOption({ label: 'Dock basics (2 questions)' });
  await page.getByRole('button', { name: 'Fill in these questions' }).click();
  await expect(page.getByLabel('Question', { exact: true })).toHaveCount(2);
  await expect(page.getByLabel('Question', { exact: true }).first()).toHaveValue('Can you lift 50 lb?');
  await expectNoAxeViolations(page);
  await screenshot(page, 'posting-step-5');

  // Back keeps what was typed.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Step 4 of 5: How to apply' })).toBeFocused();
  await nextStep(page, 'Screening');

  // Preview, then Publish from the preview.
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('job seekers do not see this job yet')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'posting-preview');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\?notice=published/);
  await expect(page.getByRole('listitem').filter({ hasText: title }).getByText('Live', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  await employer.context.close();
});
